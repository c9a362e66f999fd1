"""dicerules bench's own logic: its arithmetic, its tables, its choices. Never its speed."""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest

from dicerules import bench
from dicerules.games import liars_dice as ld


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
    assert bench.summarize([5.0]) == bench.Figure(5.0, 0.0)
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


def test_random_play_plays_game_k_with_seed_k_until_the_time_is_up() -> None:
    rules = bench.COMPARISON_RULES
    play = bench.random_play(ld.GAME, rules, lambda state: state.round, seed=3)
    # The fake clock passes a second per reading, so half a second is up after one game.
    sample = play(0.5, ticking())
    # The same game played here by hand, through the public functions.
    choose = random.Random(3).random
    state = ld.new_game(rules, seed=0)
    decisions = 0
    while not ld.is_terminal(state):
        actions = ld.legal_actions(state)
        state = ld.apply(state, actions[int(choose() * len(actions))])
        decisions += 1
    assert sample == bench.Sample(decisions, state.round, 1.0)
    assert play(0.5, ticking()) == sample  # every run plays the same games
    two_games = play(1.5, ticking())
    assert two_games.decisions > decisions
    assert two_games.seconds == 2.0


def test_a_liars_dice_game_counts_one_round_per_challenge() -> None:
    # pyspiel's liars_dice is one round a game; a game here runs until one seat has
    # dice left, and every round ends in exactly one challenge, the last one included.
    rules = bench.COMPARISON_RULES
    for seed in range(20):
        state = ld.new_game(rules, seed=seed)
        choose = random.Random(seed).random
        while not ld.is_terminal(state):
            actions = ld.legal_actions(state)
            state = ld.apply(state, actions[int(choose() * len(actions))])
        challenges = ld.history(state).count(ld.CHALLENGE)
        # 2 seats of 5 dice: each round takes one die, so 5 to 9 rounds.
        assert 5 <= challenges <= 9
        assert bench._liars_dice_rounds(state) == challenges


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
    """A pyspiel-like module: records what is loaded."""

    __version__ = "0.0-fake"

    def __init__(self) -> None:
        self.loaded: list[tuple[str, dict[str, int]]] = []

    def load_game(self, name: str, params: dict[str, int]) -> Any:
        self.loaded.append((name, params))
        return self

    def new_initial_state(self) -> FakeSpielState:
        return FakeSpielState()


def test_pyspiel_play_counts_decisions_not_chance_nodes() -> None:
    spiel = FakeSpiel()
    play = bench.pyspiel_play(spiel)
    assert spiel.loaded == [("liars_dice", {"numdice": 5})]
    # Half a second of a clock that moves a second per reading: one game, one round,
    # two decisions (the chance node is not one).
    assert play(0.5, ticking()) == bench.Sample(2, 1, 1.0)
    assert play(2.5, ticking()) == bench.Sample(6, 3, 3.0)


def test_the_stdlib_sampler_picks_with_random_choice() -> None:
    rules = bench.COMPARISON_RULES
    play = bench.random_play(ld.GAME, rules, lambda state: state.round, seed=5, sampler="stdlib")
    sample = play(0.5, ticking())
    # The same game by hand, each action picked by random.choice from the legal ones.
    chooser = random.Random(5)
    state = ld.new_game(rules, seed=0)
    decisions = 0
    while not ld.is_terminal(state):
        state = ld.apply(state, chooser.choice(ld.legal_actions(state)))
        decisions += 1
    assert sample == bench.Sample(decisions, state.round, 1.0)
    scanned = bench.random_play(ld.GAME, rules, lambda state: state.round, seed=5)
    assert scanned(0.5, ticking()) != sample  # the two samplers pick differently


class RecordingSpiel(FakeSpiel):
    """A FakeSpiel that keeps every state it hands out."""

    def __init__(self) -> None:
        super().__init__()
        self.states: list[FakeSpielState] = []

    def new_initial_state(self) -> FakeSpielState:
        state = FakeSpielState()
        self.states.append(state)
        return state


@pytest.mark.parametrize("sampler", ["scan", "stdlib"])
def test_pyspiel_play_samples_chance_nodes_and_decisions_as_told(sampler: str) -> None:
    spiel = RecordingSpiel()
    assert bench.pyspiel_play(spiel, seed=9, sampler=sampler)(4.5, ticking()) == bench.Sample(
        10, 5, 5.0
    )
    chooser = random.Random(9)
    expected = []
    for _ in range(5):
        if sampler == "stdlib":
            chance = chooser.choices((0, 1), (0.5, 0.5))[0]
            picks = [chooser.choice([10, 11, 12]) for _ in range(2)]
        else:
            chance = bench.draw_outcome([(0, 0.5), (1, 0.5)], chooser.random())
            picks = [[10, 11, 12][int(chooser.random() * 3)] for _ in range(2)]
        expected.append([chance, *picks])
    assert [state.history for state in spiel.states] == expected


def test_an_unknown_sampler_is_a_value_error() -> None:
    message = "no sampler named 'numpy'; the samplers are: scan, stdlib"
    with pytest.raises(ValueError, match=message):
        bench.random_play(ld.GAME, None, None, sampler="numpy")
    with pytest.raises(ValueError, match="no sampler named 'numpy'"):
        bench.pyspiel_play(FakeSpiel(), sampler="numpy")
    with pytest.raises(ValueError, match="no sampler named 'numpy'"):
        bench.report(["link"], 0.5, 1, clock=ticking(), sampler="numpy")


def test_the_long_game_passes_10000_actions_by_smallest_raises() -> None:
    states = bench.long_game()
    assert len(states) == bench.LONG_STEPS + 1
    last = states[-1]
    assert not ld.is_terminal(last)
    actions = ld.history(last)
    assert len(actions) == bench.LONG_STEPS
    # Round 1 walks every bid of 100 dice and 20 faces in order, then challenges.
    assert actions[:3] == (ld.Bid(1, 1), ld.Bid(1, 2), ld.Bid(1, 3))
    assert actions[1999] == ld.Bid(100, 20)
    assert actions[2000] == ld.CHALLENGE
    assert last.round == 6  # rounds 1-5 take 2001 + 1981 + 1961 + 1941 + 1921 = 9805
    # Apply is timed at steps 10 and 10,000 on the same kind of move, a plain raise
    # in the middle of a round (a challenge would also roll a new round's dice).
    for step in (bench.SHORT_STEP, bench.LONG_STEPS):
        state = states[step]
        assert state.bid_count > 0
        assert type(ld.legal_actions(state)[0]) is ld.Bid


# --------------------------------------------------------------------- choosing


def test_select_keeps_table_order() -> None:
    every = ["eighteen", "liars-dice", "link", "twenty-four", "liars-dice-2x5"]
    assert [c.name for c in bench.select([])] == every
    assert [c.name for c in bench.select(["liars-dice-2x5", "eighteen"])] == [
        "eighteen",
        "liars-dice-2x5",
    ]
    assert [c.has_rounds for c in bench.select([])] == [False, True, False, False, True]


def test_select_names_the_unknown_and_the_known() -> None:
    with pytest.raises(ValueError) as caught:
        bench.select(["link", "chess", "go"])
    message = str(caught.value)
    assert "'chess', 'go'" in message
    assert "eighteen, liars-dice, link, twenty-four, liars-dice-2x5" in message


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


def test_configure_defaults_and_types() -> None:
    args = parser().parse_args([])
    assert (args.games, args.seconds, args.repeats, args.sampler) == ([], 1.0, 5, "scan")
    argv = ["link", "eighteen", "--seconds", "0.25", "--repeats", "2", "--sampler", "stdlib"]
    args = parser().parse_args(argv)
    assert (args.games, args.seconds, args.repeats) == (["link", "eighteen"], 0.25, 2)
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


def test_speed_table_with_pyspiel_gives_ratios_of_medians() -> None:
    ours = bench.select(["liars-dice-2x5"])[0]
    spiel = bench.Contender("ref", bench.pyspiel_play(FakeSpiel()), True)
    link = bench.select(["link"])[0]
    samples = {
        "liars-dice-2x5": samples_of(300, 100),
        "link": samples_of(600, 0),
        "ref": samples_of(150, 20),
    }
    lines = bench.speed_table([link, ours, spiel], samples, "ref").splitlines()
    header = "game".ljust(14) + "  decisions/s  spread  rounds/s  spread  decisions vs pyspiel"
    assert lines[0] == header + "  rounds vs pyspiel"
    cells = [line.split() for line in lines[1:]]
    # link: 600 / 150 = 4; no rounds. 2x5: 300 / 150 = 2 and 100 / 20 = 5.
    # The spread of runs at 0.9, 1 and 1.2 times the median is 0.3, shown as 30%.
    assert cells[0] == ["link", "600", "30%", "-", "-", "4.00x", "-"]
    assert cells[1] == ["liars-dice-2x5", "300", "30%", "100", "30%", "2.00x", "5.00x"]
    assert cells[2] == ["ref", "150", "30%", "20", "30%", "1.00x", "1.00x"]


def test_speed_table_without_pyspiel_has_no_ratio_columns() -> None:
    ours = bench.select(["liars-dice"])[0]
    text = bench.speed_table([ours], {"liars-dice": samples_of(1000, 250)}, None)
    assert "pyspiel" not in text
    assert text.splitlines()[1].split() == ["liars-dice", "1,000", "30%", "250", "30%"]


def test_long_game_table() -> None:
    result = bench.LongGame(
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


def test_report_with_a_fake_clock_and_a_fake_pyspiel() -> None:
    text = bench.report(["eighteen"], 0.5, 1, clock=ticking(), pyspiel=FakeSpiel())
    lines = text.splitlines()
    assert lines[0].startswith("dicerules bench: random legal play through the public API; 1 ")
    assert lines[2] == f"sampler: scan, {bench.SAMPLERS['scan']}"
    assert lines[3] == "pyspiel: 0.0-fake"
    names = [line.split("  ")[0].strip() for line in lines[5:8]]
    assert names == ["game", "eighteen", bench.PYSPIEL_NAME]
    assert "apply at step 10,000" in text
    assert "replay of 10,000 actions" in text


def test_report_names_its_sampler_and_passes_it_on() -> None:
    spiel = RecordingSpiel()
    text = bench.report(["link"], 0.5, 1, clock=ticking(), pyspiel=spiel, sampler="stdlib")
    assert text.splitlines()[2] == f"sampler: stdlib, {bench.SAMPLERS['stdlib']}"
    # pyspiel's one run of a clock moving a second per reading is one game: its chance
    # node and two decisions were picked by random.Random(0), the stdlib way.
    chooser = random.Random(0)
    chance = chooser.choices((0, 1), (0.5, 0.5))[0]
    assert [state.history for state in spiel.states] == [
        [chance, chooser.choice([10, 11, 12]), chooser.choice([10, 11, 12])]
    ]


def test_report_without_pyspiel_says_so() -> None:
    text = bench.report(["link"], 0.5, 1, clock=ticking())
    assert "pyspiel: not installed (python -m pip install 'dicerules[bench]')" in text
    assert "vs pyspiel" not in text
    assert bench.PYSPIEL_NAME not in text


def test_a_report_depends_only_on_what_the_clock_says() -> None:
    # With the same readings of the clock, the same games are played and the same text
    # comes out, line for line: nothing in it comes from set order, hashes or the time.
    first = bench.report(["link", "liars-dice-2x5"], 0.5, 2, clock=ticking(), pyspiel=FakeSpiel())
    again = bench.report(["link", "liars-dice-2x5"], 0.5, 2, clock=ticking(), pyspiel=FakeSpiel())
    assert first == again
    table = first.splitlines()[5:9]
    assert [row.split("  ")[0].strip() for row in table] == [
        "game",
        "link",
        "liars-dice-2x5",
        bench.PYSPIEL_NAME,
    ]
    # Every row of the speed table ends where the header does.
    assert {len(row) for row in table} == {len(table[0])}
