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
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Generic, NamedTuple, NoReturn, TextIO, TypeVar, cast

import attrs

import dicerules
from dicerules import bench, bots
from dicerules.errors import DiceRulesError, UnknownGameError
from dicerules.game import AnyGame, get_game
from dicerules.games import eighteen, liars_dice, link
from dicerules.games import twenty_four as tf
from dicerules.match import play_match
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


# ------------------------------------------------------------------ the narrators


def dice_text(dice: Sequence[int]) -> str:
    """Dice as ``3-4-6``; ``none`` for no dice."""
    return "-".join(map(str, dice)) if dice else "none"


class Narrator(ABC, Generic[V]):
    """Text from one seat's views (``viewer`` None: a spectator's) of one game.

    ``news`` tells what became known between two views, ``action`` what a seat did,
    ``situation`` everything the viewer knows when it is to act, ``standing`` the
    scores the view shows. Everything told comes from views (and the actions, which
    every seat sees, unless the game hides them). Each game has its own subclass.
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

    @abstractmethod
    def standing(self, view: V) -> Sequence[int]:
        """Every seat's score as ``view`` shows it (the game's ``scores``, seen by the viewer)."""

    @abstractmethod
    def news(self, before: V | None, after: V) -> list[str]:
        """What the viewer learnt between ``before`` (None: the game's start) and ``after``."""

    @abstractmethod
    def action(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """What ``seat`` was seen to do, going from ``before`` to ``after`` (nothing if hidden)."""

    @abstractmethod
    def situation(self, view: V) -> list[str]:
        """Everything ``view`` holds, for the seat about to act."""

    def step(self, before: V, seat: int, action: Any, after: V) -> list[str]:
        """The action and what it made known."""
        return self.action(before, seat, action, after) + self.news(before, after)


class LiarsDiceNarrator(Narrator[liars_dice.View]):
    """Liar's dice: bids, the cups coming up at a challenge, the hand at each round."""

    score_name = "dice left"

    def standing(self, view: liars_dice.View) -> Sequence[int]:
        return view.dice

    def news(self, before: liars_dice.View | None, after: liars_dice.View) -> list[str]:
        lines = [] if before else self.passes("Roll-off for the first opener, pass", after.rolloff)
        reveal = after.last_reveal
        if reveal is not None and (before is None or reveal != before.last_reveal):
            lines += self._reveal(reveal, after.rules)
        if after.to_act is not None and (before is None or after.round != before.round):
            lines += self._round(after)
        elif before is not None and before.ones_wild and not after.ones_wild:
            lines.append("  The round opened on ones: ones are not wild this round.")
        return lines

    def _reveal(self, reveal: liars_dice.Reveal, rules: liars_dice.Rules) -> list[str]:
        cups = ", ".join(
            f"{self.who(seat)} {dice_text(hand)}" for seat, hand in enumerate(reveal.hands) if hand
        )
        wild = []
        if reveal.ones_wild and reveal.bid.face != 1:
            wild.append("ones wild")
        if rules.straights_wild:
            wild.append("straights wild")
        how = f" ({', '.join(wild)})" if wild else ""
        held = "the bid holds" if reveal.count >= reveal.bid.quantity else "the bid fails"
        count = "1 die counts" if reveal.count == 1 else f"{reveal.count} dice count"
        return [
            f"  Cups up: {cups}.",
            f"  {count} for {reveal.bid}{how}: {held}; {self.who(reveal.loser)} loses a die.",
        ]

    def _round(self, view: liars_dice.View) -> list[str]:
        left = ", ".join(f"{self.who(seat)} {n}" for seat, n in enumerate(view.dice) if n)
        lines = [
            f"Round {view.round}: {sum(view.dice)} dice in play ({left});"
            f" {self.who(view.opener)} opens."
        ]
        if view.hand and view.to_act != view.player:  # else the seat's turn shows it
            lines.append(f"  Your hand: {dice_text(view.hand)}.")
        return lines

    def action(
        self, before: liars_dice.View, seat: int, action: Any, after: liars_dice.View
    ) -> list[str]:
        if isinstance(action, liars_dice.Bid):
            return [f"  {self.who(seat)} bids {action}."]
        bidder, bid = before.bids[-1]
        return [f"  {self.who(seat)} challenges {self.who(bidder)}'s {bid}."]

    def situation(self, view: liars_dice.View) -> list[str]:
        wild = "ones wild" if view.ones_wild else "ones not wild"
        if view.rules.straights_wild:
            wild += ", straights wild"
        bids = ", ".join(f"{self.who(seat)} {bid}" for seat, bid in view.bids)
        return [
            f"Your hand: {dice_text(view.hand)}. Dice in play: {sum(view.dice)} ({wild}).",
            f"Bids this round: {bids}." if bids else "You open the round with a bid.",
        ]


class EighteenNarrator(Narrator[eighteen.View]):
    """Eighteen: the house's discards, each hand as it grows, the roost when scored."""

    score_name = "points"

    def standing(self, view: eighteen.View) -> Sequence[int]:
        return view.points

    def hand(self, hand: tuple[int, ...]) -> str:
        """A hand and what it counts: ``5-6-2 (13)``, ``bust``, or six dice counting 18."""
        total = eighteen.hand_total(hand)
        if total is None:
            return f"{dice_text(hand)} (bust)"
        if total != sum(hand):
            return f"{dice_text(hand)} ({sum(hand)}, six dice: counts {total})"
        return f"{dice_text(hand)} ({total})"

    def news(self, before: eighteen.View | None, after: eighteen.View) -> list[str]:
        lines = []
        if before is None:
            totals = [[(seat, sum(dice)) for seat, dice in one] for one in after.house_choice]
            lines += self.passes("House choice (three dice each), pass", totals)
            if after.rules.permanent_house is not None:
                lines.append(
                    f"{self.who(after.rules.permanent_house)} is the house for the"
                    " whole game: it never rolls, the players play against its roost."
                )
        if after.results and (before is None or after.results != before.results):
            for result in after.results:
                lines += self._result(result)
        if after.lightning and (before is None or after.lightning != before.lightning):
            steps = [[(seat, dice_text(dice)) for seat, dice in one] for one in after.lightning]
            together = self.together([seat for seat, _ in after.lightning[0]])
            lines.append(f"{together} reach the target together: a lightning round, rolling"
                         " all but the sixes until one alone holds three.")  # fmt: skip
            lines += self.passes("Lightning round, step", steps)
        seat = after.to_act
        if seat is None:
            return lines
        new_round = before is None or after.round != before.round
        if new_round:
            lines += self._round(after)
        if before is None or new_round or seat != before.to_act:
            hand = after.hands[seat]
            shown = self.hand(hand) if hand else "three dice, hidden until the round is scored"
            lines.append(f"  {self.who(seat)} throws {shown}.")
        return lines

    def _result(self, result: eighteen.RoundResult) -> list[str]:
        roost = f"{dice_text(result.roost_dice)} = {result.roost}"
        if not any(result.hands):
            lines = [
                f"Round {result.round}: {self.who(result.house)} is the house, and its roost is"
                f" {roost}: the round ends before anyone rolls."
            ]
        else:
            lines = [f"  Round {result.round} is scored: the roost was {roost}."]
            lines += [
                f"    {self.who(seat)}: {self.hand(hand)}"
                for seat, hand in enumerate(result.hands)
                if hand
            ]
        lines.append(f"  Points this round: {self.seats(result.changes, signed=True)}.")
        return lines

    def _round(self, view: eighteen.View) -> list[str]:
        points = zip(view.points, view.out, strict=True)
        standing = [f"{p} (out)" if out else p for p, out in points]
        lines = [
            f"Round {view.round}: points {self.seats(standing)}.",
            f"  {self.who(view.house)} is the house and shows {dice_text(view.discards)}.",
        ]
        if view.roost_dice:
            lines.append(
                f"  Your roost, hidden from the others: {dice_text(view.roost_dice)}"
                f" = {sum(view.roost_dice)}."
            )
        return lines

    def action(
        self, before: eighteen.View, seat: int, action: Any, after: eighteen.View
    ) -> list[str]:
        hand: tuple[int, ...] = ()
        if after.round == before.round and after.to_act is not None:
            hand = after.hands[seat]
        for result in after.results:
            if result.round == before.round and result.hands[seat]:
                hand = result.hands[seat]
        if not hand:  # simultaneous_reveal: even how often a hidden hand rolled is secret
            return []
        if action == eighteen.ROLL:
            return [f"  {self.who(seat)} rolls: {self.hand(hand)}."]
        return [f"  {self.who(seat)} stands on {self.hand(hand)}."]

    def situation(self, view: eighteen.View) -> list[str]:
        lines = [f"Round {view.round}: {self.who(view.house)} is the house, showing"
                 f" {dice_text(view.discards)}."]  # fmt: skip
        if view.roost_dice:
            lines.append(f"Your roost: {dice_text(view.roost_dice)} = {sum(view.roost_dice)}.")
        others = ", ".join(
            f"{self.who(seat)} {self.hand(hand)}"
            for seat, hand in enumerate(view.hands)
            if hand and seat != view.player
        )
        if others:
            lines.append(f"Played this round: {others}.")
        if view.player is not None:
            lines.append(f"Your dice: {self.hand(view.hands[view.player])}. Roll or stand?")
        return lines


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

    def _round(self, before: link.View | None, view: link.View) -> list[str]:
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
            where = "Row: not opened: open it with a white die, up or down (W3 up)."
        else:
            bound = "at least" if view.direction == "up" else "at most"
            last = view.sequence[-1].value
            where = f"Row: {row}, going {view.direction}: add a die showing {bound} {last}."
        others = ", ".join(
            f"{self.who(seat)} {count} white{' + blue' if blue else ''}"
            for seat, (count, blue, there) in enumerate(
                zip(view.white_counts, view.blue_unplayed, view.in_round, strict=True)
            )
            if there and seat != view.player
        )
        return [
            f"Round {view.round} of {view.rules.rounds}; pot {view.pot};"
            f" counters {self.seats(view.counters)}.",
            where,
            f"Still in the round with dice unplayed: {others or 'nobody else'}.",
            f"Your dice: {self._own(view)}.",
        ]


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
        lines = [f"  {roller}'s dice: {dice_text(last.dice)} = {last.total} ({how})."]
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
            score, unsettled = last.target * last.count, "each seat that did not settle"
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
            return [f"  {who} {verb} {self.who(before.offerer)}'s offer of"  # type: ignore[arg-type]
                    f" {before.offer}."]  # fmt: skip
        if isinstance(action, tf.Stop):
            return [f"  {who} stops."]
        return [f"  {who} makes no offer."]

    def situation(self, view: tf.View) -> list[str]:
        money = self.seats(view.scores, signed=True)
        lines = [f"Money so far, in quarter-units (4 to a unit): {money}."]
        if view.stage == "throw":
            kept = f"{dice_text(view.kept)} ({sum(view.kept)})" if view.kept else "nothing yet"
            lines.append(f"Kept: {kept}; just thrown: {dice_text(view.showing)}.")
        elif view.stage == "offer":
            lines.append(
                f"{self.who(view.roller)} plays for {view.target}s (total {sum(view.kept)}):"
                f" offer 1 to {tf.DICE * view.target} to settle, or no offer."
            )
        else:
            lines.append(
                f"{self.who(view.offerer)} offers {view.offer} to settle:"  # type: ignore[arg-type]
                " accept or refuse."
            )
        return lines


_NARRATORS: dict[str, type[Narrator[Any]]] = {
    "liars-dice": LiarsDiceNarrator,
    "eighteen": EighteenNarrator,
    "link": LinkNarrator,
    "twenty-four": TwentyFourNarrator,
}


def narrator(game: AnyGame, viewer: int | None) -> Narrator[Any]:
    """The narrator of ``game`` for ``viewer``'s views."""
    return _NARRATORS[game.name](game, viewer)


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
    players = rules.players
    seat = _human_seat(args.seat, rules)
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


def _human_seat(asked: int | None, rules: Any) -> int:
    """The seat ``--seat`` asks for; by default 0, or 1 when 0 is a house that never acts."""
    acting = acting_seats(rules)
    if asked is None:
        return acting[0]
    if not 0 <= asked < rules.players:
        raise UsageError(f"--seat {asked}: the seats are 0 to {rules.players - 1}")
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


def acting_seats(rules: Any) -> tuple[int, ...]:
    """The seats that make choices: all of them, but eighteen's permanent house."""
    house = rules.permanent_house if isinstance(rules, eighteen.Rules) else None
    return tuple(seat for seat in range(rules.players) if seat != house)


class NeverActs:
    """The bot in a seat that never acts (eighteen's permanent house): never asked."""

    name = "none"

    def choose(self, view: object, legal_actions: tuple[object, ...]) -> object:
        raise RuntimeError("a seat that never acts was asked to choose")


def play_batch(batch: Batch) -> list[Played]:
    """Play the games of ``batch`` (in a worker process, or in this one)."""
    game = get_game(batch.game)
    results = []
    for index in range(batch.start, batch.stop):
        seed = game_seed(batch.seed, index)
        names = seating(batch.lineup, index, acting_seats(batch.rules))
        table: list[bots.Bot[Any, Any]] = [
            bots.make(names[s], game, bot_seed(seed, s)) if s in names else NeverActs()
            for s in range(batch.rules.players)
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
    players = rules.players
    acting = acting_seats(rules)
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
