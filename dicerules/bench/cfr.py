"""``bench --cfr``: building OpenSpiel's TabularPolicy and CFRSolver on each game's
solver rules (``Benchmarks.solver``) through ``dicerules.openspiel``, beside OpenSpiel's
own game and its ``precomputed_game`` (the floor of any Python game), each build in a
fresh process so that its peak memory is its own.

Measured on 2 cores (Python 3.11, pyspiel 2.0.2, liars-dice 2 seats of one die, 24,576
information states): OpenSpiel's own game 5.9 s and 277 MB; through the adapter 10.2x
its time and 2.5x its memory (the memory target, 3x, holds: it was 2.6 GB when each
state kept a copy of what the observers had made of the states before it), 5.9x with
the collector off; the floor 3.2x (3.1x to 3.6x in other runs, 2.8x with the collector
off), so the time target cannot be met with the collector on. Both builds walk the
whole tree three times (two tabular policies, then the solver's walk), about 300,000
states a walk, and for a Python game pyspiel makes every child by calling
``new_initial_state``, deep-copying the parent's Python attributes and calling
``apply_action``, and calls into Python for each question put to a state. The adapter
adds the engine's ``apply`` and each seat's view and information state at every
state, about ten tuples a state that the collector tracks (5.8 million objects for the
tree) and scans again and again while the tree grows: 40% of its time, which
``gc.disable()`` around a whole-tree build saves.
"""

from __future__ import annotations

import importlib
import itertools
import statistics
import sys
from collections.abc import Iterator, Sequence
from typing import Any, Final

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
"""What the adapter's time and memory must stay within, to OpenSpiel's own game."""


_CFR_CHILD: Final = """
import gc, json, resource, sys, time
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr
which, name, spiel = sys.argv[1:4]
which, _, gc_off = which.partition(" -")
if which == "adapter":
    import dicerules.openspiel
    from dicerules.game import get_game
    rules = get_game(name).benchmarks.solver.rules
if which == "floor":
    from dicerules.bench import precomputed_game
    spiel_game = precomputed_game(spiel)
if gc_off:
    gc.disable()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
start = time.perf_counter()
if which == "adapter":
    spiel_game = dicerules.openspiel.game(name, rules)
elif which == "openspiel":
    spiel_game = pyspiel.load_game(spiel)
tabular = policy.TabularPolicy(spiel_game)
solver = cfr.CFRSolver(spiel_game)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak": peak, "before": before,
                  "states": len(tabular.state_lookup)}))
"""
"""The child process one build runs in, so that its peak memory is its own (the
floor's clock and memory start once its tree has been worked out). A run named
``"... -gc"`` builds with Python's garbage collector disabled."""


CFR_RUNS: Final = ("openspiel", "adapter", "adapter -gc", "floor", "floor -gc")
"""The builds of ``bench --cfr``, in the order each repeat runs them."""


PRECOMPUTED_NAME: Final = "dicerules_bench_floor"
"""The start of the short names ``precomputed_game`` registers with pyspiel."""


_precomputed = itertools.count()


def precomputed_game(spiel: str) -> Any:
    """OpenSpiel's game ``spiel`` (``pyspiel.load_game``'s form) made again as a
    pyspiel Python game whose every answer was worked out beforehand, in one walk of
    its whole tree: the current player, legal actions, chance outcomes, each
    player's information state string and the returns of each state are looked up,
    and applying an action moves to a child made in advance.

    No Python game does less at a state, so building a solver on it is the least any
    Python game costs through pyspiel's Python-game interface (the ``floor`` row of
    ``bench --cfr``). The walk is recursive and keeps every state, so it is for games
    small enough for tabular solvers. Each call registers a game of its own with
    pyspiel, which keeps it (and its tree) until the interpreter exits."""
    pyspiel = importlib.import_module("pyspiel")
    native = pyspiel.load_game(spiel)
    players = native.num_players()

    class Node:
        __slots__ = ("chance", "children", "infos", "legal", "player", "returns", "terminal")

        def __init__(self, state: Any) -> None:
            self.terminal: bool = state.is_terminal()
            self.player: int = state.current_player()
            self.returns: list[float] = state.returns()
            self.chance: list[tuple[int, float]] = (
                state.chance_outcomes() if state.is_chance_node() else []
            )
            self.legal: list[int] = [] if self.terminal else state.legal_actions()
            self.infos: list[str] = (
                [state.information_state_string(p) for p in range(players)]
                if self.player >= 0
                else []
            )
            self.children = {action: Node(state.child(action)) for action in self.legal}

        def __deepcopy__(self, memo: object) -> Node:
            return self  # immutable once made, so a pyspiel clone shares it

    root = Node(native.new_initial_state())
    kind = native.get_type()
    name = f"{PRECOMPUTED_NAME}_{next(_precomputed)}"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{spiel}, precomputed",
        dynamics=kind.dynamics,
        chance_mode=kind.chance_mode,
        information=kind.information,
        utility=kind.utility,
        reward_model=kind.reward_model,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=native.num_distinct_actions(),
        max_chance_outcomes=native.max_chance_outcomes(),
        num_players=players,
        min_utility=native.min_utility(),
        max_utility=native.max_utility(),
        utility_sum=native.utility_sum() if kind.utility == kind.Utility.ZERO_SUM else None,
        max_game_length=native.max_game_length(),
    )

    class Observer:
        def __init__(self) -> None:
            self.tensor = None
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            return str(state.node.infos[player])

    state_base: Any = pyspiel.State
    game_base: Any = pyspiel.Game

    class State(state_base):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.node = root

        def current_player(self) -> int:
            return self.node.player

        def _legal_actions(self, player: int) -> list[int]:
            return self.node.legal

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.node.chance

        def _apply_action(self, action: int) -> None:
            self.node = self.node.children[action]

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def is_terminal(self) -> bool:
            return self.node.terminal

        def returns(self) -> list[float]:
            return self.node.returns

        def __str__(self) -> str:
            return ""

    class Game(game_base):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, *unused: object) -> Observer:
            return Observer()

    pyspiel.register_game(game_type, Game)
    return pyspiel.load_game(name)


def cfr_games(wanted: Sequence[str] = ()) -> list[AnyGame]:
    """The games with solver rules (``Benchmarks.solver``), of ``wanted`` if given."""
    return [
        game
        for game in GAMES.values()
        if game.benchmarks.solver is not None and (not wanted or game.name in wanted)
    ]


def cfr_build(which: str, game: AnyGame) -> dict[str, float]:
    """One build of a TabularPolicy and a CFRSolver in a fresh process: ``which`` is
    ``"adapter"`` (the game's solver rules through dicerules.openspiel) or
    ``"openspiel"`` (its counterpart): seconds, peak memory, memory before, states."""
    import json
    import subprocess

    setting = game.benchmarks.solver
    assert setting is not None
    done = subprocess.run(
        [sys.executable, "-c", _CFR_CHILD, which, game.name, setting.spiel],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def cfr_lines(wanted: Sequence[str], repeats: int) -> Iterator[str]:
    """The lines of ``bench --cfr``: for each game with solver rules, building
    OpenSpiel's TabularPolicy and CFRSolver through the adapter and on OpenSpiel's
    own game and on its ``precomputed_game`` (the floor), the adapter's and the
    floor's also with the garbage collector off (``CFR_RUNS``), each in a fresh
    process, interleaved ``repeats`` times: median seconds and spread, peak memory and
    the memory the process held at the start of the build (after its imports, and
    for the floor its tree)."""
    games = cfr_games(wanted)
    yield "dicerules bench --cfr: TabularPolicy(game) and CFRSolver(game), each build in a"
    yield (
        f"fresh process; {repeats} run{'' if repeats == 1 else 's'} of each, interleaved;"
        f" {runs_text(repeats)}"
    )
    yield machine_line()
    if load_pyspiel() is None:
        yield "pyspiel: not installed (python -m pip install 'dicerules[openspiel]')"
        return
    header = ["run", "states", "time", "spread", "peak MB", "start MB", "time x", "memory x",
              "target"]  # fmt: skip
    spreads: list[float | None] = []
    for game in games:
        setting = game.benchmarks.solver
        assert setting is not None
        runs: dict[str, list[dict[str, float]]] = {which: [] for which in CFR_RUNS}
        for _ in range(repeats):
            for which, found in runs.items():
                found.append(cfr_build(which, game))
        rows = []
        native_time = statistics.median(run["seconds"] for run in runs["openspiel"])
        native_peak = statistics.median(run["peak"] for run in runs["openspiel"])
        for which, found in runs.items():
            times = summarize([run["seconds"] for run in found])
            spreads.append(times.spread)
            peak = statistics.median(run["peak"] for run in found)
            before = statistics.median(run["before"] for run in found)
            adapter = which == "adapter"
            rows.append([
                which, f"{int(found[0]['states']):,}", time_text(times.median),
                spread_text(times.spread), f"{peak / 2**20:,.0f}", f"{before / 2**20:,.0f}",
                ratio_text(ratio(times.median, native_time)) if which != "openspiel" else "-",
                ratio_text(ratio(peak, native_peak)) if adapter else "-",
                CFR_TARGET if adapter else "",
            ])  # fmt: skip
        yield ""
        yield f"{setting.label} through the adapter, beside OpenSpiel's {setting.spiel}"
        yield "and the floor: OpenSpiel's game as a Python game with every answer worked out"
        yield "before the build (precomputed_game), the least any Python game costs;"
        yield "-gc: the same with Python's garbage collector off for the build (gc.disable()):"
        yield from format_table(header, rows).splitlines()
    yield from spread_warning(spreads)
