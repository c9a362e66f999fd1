"""The words ``play`` and ``replay`` print for a game of twenty four."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicerules.games.twenty_four import engine as tf
from dicerules.games.twenty_four import odds
from dicerules.narration import Narrator, dice_text, either


class TwentyFourNarrator(Narrator[tf.View]):
    """Twenty-four: the throws and keeps, the settlement, the bonus throws, the money."""

    score_name = "money in quarter-units"

    def standing(self, view: tf.View) -> Sequence[int]:
        return view.scores

    def news(self, before: tf.View | None, after: tf.View) -> list[str]:
        lines = []
        last = after.last
        if last is not None and (before is None or last != before.last):
            lines += self._outcome(last, after.rules)
        if after.to_act is None:
            return lines
        if before is None or after.turn != before.turn:
            lines.append(
                f"Turn {after.turn} of {after.rules.turns}: {self.who(after.roller)} throws"
                f" {dice_text(after.showing)}."
            )
        elif after.stage != "throw" and before.stage == "throw":
            lines.append(
                f"  Total {sum(after.kept)}: {self.who(after.roller)} plays for"
                f" {after.target}s; the others may offer to settle first."
            )
        return lines

    def _outcome(self, last: tf.Outcome, rules: tf.Rules) -> list[str]:
        how = "after a stop" if last.stopped else "every die kept"
        roller = self.who(last.roller)
        whose = "Your" if last.roller == self.viewer else self.whose(last.roller)
        lines = [f"  {whose} dice: {dice_text(last.dice)} = {last.total} ({how})."]
        if last.total == 24:
            lines.append("  Exactly 24: nothing is paid.")
        elif not last.target and last.changes[last.roller] > 0:
            lines.append(f"  A low score: {roller} collects 20 from each other seat.")
        elif not last.target:
            lines.append(f"  Short of 24: {roller} pays {24 - last.total} to each other seat.")
        if last.target:
            deals = ", ".join(
                f"{self.who(seat)} for {paid}" for seat, paid in enumerate(last.settled) if paid
            )
            if deals:
                lines.append(f"  Settled: {deals}.")
            throws = ", then ".join(dice_text(throw) for throw in last.bonus)
            lines.append(
                f"  Bonus throws for {last.target}s: {throws}: {last.count} showing {last.target}."
            )
            score = last.target * last.count
            unsettled = "each seat that did not settle" if rules.settlements else "each other seat"
            if score:
                lines.append(f"  Bonus score {last.target} x {last.count} = {score}, paid to"
                             f" {roller} by {unsettled}.")  # fmt: skip
            elif rules.failed_bonus_pays:
                lines.append(f"  No {last.target}s: {roller} pays {last.target} to {unsettled}.")
            else:
                lines.append(f"  No {last.target}s: nothing is paid.")
        lines.append(f"  Money this turn: {self.seats(last.changes, signed=True)}.")
        return lines

    def action(self, before: tf.View, seat: int, action: Any, after: tf.View) -> list[str]:
        who = self.who(seat)
        if isinstance(action, tf.Keep):
            again = ""
            if after.turn == before.turn and after.stage == "throw" and after.showing:
                again = f" and throws {dice_text(after.showing)}"
            return [f"  {who} keeps {action.count}x{action.value}{again}."]
        if isinstance(action, tf.Offer):
            return [f"  {who} offers {action.quarters} to settle."]
        if isinstance(action, tf.Accept | tf.Refuse):
            verb = "accepts" if isinstance(action, tf.Accept) else "refuses"
            return [f"  {who} {verb} {self.whose(before.offerer)} offer of"  # type: ignore[arg-type]
                    f" {before.offer}."]  # fmt: skip
        if isinstance(action, tf.Stop):
            return [f"  {who} stops."]
        return [f"  {who} makes no offer."]

    told_money: tuple[int, ...] | None = None
    """The money last told in ``situation``: told again only when it has changed."""

    def situation(self, view: tf.View) -> list[str]:
        money = self.seats(view.scores, signed=True)
        lines = []
        if view.scores != self.told_money:
            lines.append(f"Money so far, in quarter-units (4 to a unit): {money}.")
            self.told_money = view.scores
        if view.stage == "throw":
            kept = f"{dice_text(view.kept)} ({sum(view.kept)})" if view.kept else "nothing yet"
            lines.append(f"Kept: {kept}; just thrown: {dice_text(view.showing)}.")
        elif view.stage == "offer":
            lines.append(
                f"{self.who(view.roller)} plays for {view.target}s (total {sum(view.kept)})."
            )
        else:
            lines.append(
                f"{self.who(view.offerer)} offers {view.offer} to settle."  # type: ignore[arg-type]
            )
        return lines

    @staticmethod
    def _stop_gives(view: tf.View) -> str:
        """What stopping now gives: the total of every die as it lies, and what it pays."""
        total = sum(view.kept) + sum(view.showing)
        if total == tf.TARGET:
            return f"every die counts as it lies: {total}, which pays nothing"
        if total <= tf.LOW_SCORE and view.rules.low_score_bonus == "any":
            return (
                f"every die counts as it lies: {total}, so each other seat pays you"
                f" {tf.LOW_SCORE_PRIZE}"
            )
        if total < tf.TARGET:
            return (
                f"every die counts as it lies: {total}, so you pay {tf.TARGET - total}"
                " to each other seat"
            )
        return (
            f"every die counts as it lies: {total}, so you throw for"
            f" {total - tf.TARGET}s as a bonus"
        )

    def choices(self, view: tf.View, legal: Sequence[Any]) -> str:
        keeps = [action for action in legal if isinstance(action, tf.Keep)]
        if view.stage == "throw":
            words = []
            for value in dict.fromkeys(keep.value for keep in keeps):
                most = max(keep.count for keep in keeps if keep.value == value)
                some = f"the {value}s" if most > 1 else f"the {value}"
                fewer = f"; keep 1x{value} keeps just one" if most > 1 else ""
                words.append(f"keep {some} just thrown (keep {value}{fewer})")
            if tf.STOP in legal:
                words.append(f"stop ({self._stop_gives(view)})")
            return f"You can {either(words)}."
        if view.stage == "offer":
            return (
                f"You can offer 1 to {tf.DICE * view.target} quarter-units to settle before"
                f" {self.whose(view.roller)} bonus throws (offer 4), or make no offer (no)."
            )
        return (
            super().choices(view, legal)
            if view.offerer is None
            else (
                f"You can accept {self.whose(view.offerer)} offer of {view.offer} (it is paid"
                " to you at once and that seat is out of the bonus) or refuse it."
            )
        )

    def label(self, view: tf.View, action: Any) -> str:
        if isinstance(action, tf.Keep):
            words = ("no", "one", "two", "three", "four", "five")
            count = words[action.count] if action.count < len(words) else str(action.count)
            return f"Keep {count} {action.value}" + ("s" if action.count > 1 else "")
        if isinstance(action, tf.Stop):
            return f"Stop: count {sum(view.kept) + sum(view.showing)} as the dice lie"
        if isinstance(action, tf.Offer):
            return f"Offer {action.quarters} to settle"
        if isinstance(action, tf.Accept | tf.Refuse):
            verb = "Accept" if isinstance(action, tf.Accept) else "Refuse"
            return f"{verb} {self.whose(view.offerer)} offer of {view.offer}"  # type: ignore[arg-type]
        return "Make no offer"

    def hint(self, view: tf.View, legal: Sequence[Any]) -> list[str]:
        if view.target and (view.stage == "offer" or view.offerer is not None):
            return self._settlement_hint(view)
        choices = [action for action in legal if isinstance(action, tf.Keep | tf.Stop)]
        if not choices or not view.showing:
            return []
        values = [
            (odds.choice_value(view.kept, view.showing, choice, rules=view.rules), choice)
            for choice in choices
        ]
        told = ", ".join(f"{choice} {float(value):+.2f}" for value, choice in values)
        best = max(values, key=lambda pair: pair[0])[1]
        return [
            "What you can expect to win from here, in quarter-units, each choice played"
            f" on at its best: {told}. Best: {best}."
        ]

    def _settlement_hint(self, view: tf.View) -> list[str]:
        """What the bonus throws are worth to a seat that does not settle: the fair price."""
        fair = odds.settlement_value(view.target, rules=view.rules)
        worth = f"{float(fair):.2f} quarter-units (exactly {fair})"
        if view.stage == "offer":
            return [f"Without a settlement you can expect to pay {self.who(view.roller)}"
                    f" {worth} for the bonus of {view.target}s: an accepted offer below that"
                    " saves you money."]  # fmt: skip
        return [f"Refusing, you can expect {worth} from {self.who(view.offerer)} for the"  # type: ignore[arg-type]
                f" bonus of {view.target}s; accepting gives you {view.offer} now."]  # fmt: skip

    def notation_help(self, view: tf.View, legal: Sequence[Any]) -> list[str]:
        rules = view.rules
        which = (
            "the highest value just thrown"
            if rules.keep_rule == "highest"
            else "any one value just thrown"
        )
        lines = [
            f"After each throw keep one or more dice showing {which}, and throw the rest"
            " again: keep 2x6 keeps two of the sixes just thrown; keep 6 keeps every six"
            " just thrown.",
            "stop ends your throwing: every die counts as it lies. Your five dice make a"
            " total: 24 pays nothing; under 24 you pay the difference to each other seat;"
            " over 24 you throw twice more for the bonus (28 plays for 4s).",
        ]
        if rules.settlements:
            lines.append(
                "Before the bonus throws each other seat may offer to settle: offer 4 offers"
                " 4 quarter-units, no offer (or no) makes none; the roller says accept or"
                " refuse."
            )
        lines.append("Money is in quarter-units: 4 make one unit.")
        return lines
