"""``bench --cfr``: OpenSpiel's CFR on each game's solver rules (``Benchmarks.solver``),
beside OpenSpiel's own game of them, each build in a fresh process so that its peak
memory is its own; then ``dicerules.solvers`` beside OpenSpiel's C++ on the same tree.

Two pairs. Python: OpenSpiel's TabularPolicy and CFRSolver (Python) built on its own
game and through ``dicerules.openspiel`` (its whole tree, and node by node), then
``CFR_ITERATIONS`` iterations. C++: OpenSpiel's C++ CFRSolver on its own game and on
``dicerules.openspiel.native`` (the tree walked from our engine, written as EFG text,
loaded by pyspiel: all counted in its build), then as many iterations. Every row ends
with the exploitability of its average policy, which must be the same in all. Times
are each process's CPU time (``time.process_time``), which a busy machine disturbs
less than the wall clock; ``--json`` records each run's build, memory and iteration
over its base run's, and how many times faster than C++ our solvers are.

The adapter's ``adapter`` run is ``dicerules.openspiel.game(..., whole_tree=True)``: the
tree walked once from the engine (in its build) and kept in flat lists, so that its
states are node numbers and a build's three walks (two tabular policies and the
solver's own) cost what a precomputed tree's do. ``adapter by node`` is the game that
makes each node from the engine as a walk first reaches it and keeps it
(``KEPT_NODES``). Measured on 2 cores, idle (three runs; Python 3.11.7, pyspiel 2.0.2,
liars-dice 2 seats of one die, 24,576 information states): OpenSpiel's build 2.78 s
and 276 MB; the whole tree 2.85x its time (the walk about 1.5x, the build on it 1.35x)
and 1.21x its memory, an iteration 1.08x; node by node 5.9x and 1.97x, an iteration
1.36x (the garbage collector scans the kept nodes again and again: half its build);
C++ CFR on the native tree 0.97x OpenSpiel's own iteration; every exploitability the
same to the last digit. What the whole tree cannot cut: each state is a Python object
(``pyspiel.State.__init__`` alone is about 0.8 us, and the 147,456 states OpenSpiel's
``get_all_states`` holds at once are scanned by the collector, as a C++ game's are
not), and the engine's walk (apply, both seats' views, the information text) is 14 us
a node. ``precomputed_game``, OpenSpiel's game as a Python game of answers worked out
in advance, took 3.2x through pyspiel's C++ path (a clone of the parent, a deep copy
of its Python attributes, ``apply_action`` for every child) and was no floor.

The solver run (``solver_measure``, a fresh process each) walks the tree once and
puts ``dicerules.solvers`` beside pyspiel's C++ on it, in CPU time
(``time.process_time``), so that load weighs on both alike: our arrays and a CFR
and a CFR+ solver beside the EFG game (written from the same walk and loaded) and its
CFRSolver and CFRPlusSolver, with the growth of resident memory each build causes
(``/proc/self/statm``: C++'s allocations are not Python's, so tracemalloc would miss
them); ``SOLVER_ITERATIONS`` of each variant, ours and C++'s in turn; the
exploitability of each average policy, ours (the fastest of 3) and
``pyspiel.exploitability``, which must agree to ``SOLVER_TOLERANCE``, as must ours of
C++'s own policy. Measured at a load of 6.5 to 8 on 2 cores (two runs, liars-dice 2
seats of one die): an iteration 15 ms ours against 127 to 133 ms (CFR) and 149 to 158
ms (CFR+) for C++; an exploitability 7 to 8 ms against 3.1 to 4.2 s; 106 MB against
117 MB; the exploitabilities 5e-17 apart at most.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from dicerules.bench.record import note
from dicerules.bench.timing import (
    fitted_rows,
    load_pyspiel,
    machine_line,
    ratio,
    ratio_text,
    runs_text,
    spread_text,
    spread_warning,
    summarize,
    time_text,
)
from dicerules.game import GAMES, AnyGame

CFR_TARGET: Final = "<= 3x"
"""What the adapter's build time and memory must stay within, to OpenSpiel's own game."""
EFG_TARGET: Final = "<= 1.2x"
"""What C++ CFR's iterations on the native tree must stay within, to OpenSpiel's own game."""
CFR_ITERATIONS: Final = 2
"""The CFR iterations each run times after its build."""
EXPLOITABILITY_TOLERANCE: Final = 1e-9
"""How far apart the runs' exploitabilities may be."""


_PEAK_SOURCE: Final = """
import resource
def peak():
    # The peak resident memory of this process's own address space (Linux's VmHWM):
    # ru_maxrss keeps the parent's across fork and exec, a bench's hundreds of MB.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
"""
"""Python source defining ``peak()``, a process's peak resident memory in bytes, for
the child processes whose peak is measured (``_CFR_CHILD``)."""

_CFR_CHILD: Final = (
    _PEAK_SOURCE
    + """
import json, sys, time
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability
which, name, spiel, iterations = sys.argv[1:5]
by_node = which == "adapter by node"
which = "adapter" if by_node else which
if which in ("adapter", "efg"):
    import dicerules.openspiel
    from dicerules.game import get_game
    rules = get_game(name).benchmarks.solver.rules
before = peak()
start = time.process_time()
if which == "adapter":
    spiel_game = dicerules.openspiel.game(name, rules, whole_tree=not by_node)
elif which == "efg":
    spiel_game = dicerules.openspiel.native(name, rules).game
else:
    spiel_game = pyspiel.load_game(spiel)
if which in ("openspiel", "adapter"):
    tabular = policy.TabularPolicy(spiel_game)
    solver = cfr.CFRSolver(spiel_game)
    states = len(tabular.state_lookup)
else:
    solver = pyspiel.CFRSolver(spiel_game)
    states = len(solver.tabular_average_policy().policy_table())
seconds = time.process_time() - start
highest = peak()
times = []
for _ in range(int(iterations)):
    start = time.process_time()
    solver.evaluate_and_update_policy()
    times.append(time.process_time() - start)
if which in ("openspiel", "adapter"):
    found = exploitability.exploitability(spiel_game, solver.average_policy())
else:
    found = pyspiel.exploitability(spiel_game, solver.average_policy())
print(json.dumps({"seconds": seconds, "peak": highest, "before": before, "states": states,
                  "iteration": min(times), "exploitability": found}))
"""
)
"""The child process one run is, so that its peak memory is its own; its times are
the process's CPU time, which a busy machine disturbs less than the wall clock."""


CFR_RUNS: Final = ("openspiel", "adapter", "adapter by node", "openspiel C++", "efg")
"""The runs of ``bench --cfr``, in the order each repeat runs them: ``adapter`` is
``dicerules.openspiel.game(..., whole_tree=True)``, ``adapter by node`` the game that
makes each node from the engine as a walk first reaches it."""

_BASE: Final = {"adapter": "openspiel", "adapter by node": "openspiel", "efg": "openspiel C++"}
"""Each run's ratios are over this run's."""
_TARGETS: Final = {"adapter": CFR_TARGET, "efg": EFG_TARGET}


def cfr_games(wanted: Sequence[str] = ()) -> list[AnyGame]:
    """The games with solver rules (``Benchmarks.solver``), of ``wanted`` if given."""
    return [
        game
        for game in GAMES.values()
        if game.benchmarks.solver is not None and (not wanted or game.name in wanted)
    ]


def cfr_build(which: str, game: AnyGame) -> dict[str, float]:
    """One run in a fresh process (``CFR_RUNS``): its build's seconds, peak memory and
    memory before, information states, its fastest CFR iteration's seconds, and the
    exploitability of its average policy after ``CFR_ITERATIONS`` iterations."""
    setting = game.benchmarks.solver
    assert setting is not None
    runner = which.replace(" C++", "-cpp")  # "openspiel C++" -> "openspiel-cpp"
    done = subprocess.run(
        [sys.executable, "-c", _CFR_CHILD, runner, game.name, setting.spiel, str(CFR_ITERATIONS)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


@attrs.frozen
class AdapterRow:
    """One run of the first table, over its repeats: ``build`` (median seconds) and its
    ``spread``, ``peak`` and ``start`` memory (bytes), the build's and the memory's
    ratios to the run it is beside (None for a run beside none), the fastest
    ``iteration`` (median over repeats) and its ratio, the ``exploitability`` after it."""

    run: str
    states: int
    build: float
    spread: float | None
    peak: float
    start: float
    build_ratio: float | None
    memory_ratio: float | None
    iteration: float
    iteration_ratio: float | None
    exploitability: float
    target: str


def adapter_rows(runs: dict[str, list[dict[str, float]]]) -> list[AdapterRow]:
    """The rows of the first table from each run's repeats (``cfr_build``'s figures)."""
    median = {
        which: {key: statistics.median(run[key] for run in found) for key in found[0]}
        for which, found in runs.items()
    }
    rows = []
    for which, found in runs.items():
        times = summarize([run["seconds"] for run in found])
        mine, base = median[which], median.get(_BASE.get(which, ""))
        rows.append(
            AdapterRow(
                which,
                int(mine["states"]),
                times.median,
                times.spread,
                mine["peak"],
                mine["before"],
                None if base is None else ratio(times.median, base["seconds"]),
                None if base is None else ratio(mine["peak"], base["peak"]),
                mine["iteration"],
                None if base is None else ratio(mine["iteration"], base["iteration"]),
                mine["exploitability"],
                _TARGETS.get(which, ""),
            )
        )
    return rows


def _adapter_cells(row: AdapterRow) -> list[str]:
    return [
        row.run, f"{row.states:,}", time_text(row.build), spread_text(row.spread),
        f"{row.peak / 2**20:,.0f}", f"{row.start / 2**20:,.0f}", ratio_text(row.build_ratio),
        ratio_text(row.memory_ratio), time_text(row.iteration), ratio_text(row.iteration_ratio),
        f"{row.exploitability:.9f}", row.target,
    ]  # fmt: skip


def _measured(which: str, run: dict[str, float]) -> str:
    """One run's figures, as a line printed as soon as it is measured."""
    return (
        f"  {which}: build {time_text(run['seconds'])}, peak {run['peak'] / 2**20:,.0f} MB,"
        f" iteration {time_text(run['iteration'])}, exploitability {run['exploitability']:.12g}"
    )


# ------------------------------------------------------------------ dicerules.solvers


SOLVER_ITERATIONS: Final = 10
"""The iterations of each variant the solver run times, ours and OpenSpiel's in turn."""
SOLVER_TOLERANCE: Final = 1e-12
"""How far apart ours and OpenSpiel's exploitabilities may be."""
_SOLVER_TARGETS: Final = {"iteration": ">= 2x", "exploitability": ">= 100x"}
_VARIANTS: Final = {"cfr": "CFR", "cfr+": "CFR+"}

_SOLVER_CHILD: Final = """
import json, sys
from dicerules.bench.cfr import solver_measure
from dicerules.game import get_game
game = get_game(sys.argv[1])
print(json.dumps(solver_measure(game, game.benchmarks.solver.rules, int(sys.argv[2]))))
"""
"""The child process a solver run is."""


def resident() -> int | None:
    """This process's resident memory now, in bytes (``/proc/self/statm``); None where
    the system does not tell it."""
    try:
        with open("/proc/self/statm", encoding="ascii") as file:
            pages = int(file.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):  # no /proc, no sysconf
        return None


def _grown(before: int | None) -> float | None:
    after = resident()
    return None if before is None or after is None else float(after - before)


def solver_measure(
    game: AnyGame, rules: Any, iterations: int = SOLVER_ITERATIONS
) -> dict[str, float | None]:
    """``dicerules.solvers`` beside OpenSpiel's C++ on one tree of ``game`` under
    ``rules``, in this process, in CPU time: the walk (shared); our arrays and a CFR
    and a CFR+ solver, and OpenSpiel's EFG game of the tree (``native_tree``) and its
    C++ CFRSolver and CFRPlusSolver, each with the growth of resident memory it caused;
    ``iterations`` of each variant, ours and C++'s in turn (the median of each); then
    the exploitability of each average policy, by ``solvers.exploitability`` (the
    fastest of 3) and ``pyspiel.exploitability``, and ours of OpenSpiel's policy."""
    import pyspiel  # type: ignore[import-not-found]

    from dicerules import openspiel, solvers, tree

    clock = time.process_time
    found: dict[str, float | None] = {}
    start = clock()
    walked = tree.walk(game, rules, views=False)
    found["nodes"], found["walk"] = walked.nodes, clock() - start
    before, start = resident(), clock()
    ours = {variant: solvers.CFR(walked, variant) for variant in _VARIANTS}
    found["ours build"], found["ours memory"] = clock() - start, _grown(before)
    before, start = resident(), clock()
    native = openspiel.native_tree(walked)
    theirs = {"cfr": pyspiel.CFRSolver(native.game), "cfr+": pyspiel.CFRPlusSolver(native.game)}
    found["C++ build"], found["C++ memory"] = clock() - start, _grown(before)
    for variant, solver in ours.items():
        mine: list[float] = []
        cpp: list[float] = []
        for _ in range(iterations):
            start = clock()
            solver.run(1)
            mine.append(clock() - start)
            start = clock()
            theirs[variant].evaluate_and_update_policy()
            cpp.append(clock() - start)
        found[f"ours {variant}"] = statistics.median(mine)
        found[f"C++ {variant}"] = statistics.median(cpp)
        policy, times = solver.average_policy(), []
        for _ in range(3):
            start = clock()
            found[f"{variant} exploitability, ours"] = solvers.exploitability(walked, policy)
            times.append(clock() - start)
        start = clock()
        found[f"{variant} exploitability, C++"] = pyspiel.exploitability(
            native.game, theirs[variant].average_policy()
        )
        found[f"C++ {variant} exploitability"] = clock() - start
        found[f"ours {variant} exploitability"] = min(times)
        found[f"{variant} exploitability, ours of C++'s policy"] = solvers.exploitability(
            walked, native.tables(theirs[variant].tabular_average_policy())
        )
    return found


def solver_run(game: AnyGame, iterations: int = SOLVER_ITERATIONS) -> dict[str, float | None]:
    """``solver_measure`` on ``game``'s solver rules, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _SOLVER_CHILD, game.name, str(iterations)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float | None] = json.loads(done.stdout.splitlines()[-1])
    return result


@attrs.frozen
class SolverRow:
    """One comparison of the solver table: what was timed (seconds) or weighed (bytes,
    ``unit``), ours and OpenSpiel C++'s medians over the runs, the spread of ours, the
    ``target`` of ``ratio`` (C++'s over ours: how many times faster or smaller ours is)."""

    what: str
    ours: float | None
    theirs: float | None
    spread: float | None
    unit: str = "s"
    target: str = ""

    @property
    def ratio(self) -> float | None:
        if self.ours is None or self.theirs is None:
            return None
        return ratio(self.theirs, self.ours)


def solver_rows(runs: Sequence[dict[str, float | None]]) -> list[SolverRow]:
    """The rows of the solver table from the runs' figures (``solver_measure``)."""

    def figures(key: str) -> tuple[float | None, float | None]:
        values = [run[key] for run in runs if run.get(key) is not None]
        if not values:
            return None, None
        told = summarize([float(value) for value in values if value is not None])
        return told.median, told.spread

    def row(what: str, key: str, unit: str = "s", target: str = "") -> SolverRow:
        ours, spread = figures(f"ours {key}")
        theirs, _ = figures(f"C++ {key}")
        return SolverRow(what, ours, theirs, spread, unit, target)

    rows = [
        SolverRow("walk (both)", figures("walk")[0], None, figures("walk")[1]),
        row("build", "build"),
        row("memory (RSS growth)", "memory", "bytes"),
    ]
    for variant, name in _VARIANTS.items():
        rows.append(row(f"{name} iteration", variant, target=_SOLVER_TARGETS["iteration"]))
    for variant, name in _VARIANTS.items():
        rows.append(
            row(
                f"exploitability, {name}",
                f"{variant} exploitability",
                target=_SOLVER_TARGETS["exploitability"],
            )
        )
    return rows


def _solver_cells(row: SolverRow) -> list[str]:
    def shown(value: float | None) -> str:
        if value is None:
            return "-"
        return f"{value / 2**20:,.0f} MB" if row.unit == "bytes" else time_text(value)

    return [row.what, shown(row.ours), spread_text(row.spread), shown(row.theirs),
            ratio_text(row.ratio), row.target]  # fmt: skip


def solver_differences(runs: Sequence[dict[str, float | None]]) -> dict[str, float]:
    """For each variant, the largest gap over the runs between OpenSpiel's exploitability
    of its average policy and ours, of our average policy and of OpenSpiel's."""
    gaps: dict[str, float] = {}
    for variant, name in _VARIANTS.items():
        cpp = f"{variant} exploitability, C++"
        for mine, whose in (("ours", "our policy"), ("ours of C++'s policy", "C++'s policy")):
            gaps[f"after {name}, our exploitability of {whose}"] = max(
                abs(float(run[f"{variant} exploitability, {mine}"] or 0.0) - float(run[cpp] or 0.0))
                for run in runs
            )
    return gaps


def _solver_measured(run: dict[str, float | None]) -> str:
    def pair(key: str) -> str:
        return f"{time_text(run[f'ours {key}'] or 0.0)} vs {time_text(run[f'C++ {key}'] or 0.0)}"

    parts = [f"{name} {pair(variant)}" for variant, name in _VARIANTS.items()]
    told = run["cfr+ exploitability, ours"]
    return (
        f"  solvers: {', '.join(parts)} an iteration; exploitability"
        f" {pair('cfr+ exploitability')} ({told:.12g})"
    )


def setting_label(game: AnyGame) -> str:
    """Bench's name for ``game``'s solver rules (``Benchmarks.solver.label``)."""
    setting = game.benchmarks.solver
    assert setting is not None
    return setting.label


_NOTED: Final = {"build": "seconds", "memory": "peak", "iteration": "iteration"}
"""The adapter table's figures ``bench --json`` records, by name, and their keys."""


def _note_adapter(label: str, runs: dict[str, list[dict[str, float]]]) -> None:
    """Record each run's build, memory and iteration over its base run's
    (``cfr/LABEL/RUN/build``, ...), run i of each beside run i of the other."""
    for which, base in _BASE.items():
        target = _TARGETS.get(which, "")
        for name, key in _NOTED.items():
            note(f"cfr/{label}/{which}/{name}", [run[key] for run in runs[which]],
                 [run[key] for run in runs[base]], clock="cpu" if key != "peak" else "wall",
                 target=target)  # fmt: skip


def _note_solvers(label: str, runs: Sequence[dict[str, float | None]]) -> None:
    """Record how many times faster than OpenSpiel's C++ our iterations and our
    exploitability are (``cfr/LABEL/solvers/...``: C++'s CPU time over ours)."""
    for variant, name in _VARIANTS.items():
        for what, key, target in (
            (f"{name} iteration", variant, _SOLVER_TARGETS["iteration"]),
            (f"exploitability after {name}", f"{variant} exploitability",
             _SOLVER_TARGETS["exploitability"]),
        ):  # fmt: skip
            pairs = [(run[f"C++ {key}"], run[f"ours {key}"]) for run in runs]
            known = [(cpp, ours) for cpp, ours in pairs if cpp is not None and ours is not None]
            if known:
                note(f"cfr/{label}/solvers/{what}, C++ over ours", [cpp for cpp, _ in known],
                     [ours for _, ours in known], clock="cpu", target=target)  # fmt: skip


def _table(header: list[str], rows: list[list[str]], columns: int | None) -> Iterator[str]:
    """A table's lines, a block a row where it is wider than ``columns`` (None: any)."""
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    yield from fitted_rows(header, rows, widths, columns)


def cfr_lines(wanted: Sequence[str], repeats: int, columns: int | None = None) -> Iterator[str]:
    """The lines of ``bench --cfr``: each run's figures as it is measured, then for each
    game a table of the runs (``CFR_RUNS``), interleaved ``repeats`` times: median
    build seconds and spread, peak memory and the memory at its start, the build's and
    the memory's ratios, the fastest iteration and its ratio, the exploitability; then
    ``repeats`` solver runs (``solver_measure``) and their table (``solver_rows``). A
    table wider than ``columns`` (None: any width) is told a block a row."""
    games = cfr_games(wanted)
    yield "dicerules bench --cfr: OpenSpiel's CFR built and iterated, each run in a fresh"
    yield (
        f"process; {repeats} run{'' if repeats == 1 else 's'} of each, interleaved;"
        f" {runs_text(repeats)}"
    )
    yield machine_line()
    if load_pyspiel() is None:
        yield "pyspiel: not installed (python -m pip install 'dicerules[openspiel]')"
        return
    header = ["run", "states", "build", "spread", "peak MB", "start MB", "build x",
              "memory x", "iteration", "iteration x", "exploitability", "target"]  # fmt: skip
    spreads: list[float | None] = []
    for game in games:
        setting = game.benchmarks.solver
        assert setting is not None
        yield ""
        yield f"{setting.label}, beside OpenSpiel's {setting.spiel}:"
        runs: dict[str, list[dict[str, float]]] = {which: [] for which in CFR_RUNS}
        for _ in range(repeats):
            for which, found in runs.items():
                found.append(cfr_build(which, game))
                yield _measured(which, found[-1])
        rows = adapter_rows(runs)
        spreads.extend(row.spread for row in rows)
        _note_adapter(setting.label, runs)
        yield ""
        yield "Python: OpenSpiel's TabularPolicy and CFRSolver on its game and through the"
        yield "adapter (its whole tree walked first, in its build; or node by node); C++: its"
        yield "CFRSolver on its game and on dicerules.openspiel.native (the tree walked and"
        yield f"loaded, in its build); the fastest of {CFR_ITERATIONS} iterations; exploitability"
        yield "after them:"
        yield from _table(header, [_adapter_cells(row) for row in rows], columns)
        found_all = [run["exploitability"] for found in runs.values() for run in found]
        spread = max(found_all) - min(found_all)
        same = spread <= EXPLOITABILITY_TOLERANCE
        yield (
            f"exploitabilities {'equal' if same else 'DIFFER'}: {spread:.3g} apart"
            f" (tolerance {EXPLOITABILITY_TOLERANCE:g})"
        )
        yield from _solver_lines(game, repeats, spreads, columns)
    yield from spread_warning(spreads)


def _solver_lines(
    game: AnyGame, repeats: int, spreads: list[float | None], columns: int | None
) -> Iterator[str]:
    """The solver runs of ``game`` and their table (their spreads added to ``spreads``)."""
    yield ""
    yield (
        f"dicerules.solvers beside OpenSpiel's C++ on the same tree, each run in one process"
        f" ({SOLVER_ITERATIONS} iterations of each variant, in turn); the build is our"
        " arrays with a CFR and a CFR+ solver, and the EFG game with pyspiel's CFRSolver"
        " and CFRPlusSolver:"
    )
    runs = []
    for _ in range(repeats):
        runs.append(solver_run(game))
        yield _solver_measured(runs[-1])
    rows = solver_rows(runs)
    spreads.extend(row.spread for row in rows)
    _note_solvers(setting_label(game), runs)
    header = ["CPU time (median)", "ours", "spread", "C++", "C++/ours", "target"]
    yield ""
    yield from _table(header, [_solver_cells(row) for row in rows], columns)
    for what, gap in solver_differences(runs).items():
        same = gap <= SOLVER_TOLERANCE
        yield (
            f"{what}: {'equal to' if same else 'DIFFERS from'} C++'s, {gap:.3g} apart"
            f" (tolerance {SOLVER_TOLERANCE:g})"
        )
