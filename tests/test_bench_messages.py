"""bench's table of the messages to apps (dicerules.bench.messages), with a fake clock."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from dicerules import bench, get_game, wire
from dicerules.bench import messages
from dicerules.game import GAMES


def ticking() -> Callable[[], float]:
    """A fake clock that moves a second each time it is read."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


def test_liars_dice_classic_is_timed_and_only_where_declared() -> None:
    timed = bench.message_games()
    assert [game.name for game in timed] == [
        name for name, game in GAMES.items() if game.benchmarks.messages is not None
    ]
    liars_dice = get_game("liars-dice")
    assert liars_dice in timed
    assert liars_dice.benchmarks.messages == liars_dice.presets["classic"]
    assert bench.message_games(["pig"]) == []


def test_the_states_timed_are_a_whole_game_each_with_its_seat_to_act() -> None:
    game = get_game("liars-dice")
    pairs = bench.message_states(game, game.presets["classic"])
    assert len(pairs) > 10
    assert all(game.current_player(state) == seat for state, seat in pairs)
    assert len({len(game.history(state)) for state, _ in pairs}) == len(pairs)


def test_the_table() -> None:
    game = get_game("liars-dice")
    count = len(bench.message_states(game, game.benchmarks.messages))
    lines = list(bench.message_lines(game, 0.5, 1, ticking()))
    assert lines[0] == (
        f"messages: liars-dice, {count} states of a seeded random game, the seat to act"
    )
    cells = [[cell.strip() for cell in line.split("  ") if cell.strip()] for line in lines[1:]]
    # One sweep a run, a second a sweep on the fake clock: the same time per state.
    per_state = bench.time_text(1.0 / count)
    assert cells == [
        ["messages: the seat to act", "per call", "spread", "ratio", "target"],
        ["view", per_state, "-"],
        ["wire.view + wire.dumps", per_state, "-", "1.00x", "<= 4x"],
    ]


def test_the_report_ends_with_the_table() -> None:
    text = "\n".join(bench.lines(["liars-dice"], 0.5, 1, clock=ticking()))
    assert "\nmessages: liars-dice, " in text
    assert "wire.view + wire.dumps" not in "\n".join(bench.lines(["pig"], 0.5, 1, clock=ticking()))


def test_a_sweep_is_longer_than_the_views_wire_keeps() -> None:
    """wire keeps the views of its last few states: a sweep asks about more states than
    that, each once, so no call of a sweep finds its view kept from the sweep before."""
    for game in bench.message_games():
        states = messages.message_states(game, game.benchmarks.messages)
        assert len(states) > wire._RECENT
        assert len({id(state) for state, _ in states}) == len(states)
