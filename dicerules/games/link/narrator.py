"""The words ``play`` and ``replay`` print for a game of link."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicerules.games.link import engine as link
from dicerules.narration import Narrator, dice_text, either


class LinkNarrator(Narrator[link.View]):
    """Link: the ante, each die added to the row, who goes out, who takes the pot."""

    score_name = "counters"

    def standing(self, view: link.View) -> Sequence[int]:
        return view.counters

    def news(self, before: link.View | None, after: link.View) -> list[str]:
        lines = self._pot_won(before, after)
        if after.to_act is None and after.round < after.rules.rounds:
            lines.append("Fewer than two seats can pay the ante: the game is over.")
        if after.to_act is not None and (before is None or after.round != before.round):
            lines += self._round(before, after)
        return lines

    def _pot_won(self, before: link.View | None, after: link.View) -> list[str]:
        """Who took the pot, if the round under way in ``before`` is over in ``after``."""
        if before is None or before.to_act is None or after.last_winner is None:
            return []
        if after.round == before.round and after.to_act is not None:
            return []
        return [
            f"  {self.who(after.last_winner)} is the last one in and takes the pot of {before.pot}."
        ]

    told: tuple[int, int, tuple[int, ...]] | None = None
    """The round, pot and counters the last round header told (situation skips a repeat)."""

    def _round(self, before: link.View | None, view: link.View) -> list[str]:
        self.told = (view.round, view.pot, view.counters)
        lines = [
            f"  {self.who(seat)} cannot pay the ante and leaves the game."
            for seat, there in enumerate(view.in_game)
            if not there and (before is None or before.in_game[seat])
        ]
        lines.append(
            f"Round {view.round} of {view.rules.rounds}: the pot holds {view.pot} after the"
            f" ante; counters {self.seats(view.counters)}."
        )
        if view.whites and view.to_act != view.player:  # else the seat's turn shows them
            lines.append(f"  Your dice: {self._own(view)}.")
        return lines

    def _own(self, view: link.View) -> str:
        blue = "played" if view.blue is None else str(view.blue)
        return f"white {dice_text(view.whites)}, blue {blue}"

    def action(self, before: link.View, seat: int, action: Any, after: link.View) -> list[str]:
        who = self.who(seat)
        if isinstance(action, link.Open):
            return [f"  {who} opens the row with W{action.value}, going {action.direction}."]
        if isinstance(action, link.Play) and action.blue:
            return [f"  {who} links with B{action.value} (pays {after.rules.link_cost}):"
                    f" the row now goes {after.direction}."]  # fmt: skip
        if isinstance(action, link.Play):
            return [f"  {who} adds W{action.value}."]
        return [f"  {who} is out of the round."]

    def situation(self, view: link.View) -> list[str]:
        row = " ".join(f"{placed.colour}{placed.value}" for placed in view.sequence)
        if view.direction is None:
            where = "Row: not opened yet."
        else:
            bound = "at least" if view.direction == "up" else "at most"
            last = view.sequence[-1].value
            where = f"Row: {row}, going {view.direction}: add a die showing {bound} {last}."
        others = ", ".join(
            self.holds(seat, f"{count} white{' + blue' if blue else ''}")
            for seat, (count, blue, there) in enumerate(
                zip(view.white_counts, view.blue_unplayed, view.in_round, strict=True)
            )
            if there and seat != view.player
        )
        told, self.told = self.told, None
        header = []
        if told != (view.round, view.pot, view.counters):  # else the round header said it
            header.append(
                f"Round {view.round} of {view.rules.rounds}; pot {view.pot};"
                f" counters {self.seats(view.counters)}."
            )
        return [
            *header,
            where,
            f"Still in the round with dice unplayed: {others or 'nobody else'}.",
            f"Your dice: {self._own(view)}.",
        ]

    def choices(self, view: link.View, legal: Sequence[Any]) -> str:
        if legal == [link.OUT] or tuple(legal) == (link.OUT,):
            if view.whites or view.blue is not None:
                return "No die of yours fits the row: your only move is out."
            return "You have no dice left: your only move is out."
        names = [self.game.format_action(action) for action in legal]
        if any(isinstance(action, link.Open) for action in legal):
            return (
                f"You open the row with a white die and a direction: {either(names)}"
                " (up: each die after it at least as high; down: at most as high)."
            )
        blue = [str(a) for a in legal if isinstance(a, link.Play) and a.blue]
        cost = view.rules.link_cost
        paid = f"costs {cost} counter{'s' if cost != 1 else ''} and " if cost else ""
        note = f" ({either(blue)}: your blue die, {paid}turns the row round)" if blue else ""
        return f"You can add {either(names)}{note}."

    def label(self, view: link.View, action: Any) -> str:
        if isinstance(action, link.Open):
            return f"Open the row with white {action.value}, going {action.direction}"
        if isinstance(action, link.Play) and action.blue:
            cost = view.rules.link_cost
            paid = f"pay {cost}, " if cost else ""
            return f"Link with blue {action.value} ({paid}turn the row round)"
        if isinstance(action, link.Play):
            return f"Add white {action.value}"
        return "Go out of the round"

    def notation_help(self, view: link.View, legal: Sequence[Any]) -> list[str]:
        cost = view.rules.link_cost
        paid = f"pays {cost} counter{'s' if cost != 1 else ''} to the pot and " if cost else ""
        return [
            "W3 up opens the row with your white 3, the row going up: each die added"
            " after it must show at least as much as the last one. W3 down: at most as"
            " much. A 6 cannot open up, a 1 cannot open down.",
            "W5 adds your white 5 to the row.",
            f"B5 adds your blue die showing 5: it {paid}turns the row round (up becomes"
            " down, down becomes up).",
            "out: no die of yours fits (then it is your only move); you take no more part"
            " in the round. The last one in takes the pot.",
        ]
