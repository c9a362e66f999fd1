"""The dicerules command line: ``games``, ``rules``, ``play``, ``simulate``, ``replay``,
``schema``, ``tree``, ``solve``, ``bench``.

A module per command (``dicerules.cli.play`` ...) and ``options``, what they share.

Run as ``dicerules COMMAND ...`` or ``python -m dicerules COMMAND ...``; ``main(argv)``
returns the exit status. Everything printed is plain text and the same for the same
seeds. An error is one line on standard error: exit status 2 for a bad command line
(an unknown game, preset or bot, a rules value or a number out of range), 1 for a
file that cannot be read or written or a record that does not replay; 130 after Ctrl-C.

Rules. ``play`` and ``simulate`` start from ``--preset`` (the game's default) and
change ``--players`` and any field given as ``--rule NAME=VALUE`` (a bool as true or
false, an optional int as none).

Play. Before each of the human's moves a line says in words what it can do now
(``Narrator.choices``); ``help`` explains the notation (``Narrator.notation_help``)
and lists the legal actions; an error for the human's seat calls it "you"
(``Narrator.personal``); ``hint`` (or ``odds``) tells the exact odds of the choice
(``Narrator.hint``); a short form is read as what it stands for (``Narrator.expand``).
``--bots`` names one bot for every other seat, or one per other seat, in the forms
``dicerules.bots.lineup`` reads (a name, ``module:attr``, an entry point of
``dicerules.bots``, ``policy=FILE`` for a policy ``solve --out`` saved), as
``simulate`` does; ``module`` may be a file of the current
folder (``mybot`` for ``mybot.py``), and ``attr`` is called with the bot's seed when
it accepts an argument, else with none (``dicerules.bots.build``). On a terminal
with Python's readline, lines are edited, the game's lines recalled and legal actions
completed with Tab;
piped lines are read as they come and echoed after the prompt. Text is wrapped at
``COLUMNS``, else the terminal's width (80 columns when standard output is not a
terminal), never inside a word nor between "seat" and its number. ``dicerules``
alone prints the overview ``--help`` prints.

Solve. ``solve`` runs CFR on a small game's whole tree and saves its policy
(``dicerules.cli.solve``); a tree past ``--bound`` nodes is an error (exit 1).

Seeds. ``play --seed S`` plays the game on ``SeededStream(S)``. ``simulate --seed S``
seeds game ``i`` (0-based) with ``dicerules.match.game_seed(S, i)``, so ``play --seed``
with that number replays the same dice; in both, the bot in seat ``k`` of a game
seeded with ``g`` is seeded with ``dicerules.match.bot_seed(g, k)``.

Seats in ``simulate``. ``--bots`` lists one bot name for every seat, or one per seat.
The list rotates one seat each game: in game ``i`` the bot listed at position ``j``
plays seat ``(i + j) % players``, so every listed bot plays every seat equally often
when the number of games is a multiple of the seats. A seat that never acts (such as
a permanent house) gets no bot: the list is one per other seat and rotates over
those, and the house's row is marked. The table reports per bot name (over all the
seats it played) and per seat (whoever played it). A seat among the winners has won,
also when the win is shared: every seat sharing it counts a win, and the ``shared``
column counts those wins. The interval is the 95% Wilson score interval of the win
rate (``dicerules.stats``).

Records. ``play --record FILE`` writes the game's record as JSON (the game so far
when the player quits or presses Ctrl-C), tagged with the date, the players and the
version (``options.record_tags``); ``simulate --records FILE`` writes one record
per line, in game order, as the games end. Neither replaces a file that is not a
records file without ``--force``. ``replay`` reads either, whatever the
file's name: a file that is one JSON document is one record (game 0), any other holds
one record per line (``--index I`` picks game ``I``, from 0); ``-`` is standard input.
``--seat K`` tells the game as seat K saw it, ``--summary`` one line a record. It reads a line at a
time, twice (every record is checked before any is told): lines end at "\\n" only,
a UTF-8 byte order mark is skipped, and a record may take at most 32 MiB, so an
endless or huge file is a one-line error, never a failure to find memory.

Workers. ``simulate --workers W`` is lowered to the number of processors the run may
use (``os.process_cpu_count``, else the affinity mask, else ``os.cpu_count``), with a
note on standard error: more processes than that only add memory and switching.
They are started with ``spawn`` (never a fork of this process) and ignore Ctrl-C:
the run stops them (``dicerules.simulate.worker_pool``). ``--scheduler ADDRESS``
runs on a Dask cluster instead, through the same ``dicerules.simulate`` call. The
first Ctrl-C or SIGTERM, from the start (also while the workers start), hands out
no more games, says how many are in hand and waits for them, then prints the table of
the games finished (exit 130, 143); a second stops at once, the workers with it. A
worker lost is a one-line error and the table (exit 1). ``--resume`` continues from
the ``--records`` file, refusing one of other arguments.
With standard error closed, errors are lost, never written to standard output.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

import dicerules
from dicerules.cli.bench import cmd_bench, configure
from dicerules.cli.games import cmd_games
from dicerules.cli.options import (
    FileProblem,
    Parser,
    UsageError,
    count,
    escaped,
    game_help,
    game_options,
    parse_seed,
    plain_words,
)
from dicerules.cli.play import cmd_play
from dicerules.cli.replay import cmd_replay
from dicerules.cli.rules import cmd_rules
from dicerules.cli.schema import cmd_schema
from dicerules.cli.simulate import cmd_simulate
from dicerules.cli.solve import cmd_solve
from dicerules.cli.solve import configure as configure_solve
from dicerules.cli.tree import cmd_tree
from dicerules.cli.tree import configure as configure_tree
from dicerules.errors import DiceRulesError

__all__ = ["main"]


class Overview(argparse.RawDescriptionHelpFormatter):
    """The top-level help: the commands one a line, without argparse's COMMAND row above them."""

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        if action.nargs == argparse.PARSER:
            text = text.split("\n", 1)[1]
        return text


def parser() -> argparse.ArgumentParser:
    """The command line's parser: one subcommand per command."""
    top = Parser(
        prog="dicerules",
        usage="dicerules COMMAND [OPTIONS]  (dicerules COMMAND --help: its options)",
        description="Rules engines for dice games: play, simulate, replay and read the rules.",
        epilog=examples(),
        formatter_class=Overview,
    )
    top.add_argument("--version", action="version", version=f"dicerules {dicerules.__version__}")
    commands = top.add_subparsers(
        dest="command", title="commands", metavar="COMMAND", required=True, prog="dicerules"
    )

    one = commands.add_parser(
        "games",
        help="the games, their presets and rule fields",
        description="Each game installed (the built-in ones and the plugins): what it is in"
        " a line, its presets, its bots, and each rule field with its default and the"
        " values it allows (set one with --rule NAME=VALUE).",
    )
    one.set_defaults(run=cmd_games)

    one = commands.add_parser(
        "rules",
        help="the rules of a game",
        description="How GAME is played, as its rules text tells it, and the rule fields"
        " the other commands' --preset, --players and --rule set.",
    )
    one.add_argument("game", metavar="GAME", help=game_help())
    one.add_argument("--preset", metavar="P", help="also show this preset's rule values")
    one.set_defaults(run=cmd_rules)

    one = commands.add_parser("play", help="play a game against bots in the terminal")
    game_options(one)
    one.add_argument("--seat", type=count(0), metavar="K",
                     help="your seat (by default the first seat that acts)")  # fmt: skip
    one.add_argument("--bots", default="expert", metavar="B,...",
                     help="one bot name for every other seat, or one per other seat, in"
                     " seat order (expert); dicerules games lists each game's bots")  # fmt: skip
    one.add_argument(
        "--seed", type=parse_seed, metavar="S", help="the game's seed (drawn if not given)"
    )
    one.add_argument("--record", metavar="FILE", help="write the game's record here, as JSON")
    one.add_argument(
        "--force", action="store_true", help="let --record replace a file that is not a record"
    )
    one.set_defaults(run=cmd_play)

    one = commands.add_parser("simulate", help="bots against bots, with a table of results")
    game_options(one)
    one.add_argument("--games", type=count(1), required=True, metavar="N", help="how many games")
    one.add_argument("--bots", default="expert", metavar="B,...",
                     help="one bot name for every seat, or one per seat (expert)")  # fmt: skip
    one.add_argument("--seed", type=parse_seed, default=0, metavar="S", help="the run's seed (0)")
    one.add_argument("--workers", type=count(1), default=1, metavar="W",
                     help="worker processes (1), at most one per processor this machine lets"
                     " the run use (a larger number is lowered, with a note on standard"
                     " error); the output does not depend on it")  # fmt: skip
    one.add_argument("--records", metavar="FILE", help="write every record here, one per line")
    one.add_argument(
        "--force", action="store_true", help="let --records replace a file that is not a record"
    )
    one.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on the Dask scheduler at ADDRESS (tcp://HOST:PORT) and its"
                     " workers; needs the cluster extra")  # fmt: skip
    one.add_argument("--format", choices=("table", "csv", "json"), default="table",
                     metavar="F", help="table (the default): the results as a table; csv or"
                     " json: a row per bot and per seat, each naming the run's game, rules,"
                     " seed and bots")  # fmt: skip
    one.add_argument("--progress", action="store_true", default=None,
                     help="games done, games a second and time left on standard error"
                     " (the default when it is a terminal)")  # fmt: skip
    one.add_argument("--no-progress", action="store_false", dest="progress",
                     help="no progress on standard error")  # fmt: skip
    one.add_argument("--resume", action="store_true",
                     help="continue the run whose first records --records FILE holds, with"
                     " the same arguments")  # fmt: skip
    one.add_argument("--batch", action="store_true",
                     help="with --bots uniform: play the games many at a time in NumPy"
                     " (the batch extra); the same table")  # fmt: skip
    one.set_defaults(run=cmd_simulate)

    one = commands.add_parser(
        "replay",
        help="check a record and tell the game step by step",
        description="Check each record of FILE (written by play --record or simulate"
        " --records): every action is played again and every die compared. A record that"
        " replays is told step by step, or in one line with --summary; one that does not"
        " is a one-line error naming its first bad step (exit status 1).",
    )
    one.add_argument(
        "file", metavar="FILE", help="a record, or records one per line; - reads standard input"
    )
    one.add_argument("--index", type=count(0), metavar="I", help="only game I (from 0)")
    one.add_argument(
        "--seat",
        type=count(0),
        metavar="K",
        help="tell the game as seat K saw it (by default as a spectator)",
    )
    one.add_argument("--summary", action="store_true",
                     help="check every record and print one line for each")  # fmt: skip
    one.set_defaults(run=cmd_replay)

    one = commands.add_parser(
        "schema", help="the JSON Schema of a game's messages to apps (dicerules.wire)"
    )
    one.add_argument("game", metavar="GAME", help=game_help())
    one.set_defaults(run=cmd_schema)

    one = commands.add_parser(
        "tree", help="a small game's whole tree: its size, Gambit EFG text, exact value"
    )
    game_options(one)
    configure_tree(one)
    one.set_defaults(run=cmd_tree)

    one = commands.add_parser(
        "solve",
        help="CFR on a small game's whole tree: exploitability, a policy to play",
        description="Run CFR (NumPy; the solvers extra) on GAME's whole tree under the"
        " rules given, showing the exploitability of the average policy as it falls;"
        " print each seat's value under it, and save it with --out for the policy=FILE"
        " bot.",
    )
    game_options(one)
    configure_solve(one)
    one.set_defaults(run=cmd_solve)

    one = commands.add_parser("bench", help="speed of the engines")
    configure(one)
    one.set_defaults(run=cmd_bench)
    return top


def examples() -> str:
    """The examples ``dicerules --help`` ends with (on the first registered game).

    The simulate example names one bot per seat that acts under the game's default
    rules, the first an expert when the game has one, so that it runs as printed.
    """
    game = next(iter(dicerules.GAMES), "GAME")
    lineup = "expert,random"
    if game in dicerules.GAMES:
        found = dicerules.GAMES[game]
        first = "expert" if found.expert is not None else "random"
        acting = len(found.acting_seats(found.default_rules))
        lineup = ",".join([first] + ["random"] * (acting - 1))
    return "\n".join(
        [
            "examples:",
            "  dicerules games                       every game, its presets and rule fields",
            f"  dicerules rules {game:<21} how the game is played",
            f"  dicerules play {game:<22} you against expert bots",
            f"  dicerules simulate {game} --games 100 --bots {lineup}",
            "  dicerules replay game.json            a record, told step by step",
            "  dicerules bench                       the engines' speed",
        ]
    )


def tell_error(command: str, error: Exception) -> None:
    """Tell ``error`` on standard error, on one line whatever its text holds."""
    text = escaped(plain_words(str(error)))
    print(f"dicerules {command}: error: {text}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: this process's) and return its exit status."""
    if sys.stderr is None:  # closed (2>&-): errors go nowhere, never to standard output
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the life of the process)
    if argv is None and "" not in sys.path and os.getcwd() not in sys.path:
        # The modules of the current folder can be named by --bots module:attr, as
        # under python -m dicerules (after the installed ones: none is shadowed).
        sys.path.append(os.getcwd())
    command_line = parser()
    if not (sys.argv[1:] if argv is None else argv):  # bare `dicerules`: the overview
        command_line.print_help(sys.stdout)
        return 0
    args = command_line.parse_args(argv)
    run: Callable[[argparse.Namespace, TextIO], int] = args.run
    for stream in (sys.stdin, sys.stdout):
        # Bytes the terminal's encoding cannot carry become a mark, never an error:
        # a typed line is then refused as any other typo.
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    try:
        return run(args, sys.stdout)
    except BrokenPipeError:
        # The reader of standard output has gone (as with `| head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except UsageError as error:
        tell_error(args.command, error)
        return 2
    except (FileProblem, DiceRulesError, OSError) as error:
        tell_error(args.command, error)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
