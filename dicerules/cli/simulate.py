"""``dicerules simulate``: bots against bots, many seeded games, a table of results."""

from __future__ import annotations

import argparse
import os
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import nullcontext
from typing import Any, NamedTuple, TextIO

from dicerules import bots
from dicerules.cli.options import (
    UsageError,
    bot_name,
    check_writable,
    create,
    find_game,
    make_rules,
    narrator,
    rules_label,
    say,
)
from dicerules.game import AnyGame, get_game
from dicerules.match import bot_seed, game_seed, play_match
from dicerules.records import record
from dicerules.stats import Tally, wilson

BATCH = 16
"""Games per task handed to a worker process: fixed, so the work is cut the same way
whatever the number of workers (each game depends only on its own seeds anyway)."""


class Batch(NamedTuple):
    """Games ``start`` to ``stop - 1`` of a simulation: what a worker process needs."""

    game: str
    rules: Any
    lineup: tuple[str, ...]
    seed: int
    start: int
    stop: int
    records: bool


class Played(NamedTuple):
    """One simulated game's outcome (and its record as JSON, or "")."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    record: str


def seating(lineup: tuple[str, ...], index: int, seats: tuple[int, ...]) -> dict[int, str]:
    """The bot name in each of ``seats`` (the seats that act) in game ``index``: the
    listed bot ``j`` sits in ``seats[(index + j) % len(seats)]``."""
    count = len(seats)
    return {seat: lineup[(place - index) % count] for place, seat in enumerate(seats)}


class NeverActs:
    """The bot in a seat that never acts (such as a permanent house): never asked."""

    name = "none"

    def choose(self, view: object, legal_actions: tuple[object, ...]) -> object:
        raise RuntimeError("a seat that never acts was asked to choose")


def play_batch(batch: Batch) -> list[Played]:
    """Play the games of ``batch`` (in a worker process, or in this one)."""
    game = get_game(batch.game)
    results = []
    for index in range(batch.start, batch.stop):
        seed = game_seed(batch.seed, index)
        names = seating(batch.lineup, index, game.acting_seats(batch.rules))
        table: list[bots.Bot[Any, Any]] = [
            bots.make(names[s], game, bot_seed(seed, s)) if s in names else NeverActs()
            for s in range(game.seats(batch.rules))
        ]
        state = play_match(game, batch.rules, table, seed)
        text = record(state).to_json() if batch.records else ""
        results.append(Played(game.winners(state), game.scores(state), text))
    return results


def usable_cpus() -> int:
    """How many processors this process may run on (at least 1): the cap of ``--workers``."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13: the affinity mask too
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on every platform
        return max(1, os.cpu_count() or 1)


def run_batches(batches: Iterable[Batch], workers: int) -> Iterator[list[Played]]:
    """The batches' games in order, played ``workers`` batches at a time.

    Only a few batches per worker are handed out ahead, so a long run holds little
    in memory and Ctrl-C stops it soon.
    """
    if workers == 1:
        yield from map(play_batch, batches)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        ahead: deque[Future[list[Played]]] = deque()
        for batch in batches:
            ahead.append(pool.submit(play_batch, batch))
            if len(ahead) > 2 * workers:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


def table(title: str, rows: list[tuple[str, Tally]]) -> list[str]:
    """A table of games, wins, win rate with its interval and mean score, a row a tally."""
    lines = [
        f"{title:<14} {'games':>6} {'wins':>6} {'shared':>6} {'win rate':>8}"
        f"   {'95% interval':<16} {'mean score':>10}"
    ]
    for name, tally in rows:
        low, high = wilson(tally.wins, tally.games)
        lines.append(
            f"{name:<14} {tally.games:>6} {tally.wins:>6} {tally.shared:>6}"
            f" {tally.wins / tally.games:>8.1%}   [{low:>5.1%}, {high:>5.1%}]"
            f" {tally.score / tally.games:>10.2f}"
        )
    return lines


def lineup(text: str, game: AnyGame, players: int, house: bool = False) -> tuple[str, ...]:
    """The bots of ``--bots``, one per seat that acts: one name for all, or one each."""
    names = tuple(bot_name(name.strip(), game) for name in text.split(","))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        none = " (the house gets none)" if house else ""
        if players == 1:
            raise UsageError(f"--bots {text}: one seat acts here{none}: give one bot name,"
                             f" not {len(names)}")  # fmt: skip
        raise UsageError(
            f"--bots {text}: give one bot name for every seat, or one for each of the"
            f" {players} seats that act{none}; {len(names)} names given"
        )
    return names


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Bots against bots, many seeded games, a table of wins per bot and per seat."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule)
    players = game.seats(rules)
    acting = game.acting_seats(rules)
    names = lineup(args.bots, game, len(acting), house=len(acting) < players)
    check_writable(args.records)
    total = args.games
    keep = args.records is not None
    batches = (
        Batch(game.name, rules, names, args.seed, start, min(start + BATCH, total), keep)
        for start in range(0, total, BATCH)
    )
    usable = usable_cpus()
    if args.workers > usable:
        print(f"dicerules simulate: --workers {args.workers}: this machine lets the run use"
              f" {usable} processor{'s' if usable != 1 else ''}; {usable} workers it is.",
              file=sys.stderr)  # fmt: skip
    workers = min(args.workers, usable, -(-total // BATCH))  # no more workers than batches
    by_bot = {name: Tally() for name in dict.fromkeys(names)}
    by_seat = [Tally() for _ in range(players)]
    progress = sys.stderr.isatty()
    done = 0
    with create(args.records) if keep else nullcontext() as records:
        for played in run_batches(batches, workers):
            for one in played:
                seated = seating(names, done, acting)
                for seat in range(players):
                    won, shared = seat in one.winners, len(one.winners) > 1
                    if seat in seated:
                        by_bot[seated[seat]].add(won, shared, one.scores[seat])
                    by_seat[seat].add(won, shared, one.scores[seat])
                if records is not None:
                    records.write(one.record + "\n")
                done += 1
            if progress:
                print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    teller = narrator(game, None)
    say(
        [
            f"{game.name} ({rules_label(game, rules, args.preset)}), {players} seats: {total}"
            f" game{'s' if total != 1 else ''}, seed {args.seed}, bots {','.join(names)},"
            " rotating one seat a game.",
            f"A shared win counts for every seat sharing it; mean score is {teller.score_name}.",
        ],
        out,
    )
    print(file=out)
    say(table("bot", list(by_bot.items())), out)
    print(file=out)
    seat_names = [f"seat {seat}{'' if seat in acting else ' (house)'}" for seat in range(players)]
    say(table("seat", list(zip(seat_names, by_seat, strict=True))), out)
    if args.records is not None:
        print(f"\n{total} records written to {args.records}.", file=out)
    return 0
