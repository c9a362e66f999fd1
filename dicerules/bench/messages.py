"""bench's table of the messages to apps: ``dicerules.wire.view`` and ``wire.dumps`` of
it (the text a server sends), for the seat to act, beside the game's own ``view``, in
each game whose Benchmarks name ``messages`` rules (liars-dice: the classic preset).

The states are those of one seeded random game (seed 0, each action picked by a
seeded die), every one with a seat to act; a run times a sweep over all of them, each
call the seat to act's, so the figure is a mean over a whole game's situations, not
one state's. The two are timed in turn, ``repeats`` times (``timing.alternate``).

``wire.view`` writes each game's fields with code made once from the View's types
(an object of a View's class is a dict display, not a call), and each action's
notation once; it keeps the views of the last few states (``wire._RECENT``, for the
messages of one move), fewer than a sweep's states, so that every call here makes
its view. ``wire.dumps`` is orjson's, some ten times ``json.dumps``' speed. On the
2-core Xeon at a load average of 7 to 11: ``view`` 3.8 us (at 7), the message and its
text 3.7x to 4.2x that (it was 9.4x with ``json.dumps``): ``view`` 1x, the View's
fields as JSON values 0.9x, the legal moves' notation copied 0.2x, the text 0.45x. A
view at a round's opening costs less (no bids to pair with their seats), so the ratio
is higher there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Final

from dicerules import wire
from dicerules.bench import timing
from dicerules.bench.record import clock_name, note
from dicerules.bench.timing import Clock, Figure
from dicerules.game import GAMES, AnyGame
from dicerules.streams import SeededStream

MESSAGE_TARGET: Final = 4.0
"""``wire.view`` plus ``wire.dumps`` of it should take at most this many times ``view``."""

MESSAGE_HEADER: Final = ("messages: the seat to act", "per call", "spread", "ratio", "target")


def message_games(wanted: Sequence[str] = ()) -> list[AnyGame]:
    """The games whose messages bench times for the names ``wanted`` (all when empty)."""
    return [
        game
        for game in GAMES.values()
        if game.benchmarks.messages is not None and (not wanted or game.name in wanted)
    ]


def message_states(game: AnyGame, rules: Any) -> list[tuple[Any, int]]:
    """Each state of game 0 of ``rules`` (random play) with a seat to act, and that seat."""
    state = game.new_game(rules, seed=0)
    chooser = SeededStream(1)
    found = []
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        found.append((state, seat))
        legal = game.legal_actions(state)
        (face,), chooser = chooser.roll(1, len(legal))
        state = game.apply(state, legal[face - 1])
    return found


def measure_messages(
    game: AnyGame, seconds: float, repeats: int, clock: Clock
) -> tuple[Figure, Figure, int]:
    """The time of ``view`` and of ``wire.dumps(wire.view(...))`` per state, and the states."""
    rules = game.benchmarks.messages
    pairs = message_states(game, rules)
    view, message, dumps = game.view, wire.view, wire.dumps

    def views() -> None:
        for state, seat in pairs:
            view(state, seat)

    def messages() -> None:
        for state, seat in pairs:
            dumps(message(game, state, seat))

    messages()  # the codec is made once, before timing
    plain, sent = timing.alternate([views, messages], seconds / 2, repeats, clock)
    count = len(pairs)
    return (
        Figure(plain.median / count, plain.spread, tuple(run / count for run in plain.runs)),
        Figure(sent.median / count, sent.spread, tuple(run / count for run in sent.runs)),
        count,
    )


def message_lines(game: AnyGame, seconds: float, repeats: int, clock: Clock) -> Iterator[str]:
    """The title and the table of ``game``'s messages."""
    plain, sent, count = measure_messages(game, seconds, repeats, clock)
    note(f"messages/{game.name}/wire.view + wire.dumps over view", sent.runs, plain.runs,
         clock=clock_name(clock), target=f"<= {MESSAGE_TARGET:g}x")  # fmt: skip
    yield f"messages: {game.name}, {count} states of a seeded random game, the seat to act"
    rows = [
        ["view", timing.time_text(plain.median), timing.spread_text(plain.spread), "", ""],
        ["wire.view + wire.dumps", timing.time_text(sent.median), timing.spread_text(sent.spread),
         timing.ratio_text(timing.ratio(sent.median, plain.median)), f"<= {MESSAGE_TARGET:g}x"],
    ]  # fmt: skip
    yield from timing.format_table(MESSAGE_HEADER, rows).splitlines()
