"""``dicerules play``: a person in one seat, bots in the others, in the terminal."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from dicerules import bots
from dicerules.cli import options
from dicerules.cli.options import (
    UsageError,
    check_replaceable,
    check_writable,
    find_game,
    legal_text,
    make_rules,
    plain_words,
    record_tags,
    rules_label,
    say,
    width,
    wrapped,
    write_whole,
)
from dicerules.errors import DiceRulesError, InvalidActionError
from dicerules.game import AnyGame
from dicerules.match import bot_seed
from dicerules.narration import Narrator
from dicerules.records import record
from dicerules.streams import SEED_LIMIT


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """A human in one seat, bots in the others, on standard input and output."""
    game = find_game(args.game)
    rules = make_rules(game, args.preset, args.players, args.rule, game.play_rules)
    players = game.seats(rules)
    seat = human_seat(game, args.seat, rules)
    others = [s for s in game.acting_seats(rules) if s != seat]
    try:
        names = dict(zip(others, bots.lineup(args.bots, game, len(others)), strict=True))
    except DiceRulesError as error:
        raise UsageError(f"--bots {args.bots}: {error}") from None
    drawn = args.seed is None  # then the seed stays secret: it foretells every die
    seed = secrets.randbelow(SEED_LIMIT) if drawn else args.seed
    check_writable(args.record)
    check_replaceable(args.record, args.force, "--record")
    table = {s: bots.make(name, game, bot_seed(seed, s)) for s, name in names.items()}
    state = game.new_game(rules, seed=seed)
    teller = options.narrator(game, seat)
    keyboard = Keyboard(out)
    pager = Pager(out, keyboard)
    say = pager.say
    replaces = args.record is not None and Path(args.record).exists()
    say(
        [
            f"{game.name} ({rules_label(game, rules, args.preset)}), {players} seats,"
            f" {'a seed drawn at random (told at the end)' if drawn else f'seed {seed}'}.",
            seating(seat, names, players),
            *([f"The record will replace the file {args.record}."] if replaces else []),
            "Type your move at the prompt: 'help' explains it, 'quit' (or exit) leaves.",
            *(["Tab completes a move; Up recalls an earlier line."] if keyboard.editing else []),
        ],
        out,
    )
    seen = game.view(state, seat)
    say(teller.news(None, seen), out)
    left, status = False, 0
    try:
        while (player := game.current_player(state)) is not None:
            legal = game.legal_actions(state)
            if player == seat:
                say(["", *teller.situation(seen), teller.choices(seen, legal)], out)
                action = ask(game, state, seen, legal, teller, keyboard, out, args.record)
                pager.shown = 0  # the human has read everything up to the line typed
                if action is None:
                    left = True
                    break
            else:
                action = table[player].choose(game.view(state, player), legal)
            state = game.apply(state, action)
            now = game.view(state, seat)
            say(teller.step(seen, player, action, now), out)
            seen = now
    except KeyboardInterrupt:  # Ctrl-C: leave as with quit, the game so far kept
        print(file=out)
        left, status = True, 130
    finally:
        keyboard.close()
    if left:
        say(["You left the game.",
             f"{teller.score_name.capitalize()} so far: {teller.seats(teller.standing(seen))}."],
            out)  # fmt: skip
    else:
        say(teller.ending(game.winners(state), game.scores(state)), out)
    if drawn:
        say([f"Seed: {seed} (--seed {seed} deals the same dice)."], out)
    if args.record is not None:
        tags = record_tags([players_name(s, seat, names) for s in range(players)])
        write_whole(args.record, record(state, tags).to_json() + "\n")
        print(f"Record saved to {args.record}.", file=out)  # a path is never wrapped
    return status


def seating(seat: int, names: dict[int, str], players: int) -> str:
    """Who sits where: ``You are seat 0; the other seats are expert bots.``"""
    parts = [f"You are seat {seat}"]
    house = [s for s in range(players) if s != seat and s not in names]
    if house:
        parts.append(f"{seat_list(house)} {'is' if len(house) == 1 else 'are'} the house"
                     f" and never act{'s' if len(house) == 1 else ''}")  # fmt: skip
    kinds = set(names.values())
    if len(kinds) == 1:
        bot = f"{kinds.pop()} bot"
        one = f"{'an' if bot[0] in 'aeiou' else 'a'} {bot}"
        if not house:
            many = len(names) > 1
            parts.append(f"the other seat{'s are' if many else ' is'} {bot + 's' if many else one}")
        elif len(names) == 1:
            parts.append(f"{seat_list(list(names))} is {one}")
        else:
            parts.append(f"{seat_list(list(names))} are {bot}s")
    elif names:
        parts.append("the bots: " + ", ".join(f"seat {s} {name}" for s, name in names.items()))
    return "; ".join(parts) + "."


def players_name(seat: int, human: int, names: dict[int, str]) -> str:
    """Who played ``seat``, for the record: ``human``, a bot's name, or ``none``."""
    return "human" if seat == human else names.get(seat, "none")


def seat_list(seats: Sequence[int]) -> str:
    """``seat 0``, ``seats 1 and 2``, ``seats 1, 2 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    *others, last = seats
    return f"seats {', '.join(map(str, others))} and {last}"


LINE_LIMIT = 1000
"""The most characters a line typed or piped to ``play`` may hold; the rest of a longer
line is skipped, and an endless one ends the input."""


def _bounded_line(stdin: TextIO) -> str | None:
    """The next line of ``stdin`` ("" at its end); of a longer line than ``LINE_LIMIT``,
    its first ``LINE_LIMIT + 1`` characters, the rest skipped; None for a line that
    goes on for more than 1,000 times the limit."""
    line = stdin.readline(LINE_LIMIT + 1)
    if len(line) <= LINE_LIMIT or line.endswith("\n"):
        return line
    for _ in range(1000):  # the rest of the line, a piece at a time
        rest = stdin.readline(LINE_LIMIT)
        if not rest or rest.endswith("\n"):
            return line
    return None


class Keyboard:
    """The human's lines: edited with readline on a terminal that has it, plain otherwise.

    With readline, Left and Right move in the line, Up and Down go through the lines
    typed in this game (and only those), and Tab completes a legal action. Without
    it, or when standard input is not a terminal, lines are read as they come, and
    piped lines are echoed after the prompt so that a scripted session reads as if
    it were typed.
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.words: list[str] = []
        self.readline: Any = None
        if sys.stdin is not None and out is sys.stdout and _terminal(sys.stdin, out):
            self.readline = _readline()
            if self.readline is not None:
                self.readline.clear_history()
                self.readline.set_completer(self.complete)
                self.readline.set_completer_delims("")  # an action may hold a space
                if "libedit" in (self.readline.__doc__ or ""):
                    self.readline.parse_and_bind("bind ^I rl_complete")
                else:
                    self.readline.parse_and_bind("tab: complete")

    @property
    def editing(self) -> bool:
        """Whether lines are read with readline's editing and history."""
        return self.readline is not None

    def complete(self, text: str, index: int) -> str | None:
        """The ``index``-th word of ``self.words`` that starts as ``text`` does (readline's)."""
        start = text.lower()
        found = [word for word in self.words if word.lower().startswith(start)]
        return found[index] if index < len(found) else None

    def read(self, prompt: str, words: Sequence[str]) -> str | None:
        """A line typed after ``prompt``, stripped; None at the end of the input."""
        self.words = list(words)
        if self.readline is not None:
            try:
                return input(prompt).strip()
            except EOFError:  # Ctrl-D
                print(file=self.out)
                return None
        print(prompt, end="", file=self.out, flush=True)
        line = "" if sys.stdin is None else _bounded_line(sys.stdin)  # None: stdin was closed
        if line is None:
            print(f"\n(a line of more than {LINE_LIMIT:,} characters: the input ends here)",
                  file=self.out)  # fmt: skip
            return None
        if not line:
            print(file=self.out)
            return None
        if len(line) > LINE_LIMIT:
            print(f"\n(a line of more than {LINE_LIMIT:,} characters: skipped)", file=self.out)
            return ""
        text = line.strip()
        if not sys.stdin.isatty():
            print(text, file=self.out)  # so a scripted session reads as it was played
        return text

    def close(self) -> None:
        """Forget the game's lines and completions."""
        if self.readline is not None:
            self.readline.set_completer(None)
            self.readline.clear_history()


def _terminal(stdin: TextIO, out: TextIO) -> bool:
    try:
        return stdin.isatty() and out.isatty()
    except (AttributeError, ValueError):
        return False


def _readline() -> Any:
    """The readline module, or None where the platform has none."""
    try:
        import readline
    except ImportError:
        return None
    return readline


class Pager:
    """Lines shown a screenful at a time: on a terminal, when what the other seats did
    since the human last typed would scroll past the top of the screen, ``play`` waits
    for Enter first (a house's round in eighteen, the rounds after a seat is out).

    ``rows`` is the screen's height, 0 for never waiting: the terminal's when standard
    input and output are one, 0 when either is a file or a pipe.
    """

    PROMPT = "(more below: press Enter) "

    def __init__(self, out: TextIO, keyboard: Keyboard, rows: int | None = None) -> None:
        self.out, self.keyboard = out, keyboard
        self.rows = _rows(out) if rows is None else rows
        self.shown = 0  # the lines printed since the human last typed

    def say(self, lines: Sequence[str], out: TextIO | None = None) -> None:
        """Print ``lines`` wrapped, first waiting for Enter if they would push unread
        lines off the screen (the prompt that follows them takes a row too)."""
        columns = width(self.out)
        parts = [part for line in lines for part in wrapped(line, columns)]
        if self.rows and self.shown and self.shown + len(parts) > self.rows - 2:
            if self.keyboard.read(self.PROMPT, ()) is None:  # no more input: no more waits
                self.rows = 0
            self.shown = 0
        for part in parts:
            print(part, file=self.out)
        self.shown += len(parts)


def _rows(out: TextIO) -> int:
    """The height of the terminal ``play`` talks on; 0 when it talks to no terminal."""
    if sys.stdin is None or not _terminal(sys.stdin, out):
        return 0
    try:
        return os.get_terminal_size(out.fileno()).lines
    except (AttributeError, OSError, ValueError):
        return 0


def human_seat(game: AnyGame, asked: int | None, rules: Any) -> int:
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


HELP_WORDS = ("help", "?")
QUIT_WORDS = ("quit", "exit")
HINT_WORDS = ("hint", "odds")


def ask(
    game: AnyGame,
    state: Any,
    view: Any,
    legal: Sequence[Any],
    teller: Narrator[Any],
    keyboard: Keyboard,
    out: TextIO,
    path: str | None = None,
) -> Any:
    """The action the human types (asked again until it is legal); None to leave.

    A short form the narrator knows (``Narrator.expand``) is read as what it stands for.
    A move that is the only legal one is shown in the prompt (``your move [out]>``) and
    played by an empty line (Enter) as by its notation, so a script that types it
    plays as one that does not.
    """
    words = [game.format_action(action) for action in legal]
    only = words[0] if len(legal) == 1 else None
    words += [*teller.short_forms(legal), "help", "hint", "quit"]
    kept = f"; the game so far is saved to {path}" if path is not None else ""
    prompt = "your move> " if only is None else f"your move [{only}]> "
    while True:
        text = keyboard.read(prompt, words)
        if text is None:
            return None
        word = text.lower()
        if word in QUIT_WORDS:
            return None
        if word in HELP_WORDS:
            odds = ["hint (or odds) tells the exact odds of your choice now."]
            enter = [f"Enter plays your only move, {only}."] if only is not None else []
            say([*teller.notation_help(view, legal), *enter,
                 *(odds if teller.hint(view, legal) else []),
                 f"quit (or exit) leaves the game{kept}.",
                 f"Legal: {legal_text(game, legal)}."], out)  # fmt: skip
            continue
        if word in HINT_WORDS:
            say(teller.odds(view, legal), out)
            continue
        if not word:
            if only is not None:
                return legal[0]
            say([teller.choices(view, legal)], out)
            continue
        try:
            return game.parse_action(state, text)
        except InvalidActionError as error:
            longer = teller.expand(text, legal)
            try:
                if longer is None:
                    raise
                return game.parse_action(state, longer)
            except (DiceRulesError, ValueError):
                say(refusal(game, text, error, teller), out)
                say([teller.choices(view, legal)], out)
        except (DiceRulesError, ValueError) as error:
            say(refusal(game, text, error, teller), out)
            if "legal here:" not in str(error):
                say([teller.choices(view, legal)], out)


def refusal(game: AnyGame, text: str, error: Exception, teller: Narrator[Any]) -> list[str]:
    """Why ``text`` was refused, in words that call the human "you".

    A syntax error's list of every form of the notation ("... notation: write ...")
    is cut (it names forms the rules in force may not have): the line that follows
    says what can be done now. Any other hint after the colon, about the text typed
    ("the higher die comes first, so write 53"), is shown whole.
    """
    message = plain_words(teller.personal(str(error)))
    head, colon, hint = message.partition(": ")
    forms = colon and head.endswith(" notation") and hint.startswith("write ")
    if isinstance(error, InvalidActionError) and forms:
        message = f"{head}; 'help' explains it."
    return [message]
