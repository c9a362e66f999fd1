"""The dicerules command line: ``games``, ``rules``, ``play``, ``simulate``, ``replay``, ``bench``.

Run as ``dicerules COMMAND ...`` or ``python -m dicerules COMMAND ...``; ``main(argv)``
returns the exit status. Everything printed is plain text and the same for the same
seeds. An error is one line on standard error: exit status 2 for a bad command line
(an unknown game, preset or bot, a rules value or a number out of range), 1 for a
file that cannot be read or written or a record that does not replay; 130 after Ctrl-C.

Rules. ``play`` and ``simulate`` start from ``--preset`` (the game's default) and
change ``--players`` and any field given as ``--rule NAME=VALUE`` (a bool as true or
false, an optional int as none).

Seeds. ``play --seed S`` plays the game on ``SeededStream(S)``. ``simulate --seed S``
seeds game ``i`` (0-based) with ``splitmix64(S, i + 1)``, the (i + 1)-th 64-bit draw of
``SeededStream(S)``, so ``play --seed`` with that number replays the same dice. In
both, the bot in seat ``k`` of a game with seed ``g`` is seeded with
``splitmix64(splitmix64(g, 0), k + 1)``: draw 0 is never a die of the game's own
stream.

Seats in ``simulate``. ``--bots`` lists one bot name for every seat, or one per seat.
The list rotates one seat each game: in game ``i`` the bot listed at position ``j``
plays seat ``(i + j) % players``, so every listed bot plays every seat equally often
when the number of games is a multiple of the seats. Eighteen's permanent house never
acts, so it gets no bot: the list is one per other seat and rotates over those, and
the house's row is marked. The table reports per bot name
(over all the seats it played) and per seat (whoever played it). A seat among the
winners has won, also when the win is shared (a tie in link, eighteen or
twenty-four): every seat sharing it counts a win, and the ``shared`` column counts
those wins. The interval is the 95% Wilson score interval of the win rate.

Records. ``play --record FILE`` writes the game's record as JSON (the game so far
when the player quits or presses Ctrl-C); ``simulate --records FILE`` writes one record
per line, in game order, as the games end. ``replay`` reads either, whatever the
file's name: a file that is one JSON document is one record (game 0), any other holds
one record per line (``--index I`` picks game ``I``, from 0).
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import math
import os
import secrets
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, TextIO, TypeVar, cast

import attrs

import dicerules
from dicerules import bench, bots
from dicerules.errors import DiceRulesError, UnknownGameError
from dicerules.game import AnyGame, get_game
from dicerules.match import play_match
from dicerules.narration import Narrator
from dicerules.records import GameRecord, record, replay
from dicerules.rulefields import FieldSpec, field_spec
from dicerules.streams import SEED_LIMIT, splitmix64

__all__ = ["main"]

V = TypeVar("V")

BATCH = 16
"""Games per task handed to a worker process: fixed, so the work is cut the same way
whatever the number of workers (each game depends only on its own seeds anyway)."""

WILSON_Z = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""


class UsageError(Exception):
    """A command line that names something that does not exist or is out of range."""


class FileProblem(Exception):
    """A file that cannot be read or written, or a record that does not replay."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


# ------------------------------------------------------------------------ seeds


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a simulation seeded with ``seed``."""
    return splitmix64(seed, index + 1)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game seeded with ``seed``."""
    return splitmix64(splitmix64(seed, 0), seat + 1)


# ------------------------------------------------------------- reading the command


def _game(name: str) -> AnyGame:
    """The game named on the command line."""
    try:
        return get_game(name)
    except UnknownGameError as error:
        raise UsageError(error.args[0]) from None


def _rules(
    game: AnyGame, preset: str | None, players: int | None, settings: Sequence[str] = ()
) -> Any:
    """The rules the command line asks for: a preset, ``players`` seats, ``--rule`` settings."""
    if preset is None:
        rules = game.default_rules
    elif preset in game.presets:
        rules = game.presets[preset]
    else:
        known = ", ".join(game.presets)
        raise UsageError(f"{game.name} has no preset {preset!r}; its presets are: {known}")
    if players is not None:
        try:
            rules = attrs.evolve(rules, players=players)
        except DiceRulesError as error:
            raise UsageError(f"--players {players}: {error}") from None
    fields = {field.name: field for field in attrs.fields(type(rules))}
    changes = {}
    for setting in settings:
        name, equals, text = setting.partition("=")
        name = name.strip().replace("-", "_")
        if not equals or name not in fields:
            known = ", ".join(fields)
            raise UsageError(f"--rule {setting}: write NAME=VALUE, NAME one of {known}")
        changes[name] = _rule_from_text(field_spec(fields[name]), text.strip())
    try:
        return attrs.evolve(rules, **changes)
    except DiceRulesError as error:
        raise UsageError(f"--rule: {error}") from None


def _rule_from_text(spec: FieldSpec | None, text: str) -> object:
    """A rule value as its field takes it; text that is not one is left for the field to refuse."""
    word = text.lower()
    if spec is not None and spec.kind == "bool" and word in ("true", "false"):
        return word == "true"
    if spec is not None and spec.kind == "int":
        if spec.optional and word == "none":
            return None
        try:
            return int(text)
        except ValueError:
            return text
    return text


def _seed(text: str) -> int:
    """A ``--seed``: a whole number from 0 to 2**64 - 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2**64 - 1, got {value}")
    return value


def _count(low: int) -> Callable[[str], int]:
    """The parser of a whole number that is ``low`` or more."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, got {value}")
        return value

    parse.__name__ = "number"
    return parse


def _bot_name(name: str) -> str:
    """``name``, if it is the name of a bot."""
    if name not in bots.BOT_NAMES:
        raise UsageError(f"no bot named {name!r}; the bots are: {', '.join(bots.BOT_NAMES)}")
    return name


def _rule_value(value: object) -> str:
    """A rule value as ``--rule`` takes it: ``none``, ``true``, ``false``, ``4``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rules_label(game: AnyGame, rules: Any, base: str | None = None) -> str:
    """The rules by the preset ``base`` (None: the nearest): ``classic with players=2``."""
    fields = attrs.fields(type(rules))
    best: tuple[str, list[str]] | None = None
    for name, preset in game.presets.items():
        if base is not None and name != base:
            continue
        changed = [
            f"{f.name}={_rule_value(getattr(rules, f.name))}"
            for f in fields
            if getattr(rules, f.name) != getattr(preset, f.name)
        ]
        if best is None or len(changed) < len(best[1]):
            best = (name, changed)
    if best is None:
        return "custom rules"
    name, changed = best
    return f"{name} with {', '.join(changed)}" if changed else name


def narrator(game: AnyGame, viewer: int | None) -> Narrator[Any]:
    """The narrator of ``game`` for ``viewer``'s views (the generic one if it has none)."""
    return (game.narrator or Narrator)(game, viewer)


def _legal_text(game: AnyGame, legal: Sequence[Any]) -> str:
    """The legal actions in notation; a long list shortened in the middle."""
    names = [game.format_action(action) for action in legal]
    if len(names) > 14:
        names = [*names[:8], "...", *names[-4:]]
        return f"{', '.join(names)} ({len(legal)} actions)"
    return ", ".join(names)


def _result_lines(game: AnyGame, state: Any, teller: Narrator[Any]) -> list[str]:
    """The winners and the final scores of a finished game (public to every seat)."""
    winners = game.winners(state)
    won = "wins" if len(winners) == 1 else "share the win"
    return [
        f"Game over: {teller.together(winners)} {won}.",
        f"Final {teller.score_name}: {teller.seats(game.scores(state))}.",
    ]


def _say(lines: Sequence[str], out: TextIO) -> None:
    """Print ``lines`` to ``out``."""
    for line in lines:
        print(line, file=out)


# ------------------------------------------------------------------------ commands


def cmd_games(args: argparse.Namespace, out: TextIO) -> int:
    """Each game, its presets and its rule fields."""
    for game in dicerules.GAMES.values():
        presets = ", ".join(
            f"{name} (default)" if rules == game.default_rules else name
            for name, rules in game.presets.items()
        )
        print(f"{game.name}", file=out)
        print(f"  presets: {presets}", file=out)
        print("  rules (name, default, allowed):", file=out)
        for field in attrs.fields(game.Rules):
            value = _rule_value(getattr(game.default_rules, field.name))
            print(f"    {field.name:<27} {value:<9} {_allowed(field_spec(field))}", file=out)
    return 0


def _allowed(spec: FieldSpec | None) -> str:
    """The values a rule field allows, in words."""
    if spec is None:
        return "?"
    if spec.kind == "bool":
        return "true or false"
    if spec.kind == "choice":
        return " or ".join(spec.choices)
    low = "" if spec.low is None else str(spec.low)
    high = "" if spec.high is None else str(spec.high)
    span = f"{low} to {high}" if low and high else f">= {low}" if low else f"<= {high}"
    return f"none, or {span}" if spec.optional else span


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    """The rules the engine implements: its module's description, and a preset's values."""
    game = _game(args.game)
    rules = _rules(game, args.preset, None)
    module = sys.modules[game.State.__module__]
    print(inspect.cleandoc(module.__doc__ or f"{game.name}: no description."), file=out)
    if args.preset is not None:
        default = " (the default)" if rules == game.default_rules else ""
        print(f"\nThe preset {args.preset}{default}:", file=out)
        for field in attrs.fields(type(rules)):
            print(f"  {field.name} = {_rule_value(getattr(rules, field.name))}", file=out)
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """A human in one seat, bots in the others, on standard input and output."""
    game = _game(args.game)
    rules = _rules(game, args.preset, args.players, args.rule)
    players = game.seats(rules)
    seat = _human_seat(game, args.seat, rules)
    bot_name = _bot_name(args.bots)
    drawn = args.seed is None  # then the seed stays secret: it foretells every die
    seed = secrets.randbelow(SEED_LIMIT) if drawn else args.seed
    _check_writable(args.record)
    others = [s for s in range(players) if s != seat]
    table = {s: bots.make(bot_name, game, bot_seed(seed, s)) for s in others}
    state = game.new_game(rules, seed=seed)
    teller = narrator(game, seat)
    print(
        f"{game.name} ({_rules_label(game, rules, args.preset)}), {players} seats,"
        f" {'a seed drawn at random (told at the end)' if drawn else f'seed {seed}'}."
        f" You are seat {seat}; the other seats are {bot_name} bots.",
        file=out,
    )
    print("Type an action in notation, 'help' for the legal actions, 'quit' to leave.", file=out)
    seen = game.view(state, seat)
    _say(teller.news(None, seen), out)
    left, status = False, 0
    try:
        while (player := game.current_player(state)) is not None:
            legal = game.legal_actions(state)
            if player == seat:
                print(file=out)
                _say(teller.situation(seen), out)
                action = _ask(game, state, legal, out)
                if action is None:
                    left = True
                    break
            else:
                action = table[player].choose(game.view(state, player), legal)
            state = game.apply(state, action)
            now = game.view(state, seat)
            _say(teller.step(seen, player, action, now), out)
            seen = now
    except KeyboardInterrupt:  # Ctrl-C: leave as with quit, the game so far kept
        print(file=out)
        left, status = True, 130
    if left:
        print("You left the game.", file=out)
        print(f"{teller.score_name.capitalize()} so far: {teller.seats(teller.standing(seen))}.",
              file=out)  # fmt: skip
    else:
        _say(_result_lines(game, state, teller), out)
    if drawn:
        print(f"The game's seed was {seed}: --seed {seed} deals the same dice.", file=out)
    if args.record is not None:
        with _create(args.record) as file:
            file.write(record(state).to_json() + "\n")
        print(f"Record saved to {args.record}.", file=out)
    return status


def _human_seat(game: AnyGame, asked: int | None, rules: Any) -> int:
    """The seat ``--seat`` asks for; by default 0, or 1 when 0 is a house that never acts."""
    acting = game.acting_seats(rules)
    if asked is None:
        return acting[0]
    if not 0 <= asked < game.seats(rules):
        raise UsageError(f"--seat {asked}: the seats are 0 to {game.seats(rules) - 1}")
    if asked not in acting:
        raise UsageError(f"--seat {asked}: that seat is the house for the whole game and"
                         " never acts; choose another")  # fmt: skip
    return asked


def _ask(game: AnyGame, state: Any, legal: Sequence[Any], out: TextIO) -> Any:
    """The action the human types (asked again until it is legal); None to leave."""
    while True:
        print("your move> ", end="", file=out, flush=True)
        line = "" if sys.stdin is None else sys.stdin.readline()  # None: stdin was closed
        if not line:
            print(file=out)
            return None
        text = line.strip()
        if not sys.stdin.isatty():
            print(text, file=out)  # so a scripted session reads as it was played
        word = text.lower()
        if word in ("quit", "exit"):
            return None
        if word in ("", "help", "?"):
            print(f"Legal: {_legal_text(game, legal)}.", file=out)
            continue
        try:
            return game.parse_action(state, text)
        except (DiceRulesError, ValueError) as error:
            message = str(error)
            print(message, file=out)
            if "legal here:" not in message:
                print(f"Legal: {_legal_text(game, legal)}.", file=out)


def _check_writable(path: str | None) -> None:
    """Refuse at once a file that cannot be written, before any game is played."""
    if path is None:
        return
    if Path(path).is_dir():
        raise UsageError(f"cannot write {path}: it is a folder")
    if not Path(path).resolve().parent.is_dir():
        raise UsageError(f"cannot write {path}: there is no folder {Path(path).parent}")


def _create(path: str) -> TextIO:
    """``path`` opened to be written afresh, as UTF-8 text."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise FileProblem(f"cannot write {path}: {error.strerror or error}") from None


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


def _run_batches(batches: Iterable[Batch], workers: int) -> Iterator[list[Played]]:
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


@attrs.define
class Tally:
    """Games played, won, shared and the scores summed, for one row of the table."""

    games: int = 0
    wins: int = 0
    shared: int = 0
    score: int = 0

    def add(self, won: bool, shared: bool, score: int) -> None:
        self.games += 1
        self.wins += won
        self.shared += won and shared
        self.score += score


def wilson(wins: int, games: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of the rate ``wins / games`` (``z``: two-sided 95%)."""
    if not games:
        return (0.0, 1.0)
    rate = wins / games
    zz = z * z
    centre = (rate + zz / (2 * games)) / (1 + zz / games)
    half = z * math.sqrt(rate * (1 - rate) / games + zz / (4 * games * games)) / (1 + zz / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _table(title: str, rows: list[tuple[str, Tally]]) -> list[str]:
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


def _lineup(text: str, players: int, house: bool = False) -> tuple[str, ...]:
    """The bots of ``--bots``, one per seat that acts: one name for all, or one each."""
    names = tuple(_bot_name(name.strip()) for name in text.split(","))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(
            f"--bots {text}: give one bot name, or {players} (one per seat"
            f"{' but the house' if house else ''}), not {len(names)}"
        )
    return names


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Bots against bots, many seeded games, a table of wins per bot and per seat."""
    game = _game(args.game)
    rules = _rules(game, args.preset, args.players, args.rule)
    players = game.seats(rules)
    acting = game.acting_seats(rules)
    names = _lineup(args.bots, len(acting), house=len(acting) < players)
    _check_writable(args.records)
    total = args.games
    keep = args.records is not None
    batches = (
        Batch(game.name, rules, names, args.seed, start, min(start + BATCH, total), keep)
        for start in range(0, total, BATCH)
    )
    workers = min(args.workers, -(-total // BATCH))  # no more workers than batches
    by_bot = {name: Tally() for name in dict.fromkeys(names)}
    by_seat = [Tally() for _ in range(players)]
    progress = sys.stderr.isatty()
    done = 0
    with _create(args.records) if keep else nullcontext() as records:
        for played in _run_batches(batches, workers):
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
    print(
        f"{game.name} ({_rules_label(game, rules, args.preset)}), {players} seats: {total}"
        f" game{'s' if total != 1 else ''}, seed {args.seed}, bots {','.join(names)},"
        " rotating one seat a game.",
        file=out,
    )
    print(f"A shared win counts for every seat sharing it; mean score is {teller.score_name}.",
          file=out)  # fmt: skip
    print(file=out)
    _say(_table("bot", list(by_bot.items())), out)
    print(file=out)
    seat_names = [f"seat {seat}{'' if seat in acting else ' (house)'}" for seat in range(players)]
    _say(_table("seat", list(zip(seat_names, by_seat, strict=True))), out)
    if args.records is not None:
        print(f"\n{total} records written to {args.records}.", file=out)
    return 0


def _read_records(path: str, index: int | None) -> list[tuple[str, GameRecord]]:
    """The records in ``path`` with a name each: one record, or one per line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not UTF-8 text"
        raise FileProblem(f"cannot read {path}: {reason or error}") from None
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise FileProblem(f"{path} holds no record")
    if len(lines) == 1 or _is_json(text):  # one record, on one line or laid out on several
        if index not in (None, 0):
            raise UsageError(f"--index {index}: {path} holds one game, game 0")
        return [(path, _parse_record(path, text))]
    if index is not None and not 0 <= index < len(lines):
        raise UsageError(f"--index {index}: {path} holds games 0 to {len(lines) - 1}")
    chosen = lines if index is None else [lines[index]]
    return [(f"{path} line {n}", _parse_record(f"{path} line {n}", line)) for n, line in chosen]


def _is_json(text: str) -> bool:
    """Whether ``text`` is one JSON document."""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _parse_record(name: str, text: str) -> GameRecord:
    """The record in ``text`` (from ``name``, for the error)."""
    try:
        return GameRecord.from_json(text)
    except DiceRulesError as error:
        raise FileProblem(f"{name}: {error}") from None


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Check a record (or a file of them) and tell each game step by step."""
    chosen = _read_records(args.file, args.index)
    finals = []
    for name, rec in chosen:
        try:
            finals.append(replay(rec))
        except DiceRulesError as error:
            raise FileProblem(f"{name}: {error}") from None
    for number, ((name, rec), final) in enumerate(zip(chosen, finals, strict=True)):
        if number:
            print(file=out)
        _narrate(name, rec, final, out)
    return 0


def _narrate(name: str, rec: GameRecord, final: Any, out: TextIO) -> None:
    """Tell ``rec`` (which replays to ``final``) step by step, as a spectator sees it."""
    game = get_game(rec.game)
    teller = narrator(game, None)
    state = game.new_game(final.rules, stream=rec.stream)
    print(
        f"{name}: {game.name} ({_rules_label(game, final.rules)}), {len(rec.actions)} actions,"
        f" {len(rec.rolls)} dice; it replays exactly.",
        file=out,
    )
    seen = game.view(state, None)
    _say(teller.news(None, seen), out)
    for text in rec.actions:
        seat = cast(int, game.current_player(state))  # a replayed action had a seat to act
        action = game.parse_action(state, text)
        state = game.apply(state, action)
        now = game.view(state, None)
        _say(teller.step(seen, seat, action, now), out)
        seen = now
    if game.is_terminal(state):
        _say(_result_lines(game, state, teller), out)
    else:
        print(f"The record stops before the end: {teller.score_name}"
              f" {teller.seats(game.scores(state))}.", file=out)  # fmt: skip


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Hand over to dicerules.bench."""
    return bench.main(args)


# ---------------------------------------------------------------------------- main


GAME_HELP = f"one of {', '.join(dicerules.GAMES)}"


def parser() -> argparse.ArgumentParser:
    """The command line's parser: one subcommand per command."""
    top = _Parser(prog="dicerules", description="Rules engines for dice games: play, simulate,"
                  " replay and read the rules.")  # fmt: skip
    top.add_argument("--version", action="version", version=f"dicerules {dicerules.__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    one = commands.add_parser("games", help="the games, their presets and rule fields")
    one.set_defaults(run=cmd_games)

    one = commands.add_parser("rules", help="the rules of a game, as implemented")
    one.add_argument("game", metavar="GAME", help=GAME_HELP)
    one.add_argument("--preset", metavar="P", help="also show this preset's rule values")
    one.set_defaults(run=cmd_rules)

    one = commands.add_parser("play", help="play a game against bots in the terminal")
    _game_options(one)
    one.add_argument("--seat", type=_count(0), metavar="K",
                     help="your seat (0, or 1 if 0 is eighteen's permanent house)")  # fmt: skip
    one.add_argument("--bots", default="expert", metavar="B", help="random or expert (expert)")
    one.add_argument("--seed", type=_seed, metavar="S", help="the game's seed (drawn if not given)")
    one.add_argument("--record", metavar="FILE", help="write the game's record here, as JSON")
    one.set_defaults(run=cmd_play)

    one = commands.add_parser("simulate", help="bots against bots, with a table of results")
    _game_options(one)
    one.add_argument("--games", type=_count(1), required=True, metavar="N", help="how many games")
    one.add_argument("--bots", default="expert", metavar="B,...",
                     help="one bot name for every seat, or one per seat (expert)")  # fmt: skip
    one.add_argument("--seed", type=_seed, default=0, metavar="S", help="the run's seed (0)")
    one.add_argument("--workers", type=_count(1), default=1, metavar="W",
                     help="worker processes (1); the output does not depend on it")  # fmt: skip
    one.add_argument("--records", metavar="FILE", help="write every record here, one per line")
    one.set_defaults(run=cmd_simulate)

    one = commands.add_parser("replay", help="check a record and tell the game step by step")
    one.add_argument("file", metavar="FILE", help="a record, or records one per line")
    one.add_argument("--index", type=_count(0), metavar="I", help="only game I (from 0)")
    one.set_defaults(run=cmd_replay)

    one = commands.add_parser("bench", help="speed of the engines")
    bench.configure(one)
    one.set_defaults(run=cmd_bench)
    return top


def _game_options(command: argparse.ArgumentParser) -> None:
    """The options of ``play`` and ``simulate`` that choose a game and its rules."""
    command.add_argument("game", metavar="GAME", help=GAME_HELP)
    command.add_argument("--preset", metavar="P", help="a preset of the game (its default)")
    command.add_argument("--players", type=_count(0), metavar="N", help="the number of seats")
    command.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE",
        help="set a rule field (listed by dicerules games); may be repeated",
    )  # fmt: skip


def _error(command: str, error: Exception) -> None:
    """Tell ``error`` on standard error, on one line whatever its text holds."""
    text = str(error).replace("\r", "\\r").replace("\n", "\\n")
    print(f"dicerules {command}: error: {text}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: this process's) and return its exit status."""
    args = parser().parse_args(argv)
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
        _error(args.command, error)
        return 2
    except (FileProblem, DiceRulesError, OSError) as error:
        _error(args.command, error)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
