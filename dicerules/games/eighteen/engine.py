"""Eighteen: a dice game after blackjack, played against the house's hidden roost.

The rules:

* Seats are numbered to the left. Unless ``permanent_house`` names a seat, the house
  is chosen first: every seat rolls three dice in seat order, the highest total is
  the house, and the seats tied for highest roll again, among themselves only,
  until one is highest.
* Each round the house rolls six dice. Its three lowest are set aside face up for
  all to see; its three highest make the roost, which only the house sees.
* A roost of 18 ends the round at once: the players do not roll. Unless
  ``roost18_players_lose`` is off, every player loses a point and the house gains
  one for each of them.
* Otherwise every seat that is in, except the house, plays a turn, starting from
  the first player and going left. A turn opens with three dice; then the player
  asks for one more die (``roll``) or stops (``stand``) as often as it likes.
  A total above 18 is bust and ends the turn; a sixth die that does not bust ends
  the turn too, and such a hand counts as 18.
* Once all have played the roost is shown and the round is scored all at once:
  a player who is bust or under the roost gives a point to the house; a player on
  the roost scores nothing against it; a player above it gains a point (the house
  loses nothing). Besides, every player who did not bust gains a point for each
  other player who went bust or made a lower total. ``floor_at_zero`` then lifts
  negative points to 0.
* After a round, with ``eliminate_at_zero``, the seats at 0 points or fewer are out
  (a permanent house never is). A lone seat left in wins; if no seat is left in,
  those that were in when the round began share the win on most points. Seats at
  ``target`` points or more (never a permanent house) win: one alone, or several
  play a lightning round. Failing that, a game at ``max_rounds`` is won by the
  seats still in with the most points. Otherwise the house (when it rotates) and
  the first player move one seat left, skipping seats that are out.
* Lightning round: the contenders start with three dice each. In each step every
  contender, in seat order, rolls its dice that are not sixes and keeps the sixes.
  The first step after which exactly one contender holds three sixes makes it the
  winner; if several get there in the same step, those alone start over with
  three dice each.

Presets: ``standard`` (the defaults: the house rotates, first to 18 points),
``twenty-three`` (five points to start, 23 to win, a seat at 0 is out) and
``hosted`` (seat 0 is the house for the whole game, which ends after 50 rounds at
the latest).

Implementation notes

Where players' customs differ or say nothing, dicerules decides so (each one a rules
field where you may want otherwise): points may go negative unless
``floor_at_zero``; a roost of 18 costs every player a point; a player above the
roost gains exactly one point; the target is checked only at the end of a round; a
permanent house never wins and is never out; the cap on rounds.

Finer points: the one-seat-left rule belongs
to ``eliminate_at_zero`` and counts only seats that can win (so a permanent house
with elimination needs three seats or more); ``start_points`` lies from -99 to 99
and below ``target``; ``max_rounds`` lies from 1 to 1000 and counts the rounds a
roost of 18 ends; with ``simultaneous_reveal`` a hand is hidden from every other
seat, the house and spectators included, until the round is scored; a view keeps
the results of every round scored by the last step that scored any (several when
rounds with a roost of 18 follow one another); a lightning step shows a
contender's kept sixes first, then the dice it rolled; the house choice, each
scored round and the lightning round are public.

Every game ends. With a rotating house the points the house takes stay with a seat
that can win: the sum of all points never falls and grows whenever a player beats
the roost or another player, so some seat reaches the target. A permanent house is
different: it keeps every point it takes and can never win, so the players can
drift away from the target for ever (one who always stands loses a point most
rounds). Such a game therefore needs a bound: ``max_rounds`` is 50 when a permanent
house is set and the field is left out (the ``hosted`` preset's cap), and a
permanent house with ``max_rounds=None`` is refused unless ``eliminate_at_zero`` is
on: then a player's points stay between 0 and the target, any round may cost a
player a point whatever it plays, and a run of such rounds puts it out, so the game
ends by elimination or by the target.

Dice are drawn, for a game to replay exactly, in this order: the house choice, three dice per
contending seat in seat order, per pass; then each round the house's six dice,
then for each player's turn three dice when it starts and one per ``roll``; in a
lightning round, per step, per contender in seat order, one die per non-six.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from operator import add
from types import MappingProxyType
from typing import Final, NamedTuple

import attrs

from dicerules import layout
from dicerules._build import builder, evolver
from dicerules.chance import RollOff
from dicerules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    StreamExhaustedError,
    check_state,
    shown,
    turn_readers,
)
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import Word, squeeze
from dicerules.rulefields import boolean, integer, optional_integer, seat_field
from dicerules.streams import DiceStream, ScriptedStream
from dicerules.tape import Tape

__all__ = [
    "NAME",
    "PERMANENT_HOUSE_MAX_ROUNDS",
    "PRESETS",
    "ROLL",
    "STAND",
    "Action",
    "Pass",
    "Roll",
    "RoundResult",
    "Rules",
    "Stand",
    "State",
    "Throw",
    "View",
    "acting_seats",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "format_action",
    "hand_total",
    "history",
    "is_terminal",
    "legal_actions",
    "new_game",
    "parse",
    "parse_action",
    "presets",
    "resample_hidden",
    "roll_off",
    "round_of",
    "scores",
    "view",
    "winners",
]

NAME: Final = "eighteen"
RULES_TEXT: Final = __doc__
"""The rules, for players first (``dicerules rules`` prints them): this docstring."""

MAX_PLAYERS: Final = 8
BUST: Final = 18
"""The highest total that is not bust, and what a hand of six dice counts."""
HAND_LIMIT: Final = 6
"""A hand that reaches this many dice without going bust ends its turn."""
PERMANENT_HOUSE_MAX_ROUNDS: Final = 50
"""``max_rounds`` when a permanent house is set and the field is left out."""

# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of eighteen, validated. The defaults are the standard preset.

    ``max_rounds`` left out is None (no cap) with a rotating house, and
    PERMANENT_HOUSE_MAX_ROUNDS with a permanent one: such a game could otherwise go
    on for ever. An explicit ``max_rounds=None`` with a permanent house is refused,
    unless ``eliminate_at_zero`` bounds the game. ``attrs.evolve(standard,
    permanent_house=0)`` passes on the standard rules' None, and is refused;
    ``dicerules.rulefields.evolve`` derives ``max_rounds`` again (50), as ``--rule`` does.
    """

    players: int = integer(4, 2, MAX_PLAYERS, doc="seats at the table, the house's included")
    permanent_house: int | None = seat_field(
        None,
        MAX_PLAYERS - 1,
        optional=True,
        doc="the seat that is the house all game (none: the house moves round)",
    )
    target: int = integer(18, 1, 100, doc="the points that win")
    start_points: int = integer(0, -99, 99, doc="each seat's points at the start")
    floor_at_zero: bool = boolean(False, doc="points below 0 are lifted to 0 after each round")
    eliminate_at_zero: bool = boolean(False, doc="a seat at 0 points or fewer after a round is out")
    roost18_players_lose: bool = boolean(True, doc="a roost of 18 costs every player a point")
    simultaneous_reveal: bool = boolean(
        False, doc="hands stay hidden from every other seat until the round is scored"
    )
    max_rounds: int | None = optional_integer(
        attrs.Factory(lambda rules: _default_max_rounds(rules.permanent_house), takes_self=True),
        1,
        1000,
        doc="after this many rounds the most points win (none: no limit)",
    )

    def __attrs_post_init__(self) -> None:
        if self.start_points >= self.target:
            raise InvalidRulesError(
                f"start_points must be below target ({self.target}), got {self.start_points}"
            )
        if self.permanent_house is not None and self.eliminate_at_zero and self.players < 3:
            raise InvalidRulesError(
                "eliminate_at_zero with a permanent_house needs players >= 3"
                " (a lone player would win the first round)"
            )
        if (
            self.permanent_house is not None
            and self.max_rounds is None
            and not self.eliminate_at_zero
        ):
            raise InvalidRulesError(
                "a permanent_house with max_rounds None can play for ever (the house"
                " keeps the points it takes, and the players may never reach the"
                f" target): set max_rounds (it is {PERMANENT_HOUSE_MAX_ROUNDS} when"
                " left out), or eliminate_at_zero"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"``, ``"twenty-three"`` or ``"hosted"``."""
        return find_preset(NAME, PRESETS, name)


def _default_max_rounds(permanent_house: int | None) -> int | None:
    """``max_rounds`` when it is left out: a permanent house caps the game."""
    return None if permanent_house is None else PERMANENT_HOUSE_MAX_ROUNDS


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "standard": Rules(),
        "twenty-three": Rules(start_points=5, target=23, eliminate_at_zero=True),
        "hosted": Rules(permanent_house=0, max_rounds=PERMANENT_HOUSE_MAX_ROUNDS),
    }
)
presets = PRESETS
default_rules: Final = PRESETS["standard"]


# ------------------------------------------------------------------------- actions


@attrs.frozen
class Roll(Word):
    """Take one more die."""

    word = "roll"
    called = "a roll"


@attrs.frozen
class Stand(Word):
    """Stop rolling: the turn ends with the dice as they are."""

    word = "stand"
    called = "a stand"


ROLL: Final = Roll()
STAND: Final = Stand()

Action = Roll | Stand

_ACTIONS: Final[tuple[Action, ...]] = (ROLL, STAND)
_BY_WORD: Final[Mapping[str, Action]] = MappingProxyType({"roll": ROLL, "stand": STAND})


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    action = _BY_WORD.get(squeeze(text))
    if action is None:
        raise InvalidActionError(f"{text!r} is not eighteen notation: write roll or stand")
    return action


def format_action(action: Action) -> str:
    """``Roll()`` -> ``"roll"``; ``Stand()`` -> ``"stand"``."""
    if type(action) is Roll or type(action) is Stand:
        return str(action)
    raise InvalidActionError(f"{shown(action)} is not an eighteen action")


# --------------------------------------------------------------------------- state


class Throw(NamedTuple):
    """One seat's dice in a pass of the house choice or a lightning step.

    Its repr is the tuple's, ``(0, (1, 4, 6))``, as it was before its fields had names.
    """

    seat: layout.Seat
    dice: layout.Dice

    def __repr__(self) -> str:
        return tuple.__repr__(self)


Pass = tuple[Throw, ...]
"""One pass of the house choice or one lightning step: each contender's throw, in seat
order."""


def hand_total(hand: tuple[int, ...]) -> int | None:
    """What a finished hand counts (rule 5): None if bust, 18 for six dice, else the sum."""
    total = sum(hand)
    if total > BUST:
        return None
    return BUST if len(hand) == HAND_LIMIT else total


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class RoundResult:
    """A scored round, as everyone saw it once the roost was shown.

    ``hands`` holds each seat's dice in the order rolled (``()`` for the house, for a
    seat that is out, and for every seat in a round the roost of 18 ended at once);
    ``changes`` is each seat's gain in points, after ``floor_at_zero``.
    """

    round: int = layout.shown("round")
    house: layout.Seat = layout.shown("the house")
    discards: layout.Dice = layout.shown("the house showed")
    roost_dice: layout.Dice = layout.shown("the roost")
    hands: layout.PerSeat[layout.Dice] = layout.shown("hands")
    changes: layout.PerSeat[int] = layout.shown("points won")

    @property
    def roost(self) -> int:
        """The sum of the house's three highest dice."""
        return sum(self.roost_dice)


_new_round_result = builder(RoundResult)


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class State:
    """A whole game of eighteen, the hidden roost and the dice stream included.

    ``order`` lists this round's players in turn order and ``turn`` indexes the one
    to act; ``hands`` holds this round's dice per seat, in the order rolled (``()``
    before a seat's turn, for the house and for seats that are out). ``discards`` and
    ``roost_dice`` are the house's three lowest and three highest dice, sorted.
    ``results`` are the rounds scored by the last step that scored any. When the game
    is over, ``to_act`` is None, ``winners`` is set and this round's fields are empty.
    """

    rules: Rules
    points: tuple[int, ...]
    out: tuple[bool, ...]
    round: int
    house: int
    first: int
    order: tuple[int, ...]
    turn: int
    to_act: int | None
    hands: tuple[tuple[int, ...], ...]
    discards: tuple[int, ...]
    roost_dice: tuple[int, ...]
    house_choice: tuple[Pass, ...]
    results: tuple[RoundResult, ...]
    lightning: tuple[Pass, ...]
    winners: tuple[int, ...]
    tape: Tape[Action] = attrs.field(repr=False)

    @property
    def roost(self) -> int:
        """The sum of the house's three highest dice this round (0 once the game is over)."""
        return sum(self.roost_dice)


# Each fixes or keeps some fields: a call with 16 or more keywords goes through a dict.
_new_round = builder(State, fixed={"turn": 0, "lightning": (), "winners": ()})
_game_over = builder(
    State, fixed={"order": (), "turn": 0, "to_act": None, "discards": (), "roost_dice": ()}
)
_rolled = evolver(State, "hands", "lightning", "winners", "tape")
_turn_passed = evolver(State, "turn", "to_act", "hands", "lightning", "winners", "tape")


@attrs.frozen
class View:
    """What one seat (or a spectator, ``player=None``) may know of a game.

    ``roost_dice`` is the current roost for the house's own view and ``()`` for every
    other. ``hands`` shows this round's dice of every seat that has played or is
    playing, except that with ``simultaneous_reveal`` a seat sees only its own hand
    until the round is scored. The stream is never here.
    """

    rules: Rules
    player: int | None
    round: int = layout.shown("round")
    house: layout.Seat = layout.shown("the house")
    first: layout.Seat = layout.shown("plays first")
    to_act: int | None = layout.shown(place="hidden")
    points: layout.PerSeat[int] = layout.shown("points")
    out: layout.PerSeat[bool] = layout.shown("out of the game")
    discards: layout.Dice = layout.shown("the house shows")
    roost_dice: layout.Dice = layout.shown("your roost", place="own")
    hands: layout.PerSeat[layout.Dice] = layout.shown("dice this round")
    house_choice: tuple[Pass, ...] = layout.shown(place="hidden")
    results: tuple[RoundResult, ...] = layout.shown("the last round scored", place="result")
    lightning: tuple[Pass, ...] = layout.shown(place="hidden")
    winners: tuple[int, ...] = layout.shown(place="hidden")


# ------------------------------------------------------------------ new game, rounds


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game: the house chosen (unless permanent) and the first round under way.

    Give a seed (0 <= seed < 2**64) or a stream, or neither, and a seed is drawn
    from the OS's entropy and kept for replay.
    """
    rules = rules_or_default(rules, Rules, default_rules)
    tape: Tape[Action] = Tape.start(start_stream(seed, stream))
    players = rules.players
    out = (False,) * players
    house_choice: tuple[Pass, ...] = ()
    if rules.permanent_house is None:
        house, house_choice, tape = _choose_house(players, tape)
        first = _next_in(out, house, house)
    else:
        house = rules.permanent_house
        first = (house + 1) % players
    points = (rules.start_points,) * players
    return _play_rounds(rules, points, out, 1, house, first, house_choice, [], tape)


def _choose_house(players: int, tape: Tape[Action]) -> tuple[int, tuple[Pass, ...], Tape[Action]]:
    """Rule 1: three dice per seat; the tied highest roll again until one is highest."""
    contenders = tuple(range(players))
    passes: list[Pass] = []
    while True:
        rolled, tape = tape.roll(3 * len(contenders), 6)
        hands = tuple(rolled[3 * i : 3 * i + 3] for i in range(len(contenders)))
        passes.append(tuple(map(Throw, contenders, hands)))
        totals = [sum(hand) for hand in hands]
        high = max(totals)
        contenders = tuple(s for s, t in zip(contenders, totals, strict=True) if t == high)
        if len(contenders) == 1:
            return contenders[0], tuple(passes), tape


def _next_in(out: tuple[bool, ...], seat: int, skip: int) -> int:
    """The next seat to the left of ``seat`` that is in and is not ``skip``."""
    players = len(out)
    seat = (seat + 1) % players
    while out[seat] or seat == skip:
        seat = (seat + 1) % players
    return seat


def _turn_order(out: tuple[bool, ...], house: int, first: int) -> tuple[int, ...]:
    """Rule 5: the seats in, the house left out, from the first player to the left."""
    if True not in out:
        # Every seat in (always, without eliminate_at_zero): the order from a table.
        return _ALL_IN_ORDERS[len(out)][house][first]
    return _seats_in_order(out, house, first)


def _seats_in_order(out: tuple[bool, ...], house: int, first: int) -> tuple[int, ...]:
    players = len(out)
    seats = [*range(first, players), *range(first)]
    return tuple([seat for seat in seats if not out[seat] and seat != house])


_ALL_IN_ORDERS: Final = tuple(
    tuple(
        tuple(_seats_in_order((False,) * players, house, first) for first in range(players))
        for house in range(players)
    )
    for players in range(MAX_PLAYERS + 1)
)
"""Every turn order with no seat out, as ``[players][house][first]``, made once."""


def _play_rounds(
    rules: Rules,
    points: tuple[int, ...],
    out: tuple[bool, ...],
    round_number: int,
    house: int,
    first: int,
    house_choice: tuple[Pass, ...],
    results: list[RoundResult],
    tape: Tape[Action],
) -> State:
    """Start a round (rule 3); play out at once any round a roost of 18 ends (rule 4).

    ``results`` holds the rounds already scored by this step. The state returned has
    a player to act, or is the end of the game.
    """
    players = rules.players
    while True:
        rolled, tape = tape.roll(6, 6)
        ordered = sorted(rolled)
        discards, roost_dice = tuple(ordered[:3]), tuple(ordered[3:])
        order = _turn_order(out, house, first)
        if sum(roost_dice) != BUST:
            hand, tape = tape.roll(3, 6)
            hands: list[tuple[int, ...]] = [()] * players
            hands[order[0]] = hand
            return _new_round(
                rules=rules,
                points=points,
                out=out,
                round=round_number,
                house=house,
                first=first,
                order=order,
                to_act=order[0],
                hands=tuple(hands),
                discards=discards,
                roost_dice=roost_dice,
                house_choice=house_choice,
                results=tuple(results),
                tape=tape,
            )
        changes = [0] * players
        if rules.roost18_players_lose:
            for seat in order:
                changes[seat] -= 1
                changes[house] += 1
        after, gains = _with_changes(rules, points, changes)
        results.append(
            _new_round_result(
                round=round_number,
                house=house,
                discards=discards,
                roost_dice=roost_dice,
                hands=((),) * players,
                changes=gains,
            )
        )
        ended = _end_round(
            rules, after, out, round_number, house, first, house_choice, results, tape
        )
        if isinstance(ended, State):
            return ended
        points, out, house, first, tape = after, *ended
        round_number += 1


def _with_changes(
    rules: Rules, points: tuple[int, ...], changes: list[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Rule 7's last step: the points after ``changes``, and what each seat gained.

    With floor_at_zero the points are lifted to 0, so a gain can be less than its change.
    """
    if rules.floor_at_zero:
        after = tuple([max(0, p + c) for p, c in zip(points, changes, strict=True)])
        return after, tuple([a - p for a, p in zip(after, points, strict=True)])
    # Without the floor every change counts in full: the gains are the changes.
    return tuple(map(add, points, changes)), tuple(changes)


def _end_round(
    rules: Rules,
    points: tuple[int, ...],
    out: tuple[bool, ...],
    round_number: int,
    house: int,
    first: int,
    house_choice: tuple[Pass, ...],
    results: list[RoundResult],
    tape: Tape[Action],
) -> State | tuple[tuple[bool, ...], int, int, Tape[Action]]:
    """Rules 8 and 9: the finished game, or (out, house, first player, tape) of the next round."""
    permanent = rules.permanent_house
    seats = range(rules.players)

    def over(won: tuple[int, ...], lightning: tuple[Pass, ...], tape: Tape[Action]) -> State:
        return _game_over(
            rules=rules,
            points=points,
            out=out_now,
            round=round_number,
            house=house,
            first=first,
            hands=((),) * rules.players,
            house_choice=house_choice,
            results=tuple(results),
            lightning=lightning,
            winners=won,
            tape=tape,
        )

    out_now = out
    if rules.eliminate_at_zero:
        out_now = tuple([out[s] or (s != permanent and points[s] <= 0) for s in seats])
        left = [s for s in seats if s != permanent and not out_now[s]]
        if len(left) == 1:
            return over((left[0],), (), tape)
        if not left:
            were_in = [s for s in seats if s != permanent and not out[s]]
            return over(_most_points(points, were_in), (), tape)
    reached = []
    if max(points) >= rules.target:
        reached = [
            s for s in seats if s != permanent and not out_now[s] and points[s] >= rules.target
        ]
    if len(reached) == 1:
        return over((reached[0],), (), tape)
    if reached:
        winner, steps, tape = _lightning(tuple(reached), tape)
        return over((winner,), steps, tape)
    if rules.max_rounds is not None and round_number >= rules.max_rounds:
        still_in = [s for s in seats if s != permanent and not out_now[s]]
        return over(_most_points(points, still_in), (), tape)
    if permanent is None:
        house = _next_in(out_now, house, -1)
        first = _next_in(out_now, house, house)
    else:
        first = _next_in(out_now, first, permanent)
    return out_now, house, first, tape


def _most_points(points: tuple[int, ...], seats: list[int]) -> tuple[int, ...]:
    high = max(points[seat] for seat in seats)
    return tuple(seat for seat in seats if points[seat] == high)


def _lightning(
    contenders: tuple[int, ...], tape: Tape[Action]
) -> tuple[int, tuple[Pass, ...], Tape[Action]]:
    """Rule 9: roll the non-sixes until one contender alone holds three sixes."""
    steps: list[Pass] = []
    sixes = dict.fromkeys(contenders, 0)
    while True:
        step: list[Throw] = []
        for seat in contenders:
            kept = sixes[seat]
            rolled, tape = tape.roll(3 - kept, 6)
            sixes[seat] = kept + rolled.count(6)
            step.append(Throw(seat, (6,) * kept + rolled))
        steps.append(tuple(step))
        full = tuple(seat for seat in contenders if sixes[seat] == 3)
        if len(full) == 1:
            return full[0], tuple(steps), tape
        if full:
            contenders = full
            sixes = dict.fromkeys(contenders, 0)


def roll_off(
    rules: Rules, state: State | None, action: Action | None, faces: tuple[int, ...]
) -> RollOff | None:
    """The roll-off that the next die of a step begins, if one does: the house choice
    (rule 1) at new_game's first die, or a lightning round (rule 9).

    Every contender is as likely to win either. In the house choice a seat wins at
    once with three sixes while every other seat rolls three ones; in a lightning
    round, with three sixes at the first step while every other contender rolls
    three ones.
    """
    if state is None:
        # In new_game only a roost of 18 ends a round, and it gains the house alone:
        # no two seats reach the target together there.
        if faces or rules.permanent_house is not None:
            return None
        return _won_at_once(range(rules.players))
    contenders = _lightning_ahead(state, action, faces)
    return None if contenders is None else _won_at_once(contenders)


def _won_at_once(seats: range | tuple[int, ...]) -> RollOff:
    return RollOff.fair(
        seats, [[6 if s == w else 1 for s in seats for _ in range(3)] for w in seats]
    )


_PROBE: Final = (6, 6, 6) + (1,) * 3 * (MAX_PLAYERS - 1)
"""Dice that end a lightning round begun at once (the first contender's three sixes,
three ones for each other), and a new round or turn begun instead."""


def _lightning_ahead(
    state: State, action: Action | None, faces: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The contenders of the lightning round that ``apply(state, action)`` begins after
    ``faces``, or None if its next die begins none.

    The step is played on ``faces`` and then _PROBE: a lightning round begun there ends
    at its first step, having drawn three dice per contender; anything else (a turn, a
    round, a lightning round begun later) draws otherwise or runs out of dice.
    """
    if action is None or state.to_act is None or state.turn + 1 < len(state.order):
        return None  # only the round's last turn can end it
    if type(action) is Roll and not faces:
        return None  # the die rolled comes first
    tape = state.tape
    stream = ScriptedStream(faces + _PROBE)
    probe = attrs.evolve(state, tape=Tape(tape.origin, stream, tape.actions, tape.rolls))
    try:
        after = apply(probe, action)
    except StreamExhaustedError:
        return None
    drawn = after.tape.stream.position - len(faces)  # type: ignore[attr-defined]
    if len(after.lightning) != 1 or drawn != 3 * len(after.lightning[0]):
        return None
    return tuple(seat for seat, _ in after.lightning[0])


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """``roll`` then ``stand`` while the game goes on (both are always legal); () after."""
    if type(state) is not State:  # another game's state has a to_act too
        check_state(state, State, NAME)
    return () if state.to_act is None else _ACTIONS


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the player to act; IllegalActionError if the game is over."""
    try:
        if type(action) is Roll:
            if state.to_act is None:
                raise _over(action)
            return _roll(state)
        if type(action) is Stand:
            if state.to_act is None:
                raise _over(action)
            return _stand(state)
        raise InvalidActionError(f"{shown(action)} is not an eighteen action (a Roll or a Stand)")
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def _over(action: Action) -> IllegalActionError:
    return IllegalActionError(f"the game is over: nobody can {action} (no action is legal)")


def _roll(state: State) -> State:
    """Rule 5: one more die; a bust or a sixth die ends the turn."""
    seat: int = state.to_act  # type: ignore[assignment]
    dice, tape = state.tape.act_and_roll(ROLL, 1, 6)
    # A list changed and made a tuple: cheaper than splicing the tuple's slices.
    changed = list(state.hands)
    hand = changed[seat] = changed[seat] + dice
    hands = tuple(changed)
    if sum(hand) > BUST or len(hand) == HAND_LIMIT:
        return _end_turn(state, hands, tape)
    return _rolled(state, hands=hands, lightning=(), winners=(), tape=tape)


def _stand(state: State) -> State:
    """Rule 5: the turn ends with the dice as they are."""
    if state.turn + 1 < len(state.order):
        # The stand and the next player's three dice logged on one new tape, not two.
        hand, tape = state.tape.act_and_roll(STAND, 3, 6)
        return _next_turn(state, state.hands, hand, tape)
    return _score(state, state.hands, state.tape.act(STAND))


def _end_turn(state: State, hands: tuple[tuple[int, ...], ...], tape: Tape[Action]) -> State:
    """The next player's turn opens with three dice, or the round is scored (rules 6, 7)."""
    if state.turn + 1 < len(state.order):
        hand, tape = tape.roll(3, 6)
        return _next_turn(state, hands, hand, tape)
    return _score(state, hands, tape)


def _next_turn(
    state: State, hands: tuple[tuple[int, ...], ...], hand: tuple[int, ...], tape: Tape[Action]
) -> State:
    """Rule 6: the next player in turn order plays, ``hand`` its first three dice."""
    turn = state.turn + 1
    seat = state.order[turn]
    changed = list(hands)  # cheaper than splicing slices, as in _roll
    changed[seat] = hand
    return _turn_passed(
        state, turn=turn, to_act=seat, hands=tuple(changed), lightning=(), winners=(), tape=tape
    )


def _score(state: State, hands: tuple[tuple[int, ...], ...], tape: Tape[Action]) -> State:
    """Rule 7: against the roost, then against the other players, then the floor."""
    rules = state.rules
    roost, house, order = sum(state.roost_dice), state.house, state.order
    # What each hand counts (rule 5), a bust as -1: below every other total.
    ranked = []
    for seat in order:
        hand = hands[seat]
        total = sum(hand)
        ranked.append(-1 if total > BUST else BUST if len(hand) == HAND_LIMIT else total)
    ladder = sorted(ranked)
    changes = [0] * rules.players
    for seat, total in zip(order, ranked, strict=True):
        if total < roost:
            changes[seat] = -1
            changes[house] += 1
        elif total > roost:
            changes[seat] = 1
        if total >= 0:
            # A point for each player with a lower total, the busts included: their
            # number is where the total would go in the sorted totals.
            changes[seat] += bisect_left(ladder, total)
    after, gains = _with_changes(rules, state.points, changes)
    result = _new_round_result(
        round=state.round,
        house=house,
        discards=state.discards,
        roost_dice=state.roost_dice,
        hands=hands,
        changes=gains,
    )
    results = [result]
    ended = _end_round(
        rules, after, state.out, state.round, house, state.first, state.house_choice, results, tape
    )
    if isinstance(ended, State):
        return ended
    out, house, first, tape = ended
    return _play_rounds(
        rules, after, out, state.round + 1, house, first, state.house_choice, results, tape
    )


# ----------------------------------------------------------------- reading a state


def acting_seats(rules: Rules) -> tuple[int, ...]:
    """The seats that ever choose: every seat but a permanent house, which never acts."""
    return tuple(seat for seat in range(rules.players) if seat != rules.permanent_house)


current_player, is_terminal = turn_readers(
    State,
    NAME,
    "The player to act (never the house); None once the game is over.",
    "Whether the game is over.",
)


def winners(state: State) -> tuple[int, ...]:
    """The winning seats, sorted, once the game is over; () before."""
    check_state(state, State, NAME)
    return state.winners


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points."""
    check_state(state, State, NAME)
    return state.points


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    check_state(state, State, NAME)
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` may know (None: a spectator): everything public, the house its roost."""
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    hands = state.hands
    if state.rules.simultaneous_reveal:
        hands = tuple(hand if seat == player else () for seat, hand in enumerate(hands))
    return View(
        state.rules, player, state.round, state.house, state.first, state.to_act,
        state.points, state.out, state.discards,
        state.roost_dice if player == state.house else (),
        hands, state.house_choice, state.results, state.lightning, state.winners,
    )  # fmt: skip


def round_of(view: View) -> int:
    """The round a view shows the game in (for the events apps are sent)."""
    return view.round


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with what ``player`` may not know drawn afresh from ``stream``.

    The roost (unless ``player`` is the house) is redrawn as three dice no lower
    than the highest discard and not all sixes; with ``simultaneous_reveal`` every
    other player's hand this round is redrawn too (three dice and then up to three
    more, a finished hand possibly bust, the hand still playing neither bust nor
    six dice long). The stream is replaced, so the future dice change too. The
    result is for testing views: its tape's past rolls are left as they were.
    """
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    origin = stream
    changes: dict[str, object] = {}
    if state.to_act is not None:
        if player != state.house:
            low = state.discards[-1]
            while True:
                rolled, stream = stream.roll(3, 7 - low)
                roost_dice = tuple(sorted(die + low - 1 for die in rolled))
                if sum(roost_dice) != BUST:
                    break
            changes["roost_dice"] = roost_dice
        if state.rules.simultaneous_reveal:
            hands = list(state.hands)
            for turn, seat in enumerate(state.order[: state.turn + 1]):
                if seat != player:
                    hands[seat], stream = _redraw_hand(stream, playing=turn == state.turn)
            changes["hands"] = tuple(hands)
    tape = attrs.evolve(state.tape, origin=origin, stream=stream)
    return attrs.evolve(state, tape=tape, **changes)  # type: ignore[arg-type]


def _redraw_hand(stream: DiceStream, *, playing: bool) -> tuple[tuple[int, ...], DiceStream]:
    """A hand as some turn could have left it: finished, or still playing."""
    hand, stream = stream.roll(3, 6)
    (extra,), stream = stream.roll(1, 3 if playing else 4)
    for _ in range(extra - 1):
        (die,), stream = stream.roll(1, 6)
        if playing and sum(hand) + die > BUST:
            break
        hand += (die,)
        if sum(hand) > BUST:
            break
    return hand, stream


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    InvalidActionError for text that is not notation; IllegalActionError once the
    game is over (while it goes on, both actions are legal).
    """
    check_state(state, State, NAME)
    action = parse(text)
    if state.to_act is None:
        raise _over(action)
    return action


# -------------------------------------------------------------------- description


def _dice_text(dice: tuple[int, ...]) -> str:
    return "[" + "-".join(map(str, dice)) + "]"


def _hand_text(hand: tuple[int, ...]) -> str:
    total = hand_total(hand)
    return f"{_dice_text(hand)} {'bust' if total is None else total}"


def _pass_text(one: Pass) -> str:
    return " ".join(f"{seat}:{_dice_text(dice)}" for seat, dice in one)


def describe(state: State) -> str:
    """The state as a few lines of text, the roost included (not for players' eyes)."""
    check_state(state, State, NAME)
    seats = " | ".join(
        f"{seat}: {'out ' if out else ''}{points}"
        for seat, (points, out) in enumerate(zip(state.points, state.out, strict=True))
    )
    lines = []
    if state.to_act is None:
        won = ", ".join(map(str, state.winners))
        lines.append(f"game over after round {state.round}: seat(s) {won} win")
    else:
        lines += [
            f"round {state.round}, house seat {state.house}, first player seat {state.first},"
            f" seat {state.to_act} to act",
            f"roost {_dice_text(state.roost_dice)} = {state.roost},"
            f" discards {_dice_text(state.discards)}",
            "hands "
            + (
                " | ".join(
                    f"{seat}: {_hand_text(state.hands[seat]) if state.hands[seat] else '-'}"
                    for seat in state.order
                )
            ),
        ]
    lines.append(f"points {seats}")
    if state.house_choice:
        lines.append("house choice " + " / ".join(map(_pass_text, state.house_choice)))
    for result in state.results:
        hands = " | ".join(
            f"{seat}: {_hand_text(hand)}" for seat, hand in enumerate(result.hands) if hand
        )
        changes = " ".join(f"{change:+d}" for change in result.changes)
        lines.append(
            f"round {result.round} scored: house seat {result.house},"
            f" roost {_dice_text(result.roost_dice)} = {result.roost},"
            f" discards {_dice_text(result.discards)}; {hands or 'no player rolled'};"
            f" points {changes}"
        )
    if state.lightning:
        lines.append("lightning " + " / ".join(map(_pass_text, state.lightning)))
    return "\n".join(lines)
