"""Liar's dice: bid on the dice under every cup, or call the last bid a lie.

The rules as implemented (the full spec, with numbered rules, is the project's
liars-dice rules page; this is the same in brief):

* Every seat starts with ``dice_per_player`` dice. Round 1 is opened by the winner
  of an open roll-off (one die each, in seat order; the seats tied for highest roll
  again until one is highest), or by seat 0 when ``first_opener`` is ``"seat0"``.
* A round starts with every seat that has dice rolling all of them in secret.
* The opener must bid a quantity and a face, ``3x4`` meaning "at least three fours
  are showing under all the cups". Turns then go to the left (seat + 1), skipping
  seats with no dice. Each player raises or challenges the last bid. A raise either
  bids more dice (any face) or the same number of dice of a higher face; one is the
  lowest face and may be bid at any time.
* A challenge reveals every hand and counts the bid face. With ``ones_wild`` the
  ones also count, unless the face bid is one, or ``ones_opening_cancels_wild`` is
  on and the round was opened with a bid on ones. With ``straights_wild``, a hand
  that is exactly 1, 2, ..., k (k its size) counts k for any face, whatever the
  ones rule of the round.
* If the count reaches the bid, the challenger loses a die; otherwise the bidder
  does. A seat with no dice is out for good. The next round is opened by the loser
  or the winner of the challenge (``next_opener``), or, if that seat is out, by the
  next seat to its left with dice. The last seat with dice wins.

Presets: ``classic`` (three dice, ones wild unless the round opens on ones, the
winner of a challenge opens; the default) and ``norwegian`` (six dice, ones always
wild, straights wild, the loser opens).

Decisions where the sources are silent (each one a Rules field where users may
want otherwise): seats are numbered to the left; the first opener is chosen by a
roll-off that repeats among the tied; there is no challenge before the opening
bid; a bid may not name more dice than are in play, so the highest bid leaves only
the challenge; a lone 1 counts once, as a straight or as a one, never twice; the
set-up roll-off and each finished challenge are public.

Dice are drawn from the stream in this order: the roll-off, one die per
contending seat in seat order per pass; then at each round start every seat with
dice, in seat order, all its dice consecutively (a hand is kept sorted).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, Literal, cast

import attrs

from dicerules.errors import IllegalActionError, InvalidActionError, shown
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import Word, check_fields, illegal, squeeze
from dicerules.rulefields import boolean, choice, integer
from dicerules.streams import SEED_LIMIT, DiceStream, seeded_stream
from dicerules.tape import Tape, last_item

__all__ = [
    "CHALLENGE",
    "NAME",
    "PRESETS",
    "Action",
    "Bid",
    "Challenge",
    "Reveal",
    "Rules",
    "State",
    "View",
    "apply",
    "count_bid",
    "current_player",
    "default_rules",
    "describe",
    "format_action",
    "history",
    "is_straight",
    "is_terminal",
    "legal_actions",
    "new_game",
    "parse",
    "parse_action",
    "presets",
    "resample_hidden",
    "scores",
    "view",
    "winners",
]

NAME: Final = "liars-dice"

MAX_PLAYERS: Final = 10
MAX_DICE_PER_PLAYER: Final = 10
MAX_SIDES: Final = 20

Opener = Literal["loser", "winner"]
FirstOpener = Literal["rolloff", "seat0"]


# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of liar's dice, validated. The defaults are the classic preset."""

    players: int = integer(4, 2, MAX_PLAYERS)
    dice_per_player: int = integer(3, 1, MAX_DICE_PER_PLAYER)
    sides: int = integer(6, 2, MAX_SIDES)
    ones_wild: bool = boolean(True)
    ones_opening_cancels_wild: bool = boolean(True)
    straights_wild: bool = boolean(False)
    next_opener: Opener = choice("winner", ("loser", "winner"))
    first_opener: FirstOpener = choice("rolloff", ("rolloff", "seat0"))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"classic"`` or ``"norwegian"``."""
        return find_preset(NAME, PRESETS, name)

    @property
    def max_dice(self) -> int:
        """The number of dice in play at the start of the game."""
        return self.players * self.dice_per_player


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "classic": Rules(),
        "norwegian": Rules(
            dice_per_player=6,
            ones_opening_cancels_wild=False,
            straights_wild=True,
            next_opener="loser",
        ),
    }
)
presets = PRESETS
default_rules: Final = PRESETS["classic"]


# ------------------------------------------------------------------------- actions

_BID_RE = re.compile(r"([0-9]{1,4})x([0-9]{1,4})")


def _positive(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidActionError(
            f"a bid's {attribute.name} must be an int >= 1, got {shown(value)}"
        )


@attrs.frozen
class Bid:
    """A claim that at least ``quantity`` dice under all the cups show ``face``."""

    quantity: int = attrs.field(validator=_positive)
    face: int = attrs.field(validator=_positive)

    @classmethod
    def parse(cls, text: str) -> Bid:
        """``"3x4"`` -> ``Bid(quantity=3, face=4)``; case and spaces do not matter."""
        match = _BID_RE.fullmatch(squeeze(text))
        if match is None:
            raise InvalidActionError(f"{text!r} is not a bid: write quantity x face, as 3x4")
        return cls(int(match[1]), int(match[2]))

    def __str__(self) -> str:
        try:
            return f"{self.quantity}x{self.face}"
        except ValueError:  # an int too long to print (the try itself costs nothing)
            return f"{shown(self.quantity)}x{shown(self.face)}"


@attrs.frozen
class Challenge(Word):
    """A call that the last bid is a lie: every hand is revealed and counted.

    Written ``challenge``; ``Challenge.parse`` also takes ``liar``, ``dudo`` and ``call``.
    """

    word = "challenge"
    called = "a challenge"
    synonyms = ("liar", "dudo", "call")


CHALLENGE: Final = Challenge()

Action = Bid | Challenge

_CHALLENGE_WORDS: Final = frozenset({Challenge.word, *Challenge.synonyms})


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    squeezed = squeeze(text)
    if squeezed in _CHALLENGE_WORDS:
        return CHALLENGE
    if _BID_RE.fullmatch(squeezed):
        return Bid.parse(squeezed)
    raise InvalidActionError(
        f"{text!r} is not liars-dice notation: write a bid as 3x4, or challenge"
    )


def format_action(action: Action) -> str:
    """``Bid(3, 4)`` -> ``"3x4"``; ``Challenge()`` -> ``"challenge"``."""
    if type(action) is Bid or type(action) is Challenge:
        return str(action)
    raise InvalidActionError(f"{shown(action)} is not a liars-dice action")


@lru_cache(maxsize=MAX_SIDES)
def _bid_table(sides: int) -> tuple[Bid, ...]:
    """Every bid a game with ``sides`` faces can see, in raising order.

    Bid (q, f) stands at index (q - 1) * sides + (f - 1), so the bids a table of
    n dice allows are the first n * sides, and the raises of a bid are a slice.
    """
    return tuple(
        Bid(quantity, face)
        for quantity in range(1, MAX_PLAYERS * MAX_DICE_PER_PLAYER + 1)
        for face in range(1, sides + 1)
    )


def _bid_index(bid: Bid, sides: int) -> int:
    return (bid.quantity - 1) * sides + bid.face - 1


def _last_index(state: State) -> int:
    """The table index of the bid on the table; -1 before the opening bid."""
    if not state.bid_count:
        return -1
    last: Bid = last_item(state.tape.actions)  # type: ignore[assignment]  # bids made
    return (last.quantity - 1) * state.rules.sides + last.face - 1


@lru_cache(maxsize=4096)
def _answers(sides: int, total: int, last_index: int) -> tuple[Action, ...]:
    """The legal actions after the bid at ``last_index`` (-1: no bid yet) with ``total`` dice."""
    raises: tuple[Action, ...] = _bid_table(sides)[last_index + 1 : total * sides]
    return raises if last_index < 0 else (*raises, CHALLENGE)


# --------------------------------------------------------------------------- state


@attrs.frozen(weakref_slot=False)  # no weakref slot: _RevealSlots needs the same layout
class Reveal:
    """A finished challenge, as everyone saw it when the cups came up."""

    hands: tuple[tuple[int, ...], ...]
    bid: Bid
    bidder: int
    challenger: int
    ones_wild: bool
    count: int
    loser: int


@attrs.frozen(weakref_slot=False)  # no weakref slot: _StateSlots needs the same layout
class State:
    """A whole game of liar's dice, hidden hands and dice stream included.

    ``dice`` is the number of dice each seat has left (its score); ``hands`` are the
    dice under each cup this round, sorted (``()`` for a seat that is out, and for
    every seat once the game is over). This round's bids are the last ``bid_count``
    actions of the tape (``bids``); the first was made by ``opener``, each next one by
    the next seat with dice. Keeping them there, not in a tuple copied at each bid,
    lets a bid cost the same at the start of a long round and at its end.
    """

    rules: Rules
    dice: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    round: int
    opener: int
    to_act: int | None
    bid_count: int
    ones_wild: bool
    rolloff: tuple[tuple[tuple[int, int], ...], ...]
    last_reveal: Reveal | None
    tape: Tape[Action] = attrs.field(repr=False)

    @property
    def bids(self) -> tuple[Bid, ...]:
        """This round's bids, in order."""
        return cast(tuple[Bid, ...], self.tape.actions.newest(self.bid_count))

    @property
    def total_dice(self) -> int:
        """The number of dice in play."""
        return sum(self.dice)

    @property
    def last_bid(self) -> Bid | None:
        """The bid on the table, or None before the opening bid."""
        return cast(Bid, self.tape.actions.last) if self.bid_count else None


_new = object.__new__


class _StateSlots:
    """State's slots on a plain class: ``_new_state`` fills them, then makes it a State."""

    __slots__ = tuple(field.name for field in attrs.fields(State))


def _new_state(
    rules: Rules,
    dice: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    round: int,
    opener: int,
    to_act: int | None,
    bid_count: int,
    ones_wild: bool,
    rolloff: tuple[tuple[tuple[int, int], ...], ...],
    last_reveal: Reveal | None,
    tape: Tape[Action],
) -> State:
    """``State(...)`` with the same arguments, for values the engine made itself.

    Built the way ``dicerules.tape`` builds its Logs: the slots filled on a plain
    ``_StateSlots`` object, whose class then becomes State. About a third of the
    cost of attrs' ``__init__``, which makes a call per field.
    """
    # One store a line: a store of four or more at once builds and unpacks a tuple.
    new: Any = _new(_StateSlots)  # Any: mypy cannot follow the change of class below
    new.rules = rules
    new.dice = dice
    new.hands = hands
    new.round = round
    new.opener = opener
    new.to_act = to_act
    new.bid_count = bid_count
    new.ones_wild = ones_wild
    new.rolloff = rolloff
    new.last_reveal = last_reveal
    new.tape = tape
    new.__class__ = State
    return new  # type: ignore[no-any-return]


class _RevealSlots:
    """Reveal's slots on a plain class: ``_new_reveal`` fills them, then makes it a Reveal."""

    __slots__ = tuple(field.name for field in attrs.fields(Reveal))


def _new_reveal(
    hands: tuple[tuple[int, ...], ...],
    bid: Bid,
    bidder: int,
    challenger: int,
    ones_wild: bool,
    count: int,
    loser: int,
) -> Reveal:
    """``Reveal(...)`` with the same arguments, built as ``_new_state`` builds a State.

    Half the cost of attrs' ``__init__``, on every challenge.
    """
    new: Any = _new(_RevealSlots)  # Any: mypy cannot follow the change of class below
    new.hands = hands
    new.bid = bid
    new.bidder = bidder
    new.challenger = challenger
    new.ones_wild = ones_wild
    new.count = count
    new.loser = loser
    new.__class__ = Reveal
    return new  # type: ignore[no-any-return]


@attrs.frozen
class View:
    """What one seat (or a spectator, ``player=None``) may know of a game.

    ``hand`` is the seat's own hand (``()`` for a spectator); ``bids`` pairs each bid
    of this round with the seat that made it. Other hands of this round, and the
    stream, are never here.
    """

    rules: Rules
    player: int | None
    hand: tuple[int, ...]
    dice: tuple[int, ...]
    round: int
    opener: int
    to_act: int | None
    bids: tuple[tuple[int, Bid], ...]
    ones_wild: bool
    rolloff: tuple[tuple[tuple[int, int], ...], ...]
    last_reveal: Reveal | None


# --------------------------------------------------------------------- the counting


_STRAIGHTS: Final = tuple(tuple(range(1, k + 1)) for k in range(MAX_DICE_PER_PLAYER + 1))


def is_straight(hand: tuple[int, ...]) -> bool:
    """Whether a sorted hand is exactly 1, 2, ..., k, where k is its size (k >= 1)."""
    return 0 < len(hand) < len(_STRAIGHTS) and hand == _STRAIGHTS[len(hand)]


def count_bid(
    hands: tuple[tuple[int, ...], ...], face: int, *, ones_wild: bool, straights_wild: bool
) -> int:
    """How many dice count toward ``face`` across sorted ``hands`` (rule 5)."""
    count = 0
    for hand in hands:
        if straights_wild and is_straight(hand):
            count += len(hand)
        elif ones_wild and face != 1:
            count += hand.count(face) + hand.count(1)
        else:
            count += hand.count(face)
    return count


def _count_without_straights(
    hands: tuple[tuple[int, ...], ...], face: int, ones_count: bool
) -> int:
    """``count_bid`` when straights are not wild; ``ones_count``: ones count for ``face``.

    What it buys: no straight test per hand and no keyword call on each challenge.
    """
    count = 0
    for hand in hands:
        count += hand.count(face)
    if ones_count:
        for hand in hands:
            count += hand.count(1)
    return count


# ------------------------------------------------------------------ new game, rounds


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game: the roll-off (if any) made and the first round's hands rolled.

    Give a seed (0 <= seed < 2**64) or a stream, or neither, and a seed is drawn
    from the OS's entropy and kept for replay.
    """
    rules = rules_or_default(rules, Rules, default_rules)
    if stream is None and type(seed) is int and 0 <= seed < SEED_LIMIT:
        # start_stream's answer for a valid seed, without checking it twice more in
        # SeededStream's validators: a tenth of the cost of a new game.
        tape: Tape[Action] = Tape.start(seeded_stream(seed))
    else:
        tape = Tape.start(start_stream(seed, stream))
    rolloff: tuple[tuple[tuple[int, int], ...], ...] = ()
    opener = 0
    if rules.first_opener == "rolloff":
        opener, rolloff, tape = _roll_off(rules, tape)
    dice = (rules.dice_per_player,) * rules.players
    rolled, tape = tape.roll(sum(dice), rules.sides)
    return _start_round(rules, dice, 1, opener, rolloff, None, rolled, tape)


def _roll_off(
    rules: Rules, tape: Tape[Action]
) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...], Tape[Action]]:
    """Rule 1: every seat rolls one die; the tied highest roll again until one is highest."""
    contenders = tuple(range(rules.players))
    passes: list[tuple[tuple[int, int], ...]] = []
    while True:
        rolled, tape = tape.roll(len(contenders), rules.sides)
        passes.append(tuple(zip(contenders, rolled, strict=True)))
        high = max(rolled)
        contenders = tuple(s for s, die in zip(contenders, rolled, strict=True) if die == high)
        if len(contenders) == 1:
            return contenders[0], tuple(passes), tape


def _start_round(
    rules: Rules,
    dice: tuple[int, ...],
    round_number: int,
    opener: int,
    rolloff: tuple[tuple[tuple[int, int], ...], ...],
    last_reveal: Reveal | None,
    rolled: tuple[int, ...],
    tape: Tape[Action],
) -> State:
    """Rule 2: every seat with dice rolls all of them, in seat order, in one draw.

    ``rolled`` is that draw, already logged on ``tape``.
    """
    hands = []
    start = 0
    for count in dice:
        hands.append(tuple(sorted(rolled[start : start + count])))
        start += count
    return _new_state(
        rules, dice, tuple(hands), round_number, opener, opener, 0,
        rules.ones_wild, rolloff, last_reveal, tape,
    )  # fmt: skip


def _next_seat(dice: tuple[int, ...], seat: int) -> int:
    """The next seat to the left of ``seat`` that has dice."""
    players = len(dice)
    seat = (seat + 1) % players
    while not dice[seat]:
        seat = (seat + 1) % players
    return seat


def _previous_seat(dice: tuple[int, ...], seat: int) -> int:
    """The next seat to the right of ``seat`` that has dice."""
    players = len(dice)
    seat = (seat - 1) % players
    while not dice[seat]:
        seat = (seat - 1) % players
    return seat


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """The bids that raise the last one, in raising order, then ``challenge``.

    The opener's list is every bid; the list is empty once the game is over.
    """
    if state.to_act is None:
        return ()
    sides = state.rules.sides
    if not state.bid_count:
        return _answers(sides, sum(state.dice), -1)
    # _last_index inline: this runs before every decision of every game.
    last: Bid = last_item(state.tape.actions)  # type: ignore[assignment]  # bids made
    return _answers(sides, sum(state.dice), (last.quantity - 1) * sides + last.face - 1)


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    if type(action) is Bid:
        return _bid(state, action)
    if type(action) is Challenge:
        if state.to_act is None or not state.bid_count:
            _check_challenge(state)  # raises: the game is over, or there is no bid yet
        return _challenge(state)
    raise InvalidActionError(f"{shown(action)} is not a liars-dice action (a Bid or a Challenge)")


def _check_bid(state: State, bid: Bid) -> None:
    """Rules 3 and 4: the bid names a face and no more dice than are in play, and raises.

    A bid whose fields are not ints from 1 up is an InvalidActionError first.
    """
    quantity, face = bid.quantity, bid.face
    if type(quantity) is not int or type(face) is not int or quantity < 1 or face < 1:
        check_fields(bid)  # raises: a bid made without its validators
    if state.to_act is None:
        raise IllegalActionError(f"the game is over: no bid can be made, {bid} included")
    sides = state.rules.sides
    if bid.face > sides:
        raise _illegal(state, f"{bid} names face {shown(bid.face)}, but the dice show 1 to {sides}")
    total = sum(state.dice)
    if bid.quantity > total:
        raise _illegal(
            state, f"{bid} bids {shown(bid.quantity)} dice, but only {total} are in play"
        )
    if _bid_index(bid, sides) <= _last_index(state):
        raise _illegal(state, _why_not_a_raise(bid, cast(Bid, state.last_bid), sides, total))


def _illegal(state: State, message: str) -> IllegalActionError:
    """The error for an illegal action, listing the legal ones when there are at most 6."""
    return illegal(message, legal_actions(state), few=6)


def _why_not_a_raise(bid: Bid, last: Bid, sides: int, total: int) -> str:
    q, f = last.quantity, last.face
    if f == sides:
        how = f"bid more than {q} dice" if q < total else "only a challenge is left"
    elif q == total:
        how = f"keep {q} and bid a face above {f}, or challenge"
    else:
        how = f"raise the quantity, or keep {q} and bid a face above {f}"
    return f"{bid} does not raise {last}: {how}"


def _bid(state: State, bid: Bid) -> State:
    """Rules 3 to 5: the state after ``bid``, which is checked first.

    The checks of ``_check_bid`` come first as one test, mostly a comparison of
    table indexes, that holds exactly when they all pass. A legal bid pays nothing
    more; any other goes to ``_check_bid`` for the error that says why.
    """
    rules = state.rules
    sides = rules.sides
    dice = state.dice
    to_act = state.to_act
    bid_count = state.bid_count
    face = bid.face
    last_index = -1  # _last_index inline
    if bid_count:
        last: Bid = last_item(state.tape.actions)  # type: ignore[assignment]  # bids made
        last_index = (last.quantity - 1) * sides + last.face - 1
    quantity = bid.quantity
    if (
        to_act is None
        or type(face) is not int  # a bid made without its validators (check_fields)
        or type(quantity) is not int
        or not 0 < face <= sides
        or not (last_index < (quantity - 1) * sides + face - 1 < sum(dice) * sides)
    ):
        _check_bid(state, bid)  # raises: a bid that fails the test above is illegal
    ones_wild = state.ones_wild
    if not bid_count and face == 1 and rules.ones_opening_cancels_wild:
        ones_wild = False  # rule 5: an opening bid on ones makes ones count as ones
    # The next seat to the left, inline: _next_seat only when that one is out.
    to_act += 1  # type: ignore[operator]
    if to_act == len(dice):
        to_act = 0
    if not dice[to_act]:
        to_act = _next_seat(dice, to_act)
    return _new_state(
        rules, dice, state.hands, state.round, state.opener, to_act,
        bid_count + 1, ones_wild, state.rolloff, state.last_reveal, state.tape.act(bid),
    )  # fmt: skip


def _check_challenge(state: State) -> None:
    if state.to_act is None:
        raise IllegalActionError("the game is over: there is nothing to challenge")
    if not state.bid_count:
        raise IllegalActionError(
            f"there is no bid to challenge: seat {state.to_act} opens the round with a bid"
        )


def _challenge(state: State) -> State:
    """Rules 5 to 8: reveal and count, the loser gives up a die, the next round starts."""
    rules = state.rules
    tape = state.tape
    bid: Bid = last_item(tape.actions)  # type: ignore[assignment]  # a bid was checked
    challenger: int = state.to_act  # type: ignore[assignment]
    dice = state.dice
    hands = state.hands
    ones_wild = state.ones_wild
    # The bidder is the next seat to the right with dice, inline as in _bid.
    bidder = (challenger or len(dice)) - 1
    if not dice[bidder]:
        bidder = _previous_seat(dice, bidder)
    face = bid.face
    if rules.straights_wild:
        count = count_bid(hands, face, ones_wild=ones_wild, straights_wild=True)
    else:
        count = _count_without_straights(hands, face, ones_wild and face != 1)
    loser, winner = (challenger, bidder) if count >= bid.quantity else (bidder, challenger)
    left = list(dice)
    left[loser] -= 1
    dice = tuple(left)
    reveal = _new_reveal(hands, bid, bidder, challenger, ones_wild, count, loser)
    if len(dice) - dice.count(0) == 1:
        return _new_state(
            rules, dice, ((),) * rules.players, state.round, state.opener, None, 0,
            ones_wild, state.rolloff, reveal, tape.act(CHALLENGE),
        )  # fmt: skip
    opener = loser if rules.next_opener == "loser" else winner
    if not dice[opener]:
        opener = _next_seat(dice, opener)
    rolled, tape = tape.act_and_roll(CHALLENGE, sum(dice), rules.sides)
    return _start_round(rules, dice, state.round + 1, opener, state.rolloff, reveal, rolled, tape)


# ----------------------------------------------------------------- reading a state


def current_player(state: State) -> int | None:
    """The seat to act; None once the game is over."""
    return state.to_act


def is_terminal(state: State) -> bool:
    """Whether one seat alone has dice left."""
    return state.to_act is None


def winners(state: State) -> tuple[int, ...]:
    """The last seat with dice, once the game is over; () before."""
    if state.to_act is not None:
        return ()
    return tuple(seat for seat, n in enumerate(state.dice) if n)


def scores(state: State) -> tuple[int, ...]:
    """The dice each seat has left."""
    return state.dice


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` may know: its own hand and everything public. None: a spectator."""
    check_seat(player, state.rules.players)
    bids = []
    seat = state.opener
    for bid in state.bids:
        bids.append((seat, bid))
        seat = _next_seat(state.dice, seat)
    return View(
        state.rules, player, () if player is None else state.hands[player], state.dice,
        state.round, state.opener, state.to_act, tuple(bids), state.ones_wild, state.rolloff,
        state.last_reveal,
    )  # fmt: skip


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with what ``player`` may not know drawn afresh from ``stream``.

    Other seats' hands this round are rerolled (same sizes, sorted) and the stream is
    replaced, so the future dice change too. The result is for testing views: it need
    not be reachable by play, and its tape's past rolls are left as they were.
    """
    check_seat(player, state.rules.players)
    origin = stream
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat != player and hand:
            rolled, stream = stream.roll(len(hand), state.rules.sides)
            hand = tuple(sorted(rolled))
        hands.append(hand)
    tape = attrs.evolve(state.tape, origin=origin, stream=stream)
    return attrs.evolve(state, hands=tuple(hands), tape=tape)


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    InvalidActionError for text that is not notation; IllegalActionError for an
    action that is not legal here.
    """
    action = parse(text)
    if type(action) is Bid:
        _check_bid(state, action)
    else:
        _check_challenge(state)
    return action


def _hand_text(hand: tuple[int, ...]) -> str:
    return "[" + "-".join(map(str, hand)) + "]"


def describe(state: State) -> str:
    """The state as a few lines of text, hidden hands included (not for players' eyes)."""
    wild = "ones wild" if state.ones_wild else "ones not wild"
    turn = "game over" if state.to_act is None else f"seat {state.to_act} to act"
    seats = " | ".join(
        f"{seat}: {_hand_text(hand) if hand else (f'{n} dice' if n else 'out')}"
        for seat, (n, hand) in enumerate(zip(state.dice, state.hands, strict=True))
    )
    lines = [
        f"round {state.round}, opened by seat {state.opener}, {turn}, {wild}",
        f"hands {seats}",
        f"bids {' '.join(map(str, state.bids)) or '-'}",
    ]
    if state.last_reveal is not None:
        r = state.last_reveal
        lines.append(
            f"last challenge: seat {r.challenger} called seat {r.bidder}'s {r.bid},"
            f" counted {r.count}, seat {r.loser} lost a die"
        )
    return "\n".join(lines)
