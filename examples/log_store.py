"""Testing your own code with dicerules.testing: a toy store of game logs.

``GameLogStore`` keeps each table's game as a JSON record, the way a game server
might keep it in a database row, and gives the game back on load. The state machine
below plays random legal games of liar's dice (every promise of the Game protocol
checked at each step by ``dicerules.testing``) and adds one rule of its own: save the
table, load it, and get back the very state, as every seat sees it.

    python examples/log_store.py            # the store keeps every game: says so, and
                                            # how many runs, saves and actions it took
    python examples/log_store.py --buggy    # a store that forgets the rules: the
                                            # shortest game that breaks it, and exit 1
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import Any, ClassVar

import attrs

try:
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis import strategies as st
    from hypothesis.stateful import precondition, rule, run_state_machine_as_test
except ImportError:  # an extra: say so in one line, not a traceback
    sys.exit("log_store.py needs hypothesis: pip install 'dicerules[testing]'")

import dicerules
from dicerules import testing
from dicerules.games import liars_dice

GAME = dicerules.get_game("liars-dice")


class GameLogStore:
    """Game records by table name, as JSON text.

    With ``forget_rules`` it has a bug: its rows have no place for the rules, and a
    load fills in the game's default rules.
    """

    def __init__(self, *, forget_rules: bool = False) -> None:
        self.forget_rules = forget_rules
        self._rows: dict[str, str] = {}

    def save(self, table: str, state: Any) -> None:
        row = dicerules.record(state).to_dict()
        if self.forget_rules:
            del row["rules"]
        self._rows[table] = json.dumps(row)

    def load(self, table: str) -> Any:
        row = json.loads(self._rows[table])
        row.setdefault("rules", attrs.asdict(GAME.default_rules))
        return dicerules.replay(dicerules.GameRecord.from_dict(row))


# Small tables, so that games often end within a run (a finished game is a case too).
SMALL_TABLES = st.builds(
    liars_dice.Rules, players=st.integers(2, 3), dice_per_player=st.integers(1, 2)
)


# checks=False: the engine's own promises are dicerules' business; this tests the store.
class StoreMachine(testing.state_machine(GAME, SMALL_TABLES, checks=False)):  # type: ignore[misc]
    """Random legal games of liar's dice; after any action, the store must keep the game."""

    forget_rules = False
    tally: ClassVar[dict[str, int]] = {"runs": 0, "checks": 0, "longest": 0}  # the whole test

    def __init__(self) -> None:
        super().__init__()
        self.store = GameLogStore(forget_rules=self.forget_rules)
        self.tally["runs"] += 1

    @precondition(lambda self: self.state is not None)
    @rule()
    def save_and_load(self) -> None:
        self.store.save("table 1", self.state)
        loaded = self.store.load("table 1")
        assert loaded == self.state, "the store gave back another game"
        for seat in (None, *range(self.rules.players)):
            assert GAME.view(loaded, seat) == GAME.view(self.state, seat)
        self.tally["checks"] += 1
        self.tally["longest"] = max(self.tally["longest"], len(GAME.history(self.state)))


class BuggyStoreMachine(StoreMachine):
    forget_rules = True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--buggy", action="store_true", help="test the store with the bug")
    args = parser.parse_args()
    machine = BuggyStoreMachine if args.buggy else StoreMachine
    # As a state machine's TestCase does, skip the health checks: a game is a long input.
    quick = settings(
        max_examples=50,
        stateful_step_count=15,
        deadline=None,
        database=None,
        derandomize=True,
        report_multiple_bugs=False,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    try:
        run_state_machine_as_test(machine, settings=quick)
    except Exception as error:
        # Hypothesis attaches the shortest run it found, step by step, as notes.
        print(f"The store broke: {type(error).__name__}: {error}")
        print("\n".join(getattr(error, "__notes__", [])))
        return 1
    tally = machine.tally
    said = (
        f"ok: {tally['runs']} random runs of liar's dice (2 or 3 seats, 1 or 2 dice each),"
        f" {tally['checks']} saves of games up to {tally['longest']} actions long: each"
        " loaded back as the same state, with the same view for every seat and a spectator."
    )
    print(textwrap.fill(said, 80))
    return 0


if __name__ == "__main__":
    sys.exit(main())
