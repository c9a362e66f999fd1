"""Telling a game in words, from one seat's views: the base of every game's narrator.

The command line's ``play`` and ``replay`` print what a narrator says. A game names
its narrator in its Game (``narrator``); a game that names none is told by this
module's ``Narrator`` itself, in terms every game has: the actions in notation and
the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from dicerules.game import AnyGame

__all__ = ["Narrator", "dice_text"]

V = TypeVar("V")


def dice_text(dice: Sequence[int]) -> str:
    """Dice as ``3-4-6``; ``none`` for no dice."""
    return "-".join(map(str, dice)) if dice else "none"


class Narrator(Generic[V]):
    """Text from one seat's views (``viewer`` None: a spectator's) of one game.

    ``news`` tells what became known between two views, ``action`` what a seat did,
    ``situation`` everything the viewer knows when it is to act, ``standing`` the
    scores the view shows. Everything told comes from views (and the actions, which
    every seat sees, unless the game hides them). A game may have its own subclass;
    this class itself tells any game by its notation and scores.
    """

    score_name = "score"

    def __init__(self, game: AnyGame, viewer: int | None) -> None:
        self.game = game
        self.viewer = viewer

    def who(self, seat: int) -> str:
        """``seat 2``, and ``seat 2 (you)`` for the viewer's own seat."""
        return f"seat {seat} (you)" if seat == self.viewer else f"seat {seat}"

    def together(self, seats: Sequence[int]) -> str:
        """Seats as ``seat 0, seat 2 and seat 3``."""
        *others, last = [self.who(seat) for seat in seats]
        return f"{', '.join(others)} and {last}" if others else last

    def seats(self, values: Sequence[object], signed: bool = False) -> str:
        """One value per seat: ``seat 0 3, seat 1 2``."""
        return ", ".join(
            f"{self.who(seat)} {value:+d}" if signed else f"{self.who(seat)} {value}"
            for seat, value in enumerate(values)
        )

    def passes(self, label: str, passes: Sequence[Sequence[tuple[int, object]]]) -> list[str]:
        """A line per pass of seats throwing in turn: ``Roll-off 1: seat 0 4, seat 1 2.``"""
        return [
            f"{label} {number}: {', '.join(f'{self.who(seat)} {shown}' for seat, shown in one)}."
            for number, one in enumerate(passes, start=1)
        ]

    def standing(self, view: V) -> Sequence[int]:
        """Every seat's score as ``view`` shows it (the game's ``scores``, seen by the viewer).

        By default the view's ``scores``, or failing that a zero a seat.
        """
        scores: Sequence[int] | None = getattr(view, "scores", None)
        if scores is not None:
            return tuple(scores)
        rules: object = getattr(view, "rules", None)
        return (0,) * self.game.seats(rules)

    def news(self, before: V | None, after: V) -> list[str]:
        """What the viewer learnt between ``before`` (None: the game's start) and ``after``.

        By default nothing: the generic narrator tells the actions only.
        """
        return []

    def action(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """What ``seat`` was seen to do, going from ``before`` to ``after`` (nothing if hidden).

        By default the action in the game's notation.
        """
        return [f"  {self.who(seat)}: {self.game.format_action(action)}."]

    def situation(self, view: V) -> list[str]:
        """Everything ``view`` holds, for the seat about to act.

        By default the scores the view shows.
        """
        return [f"Scores: {self.seats(self.standing(view))}."]

    def step(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """The action and what it made known."""
        return self.action(before, seat, action, after) + self.news(before, after)
