"""``bench --cfr``: OpenSpiel's CFR on each game's solver rules (``Benchmarks.solver``),
beside OpenSpiel's own game of them, each build in a fresh process so that its peak
memory is its own.

Two pairs. Python: OpenSpiel's TabularPolicy and CFRSolver (Python) built on its own
game and through ``dicerules.openspiel`` (its whole tree, and node by node), then
``CFR_ITERATIONS`` iterations. C++: OpenSpiel's C++ CFRSolver on its own game and on
``dicerules.openspiel.native`` (the tree walked from our engine, written as EFG text,
loaded by pyspiel: all counted in its build), then as many iterations. Every row ends
with the exploitability of its average policy, which must be the same in all.

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
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Final

from dicerules.bench.timing import (
    format_table,
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


_CFR_CHILD: Final = """
import json, resource, sys, time
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
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
start = time.perf_counter()
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
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
times = []
for _ in range(int(iterations)):
    start = time.perf_counter()
    solver.evaluate_and_update_policy()
    times.append(time.perf_counter() - start)
if which in ("openspiel", "adapter"):
    found = exploitability.exploitability(spiel_game, solver.average_policy())
else:
    found = pyspiel.exploitability(spiel_game, solver.average_policy())
print(json.dumps({"seconds": seconds, "peak": peak, "before": before, "states": states,
                  "iteration": min(times), "exploitability": found}))
"""
"""The child process one run is, so that its peak memory is its own."""


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


def _measured(which: str, run: dict[str, float]) -> str:
    """One run's figures, as a line printed as soon as it is measured."""
    return (
        f"  {which}: build {time_text(run['seconds'])}, peak {run['peak'] / 2**20:,.0f} MB,"
        f" iteration {time_text(run['iteration'])}, exploitability {run['exploitability']:.12g}"
    )


def cfr_lines(wanted: Sequence[str], repeats: int) -> Iterator[str]:
    """The lines of ``bench --cfr``: each run's figures as it is measured, then for each
    game a table of the runs (``CFR_RUNS``), interleaved ``repeats`` times: median
    build seconds and spread, peak memory and the memory at its start, the build's and
    the memory's ratios, the fastest iteration and its ratio, the exploitability."""
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
        median = {
            which: {key: statistics.median(run[key] for run in found) for key in found[0]}
            for which, found in runs.items()
        }
        rows = []
        for which, found in runs.items():
            times = summarize([run["seconds"] for run in found])
            spreads.append(times.spread)
            mine, base = median[which], median.get(_BASE.get(which, ""))
            rows.append([
                which, f"{int(mine['states']):,}", time_text(times.median),
                spread_text(times.spread), f"{mine['peak'] / 2**20:,.0f}",
                f"{mine['before'] / 2**20:,.0f}",
                "-" if base is None else ratio_text(ratio(times.median, base["seconds"])),
                "-" if base is None else ratio_text(ratio(mine["peak"], base["peak"])),
                time_text(mine["iteration"]),
                "-" if base is None else ratio_text(ratio(mine["iteration"], base["iteration"])),
                f"{mine['exploitability']:.9f}", _TARGETS.get(which, ""),
            ])  # fmt: skip
        yield ""
        yield "Python: OpenSpiel's TabularPolicy and CFRSolver on its game and through the"
        yield "adapter (its whole tree walked first, in its build; or node by node); C++: its"
        yield "CFRSolver on its game and on dicerules.openspiel.native (the tree walked and"
        yield f"loaded, in its build); the fastest of {CFR_ITERATIONS} iterations; exploitability"
        yield "after them:"
        yield from format_table(header, rows).splitlines()
        found_all = [run["exploitability"] for found in runs.values() for run in found]
        spread = max(found_all) - min(found_all)
        same = spread <= EXPLOITABILITY_TOLERANCE
        yield (
            f"exploitabilities {'equal' if same else 'DIFFER'}: {spread:.3g} apart"
            f" (tolerance {EXPLOITABILITY_TOLERANCE:g})"
        )
    yield from spread_warning(spreads)
