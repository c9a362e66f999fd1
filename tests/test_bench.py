"""dicerules bench's own logic: its arithmetic, its tables, its choices. Never its speed."""

from __future__ import annotations

import argparse
import io
import itertools
import math
import os
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

from dicerules import bench
from dicerules.game import GAMES, AnyGame, Counterpart

# The games bench reads its declarations from: never a list of names here.
WITH_COUNTERPARTS = [
    (game, counterpart) for game in GAMES.values() for counterpart in game.benchmarks.counterparts
]
WITHOUT_COUNTERPARTS = [game for game in GAMES.values() if not game.benchmarks.counterparts]
WITH_LONG_GAMES = [game for game in GAMES.values() if game.benchmarks.long_game is not None]


def report(*args: Any, **keywords: Any) -> str:
    """The whole text bench prints: its lines, joined."""
    return "\n".join(bench.lines(*args, **keywords))


def ticking(step: float = 1.0) -> Callable[[], float]:
    """A fake clock that moves ``step`` seconds each time it is read."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


# ------------------------------------------------------------------ arithmetic


def test_summarize_gives_the_median_and_the_spread() -> None:
    # Odd count: the middle value; spread (10 - 1) / 3.
    assert bench.summarize([3.0, 10.0, 1.0, 4.0, 2.0]) == bench.Figure(3.0, 3.0)
    # Even count: the mean of the two middle values, (2 + 4) / 2 = 3; spread 2 / 3.
    figure = bench.summarize([4.0, 2.0])
    assert figure.median == 3.0
    assert figure.spread == pytest.approx(2 / 3)
    assert bench.summarize([5.0]) == bench.Figure(5.0, None)  # one run: no spread
    assert bench.summarize([0.0, 0.0]) == bench.Figure(0.0, 0.0)
    with pytest.raises(ValueError, match="no runs"):
        bench.summarize([])


def test_ratio_and_rates() -> None:
    assert bench.ratio(6.0, 3.0) == 2.0
    assert bench.ratio(1.0, 0.0) is None
    samples = [bench.Sample(100, 10, 2.0), bench.Sample(30, 3, 0.5)]
    assert bench.rates(samples) == [50.0, 60.0]
    assert bench.rates(samples, rounds=True) == [5.0, 6.0]


def test_draw_outcome_follows_the_cumulative_probabilities() -> None:
    halves = [(0, 0.5), (1, 0.5)]
    assert bench.draw_outcome(halves, 0.0) == 0
    assert bench.draw_outcome(halves, 0.49) == 0
    assert bench.draw_outcome(halves, 0.5) == 1
    assert bench.draw_outcome(halves, 0.999) == 1
    # Probabilities that sum to a hair under 1 still give an outcome: the last.
    assert bench.draw_outcome([(7, 0.3), (8, 0.3), (9, 0.3)], 0.95) == 9


def test_seconds_per_call_doubles_its_batches_until_the_time_is_up() -> None:
    calls = []
    # The clock reads 0 at the start, then 1, 2, 3 after batches of 1, 2 and 4 calls:
    # 2.5 seconds are passed after 7 calls, at 3 seconds, so 3 / 7 per call.
    result = bench.seconds_per_call(lambda: calls.append(1), 2.5, ticking())
    assert len(calls) == 7
    assert result == pytest.approx(3 / 7)
    calls.clear()
    assert bench.seconds_per_call(lambda: calls.append(1), 0.5, ticking()) == 1.0
    assert len(calls) == 1


def test_runs_are_interleaved() -> None:
    order: list[str] = []

    def player(name: str) -> bench.Contender:
        def play(seconds: float, clock: bench.Clock) -> bench.Sample:
            order.append(name)
            return bench.Sample(len(order), 0, seconds)

        return bench.Contender(name, play, False)

    samples = bench.run_interleaved([player("a"), player("b")], 2.0, 3, ticking())
    assert order == ["a", "b", "a", "b", "a", "b"]
    assert samples == {
        "a": [bench.Sample(1, 0, 2.0), bench.Sample(3, 0, 2.0), bench.Sample(5, 0, 2.0)],
        "b": [bench.Sample(2, 0, 2.0), bench.Sample(4, 0, 2.0), bench.Sample(6, 0, 2.0)],
    }


def test_bytes_per_state_counts_shared_objects_once() -> None:
    shared = bytes(1000)
    first, second = [shared], [shared]
    # Two lists and one bytes object, shared: the bytes are counted once, not twice.
    expected = (sys.getsizeof(first) + sys.getsizeof(second) + sys.getsizeof(shared)) / 2
    assert bench.bytes_per_state([first, second]) == expected
    assert bench.bytes_per_state([]) == 0.0


def test_bytes_per_state_leaves_out_classes_and_functions() -> None:
    holder = [int, len, bench.ratio, bench]
    assert bench.bytes_per_state([holder]) == sys.getsizeof(holder)


# --------------------------------------------------------------------- playing


def play_by_hand(game: AnyGame, rules: object, seed: int, pick: str) -> tuple[int, Any]:
    """Game 0 of a run, played here through the public functions: (decisions, final state)."""
    chooser = random.Random(seed)
    state = game.new_game(rules, seed=0)
    decisions = 0
    while not game.is_terminal(state):
        actions = game.legal_actions(state)
        if pick == "scan":
            state = game.apply(state, actions[int(chooser.random() * len(actions))])
        else:
            state = game.apply(state, chooser.choice(actions))
        decisions += 1
    return decisions, state


def test_some_game_declares_a_counterpart_and_a_long_game() -> None:
    # The tests below that use them would prove nothing without one.
    assert WITH_COUNTERPARTS
    assert WITH_LONG_GAMES


@pytest.mark.parametrize(("game", "counterpart"), WITH_COUNTERPARTS)
def test_random_play_plays_game_k_with_seed_k_until_the_time_is_up(
    game: AnyGame, counterpart: Counterpart[Any, Any]
) -> None:
    play = bench.random_play(game, counterpart.rules, counterpart.rounds, seed=3)
    # The fake clock passes a second per reading, so half a second is up after one game.
    sample = play(0.5, ticking())
    decisions, state = play_by_hand(game, counterpart.rules, 3, "scan")
    assert sample == bench.Sample(decisions, counterpart.rounds(state), 1.0)
    assert play(0.5, ticking()) == sample  # every run plays the same games
    two_games = play(1.5, ticking())
    assert two_games.decisions > decisions
    assert two_games.seconds == 2.0


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_the_stdlib_sampler_picks_with_random_choice(game: AnyGame) -> None:
    play = bench.random_play(game, None, None, seed=5, sampler="stdlib")
    decisions, _ = play_by_hand(game, None, 5, "stdlib")
    assert play(0.5, ticking()) == bench.Sample(decisions, 0, 1.0)


class FakeSpielState:
    """A pyspiel-like game: one chance node of two outcomes, then two decisions."""

    def __init__(self) -> None:
        self.history: list[int] = []

    def is_terminal(self) -> bool:
        return len(self.history) == 3

    def is_chance_node(self) -> bool:
        return not self.history

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def legal_actions(self) -> list[int]:
        return [10, 11, 12]

    def apply_action(self, action: int) -> None:
        self.history.append(action)


class FakeSpiel:
    """A pyspiel-like module: records what is loaded, keeps every state it hands out."""

    __version__ = "0.0-fake"

    def __init__(self) -> None:
        self.loaded: list[str] = []
        self.states: list[FakeSpielState] = []

    def load_game(self, name: str) -> Any:
        self.loaded.append(name)
        return self

    def new_initial_state(self) -> FakeSpielState:
        state = FakeSpielState()
        self.states.append(state)
        return state


def test_pyspiel_play_counts_decisions_not_chance_nodes() -> None:
    spiel = FakeSpiel()
    play = bench.pyspiel_play(spiel, "fake(size=5)")
    assert spiel.loaded == ["fake(size=5)"]
    # Half a second of a clock that moves a second per reading: one game, one round,
    # two decisions (the chance node is not one).
    assert play(0.5, ticking()) == bench.Sample(2, 1, 1.0)
    assert play(2.5, ticking()) == bench.Sample(6, 3, 3.0)


@pytest.mark.parametrize("sampler", ["scan", "stdlib"])
def test_pyspiel_play_samples_chance_nodes_and_decisions_as_told(sampler: str) -> None:
    spiel = FakeSpiel()
    play = bench.pyspiel_play(spiel, "fake", seed=9, sampler=sampler)
    assert play(4.5, ticking()) == bench.Sample(10, 5, 5.0)
    assert [state.history for state in spiel.states] == spiel_picks(9, sampler, 5)


def spiel_picks(seed: int, sampler: str, games: int) -> list[list[int]]:
    """The histories of ``games`` FakeSpiel games picked as ``sampler`` says."""
    chooser = random.Random(seed)
    expected = []
    for _ in range(games):
        if sampler == "stdlib":
            chance = chooser.choices((0, 1), (0.5, 0.5))[0]
            picks = [chooser.choice([10, 11, 12]) for _ in range(2)]
        else:
            chance = bench.draw_outcome([(0, 0.5), (1, 0.5)], chooser.random())
            picks = [[10, 11, 12][int(chooser.random() * 3)] for _ in range(2)]
        expected.append([chance, *picks])
    return expected


class FakeMask(list[int]):
    """What env_play uses of a NumPy action mask: ``nonzero()[0].tolist()``."""

    def nonzero(self) -> tuple[FakeMask]:
        return (FakeMask(i for i, allowed in enumerate(self) if allowed),)

    def tolist(self) -> list[int]:
        return list(self)


class FakeEnv:
    """A PettingZoo-like AEC environment: two agents, three decisions a game.

    Decision k may take the actions k to 3 of four (the mask); after the third, both
    agents are terminated and step None in turn.
    """

    def __init__(self) -> None:
        self.seeds: list[int | None] = []
        self.taken: list[list[int | None]] = []

    def reset(self, seed: int | None = None) -> None:
        self.seeds.append(seed)
        self.taken.append([])
        self.agents = ["player_0", "player_1"]
        self.done = False

    def agent_iter(self) -> Any:
        while self.agents:
            yield self.agents[0]

    def last(self) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        step = len(self.taken[-1])
        mask = FakeMask([0, 1, 1, 1] if step < 3 else [0, 0, 0, 0])
        return {"action_mask": mask}, 0.0, self.done, False, {}

    def step(self, action: int | None) -> None:
        self.taken[-1].append(action)
        if self.done:
            assert action is None
            self.agents.pop(0)
        else:
            assert isinstance(action, int) and 1 <= action <= 3
            self.done = len(self.taken[-1]) == 3
            self.agents.reverse()


@pytest.mark.parametrize("sampler", ["scan", "stdlib"])
def test_env_play_picks_among_the_allowed_actions_and_resets_with_game_k(sampler: str) -> None:
    env = FakeEnv()
    play = bench.env_play(env, seed=4, sampler=sampler)
    # A clock moving a second per reading: two games in 1.5 seconds, three decisions each.
    assert play(1.5, ticking()) == bench.Sample(6, 0, 2.0)
    assert env.seeds == [0, 1]
    chooser = random.Random(4)
    picks = [
        [1, 2, 3][int(chooser.random() * 3)] if sampler == "scan" else chooser.choice([1, 2, 3])
        for _ in range(6)
    ]
    assert env.taken == [[*picks[:3], None, None], [*picks[3:], None, None]]


def test_an_unknown_sampler_is_a_value_error() -> None:
    message = "no sampler named 'numpy'; the samplers are: scan, stdlib"
    game = next(iter(GAMES.values()))
    with pytest.raises(ValueError, match=message):
        bench.random_play(game, None, None, sampler="numpy")
    with pytest.raises(ValueError, match="no sampler named 'numpy'"):
        bench.pyspiel_play(FakeSpiel(), "fake", sampler="numpy")
    with pytest.raises(ValueError, match="no sampler named 'numpy'"):
        bench.env_play(FakeEnv(), sampler="numpy")
    with pytest.raises(ValueError, match="no sampler named 'numpy'"):
        report([game.name], 0.5, 1, clock=ticking(), sampler="numpy")


@pytest.mark.parametrize("game", WITH_LONG_GAMES, ids=[game.name for game in WITH_LONG_GAMES])
def test_a_long_game_passes_10000_actions_by_first_legal_actions(game: AnyGame) -> None:
    states = bench.long_game(game)
    assert len(states) == bench.LONG_STEPS + 1
    assert not game.is_terminal(states[-1])
    assert len(game.history(states[-1])) == bench.LONG_STEPS
    # apply is timed at steps 10 and 10,000 on the same kind of action.
    early, late = (game.legal_actions(states[step])[0] for step in (10, bench.LONG_STEPS))
    assert type(early) is type(late)


def test_a_game_without_a_long_game_has_none_to_time() -> None:
    for game in GAMES.values():
        if game.benchmarks.long_game is None:
            with pytest.raises(ValueError, match=f"{game.name} declares no long game"):
                bench.long_game(game)
    assert bench.long_games() == WITH_LONG_GAMES
    assert bench.long_games([game.name for game in WITHOUT_COUNTERPARTS]) == [
        game for game in WITHOUT_COUNTERPARTS if game in WITH_LONG_GAMES
    ]


# --------------------------------------------------------------------- choosing


def expected_names() -> list[str]:
    names = []
    for game in GAMES.values():
        names += [game.name, *(c.label for c in game.benchmarks.counterparts)]
    return names


def rows(groups: list[bench.Group]) -> list[str]:
    return [contender.name for group in groups for contender in group.contenders]


def test_names_are_every_game_each_followed_by_its_counterparts() -> None:
    assert bench.names() == expected_names()


def test_without_pyspiel_or_adapters_the_plan_is_every_name_grouped_by_game() -> None:
    groups = bench.plan()
    assert [group.game for group in groups] == list(GAMES)
    assert rows(groups) == expected_names()
    for group in groups:
        game = GAMES[group.game]
        default, *counterparts = group.contenders
        assert default.has_rounds == (game.benchmarks.rounds is not None)
        assert all(c.has_rounds and c.spiel is None for c in group.contenders[1:])
        assert len(counterparts) == len(game.benchmarks.counterparts)


def test_with_pyspiel_every_row_is_timed_beside_a_pyspiel_game() -> None:
    spiel = FakeSpiel()
    groups = bench.plan(pyspiel=spiel)
    yardstick = bench.spiel_name(WITH_COUNTERPARTS[0][1])
    for group in groups:
        game = GAMES[group.game]
        names = [c.name for c in group.contenders]
        counterparts = game.benchmarks.counterparts
        spiels = [bench.spiel_name(c) for c in counterparts] or [yardstick]
        # The game, its counterparts, then each pyspiel game once, last.
        assert names == [game.name, *(c.label for c in counterparts), *dict.fromkeys(spiels)]
        by_name = {c.name: c for c in group.contenders}
        assert by_name[game.name].spiel == spiels[0]
        assert not by_name[game.name].same_size
        for counterpart in counterparts:
            row = by_name[counterpart.label]
            assert (row.spiel, row.same_size) == (bench.spiel_name(counterpart), True)
        for name in spiels:
            assert (by_name[name].spiel, by_name[name].same_size) == (name, True)
    assert spiel.loaded == [c.spiel for g in groups for c in _spiels_of(g)]


def _spiels_of(group: bench.Group) -> list[Counterpart[Any, Any]]:
    every = {bench.spiel_name(c): c for _, c in WITH_COUNTERPARTS}
    return [every[c.name] for c in group.contenders if c.name in every]


def fake_adapter(refuses: str | None = None) -> bench.Adapter:
    """An adapter that plays nothing, and cannot take the game named ``refuses``."""

    def through(game: AnyGame, sampler: str) -> bench.Play:
        if game.name == refuses:
            raise ValueError(f"{game.name} has no action ids")
        return lambda seconds, clock: bench.Sample(1, 0, 1.0)

    return through


def test_adapters_add_a_row_after_the_game_where_they_can_take_it() -> None:
    refused = next(iter(GAMES))
    groups = bench.plan(adapters={"one": fake_adapter(), "two": fake_adapter(refused)})
    for group in groups:
        game, *adapted = group.contenders[: 3 if group.game != refused else 2]
        expected = ["one"] if group.game == refused else ["one", "two"]
        assert [c.name for c in adapted] == [f"{group.game} via {name}" for name in expected]
        assert all(c.engine == game.name and not c.has_rounds for c in adapted)


def test_names_pick_games_and_counterparts() -> None:
    game, counterpart = WITH_COUNTERPARTS[0]
    other = WITHOUT_COUNTERPARTS[0]
    spiel = FakeSpiel()
    # Only the counterpart: no default row, no adapter, its pyspiel game beside it.
    groups = bench.plan([counterpart.label], pyspiel=spiel, adapters={"one": fake_adapter()})
    assert rows(groups) == [counterpart.label, bench.spiel_name(counterpart)]
    # Only a game: its rows, in GAMES order whatever the order asked.
    groups = bench.plan([other.name, game.name], adapters={"one": fake_adapter()})
    assert rows(groups) == [
        name for g in GAMES.values() if g in (game, other) for name in (g.name, f"{g.name} via one")
    ]


def test_unknown_names_are_named_with_the_known_ones() -> None:
    with pytest.raises(ValueError) as caught:
        bench.plan([next(iter(GAMES)), "chess", "go"])
    message = str(caught.value)
    assert "'chess', 'go';" in message
    assert message.endswith(f"the names are: {', '.join(expected_names())}")


@pytest.mark.parametrize(
    ("seconds", "repeats"), [(0.0, 5), (-1.0, 5), (math.nan, 5), (math.inf, 5), (1.0, 0)]
)
def test_bad_arguments_are_value_errors(seconds: float, repeats: int) -> None:
    with pytest.raises(ValueError, match=r"--seconds|--repeats"):
        bench.check_arguments(seconds, repeats)


def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(prog="dicerules bench")
    bench.configure(result)
    return result


def test_help_names_the_samplers_in_words() -> None:
    text = " ".join(parser().format_help().split())
    assert "[--sampler SAMPLER]" in text and "{" not in text
    assert "scan (the default), one random() a pick" in text
    with pytest.raises(SystemExit):
        parser().parse_args(["--sampler", "numpy"])


def test_configure_defaults_and_types() -> None:
    args = parser().parse_args([])
    assert (args.games, args.seconds, args.repeats, args.sampler) == ([], 1.0, 5, "scan")
    argv = ["a", "b", "--seconds", "0.25", "--repeats", "2", "--sampler", "stdlib"]
    args = parser().parse_args(argv)
    assert (args.games, args.seconds, args.repeats) == (["a", "b"], 0.25, 2)
    assert args.sampler == "stdlib"
    for bad in (["--seconds", "soon"], ["--sampler", "numpy"]):
        with pytest.raises(SystemExit) as caught:
            parser().parse_args(bad)
        assert caught.value.code == 2


@pytest.mark.parametrize(
    "argv", [["chess"], ["--seconds", "0"], ["--seconds", "-2"], ["--repeats", "0"]]
)
def test_main_reports_bad_arguments_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(parser().parse_args(argv)) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("dicerules bench: error: ")
    assert err.count("\n") == 1


# ---------------------------------------------------------------------- tables


def test_format_table_aligns_columns() -> None:
    text = bench.format_table(["game", "n", "x"], [["ab", "1", "22"], ["abcdef", "333", ""]])
    # Widths 6, 3, 2; the first column left-aligned, the others right, two spaces
    # between; trailing blanks dropped.
    assert text.splitlines() == [
        "game      n   x",
        "ab        1  22",
        "abcdef  333",
    ]


def test_number_texts() -> None:
    assert bench.rate_text(243_117.4) == "243,117"
    assert bench.percent_text(0.034) == "3%"
    assert bench.ratio_text(2.1) == "2.10x"
    assert bench.ratio_text(None) == "-"
    assert bench.time_text(1.52e-6) == "1.52 us"
    assert bench.time_text(0.0151) == "15.1 ms"
    assert bench.time_text(0.150) == "150 ms"
    assert bench.time_text(2.0) == "2 s"
    assert bench.time_text(5e-10) == "0.5 ns"


def samples_of(decisions: float, rounds: float) -> list[bench.Sample]:
    """Three one-second runs whose median rates are ``decisions`` and ``rounds``."""
    return [bench.Sample(int(decisions * f), int(rounds * f), 1.0) for f in (0.9, 1.0, 1.2)]


def nothing(seconds: float, clock: bench.Clock) -> bench.Sample:
    raise AssertionError("a table times nothing")


def test_speed_table_gives_ratios_of_medians_where_rows_ask_for_them() -> None:
    players = [
        bench.Contender("game", nothing, True, "ref"),
        bench.Contender("game via x", nothing, False, engine="game"),
        bench.Contender("game-small", nothing, True, "ref", True),
        bench.Contender("other", nothing, False, "ref"),
        bench.Contender("ref", nothing, True, "ref", True),
    ]
    samples = {
        "game": samples_of(400, 50),
        "game via x": samples_of(100, 0),
        "game-small": samples_of(300, 100),
        "other": samples_of(600, 0),
        "ref": samples_of(150, 20),
    }
    lines = bench.speed_table(players, samples).splitlines()
    header = "game".ljust(10) + "  decisions/s  spread  rounds/s  spread  decisions vs pyspiel"
    assert lines[0] == header + "  rounds vs pyspiel  vs engine"
    cells = [line.split() for line in lines[1:]]
    # 400 / 150 = 2.67, and rounds compare only between games of the same size.
    # The spread of runs at 0.9, 1 and 1.2 times the median is 0.3, shown as 30%.
    assert cells[0] == ["game", "400", "30%", "50", "30%", "2.67x", "-", "-"]
    # An adapter: 100 / 400 of the engine's rate.
    assert cells[1] == ["game", "via", "x", "100", "30%", "-", "-", "-", "-", "0.25x"]
    # 300 / 150 = 2 and 100 / 20 = 5.
    assert cells[2] == ["game-small", "300", "30%", "100", "30%", "2.00x", "5.00x", "-"]
    assert cells[3] == ["other", "600", "30%", "-", "-", "4.00x", "-", "-"]
    assert cells[4] == ["ref", "150", "30%", "20", "30%", "1.00x", "1.00x", "-"]
    # Every row ends where the header does.
    assert {len(line) for line in lines} == {len(lines[0])}


def test_speed_table_without_pyspiel_or_adapters_has_no_ratio_columns() -> None:
    players = [bench.Contender("a-game", nothing, True)]
    text = bench.speed_table(players, {"a-game": samples_of(1000, 250)})
    assert "vs" not in text
    assert text.splitlines()[1].split() == ["a-game", "1,000", "30%", "250", "30%"]


def test_long_game_table() -> None:
    result = bench.LongGameFigures(
        apply_short=bench.Figure(2e-6, 0.05),
        apply_long=bench.Figure(2.2e-6, 0.1),
        replay_short=bench.Figure(0.01, 0.0),
        replay_long=bench.Figure(0.105, 0.02),
        bytes_per_state=321.4,
    )
    rows = [line.split("  ") for line in bench.long_game_table(result).splitlines()]
    cells = [[cell.strip() for cell in row if cell.strip()] for row in rows]
    assert cells == [
        ["long game", "value", "spread", "ratio", "target"],
        ["apply at step 10", "2 us", "5%"],
        ["apply at step 10,000", "2.2 us", "10%", "1.10x", "<= 1.2x"],
        ["replay of 1,000 actions", "10 ms", "0%"],
        ["replay of 10,000 actions", "105 ms", "2%", "10.50x", "~10x (linear)"],
        ["bytes per state", "321"],
    ]


# ---------------------------------------------------------------------- report


def table_names(lines: list[str]) -> list[str]:
    """The first cells of the speed table's rows, from its header to the first blank line."""
    start = next(i for i, line in enumerate(lines) if line.startswith("game "))
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return [line.split("  ")[0].strip() for line in lines[start + 1 : end]]


def test_report_with_a_fake_clock_a_fake_pyspiel_and_a_fake_adapter() -> None:
    game = WITHOUT_COUNTERPARTS[0]
    text = report(
        [game.name], 0.5, 1, clock=ticking(), pyspiel=FakeSpiel(), adapters={"x": fake_adapter()}
    )
    lines = text.splitlines()
    assert lines[0].startswith("dicerules bench: random legal play through the public API; 1 ")
    assert lines[2] == f"sampler: scan, {bench.SAMPLERS['scan']}"
    assert lines[3] == "pyspiel: 0.0-fake"
    assert lines[4] == "adapters: x"
    yardstick = bench.spiel_name(WITH_COUNTERPARTS[0][1])
    assert table_names(lines) == [game.name, f"{game.name} via x", yardstick]
    assert ("apply at step 10,000" in text) == (game in WITH_LONG_GAMES)


@pytest.mark.slow  # a long game of 10,000 actions, timed
@pytest.mark.parametrize("game", WITH_LONG_GAMES, ids=[game.name for game in WITH_LONG_GAMES])
def test_a_report_names_each_long_game(game: AnyGame) -> None:
    text = report([game.name], 0.5, 1, clock=ticking())
    setting = game.benchmarks.long_game
    assert setting is not None
    assert f"long game: {game.name}, {setting.text}" in text
    assert "replay of 10,000 actions" in text


def test_report_names_its_sampler_and_passes_it_on() -> None:
    spiel = FakeSpiel()
    game = WITHOUT_COUNTERPARTS[0]
    text = report([game.name], 0.5, 1, clock=ticking(), pyspiel=spiel, sampler="stdlib")
    assert text.splitlines()[2] == f"sampler: stdlib, {bench.SAMPLERS['stdlib']}"
    # pyspiel's one run of a clock moving a second per reading is one game, picked by
    # random.Random(0) the stdlib way.
    assert [state.history for state in spiel.states] == spiel_picks(0, "stdlib", 1)


def test_report_without_pyspiel_or_adapters_says_so() -> None:
    game = WITHOUT_COUNTERPARTS[0]
    text = report([game.name], 0.5, 1, clock=ticking())
    assert "pyspiel: not installed (python -m pip install 'dicerules[bench]')" in text
    assert "adapters: none (python -m pip install 'dicerules[openspiel,pettingzoo]')" in text
    assert "vs pyspiel" not in text
    assert "vs engine" not in text


def test_a_report_depends_only_on_what_the_clock_says() -> None:
    # With the same readings of the clock, the same games are played and the same text
    # comes out, line for line: nothing in it comes from set order, hashes or the time.
    _, counterpart = WITH_COUNTERPARTS[0]
    other = WITHOUT_COUNTERPARTS[0]
    wanted = [other.name, counterpart.label]
    first = report(wanted, 0.5, 2, clock=ticking(), pyspiel=FakeSpiel())
    again = report(wanted, 0.5, 2, clock=ticking(), pyspiel=FakeSpiel())
    assert first == again
    lines = first.splitlines()
    names = table_names(lines)
    assert set(names) == {other.name, counterpart.label, bench.spiel_name(counterpart)}
    start = lines.index(next(line for line in lines if line.startswith("game ")))
    table = lines[start : start + 1 + len(names)]
    assert {len(row) for row in table} == {len(table[0])}


def test_lines_come_before_the_timing_they_do_not_need() -> None:
    readings = []

    def clock() -> float:
        readings.append(1)
        return float(len(readings))

    game = WITHOUT_COUNTERPARTS[0]
    lines = bench.lines([game.name], 0.5, 1, clock=clock)
    # The header, and the speed table's header, are there before any clock reading.
    head = [next(lines) for _ in range(7)]
    assert head[-1].startswith("game ")
    assert not readings
    assert next(lines).startswith(game.name)
    assert readings


def test_lines_check_their_arguments_before_yielding() -> None:
    with pytest.raises(ValueError, match="no benchmark named 'chess'"):
        bench.lines(["chess"], 1.0, 1)
    with pytest.raises(ValueError, match="--repeats"):
        bench.lines([], 1.0, 0)


def main_lines(monkeypatch: Any, loads: list[float]) -> list[str]:
    """What ``main`` prints of a short run, the load averages it reads being ``loads``."""
    readings = iter(loads)
    monkeypatch.setattr(bench.command, "load_average", lambda: next(readings))
    monkeypatch.setattr(bench.command.os, "cpu_count", lambda: 2)
    game = WITHOUT_COUNTERPARTS[0]
    out = io.StringIO()
    args = parser().parse_args([game.name, "--seconds", "0.001", "--repeats", "1"])
    assert bench.main(args, out) == 0
    return out.getvalue().splitlines()


def test_main_prints_every_line(monkeypatch: Any) -> None:
    lines = main_lines(monkeypatch, [0.5, 2.0])  # a load of 2 on 2 processors is not over
    assert lines[0].startswith("dicerules bench: ")
    assert WITHOUT_COUNTERPARTS[0].name in table_names(lines)
    assert not any(line.startswith("warning") for line in lines)


def test_main_warns_first_when_the_machine_is_busy(monkeypatch: Any) -> None:
    lines = main_lines(monkeypatch, [2.5])  # read once: the warning is given already
    assert lines[0] == next(bench.load_warning(2.5, 2))
    assert lines[1].startswith("dicerules bench: ")
    assert [line for line in lines if line.startswith("warning")] == lines[:1]


def test_main_warns_last_when_the_machine_became_busy(monkeypatch: Any) -> None:
    lines = main_lines(monkeypatch, [0.0, 3.0])
    assert lines[0].startswith("dicerules bench: ")
    assert lines[-1] == (
        "warning: these figures are unreliable: a load average of 3.00 over 2 processors"
        " says other programs share them; time again on an idle machine"
    )


def test_warnings_come_only_over_their_limits() -> None:
    assert list(bench.load_warning(2.01, 2)) != []
    assert list(bench.load_warning(2.0, 2)) == list(bench.load_warning(None, 2)) == []
    assert list(bench.spread_warning([0.02, None, 0.13])) == [
        "warning: these figures are unreliable: a spread of 13% (over 10%) says the runs"
        " disagree; time again on an idle machine"
    ]
    assert list(bench.spread_warning([0.10, None])) == list(bench.spread_warning([])) == []


def test_one_run_has_no_spread() -> None:
    game = WITHOUT_COUNTERPARTS[0]
    lines = report([game.name], 0.5, 1, clock=ticking()).splitlines()
    assert lines[0].endswith("; one run, no spread")
    assert table_names(lines) == [game.name]
    row = lines[lines.index(next(line for line in lines if line.startswith("game "))) + 1]
    assert row.split()[2] == "-"  # no "0%"
    assert "(max - min) / median" in report([game.name], 0.5, 2, clock=ticking())


def test_a_report_whose_runs_disagree_ends_with_a_warning() -> None:
    # A clock whose readings are ever further apart: the second run of the same game
    # takes three times the first one's seconds.
    steps = itertools.count(1)
    readings = itertools.accumulate(steps, initial=0)
    game = WITHOUT_COUNTERPARTS[0]
    disagreeing = report([game.name], 0.5, 2, clock=lambda: float(next(readings)))
    assert disagreeing.splitlines()[-1].startswith("warning: these figures are unreliable: ")
    assert "warning" not in report([game.name], 0.5, 2, clock=ticking())


def test_the_installed_adapters_play_every_game_they_can_take() -> None:
    # One game each (a clock moving a second per reading, half a second asked for):
    # whatever is installed here, each adapter plays whole games of the real ones.
    adapters = bench.load_adapters(bench.load_pyspiel())
    if not adapters:
        pytest.skip("no adapter installed")
    for name, through in adapters.items():
        for game in GAMES.values():
            try:
                play = through(game, "scan")
            except ValueError:
                continue  # the game declares too little for this adapter
            sample = play(0.5, ticking())
            assert sample.decisions > 0, (name, game.name)
            assert sample.seconds == 1.0


def test_simulate_times_the_games_named_else_those_whose_benchmarks_ask() -> None:
    asking = [name for name, game in GAMES.items() if game.benchmarks.simulate]
    assert asking == ["liars-dice"]  # the game declares it; bench names none
    assert bench.simulate_games() == asking
    assert bench.simulate_games(["link", "liars-dice-2x5"]) == ["link"]  # games, not labels
    args = parser().parse_args(["link", "--simulate", "300"])
    assert (args.games, args.simulate) == (["link"], 300)


def test_the_simulate_suite_leaves_the_environment_as_it_found_it() -> None:
    # A Dask LocalCluster sets its workers' variables in its parent's os.environ too; the
    # later suites' children (--cfr's) inherited MALLOC_TRIM_THRESHOLD_ and ran slower.
    pytest.importorskip("distributed", reason="the LocalCluster needs dicerules[cluster]")
    from dicerules.bench.simulate import simulate_lines

    before = dict(os.environ)
    lines = list(simulate_lines(64, 1, game="pig"))
    assert any("2-worker LocalCluster" in line for line in lines)
    assert dict(os.environ) == before
