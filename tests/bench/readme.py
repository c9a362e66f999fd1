"""Write README's Performance table from the recorded figures, tests/bench/performance.json.

From the repository root, with dicerules installed::

    dicerules bench --all --json tests/bench/performance.json   # measure (a quarter of an hour)
    python tests/bench/readme.py                                 # write the table

``--check`` writes nothing: it prints a unified diff of the README if its table is not
the one the file gives, and exits 1 (``test_readme_table.py`` checks the same).

The table lies between two comments in README.md (``START`` and ``END``). Each of its
rows (``TABLE``) takes its figures from the file's rows by key, or by a pattern of keys:
the ratio, the largest spread among them, and what the machine did while they were
measured (``record.load_label``: ``idle`` only under a load average of 0.5 throughout),
with ``CPU time`` where they were read on the process's CPU clock. A row whose figures
the file lacks says ``not recorded``. Nothing here reads the games installed: the table
is the file's, whatever the machine that writes it.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from dicerules.bench.record import Row, load_label, read
from dicerules.bench.timing import percent_text, ratio_text

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "bench" / "performance.json"
README = ROOT / "README.md"
START = (
    "<!-- performance table: written by python tests/bench/readme.py"
    " from tests/bench/performance.json -->"
)
END = "<!-- end of the performance table -->"


@attrs.frozen
class Line:
    """A row of the table: ``what`` is timed, its figures' ``keys`` and how to show them.

    ``how``: ``pair`` (two keys, ``a (b)``), ``each`` (a pattern whose group names each
    match, ``name a, name b``), ``range`` (a pattern: the lowest to the highest, each
    named), ``list`` (keys, ``a; b``).
    """

    what: str
    how: str
    keys: tuple[str, ...]
    target: str
    command: str


TWO_BY_FIVE = "scalar/scan/liars-dice-2x5"
CFR = r"cfr/[^/]+"

TABLE = (
    Line("liars-dice 2x5 over pyspiel's `liars_dice(numdice=5)`: decisions/s (rounds/s)",
         "pair", (f"{TWO_BY_FIVE}/decisions vs pyspiel", f"{TWO_BY_FIVE}/rounds vs pyspiel"),
         "1.3x (2x)", "`dicerules bench liars-dice-2x5`"),
    Line("the same, every pick by `random.choice(s)`", "pair",
         ("scalar/stdlib/liars-dice-2x5/decisions vs pyspiel",
          "scalar/stdlib/liars-dice-2x5/rounds vs pyspiel"),
         "", "`dicerules bench liars-dice-2x5 --sampler stdlib`"),
    Line("decisions/s over pyspiel's, each game with its default rules", "each",
         (r"scalar/scan/(?P<name>[a-z-]+)/decisions vs pyspiel",), "1x", "`dicerules bench`"),
    Line("a game through `dicerules.openspiel`, `dicerules.pettingzoo`, over the engine",
         "range", (r"scalar/scan/(?P<name>[a-z-]+ via [a-z]+)/vs engine",), "",
         "`dicerules bench`"),
    Line("`apply` at step 10,000 over step 10; a replay of 10,000 actions over 1,000", "list",
         ("long/liars-dice/apply at step 10,000 over step 10",
          "long/liars-dice/replay of 10,000 actions over 1,000"),
         "1.2x; 10x", "`dicerules bench liars-dice`"),
    Line("`batch.simulate` over the scalar engine, every game and preset", "range",
         (r"batch/(?P<name>[^/]+)/simulate vs scalar",), "15x", "`dicerules bench --batch`"),
    Line("a learner's loop (`observation` of the seat to act, `legal_mask`, `step`,"
         " `reset_done`) over the scalar engine and its Encoding", "range",
         (r"batch/(?P<name>[^/]+)/learner loop vs encoding",), "10x",
         "`dicerules bench --batch`"),
    Line("`batch.VectorEnv`'s step over PettingZoo's AEC env, the learner's decisions",
         "range", (r"batch/(?P<name>[^/]+)/VectorEnv vs pettingzoo",), "5x",
         "`dicerules bench --batch`"),
    Line("liars-dice 2x5 batch over pyspiel's rounds/s (over the scalar engine's decisions/s)",
         "pair",
         ("scalar/scan/liars-dice-2x5 batch/rounds vs pyspiel",
          "scalar/scan/liars-dice-2x5 batch/vs engine"),
         "25x", "`dicerules bench liars-dice-2x5`"),
    Line("`simulate` over a bare `play_match` loop; on 2 local workers; on a 2-worker"
         " LocalCluster", "list",
         ("simulate/liars-dice/simulate over play_match loop",
          "simulate/liars-dice/2 local workers over simulate",
          "simulate/liars-dice/2-worker LocalCluster over simulate"),
         "0.95x; 1.7x; 1.6x", "`dicerules bench --simulate`"),
    Line("a CFR build through the adapter with `whole_tree=True` (node by node) over"
         " OpenSpiel's own: time, memory; an iteration", "list",
         (rf"{CFR}/adapter/build", rf"{CFR}/adapter by node/build", rf"{CFR}/adapter/memory",
          rf"{CFR}/adapter by node/memory", rf"{CFR}/adapter/iteration",
          rf"{CFR}/adapter by node/iteration"),
         "3x", "`dicerules bench --cfr`"),
    Line("C++ CFR on the tree as EFG (`dos.native`) over OpenSpiel's own game: an iteration",
         "list", (rf"{CFR}/efg/iteration",), "1.2x", "`dicerules bench --cfr`"),
    Line("`dicerules.solvers`' CFR and CFR+ against pyspiel's C++ CFRSolver and"
         " CFRPlusSolver on the same tree (liars-dice 1x6), an iteration: how many times"
         " faster", "list",
         (rf"{CFR}/solvers/CFR iteration, C\+\+ over ours",
          rf"{CFR}/solvers/CFR\+ iteration, C\+\+ over ours"),
         "2x", "`dicerules bench --cfr`"),
    Line("`solvers.exploitability` against `pyspiel.exploitability` of the same policy"
         " (after CFR; after CFR+): how many times faster", "list",
         (rf"{CFR}/solvers/exploitability after CFR, C\+\+ over ours",
          rf"{CFR}/solvers/exploitability after CFR\+, C\+\+ over ours"),
         "100x", "`dicerules bench --cfr`"),
    Line("`wire.view` plus `wire.dumps` of it over `view`, for the seat to act in a seeded"
         " game of liars-dice classic", "list",
         ("messages/liars-dice/wire.view + wire.dumps over view",), "4x",
         "`dicerules bench liars-dice`"),
)  # fmt: skip
"""The rows of the table, in order."""

HEADER = ("what is timed", "ratio", "spread", "measured", "target", "command")


def matches(rows: Sequence[Row], pattern: str) -> list[tuple[str, Row]]:
    """The rows whose key is ``pattern`` (the key itself, or a regular expression of the
    whole key) or, for a
    pattern naming a group ``name``, every such row that is no counterpart's (whose
    ``decisions`` has no ``rounds`` beside it), each with its name."""
    found = []
    keys = {row.key for row in rows}
    for row in rows:
        match = re.fullmatch(pattern, row.key)
        if match is None and row.key != pattern:  # a key as it is, such as ``a + b``
            continue
        name = match.groupdict().get("name", "") if match else ""
        rounds = row.key.replace("/decisions vs", "/rounds vs")
        if name and row.key.endswith("/decisions vs pyspiel") and rounds in keys:
            continue  # a counterpart: it has its own row
        found.append((name, row))
    return found


def cells(line: Line, rows: Sequence[Row]) -> list[str]:
    """``line``'s cells from the recorded ``rows``."""
    picked = [found for key in line.keys for found in matches(rows, key)]
    shown = [row for _, row in picked if row.ratio is not None]
    if not shown:
        return [line.what, "not recorded", "", "", line.target, line.command]
    if line.how == "pair":
        first, *rest = (ratio_text(row.ratio) for row in shown)
        text = f"{first} ({rest[0]})" if rest else first
    elif line.how == "each":
        text = ", ".join(f"{name} {ratio_text(row.ratio)}" for name, row in picked)
    elif line.how == "range":
        ranked = sorted(picked, key=lambda found: found[1].ratio or 0.0)
        (low_name, low), (high_name, high) = ranked[0], ranked[-1]
        text = f"{ratio_text(low.ratio)} ({low_name}) to {ratio_text(high.ratio)} ({high_name})"
    else:
        text = "; ".join(ratio_text(row.ratio) for row in shown)
    spreads = [row.spread for row in shown if row.spread is not None]
    spread = percent_text(max(spreads)) if spreads else "-"
    measured = load_label(shown)
    if any(row.clock == "cpu" for row in shown):
        measured += ", CPU time"
    return [line.what, text, spread, measured, line.target, line.command]


def table(document: dict[str, Any]) -> list[str]:
    """The lines README holds between START and END for the recorded ``document``."""
    facts, load = document["machine"], document["load"]

    def average(key: str) -> str:
        values = load.get(key)
        return "unknown" if not values else f"{values[0]:.2f}"

    python = f"{facts.get('implementation', 'Python')} {facts['python']}"
    lines = [
        START,
        "",
        f"Recorded {document['started']} by `{document['command']}` on {facts['cpu']},"
        f" {facts['cores']} cores, {facts['os']}, {python}, NumPy {facts.get('numpy')},"
        f" OpenSpiel {facts.get('open_spiel')}; load average {average('start')} at the start,"
        f" {average('end')} at the end:",
        "",
        "| " + " | ".join(HEADER) + " |",
        "|" + "---|" * len(HEADER),
    ]
    for line in TABLE:
        lines.append("| " + " | ".join(cells(line, document["rows"])) + " |")
    return [*lines, "", END]


def rewritten(readme: str, document: dict[str, Any]) -> str:
    """``readme`` with its table (START to END) made from ``document``; ValueError
    without the two comments."""
    before, start, rest = readme.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise ValueError(f"README.md lacks the comments {START!r} and {END!r}")
    return before + "\n".join(table(document)) + after


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; diff and exit 1")
    parser.add_argument("--recorded", type=Path, default=RECORDED, help="the JSON file")
    parser.add_argument("--readme", type=Path, default=README, help="the README to rewrite")
    args = parser.parse_args(argv)
    text = args.readme.read_text()
    new = rewritten(text, read(args.recorded))
    if args.check:
        if new == text:
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            text.splitlines(keepends=True), new.splitlines(keepends=True),
            str(args.readme), f"{args.readme} from {args.recorded}"))  # fmt: skip
        return 1
    args.readme.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
