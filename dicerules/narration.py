"""Telling a game in words, from one seat's views: the base of every game's narrator.

The command line's ``play`` and ``replay`` print what a narrator says, and
``dicerules.wire`` sends it to apps (the story of a game, the words of each move, the
odds). A game names its narrator in its Game (``narrator``); a game that names none is
told by this module's ``Narrator`` itself, in terms every game has: the actions in
notation and the scores.

``rules_text`` and ``rules_blocks`` give a game's rules as ``dicerules rules`` prints
them, for every face that shows them.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Generic, TypeVar

import attrs

from dicerules.game import AnyGame

__all__ = [
    "NO_ODDS",
    "Narrator",
    "dice_text",
    "either",
    "facts",
    "narrator",
    "package",
    "rules_blocks",
    "rules_text",
]

NO_ODDS: Final = "There are no odds to weigh for this choice."
"""What ``Narrator.odds`` says when ``hint`` has nothing to tell."""

V = TypeVar("V")


def dice_text(dice: Sequence[int]) -> str:
    """Dice as ``3-4-6``; ``none`` for no dice."""
    return "-".join(map(str, dice)) if dice else "none"


def either(words: Sequence[str], last: str = "or") -> str:
    """Words as ``a, b or c`` (``last`` the joining word)."""
    *others, final = words
    return f"{', '.join(others)} {last} {final}" if others else final


_OWN_FIELDS = frozenset({"rules", "player", "scores", "to_act"})


def facts(view: object) -> dict[str, str]:
    """The short public facts of an attrs view beyond its scores, as text by label.

    Fields holding a number, a word, a flag or a few numbers (a turn total, the last
    roll, the dice kept); the rules, the seat, the scores and the seat to act are
    left to the rest of the narration, and None or anything longer is left out.
    """
    if not attrs.has(type(view)):
        return {}
    found = {}
    kind: Any = type(view)
    for field in attrs.fields(kind):
        value = getattr(view, field.name, None)
        if field.name in _OWN_FIELDS or field.name.startswith("_"):
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, int | str):
            text = str(value)
        elif isinstance(value, tuple) and len(value) <= 12 and all(type(v) is int for v in value):
            text = dice_text(value)
        else:
            continue
        found[field.name.replace("_", " ")] = text
    return found


_VERBS = {"has": "have", "is": "are", "does": "do", "was": "were"}


class Narrator(Generic[V]):
    """Text from one seat's views (``viewer`` None: a spectator's) of one game.

    A game names its subclass as its Game's ``narrator``; a game that names none is
    told by this class itself, by its notation, its view's ``scores`` and its view's
    other short facts. Everything told comes from views (and the actions, which
    every seat sees, unless a narrator's ``action`` hides them): never the state.

    Made as ``narrator(game, viewer)``, one for each game told. Its attributes:
    ``game`` (the Game) and ``viewer`` (the seat whose views it is handed, or None),
    and the class attribute ``score_name``, what the scores are called
    ("score"; liar's dice: "dice left"), which the last lines use.

    The order of the calls, as ``play`` (one seat's narrator) and ``replay`` (a
    spectator's) make them, each view being ``game.view(state, viewer)``:

    1. ``news(None, view)`` once, with the view of the state before any action:
       what is known at the start (a roll-off, the first hands).
    2. Before each of the human's moves (play only): ``situation(view)``, then
       ``choices(view, legal)``; while the human types, ``notation_help(view,
       legal)`` for ``help``, ``choices`` again for an empty line or after a refused
       one, and ``personal(message)`` on the engine's error message for the text.
    3. After every action of every seat, the human's included:
       ``step(before, seat, action, after)``, the views before and after it; by
       default ``action(...)`` followed by ``news(before, after)``.

    4. When the game is over, ``ending(game.winners(state), game.scores(state))``
       (the game's own scores from the state, public then); when play is left before
       the end, ``<score_name> so far:`` with ``seats(standing(view))``.

    An app that shows buttons rather than a prompt also asks ``label(view, action)``
    for each legal action (a button's words) and ``suggested(view, legal)`` (the
    choice a form shows first). Every method returns lines (``choices``, ``label`` one
    line); an indented line is part of the step above it. ``who``, ``whose``,
    ``together``, ``seats`` and ``passes`` are helpers for a subclass's words.
    """

    score_name = "score"
    synonyms: Mapping[str, str] = MappingProxyType({})
    """Other words a player may type for a word of the notation (``{"hit": "roll"}``)."""
    labels_by_action: frozenset[type] = frozenset()
    """The action classes whose ``label`` depends on the action alone, never on the view
    or the viewer (a bid's words, say): ``wire.moves`` words each such action once and
    keeps its label. None by default, so a subclass's own ``label`` is asked each time."""

    def __init__(self, game: AnyGame, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer

    def who(self, seat: int) -> str:
        """``seat 2``, and ``seat 2 (you)`` for the viewer's own seat."""
        return f"seat {seat} (you)" if seat == self.viewer else f"seat {seat}"

    def whose(self, seat: int) -> str:
        """``seat 2's``, and ``your`` for the viewer's own seat."""
        return "your" if seat == self.viewer else f"seat {seat}'s"

    def personal(self, message: str) -> str:
        """``message`` (an engine's error, say) with the viewer's seat called "you".

        ``seat 0 has no white 4`` becomes ``you have no white 4`` for seat 0's viewer;
        the other seats keep their numbers.
        """
        if self.viewer is None:
            return message
        seat = rf"\bseat {self.viewer}\b(?! \(you\))"
        text = re.sub(seat + "'s", "your", message)
        text = re.sub(
            seat + r" (has|is|does|was)\b(?: already played (?:its|their))?",
            lambda m: (
                f"you {_VERBS[m[1]]}"
                + (" already played your" if m[0].endswith(("its", "their")) else "")
            ),
            text,
        )
        text = re.sub(seat + r" (\w+)s\b", r"you \1", text)  # seat 0 opens: you open
        text = re.sub(seat, "you", text)
        if text != message:  # "seat 0 has no white 3 (its white dice: ...)"
            text = re.sub(r"\bits (white|blue|dice|die|hand)\b", r"your \1", text)
        text = re.sub(r"\b(you \w+[^.;:()]*?), so (?:it|they) ", r"\1, so you ", text)
        return text[:1].upper() + text[1:] if text.startswith("you ") else text

    def together(self, seats: Sequence[int]) -> str:
        """Seats as ``seat 0, seat 2 and seat 3``."""
        *others, last = [self.who(seat) for seat in seats]
        return f"{', '.join(others)} and {last}" if others else last

    def holds(self, seat: int, value: object) -> str:
        """A seat and its value, not to be read as one number: ``seat 1 = 3``."""
        return f"{self.who(seat)} = {value}"

    def seats(self, values: Sequence[object], signed: bool = False) -> str:
        """One value per seat: ``seat 0 = 3, seat 1 = 2``."""
        return ", ".join(
            self.holds(seat, f"{value:+d}" if signed else value)
            for seat, value in enumerate(values)
        )

    def passes(self, label: str, passes: Sequence[Sequence[tuple[int, object]]]) -> list[str]:
        """A line per pass of seats throwing in turn: ``Roll-off 1: seat 0 = 4, seat 1 = 2.``"""
        return [
            f"{label} {number}: {', '.join(self.holds(seat, shown) for seat, shown in one)}."
            for number, one in enumerate(passes, start=1)
        ]

    def standing(self, view: V) -> Sequence[int]:
        """Every seat's score as ``view`` shows it (the game's ``scores``, seen by the viewer).

        By default the view's ``scores``; () for a view without them (a subclass
        tells where its view keeps them), and then no line tells the scores.
        """
        scores: Sequence[int] | None = getattr(view, "scores", None)
        return () if scores is None else tuple(scores)

    def news(self, before: V | None, after: V) -> list[str]:
        """What the viewer learnt between ``before`` (None: the game's start) and ``after``.

        By default the scores when they changed, and the view's other short facts
        (``facts``) that changed.
        """
        if before is None:
            return []
        lines = []
        was, now = facts(before), facts(after)
        changed = [f"{label} {text}" for label, text in now.items() if was.get(label) != text]
        if changed:
            told = "; ".join(changed)
            lines.append(f"  {told[:1].upper()}{told[1:]}.")
        if self.standing(before) != self.standing(after) and self.standing(after):
            lines.append(f"  {self.score_name.capitalize()}: {self.seats(self.standing(after))}.")
        return lines

    def action(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """What ``seat`` was seen to do, going from ``before`` to ``after`` (nothing if hidden).

        By default the action in the game's notation.
        """
        return [f"  {self.who(seat)}: {self.game.format_action(action)}."]

    def situation(self, view: V) -> list[str]:
        """Everything ``view`` holds, for the seat about to act.

        By default the scores the view shows, and its other short facts (``facts``).
        """
        standing = self.standing(view)
        lines = [f"Scores: {self.seats(standing)}."] if standing else []
        known = facts(view)
        if known:
            told = "; ".join(f"{label} {text}" for label, text in known.items())
            lines.append(f"{told[:1].upper()}{told[1:]}.")
        return lines

    def choices(self, view: V, legal: Sequence[Any]) -> str:
        """What the viewer, about to act, can do now, in a line of plain words.

        By default the legal actions in notation (a long list shortened).
        """
        names = [self.game.format_action(action) for action in legal]
        if len(names) > 10:
            names = [*names[:6], "...", names[-1]]
            return f"You can play one of {len(legal)} actions: {', '.join(names)}."
        return f"You can play {either(names)}."

    def notation_help(self, view: V, legal: Sequence[Any]) -> list[str]:
        """How to write an action, with examples (``help`` prints it, then the legal list).

        By default: type a legal action as it is listed.
        """
        return [f"Type one of the legal actions below, as {self.game.name} writes it."]

    def expand(self, text: str, legal: Sequence[Any]) -> str | None:
        """What a short form stands for, or None: the first word of ``text`` (after
        ``synonyms``) completed to the first word of the legal actions' notation, when
        exactly one starts so (``r`` for ``roll``, ``k 6`` for ``keep 6``)."""
        first, space, rest = text.strip().partition(" ")
        word = self.synonyms.get(first.lower(), first.lower())
        if not word:
            return None
        heads = {self.game.format_action(action).split(" ")[0].lower() for action in legal}
        if word not in heads:
            found = [head for head in heads if head.startswith(word)]
            if len(found) != 1:
                return None
            word = found[0]
        longer = word + space + rest.strip()
        return longer if longer.lower() != text.strip().lower() else None

    def short_forms(self, legal: Sequence[Any]) -> list[str]:
        """The synonyms that stand for a word of a legal action, for Tab to complete."""
        heads = {self.game.format_action(action).split(" ")[0].lower() for action in legal}
        return [word for word, meaning in self.synonyms.items() if meaning in heads]

    def hint(self, view: V, legal: Sequence[Any]) -> list[str]:
        """The exact odds of the choice the viewer faces now (``hint`` in play); no
        lines when there are none to tell, and then ``help`` does not offer ``hint``.

        By default none: a game with exact odds tells them in its own narrator.
        """
        return []

    def odds(self, view: V, legal: Sequence[Any]) -> list[str]:
        """What ``hint`` says, or ``NO_ODDS`` when it has nothing to tell: the answer to
        a player who asks for the odds."""
        return self.hint(view, legal) or [NO_ODDS]

    def label(self, view: V, action: Any) -> str:
        """One of the legal actions of the viewer, about to act, in words for a button
        ("Bid three 5s", "Stand on 15").

        By default the action's notation, its first letter a capital.
        """
        text = self.game.format_action(action)
        return text[:1].upper() + text[1:]

    def suggested(self, view: V, legal: Sequence[Any]) -> Any:
        """The action of ``legal`` that a form offers first (a bid on the face the
        viewer holds most of, say); None: the first legal action of the form.

        By default None.
        """
        return None

    def step(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """The action and what it made known."""
        return self.action(before, seat, action, after) + self.news(before, after)

    def ending(self, winners: Sequence[int], scores: Sequence[int]) -> list[str]:
        """The last lines of a finished game: who won (``Game over.`` alone when no seat
        did: a game cut short), and the final scores."""
        won = "wins" if len(winners) == 1 else "share the win"
        ended = f"Game over: {self.together(winners)} {won}." if winners else "Game over."
        return [ended, f"Final {self.score_name}: {self.seats(scores)}."]


def narrator(game: AnyGame, viewer: int | None) -> Narrator[Any]:
    """The narrator of ``game`` for ``viewer``'s views (the generic one if it has none)."""
    return (game.narrator or Narrator)(game, viewer)


def package(game: AnyGame) -> str:
    """The name of the package that holds ``game``'s State (the module, if not in one)."""
    module = sys.modules[game.State.__module__]
    spec = getattr(module, "__spec__", None)
    return (spec.parent if spec is not None and spec.parent else None) or module.__name__


def rules_text(game: AnyGame) -> str | None:
    """The rules ``game`` declares (``Game.rules_text``), else its package's docstring."""
    if game.rules_text is not None:
        return game.rules_text
    return importlib.import_module(package(game)).__doc__


_MARKUP = re.compile(r"``(.+?)``", re.DOTALL)


def rules_blocks(text: str) -> list[list[str]]:
    """Rules (a docstring) as plain words: its paragraphs, each a list of items, an item
    a line of text or a bullet (``* `` first) on one line, the markup taken out
    (````keep NxV```` is ``keep NxV``). ``dicerules rules`` prints each item wrapped to
    the terminal and a blank line after each paragraph."""
    text = _MARKUP.sub(r"\1", inspect.cleandoc(text))
    blocks = []
    for block in re.split(r"\n\s*\n", text):
        items: list[list[str]] = []
        for line in block.splitlines():
            if line.startswith("* ") or not items:
                items.append([line])
            else:
                items[-1].append(line.strip())
        blocks.append([" ".join(part.strip() for part in item) for item in items])
    return blocks
