"""``dicerules bench``'s first table: random legal play of every game through its public
functions (new_game, legal_actions, apply, is_terminal), for ``--seconds`` per run,
``--repeats`` times. The rows of one game are timed together, their runs interleaved
so that machine noise falls on all of them alike, and printed as soon as that game is
done (``lines`` yields the text line by line).

A game's rows, all read from its Game (``benchmarks``) and never from its name: the
game with its default rules; the same played through ``dicerules.openspiel`` and
``dicerules.pettingzoo`` where they are installed (``vs engine``: the wrapper's rate
over the engine's); each counterpart the game declares, a rule set that plays what
an OpenSpiel game plays, beside that pyspiel game (``decisions vs pyspiel``, and
``rounds vs pyspiel`` where a round is one pyspiel game). A game with no counterpart
of its own is timed beside the first counterpart any game declares, so that every
row has a ratio to pyspiel. The long games' tables (``dicerules.bench.long``) follow.

What the figures mean. The counterpart of liars-dice is classic with 2 seats of 5 dice,
seat 0 opening, beside ``liars_dice(numdice=5)``; one pyspiel game is one round. Its
later rounds have fewer dice and so fewer bids (4.3 decisions a round against
pyspiel's 4.8), which makes its rounds ratio about 10% kinder than its decisions
ratio; a pig round is a whole game. On an idle 2-core machine five one-second runs
spread 1 to 8%; with other work on it, 30 to 95%; ratios taken on interleaved runs are
steadier than the rates. pyspiel's dice are chance nodes sampled in Python, ten a
liars-dice round, so the sampler weighs most on it: with ``stdlib`` its rates halve.
Under ``scan`` pyspiel stays ahead in decisions a second in every game but liars-dice
2x5; the floor is near for rounds, since a loop with no rules at all (one small tuple
a decision, 10 seeded dice a round) makes 180,000 to 190,000 rounds a second on that
machine. In eighteen and twenty-four nearly every decision throws dice, and the
seeded draws, the tape that logs them and a round's bookkeeping are most of a step.
Counted in instructions (callgrind), a decision through ``dicerules.openspiel`` is
about 9 times the engine's, through ``dicerules.pettingzoo`` about 15 times (most of it
the observation arrays and PettingZoo's wrappers).

The target of liars-dice 2x5 is 1.3 times pyspiel's decisions a second; it stands at
1.0 to 1.1 (1.1 to 1.2 in rounds). Where a round's time goes (cProfile, 2x5, about
4.3 decisions a round): the bids a quarter (the raise checked as one comparison of
table indexes, the next seat, a new State and a tape entry), the challenge and the
next round's deal a quarter (the count, the Reveal, ten dice from the stream's block
ahead, the hands sorted, a new State), ``legal_actions`` an eighth (a cached tuple a
position), and the loop that times them, the same for both sides, a sixth.

Counted in instructions (callgrind, the 32,903 decisions of 1,000 seeded games, the
loop and each game's ``new_game`` included), a decision costs about 30,500 (31,600
before ``apply`` made a bid inline and the builders of a round were called by
position); one of pyspiel's costs 37,100, its dice sampled as the loop above samples
them. That is 1.2 times fewer, and 1.05 to 1.1 times in time: C++ runs more
instructions a cycle than the interpreter does. 1.3x in time needs about 26,000, 15%
fewer again. Where they go, read at the C level: the interpreter's loop two fifths;
the seeded draws' big-int arithmetic a tenth (some 50 dice a game, two blocks of 32);
making and freeing objects a tenth (a Log, a Tape and a State a bid; two Logs, a
Tape, a stream, a Reveal and a State a challenge); turning each plain object into its
class (``dicerules._build``) 3%, the cheapest way known to make a frozen slotted
object (``object.__new__`` and each slot's descriptor cost twice as much). Filling the
State inline in ``apply`` instead of calling its evolver saved nothing measurable: a
call by position is cheap next to the work it does. What is left to cut is what the
engine keeps (a Tape a state, the Reveal, sorted hands), which its contract (records
that replay, views that tell a finished challenge) does not allow, or the draws,
which pure Python cannot make cheaper than big-int lanes.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from dicerules.bench.batch import batch_play
from dicerules.bench.long import (
    FLAT_TARGET,
    LONG_HEADER,
    LONG_STEPS,
    SHORT_REPLAY,
    SHORT_STEP,
    LongGameFigures,
    long_game_rows,
    long_games,
    measure_long_game,
)
from dicerules.bench.messages import message_games, message_lines
from dicerules.bench.record import clock_name, note
from dicerules.bench.timing import (
    SAMPLERS,
    SCAN,
    Clock,
    Play,
    Sample,
    check_arguments,
    env_play,
    fitted_rows,
    format_table,
    is_scan,
    machine_line,
    random_play,
    rate_text,
    rates,
    ratio,
    ratio_text,
    row_block,
    runs_text,
    sample_spreads,
    spread_text,
    spread_warning,
    summarize,
    table_line,
)
from dicerules.game import GAMES, AnyGame, Counterpart

Adapter = Callable[[AnyGame, str], Play]
"""A way to play a game through an adapter: ``(game, sampler)`` -> a Play."""


ADAPTERS: Final = ("openspiel", "pettingzoo")
"""The adapters bench plays every game through, when they are installed."""


@attrs.frozen
class Contender:
    """Something to time: a name, and a function that plays for a budget of seconds.

    ``spiel`` names the pyspiel row its ``decisions vs pyspiel`` is taken against (a
    pyspiel row names itself), ``same_size`` says its rounds compare with that row's
    too, and ``engine`` names the row an adapter's ``vs engine`` is taken against.
    """

    name: str
    play: Play
    has_rounds: bool
    spiel: str | None = None
    same_size: bool = False
    engine: str | None = None


@attrs.frozen
class Group:
    """The rows of one game: timed together, their runs interleaved, shown together."""

    game: str
    contenders: tuple[Contender, ...]


def spiel_play(spiel_game: Any, seed: int = 0, sampler: str = SCAN) -> Play:
    """A function playing seeded random games of a loaded pyspiel game.

    The plain way from Python: a chance node's outcome is drawn by its probability
    from ``chance_outcomes()``, a decision uniformly from ``legal_actions()``, both
    picked as ``sampler`` (a name in SAMPLERS) says. A pyspiel game is one round.
    """
    scan = is_scan(sampler)

    def play(seconds: float, clock: Clock) -> Sample:
        chooser = random.Random(seed)
        choose, choice, choices = chooser.random, chooser.choice, chooser.choices
        decisions = rounds = 0
        start = clock()
        while True:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    if scan:
                        state.apply_action(draw_outcome(state.chance_outcomes(), choose()))
                    else:
                        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                        state.apply_action(choices(outcomes, weights)[0])
                elif scan:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(choose() * len(actions))])
                    decisions += 1
                else:
                    state.apply_action(choice(state.legal_actions()))
                    decisions += 1
            rounds += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return Sample(decisions, rounds, elapsed)

    return play


def pyspiel_play(pyspiel: Any, spiel: str, seed: int = 0, sampler: str = SCAN) -> Play:
    """``spiel_play`` of the game ``pyspiel.load_game(spiel)``, such as ``"pig(players=2)"``."""
    is_scan(sampler)
    return spiel_play(pyspiel.load_game(spiel), seed, sampler)


def draw_outcome(outcomes: Sequence[tuple[int, float]], uniform: float) -> int:
    """The outcome ``uniform`` (0 <= uniform < 1) falls on, by cumulative probability."""
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if uniform < total:
            return outcome
    return outcomes[-1][0]  # rounding left the sum a hair under 1


def spiel_name(counterpart: Counterpart[Any, Any]) -> str:
    """The row of a counterpart's pyspiel game: ``pyspiel liars_dice(numdice=5)``."""
    return f"pyspiel {counterpart.spiel}"


def adapter_name(game: AnyGame, adapter: str) -> str:
    """The row of a game played through an adapter: ``<name> via pettingzoo``."""
    return f"{game.name} via {adapter}"


def names() -> list[str]:
    """What bench can time, by name: each game, each followed by its counterparts' labels."""
    result = []
    for game in GAMES.values():
        result.append(game.name)
        result += [counterpart.label for counterpart in game.benchmarks.counterparts]
    return result


def check_names(wanted: Sequence[str]) -> None:
    """ValueError naming the unknown names in ``wanted``, and the known ones."""
    known = names()
    unknown = [name for name in wanted if name not in known]
    if unknown:
        raise ValueError(
            f"no benchmark named {', '.join(map(repr, unknown))}; the names are: {', '.join(known)}"
        )


def _first_counterpart() -> Counterpart[Any, Any] | None:
    """The first counterpart any game declares, in GAMES order: the yardstick of the rest."""
    for game in GAMES.values():
        for counterpart in game.benchmarks.counterparts:
            return counterpart
    return None


def plan(
    wanted: Sequence[str] = (),
    sampler: str = SCAN,
    *,
    pyspiel: Any | None = None,
    adapters: Mapping[str, Adapter] | None = None,
    batch: int = 0,
) -> list[Group]:
    """The groups to time for the names ``wanted`` (all when empty), in GAMES order.

    A game's name asks for the game with its default rules, through each of
    ``adapters`` too; a counterpart's label for the counterpart, beside its pyspiel
    game when ``pyspiel`` is given. With ``batch`` games, each of those rows has a
    ``batch`` row too: ``dicerules.batch`` playing that many games at a time (when
    NumPy is installed). ValueError names the unknown names.
    """
    check_names(wanted)
    is_scan(sampler)
    yardstick = _first_counterpart()
    groups = []
    for game in GAMES.values():
        rows = _rows(game, wanted, yardstick, pyspiel, adapters or {}, sampler, batch)
        if rows:
            groups.append(Group(game.name, rows))
    return groups


def _rows(
    game: AnyGame,
    wanted: Sequence[str],
    yardstick: Counterpart[Any, Any] | None,
    pyspiel: Any | None,
    adapters: Mapping[str, Adapter],
    sampler: str,
    batch: int = 0,
) -> tuple[Contender, ...]:
    """The rows of ``game`` that ``wanted`` asks for, then the pyspiel rows they compare with."""
    rows: list[Contender] = []
    spiels: dict[str, Contender] = {}

    def beside(counterpart: Counterpart[Any, Any] | None) -> str | None:
        """The row of ``counterpart``'s pyspiel game, timed in this group; None: no such row."""
        if pyspiel is None or counterpart is None:
            return None
        name = spiel_name(counterpart)
        if name not in spiels:
            play = pyspiel_play(pyspiel, counterpart.spiel, sampler=sampler)
            spiels[name] = Contender(name, play, True, name, True)
        return name

    counterparts = game.benchmarks.counterparts
    if not wanted or game.name in wanted:
        reference = beside(counterparts[0] if counterparts else yardstick)
        rounds = game.benchmarks.rounds
        play = random_play(game, None, rounds, sampler=sampler)
        rows.append(Contender(game.name, play, rounds is not None, reference))
        for adapter, through in adapters.items():
            try:
                play = through(game, sampler)
            except (ValueError, ImportError):  # the game cannot go through this adapter
                continue
            rows.append(Contender(adapter_name(game, adapter), play, False, engine=game.name))
        batched = batch_play(game, None, batch) if batch else None
        if batched is not None:
            name = f"{game.name} batch"
            rows.append(Contender(name, batched, rounds is not None, reference, engine=game.name))
    for counterpart in counterparts:
        if not wanted or counterpart.label in wanted:
            reference = beside(counterpart)
            play = random_play(game, counterpart.rules, counterpart.rounds, sampler=sampler)
            rows.append(Contender(counterpart.label, play, True, reference, True))
            batched = batch_play(game, counterpart.rules, batch) if batch else None
            if batched is not None:
                name = f"{counterpart.label} batch"
                rows.append(Contender(name, batched, True, reference, True, counterpart.label))
    return (*rows, *spiels.values())


def run_interleaved(
    players: Sequence[Contender], seconds: float, repeats: int, clock: Clock
) -> dict[str, list[Sample]]:
    """``repeats`` rounds of runs, each contender once per round, in turn."""
    samples: dict[str, list[Sample]] = {c.name: [] for c in players}
    for _ in range(repeats):
        for contender in players:
            samples[contender.name].append(contender.play(seconds, clock))
    return samples


def speed_header(players: Sequence[Contender]) -> list[str]:
    """The speed table's columns: the ratio columns only where some row has them."""
    header = ["game", "decisions/s", "spread", "rounds/s", "spread"]
    if any(c.spiel is not None for c in players):
        header += ["decisions vs pyspiel", "rounds vs pyspiel"]
    if any(c.engine is not None for c in players):
        header.append("vs engine")
    return header


def column_widths(header: Sequence[str], players: Sequence[Contender]) -> list[int]:
    """Widths known before anything is timed: the names' for the first, the header's after."""
    return [max(len(header[0]), *(len(c.name) for c in players)), *map(len, header[1:])]


def speed_row(
    contender: Contender, samples: Mapping[str, list[Sample]], header: Sequence[str]
) -> list[str]:
    """The cells of ``contender``'s row, its ratios taken to rows of the same ``samples``."""

    def median(name: str, rounds: bool = False) -> float:
        return summarize(rates(samples[name], rounds)).median

    decisions = summarize(rates(samples[contender.name]))
    row = [contender.name, rate_text(decisions.median), spread_text(decisions.spread)]
    rounds = None
    if contender.has_rounds:
        rounds = summarize(rates(samples[contender.name], rounds=True))
        row += [rate_text(rounds.median), spread_text(rounds.spread)]
    else:
        row += ["-", "-"]
    if "decisions vs pyspiel" in header:
        spiel = contender.spiel
        if spiel is None:
            row += ["-", "-"]
        else:
            row.append(ratio_text(ratio(decisions.median, median(spiel))))
            # Rounds compare only between games of the same size: a counterpart and its pyspiel.
            if rounds is not None and contender.same_size:
                row.append(ratio_text(ratio(rounds.median, median(spiel, rounds=True))))
            else:
                row.append("-")
    if "vs engine" in header:
        engine = contender.engine
        row.append("-" if engine is None else ratio_text(ratio(decisions.median, median(engine))))
    return row


def speed_table(players: Sequence[Contender], samples: Mapping[str, list[Sample]]) -> str:
    """The table of decisions/s and rounds/s, with the ratios the rows ask for."""
    header = speed_header(players)
    widths = column_widths(header, players)
    rows = [speed_row(contender, samples, header) for contender in players]
    return "\n".join(table_line(row, widths) for row in (header, *rows))


def note_speed_row(
    contender: Contender, samples: Mapping[str, list[Sample]], sampler: str, clock: Clock
) -> None:
    """``record.note`` the ratios of ``contender``'s row, as ``speed_row`` prints them."""
    key, read = f"scalar/{sampler}/{contender.name}", clock_name(clock)
    if contender.spiel is not None and contender.spiel != contender.name:
        spiel = samples[contender.spiel]
        note(f"{key}/decisions vs pyspiel", rates(samples[contender.name]), rates(spiel),
             clock=read)  # fmt: skip
        if contender.has_rounds and contender.same_size:
            note(f"{key}/rounds vs pyspiel", rates(samples[contender.name], rounds=True),
                 rates(spiel, rounds=True), clock=read)  # fmt: skip
    if contender.engine is not None:
        note(f"{key}/vs engine", rates(samples[contender.name]), rates(samples[contender.engine]),
             clock=read)  # fmt: skip


def note_long_game(game: AnyGame, figures: LongGameFigures, clock: Clock) -> None:
    """``record.note`` the ratios of ``game``'s long game, as its table prints them."""
    key, read = f"long/{game.name}", clock_name(clock)
    note(f"{key}/apply at step {LONG_STEPS:,} over step {SHORT_STEP:,}",
         figures.apply_long.runs, figures.apply_short.runs, clock=read,
         target=f"<= {FLAT_TARGET}x")  # fmt: skip
    note(f"{key}/replay of {LONG_STEPS:,} actions over {SHORT_REPLAY:,}",
         figures.replay_long.runs, figures.replay_short.runs, clock=read,
         target=f"~{LONG_STEPS // SHORT_REPLAY}x (linear)")  # fmt: skip


def load_adapters(pyspiel: Any | None) -> dict[str, Adapter]:
    """The adapters that are installed, by name (``openspiel`` only with ``pyspiel``)."""
    result: dict[str, Adapter] = {}
    if pyspiel is not None:
        try:
            openspiel = importlib.import_module("dicerules.openspiel")
        except (ImportError, OSError):
            pass
        else:

            def through_openspiel(game: AnyGame, sampler: str) -> Play:
                return spiel_play(openspiel.game(game.name), sampler=sampler)

            result["openspiel"] = through_openspiel
    try:
        pettingzoo = importlib.import_module("dicerules.pettingzoo")
    except ImportError:
        pass
    else:

        def through_pettingzoo(game: AnyGame, sampler: str) -> Play:
            return env_play(pettingzoo.env(game.name), sampler=sampler)

        result["pettingzoo"] = through_pettingzoo
    return result


def lines(
    wanted: Sequence[str],
    seconds: float,
    repeats: int,
    *,
    clock: Clock = time.perf_counter,
    pyspiel: Any | None = None,
    adapters: Mapping[str, Adapter] | None = None,
    sampler: str = SCAN,
    columns: int | None = None,
    batch: int = 0,
) -> Iterator[str]:
    """Every line bench prints, each as soon as it is known.

    The header comes at once, then the speed table's header, then a game's rows as
    soon as that game has been timed, then each long game. ``wanted`` names games
    and counterparts (all when empty). A table wider than ``columns`` (None: any
    width) is told a block a row (``row_block``). ValueError for bad arguments or
    unknown names, raised before anything is timed or yielded.
    """
    check_arguments(seconds, repeats)
    groups = plan(wanted, sampler, pyspiel=pyspiel, adapters=adapters, batch=batch)
    lengthy = long_games(wanted)
    messengers = message_games(wanted)
    return _lines(
        groups, lengthy, seconds, repeats, clock, pyspiel, adapters or {}, sampler, columns,
        messengers,
    )  # fmt: skip


def _lines(
    groups: Sequence[Group],
    lengthy: Sequence[AnyGame],
    seconds: float,
    repeats: int,
    clock: Clock,
    pyspiel: Any | None,
    adapters: Mapping[str, Adapter],
    sampler: str,
    columns: int | None = None,
    messengers: Sequence[AnyGame] = (),
) -> Iterator[str]:
    yield (
        f"dicerules bench: random legal play through the public API; {repeats}"
        f" run{'' if repeats == 1 else 's'} of {seconds:g} s each, interleaved within each"
        f" game; {runs_text(repeats)}"
    )
    yield machine_line()
    yield f"sampler: {sampler}, {SAMPLERS[sampler]}"
    if pyspiel is None:
        yield "pyspiel: not installed (python -m pip install 'dicerules[bench]')"
    else:
        yield f"pyspiel: {getattr(pyspiel, '__version__', 'version unknown')}"
    if adapters:
        yield f"adapters: {', '.join(adapters)}"
    else:
        yield "adapters: none (python -m pip install 'dicerules[openspiel,pettingzoo]')"
    players = [contender for group in groups for contender in group.contenders]
    spreads: list[float | None] = []
    if players:
        header = speed_header(players)
        widths = column_widths(header, players)

        def speed_rows() -> Iterator[list[str]]:
            for group in groups:
                samples = run_interleaved(group.contenders, seconds, repeats, clock)
                spreads.extend(sample_spreads(samples))
                for contender in group.contenders:
                    note_speed_row(contender, samples, sampler, clock)
                    yield speed_row(contender, samples, header)

        yield ""
        yield from fitted_rows(header, speed_rows(), widths, columns)
    for game in lengthy:
        setting = game.benchmarks.long_game
        assert setting is not None
        yield ""
        yield f"long game: {game.name}, {setting.text}"
        figures = measure_long_game(game, seconds, repeats, clock)
        spreads.extend(figure.spread for figure in figures.timed)
        note_long_game(game, figures, clock)
        rows = long_game_rows(figures)
        table = format_table(LONG_HEADER, rows).splitlines()
        if columns is not None and max(map(len, table)) > columns:
            yield from (line for row in rows for line in row_block(LONG_HEADER, row, columns))
        else:
            yield from table
    for game in messengers:
        yield ""
        yield from message_lines(game, seconds, repeats, clock)
    yield from spread_warning(spreads)
