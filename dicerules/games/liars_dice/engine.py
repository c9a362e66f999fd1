"""Liar's dice: bid on the dice under every cup, or call the last bid a lie.

The rules:

* Every seat starts with 3 dice (the rule ``dice_per_player``). Round 1 is opened by the winner
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

The Perudo family (three more fields, each off by default; preset ``perudo``: five
dice, ones always wild, the loser opens, and all three on):

* ``ones_rank``: where bids on ones stand. ``"low"``: below every face, as above.
  ``"high"``: above the highest face of the same quantity (1x6, then 1x1, then
  2x2). ``"half"`` (Perudo's pacos, needs wild ones): a bid on ones may follow a
  bid on another face with at least half its quantity (rounded up); ones raise
  ones by quantity; leaving ones for another face takes twice their quantity plus
  one; no round opens on ones but a palifico round.
* ``palifico``: a seat that loses a die and has one left opens the next round,
  once a game, as a palifico round: ones are not wild, the opener bids any face,
  and every later bid keeps that face and raises the quantity.
* ``calza``: instead of raising or challenging, the seat to act may call the last
  bid exact. The cups come up; if the count is exactly the bid, the caller gains a
  die (up to its starting number), otherwise it loses one; no other seat changes,
  and the caller opens the next round. Calza may be called in the first rounds of
  a game only, as many as ``calza_rounds`` says (left out: ten rounds for each die on the
  table at the start, 200 in ``perudo``); from the next round on, a bid can only
  be raised or challenged, so every die lost stays lost and the game ends. Without
  that limit a game need not end: an exact calza gives back the die a challenge
  took, and one by a seat that holds all its dice changes nothing at all.

Implementation notes

Where players' customs differ or say nothing, dicerules decides so (each one a rules
field where you may want otherwise): seats are numbered to the left; the first
opener is chosen by a roll-off that repeats among the tied; there is no challenge
before the opening bid; a bid may not name more dice than are in play, so the
highest bid leaves only the challenge; a lone 1 counts once, as a straight or as a
one, never twice; the set-up roll-off and each finished challenge are public.

Dice are drawn, for a game to replay exactly, in this order: the roll-off, one die per
contending seat in seat order per pass; then at each round start every seat with
dice, in seat order, all its dice consecutively (a hand is kept sorted).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, cast

import attrs

from dicerules import layout
from dicerules._build import builder, evolver
from dicerules.chance import RollOff
from dicerules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    check_state,
    shown,
    turn_readers,
)
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import Word, check_fields, illegal, int_value, squeeze
from dicerules.rulefields import (
    boolean,
    choice,
    integer,
    later_field,
    optional_integer,
    quiet_repr,
)
from dicerules.streams import SEED_LIMIT, DiceStream, seeded_stream
from dicerules.tape import Tape, last_item

__all__ = [
    "CALZA",
    "CHALLENGE",
    "NAME",
    "PRESETS",
    "Action",
    "Bid",
    "Calza",
    "Challenge",
    "Placed",
    "Reveal",
    "Rules",
    "State",
    "Throw",
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
    "roll_off",
    "round_key",
    "round_of",
    "round_start",
    "scores",
    "view",
    "winners",
]

NAME: Final = "liars-dice"
RULES_TEXT: Final = __doc__
"""The rules, for players first (``dicerules rules`` prints them): this docstring."""

MAX_PLAYERS: Final = 10
MAX_DICE_PER_PLAYER: Final = 10
MAX_SIDES: Final = 20
MAX_CALZA_ROUNDS: Final = 1000
CALZA_ROUNDS_PER_DIE: Final = 10
"""The rounds of calza each die on the table at the start gives, when ``calza_rounds``
is left out."""

Opener = Literal["loser", "winner"]
FirstOpener = Literal["rolloff", "seat0"]
OnesRank = Literal["low", "high", "half"]


# --------------------------------------------------------------------------- rules


@attrs.frozen(repr=False)
class Rules:
    """Every rule option of liar's dice, validated. The defaults are the classic preset.

    The Perudo family's fields (``ones_rank``, ``palifico``, ``calza``,
    ``calza_rounds``) are left out of the repr and of records while they hold their
    defaults. ``calza_rounds`` (1 to 1000, or None) needs ``calza``.
    """

    players: int = integer(4, 2, MAX_PLAYERS, doc="seats at the table")
    dice_per_player: int = integer(3, 1, MAX_DICE_PER_PLAYER, doc="the dice each seat starts with")
    sides: int = integer(6, 2, MAX_SIDES, doc="the faces of each die")
    ones_wild: bool = boolean(True, doc="ones count for the face bid")
    ones_opening_cancels_wild: bool = boolean(
        True, doc="a round opened with a bid on ones has no wild ones"
    )
    straights_wild: bool = boolean(
        False, doc="a hand of 1, 2, ... up to its size counts that many for any face"
    )
    next_opener: Opener = choice(
        "winner",
        ("loser", "winner"),
        doc="who opens the next round: the loser or the winner of the challenge",
    )
    first_opener: FirstOpener = choice(
        "rolloff",
        ("rolloff", "seat0"),
        doc="who opens round 1: the winner of a roll-off, or seat 0",
    )
    ones_rank: OnesRank = choice(
        "low",
        ("low", "high", "half"),
        added_later=True,
        doc="where bids on ones stand: below every face, above them, or at half the quantity",
    )
    palifico: bool = boolean(
        False,
        added_later=True,
        doc="a seat down to its last die opens one round in which ones are not wild",
    )
    calza: bool = boolean(
        False, added_later=True, doc="a seat may call the last bid exact, and gains a die if it is"
    )
    calza_rounds: int | None = optional_integer(
        None,
        1,
        MAX_CALZA_ROUNDS,
        added_later=True,
        doc="the rounds in which calza may be called (none: ten a die at the start)",
    )

    __repr__ = quiet_repr

    def __attrs_post_init__(self) -> None:
        if self.ones_rank == "half" and not self.ones_wild:
            raise InvalidRulesError(
                "ones_rank 'half' needs ones_wild=True: pacos count half because they are wild"
            )
        if self.calza_rounds is not None and not self.calza:
            raise InvalidRulesError(
                "calza_rounds needs calza=True: it is the last round in which calza may be called"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"classic"``, ``"norwegian"`` or ``"perudo"``."""
        return find_preset(NAME, PRESETS, name)

    @property
    def max_dice(self) -> int:
        """The number of dice in play at the start of the game."""
        return self.players * self.dice_per_player

    @property
    def last_calza_round(self) -> int:
        """The last round in which calza may be called: ``calza_rounds``, or when it is
        left out ten rounds for each die in play at the start; 0 without the calza rule."""
        if not self.calza:
            return 0
        if self.calza_rounds is None:
            return CALZA_ROUNDS_PER_DIE * self.players * self.dice_per_player
        return self.calza_rounds


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "classic": Rules(),
        "norwegian": Rules(
            dice_per_player=6,
            ones_opening_cancels_wild=False,
            straights_wild=True,
            next_opener="loser",
        ),
        "perudo": Rules(
            dice_per_player=5,
            ones_opening_cancels_wild=False,
            next_opener="loser",
            ones_rank="half",
            palifico=True,
            calza=True,
        ),
    }
)
presets = PRESETS
default_rules: Final = PRESETS["classic"]


# ------------------------------------------------------------------------- actions

_BID_RE = re.compile(r"([0-9]{1,4})x([0-9]{1,4})")


_positive = int_value(1, owner="a bid")


@attrs.frozen
class Bid:
    """A claim that at least ``quantity`` dice under all the cups show ``face``."""

    quantity: int = layout.choice("how many", validator=_positive)
    face: layout.Die = layout.choice("of which face", validator=_positive)

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


@attrs.frozen
class Calza(Word):
    """A call that the last bid is exactly right (with the ``calza`` rule).

    Written ``calza``; ``Calza.parse`` also takes ``exact``.
    """

    word = "calza"
    called = "a calza"
    synonyms = ("exact",)


CALZA: Final = Calza()

Action = Bid | Challenge | Calza

_CHALLENGE_WORDS: Final = frozenset({Challenge.word, *Challenge.synonyms})
_CALZA_WORDS: Final = frozenset({Calza.word, *Calza.synonyms})


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    squeezed = squeeze(text)
    if squeezed in _CHALLENGE_WORDS:
        return CHALLENGE
    if squeezed in _CALZA_WORDS:
        return CALZA
    if _BID_RE.fullmatch(squeezed):
        return Bid.parse(squeezed)
    raise InvalidActionError(
        f"{text!r} is not liars-dice notation: write a bid as 3x4, or challenge"
    )


def format_action(action: Action) -> str:
    """``Bid(3, 4)`` -> ``"3x4"``; ``CHALLENGE`` -> ``"challenge"``; ``CALZA`` -> ``"calza"``."""
    if type(action) is Bid or type(action) is Challenge or type(action) is Calza:
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


# The Perudo family's bids (rules 9 to 11): ones ranked high or half, palifico rounds.
# Rare next to the classic table above, so a list per position, cached.


@lru_cache(maxsize=MAX_SIDES)
def _high_table(sides: int) -> tuple[Bid, ...]:
    """Every bid, in raising order when ones rank high: 1x2 .. 1x6, 1x1, 2x2, ..."""
    return tuple(
        Bid(quantity, face)
        for quantity in range(1, MAX_PLAYERS * MAX_DICE_PER_PLAYER + 1)
        for face in (*range(2, sides + 1), 1)
    )


def _half_raises(last: Bid | None, bid: Bid) -> bool:
    """Whether ``bid`` may follow ``last`` (None: it opens) when ones rank half."""
    if last is None:
        return bid.face != 1
    if last.face != 1:
        if bid.face == 1:
            return bid.quantity >= (last.quantity + 1) // 2
        return bid.quantity > last.quantity or (
            bid.quantity == last.quantity and bid.face > last.face
        )
    if bid.face == 1:
        return bid.quantity > last.quantity
    return bid.quantity >= 2 * last.quantity + 1


@lru_cache(maxsize=8192)
def _family_answers(
    sides: int, total: int, ones_rank: OnesRank, palifico: bool, last: Bid | None, calza: bool
) -> tuple[tuple[Action, ...], frozenset[Action]]:
    """The legal actions after ``last`` (None: no bid yet), and the same as a set."""
    bids: tuple[Bid, ...]
    if palifico and last is not None:  # rule 10: the opening face, more of it
        bids = tuple(Bid(q, last.face) for q in range(last.quantity + 1, total + 1))
    elif ones_rank == "half" and not (palifico and last is None):
        bids = tuple(b for b in _bid_table(sides)[: total * sides] if _half_raises(last, b))
    else:
        table = _high_table(sides) if ones_rank == "high" else _bid_table(sides)
        start = 0 if last is None else table.index(last) + 1
        bids = table[start : total * sides]
    tail: tuple[Action, ...] = ()
    if last is not None:
        tail = (CHALLENGE, CALZA) if calza else (CHALLENGE,)
    actions = (*bids, *tail)
    return actions, frozenset(actions)


def _family_legal(state: State) -> tuple[tuple[Action, ...], frozenset[Action]]:
    rules = state.rules
    calza = rules.calza and state.round <= rules.last_calza_round
    return _family_answers(
        rules.sides, sum(state.dice), rules.ones_rank, state.palifico, state.last_bid, calza
    )


def _is_family(state: State) -> bool:
    """Whether the Perudo family's rules shape this position's legal actions."""
    rules = state.rules
    return rules.ones_rank != "low" or rules.calza or state.palifico


# --------------------------------------------------------------------------- state


class Throw(NamedTuple):
    """One seat's die in a pass of the roll-off: the seat and the face it rolled.

    Its repr is the tuple's, ``(0, 6)``, as it was before its fields had names.
    """

    seat: layout.Seat
    face: layout.Die

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Placed(NamedTuple):
    """A bid of this round and the seat that placed it.

    Its repr is the tuple's, ``(0, Bid(quantity=3, face=4))``, as it was before its
    fields had names.
    """

    seat: layout.Seat
    bid: Bid

    def __repr__(self) -> str:
        return tuple.__repr__(self)


_new_tuple: Final = tuple.__new__
"""``_new_tuple(Placed, (seat, bid))`` is ``Placed(seat, bid)`` without the Python-level
``__new__`` of a NamedTuple: a view makes one per bid of the round."""


@attrs.frozen(weakref_slot=False, repr=False)  # no weakref slot: see dicerules._build
class Reveal:
    """A finished challenge or calza, as everyone saw it when the cups came up.

    For a calza (``calza`` True) ``challenger`` is the seat that called it, and
    ``loser`` is that seat when the count missed the bid, None when it was exact.
    """

    hands: layout.PerSeat[layout.Dice] = layout.shown("cups")
    bid: Bid = layout.shown("the bid")
    bidder: layout.Seat = layout.shown("bid by")
    challenger: layout.Seat = layout.shown("called by")
    ones_wild: bool = layout.shown("ones were wild")
    count: int = layout.shown("dice that counted")
    loser: layout.Seat | None = layout.shown("lost a die")
    calza: bool = later_field(False, layout.mark("a calza"))

    __repr__ = quiet_repr

    @property
    def exact(self) -> bool:
        """Whether the count was exactly the bid's quantity."""
        return self.count == self.bid.quantity


@attrs.frozen(weakref_slot=False, repr=False)  # no weakref slot: see dicerules._build
class State:
    """A whole game of liar's dice, hidden hands and dice stream included.

    ``dice`` is the number of dice each seat has left (its score); ``hands`` are the
    dice under each cup this round, sorted (``()`` for a seat that is out, and for
    every seat once the game is over). This round's bids are the last ``bid_count``
    actions of the tape (``bids``); the first was made by ``opener``, each next one by
    the next seat with dice. Keeping them there, not in a tuple copied at each bid,
    lets a bid cost the same at the start of a long round and at its end.
    ``palifico``: this round is a palifico round; ``palificos``: the seats that have
    had theirs, in the order they had them.
    """

    rules: Rules
    dice: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    round: int
    opener: int
    to_act: int | None
    bid_count: int
    ones_wild: bool
    rolloff: tuple[tuple[Throw, ...], ...]
    last_reveal: Reveal | None
    tape: Tape[Action] = attrs.field(repr=False)
    palifico: bool = later_field(False)
    palificos: tuple[int, ...] = later_field(())

    __repr__ = quiet_repr

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


_new_state = builder(State)
_new_reveal = builder(Reveal)
_bid_made = evolver(State, "to_act", "bid_count", "ones_wild", "tape")


@attrs.frozen(repr=False)
class View:
    """What one seat (or a spectator, ``player=None``) may know of a game.

    ``hand`` is the seat's own hand (``()`` for a spectator); ``bids`` holds each bid
    of this round with the seat that placed it (``Placed``), and ``rolloff`` each pass
    of the set-up roll-off (``Throw``s). ``palifico``: this is a palifico round
    (``palifico_face`` its face once bid); ``palificos``: the seats that have had
    theirs. Other hands of this round, and the stream, are never here.
    """

    rules: Rules
    player: int | None
    hand: layout.Dice = layout.shown("your hand", place="own")
    dice: layout.PerSeat[int] = layout.shown("dice left")
    round: int = layout.shown("round")
    opener: layout.Seat = layout.shown("opened by")
    to_act: int | None = layout.shown(place="hidden")
    bids: tuple[Placed, ...] = layout.shown("bids this round")
    ones_wild: bool = layout.shown("ones are wild")
    rolloff: tuple[tuple[Throw, ...], ...] = layout.shown(place="hidden")
    last_reveal: Reveal | None = layout.shown("the last challenge", place="result")
    palifico: bool = later_field(False, layout.mark("a palifico round"))
    palificos: tuple[layout.Seat, ...] = later_field(
        (), layout.mark("have had their palifico round")
    )

    __repr__ = quiet_repr

    @property
    def palifico_face(self) -> int | None:
        """The face every bid of this palifico round names; None before its opening bid
        or outside a palifico round."""
        return self.bids[0][1].face if self.palifico and self.bids else None


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
        # SeededStream's validators.
        tape: Tape[Action] = Tape.start(seeded_stream(seed))
    else:
        tape = Tape.start(start_stream(seed, stream))
    rolloff: tuple[tuple[Throw, ...], ...] = ()
    opener = 0
    if rules.first_opener == "rolloff":
        opener, rolloff, tape = _roll_off(rules, tape)
    dice = (rules.dice_per_player,) * rules.players
    rolled, tape = tape.roll(sum(dice), rules.sides)
    return _start_round(rules, dice, 1, opener, rolloff, None, rolled, tape, False, ())


def _roll_off(
    rules: Rules, tape: Tape[Action]
) -> tuple[int, tuple[tuple[Throw, ...], ...], Tape[Action]]:
    """Rule 1: every seat rolls one die; the tied highest roll again until one is highest."""
    contenders = tuple(range(rules.players))
    passes: list[tuple[Throw, ...]] = []
    while True:
        rolled, tape = tape.roll(len(contenders), rules.sides)
        passes.append(tuple(map(Throw, contenders, rolled)))
        high = max(rolled)
        contenders = tuple(s for s, die in zip(contenders, rolled, strict=True) if die == high)
        if len(contenders) == 1:
            return contenders[0], tuple(passes), tape


def roll_off(
    rules: Rules, state: State | None, action: Action | None, faces: tuple[int, ...]
) -> RollOff | None:
    """The set-up roll-off (rule 1), where one begins: at new_game's first die.

    Every seat is as likely to win; seat ``s`` wins at once by rolling the highest
    face while every other seat rolls a 1.
    """
    if state is not None or faces or rules.first_opener != "rolloff":
        return None
    seats = range(rules.players)
    return RollOff.fair(seats, [[rules.sides if s == w else 1 for s in seats] for w in seats])


def _start_round(
    rules: Rules,
    dice: tuple[int, ...],
    round_number: int,
    opener: int,
    rolloff: tuple[tuple[Throw, ...], ...],
    last_reveal: Reveal | None,
    rolled: tuple[int, ...],
    tape: Tape[Action],
    palifico: bool,
    palificos: tuple[int, ...],
) -> State:
    """Rule 2: every seat with dice rolls all of them, in seat order, in one draw.

    ``rolled`` is that draw, already logged on ``tape``. In a palifico round
    (rule 10) ones are not wild.
    """
    hands = []
    start = 0
    for count in dice:
        hands.append(tuple(sorted(rolled[start : start + count])))
        start += count
    # State's fields in order, passed by position: a round starts every few actions.
    return _new_state(
        rules, dice, tuple(hands), round_number, opener, opener, 0,
        rules.ones_wild and not palifico, rolloff, last_reveal, tape, palifico, palificos,
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

    The opener's list is every bid; the list is empty once the game is over. With
    the Perudo family's rules: under ``ones_rank="half"`` the bids are sorted by
    (quantity, face), and ``calza`` comes last when the rules have it.
    """
    try:
        if state.to_act is None:
            return ()
        rules = state.rules
        if rules.ones_rank != "low" or rules.calza or state.palifico:
            return _family_legal(state)[0]
        sides = rules.sides
        if not state.bid_count:
            return _answers(sides, sum(state.dice), -1)
        # _last_index inline: this runs before every decision of every game.
        last: Bid = last_item(state.tape.actions)  # type: ignore[assignment]  # bids made
        return _answers(sides, sum(state.dice), (last.quantity - 1) * sides + last.face - 1)
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    try:
        if type(action) is Challenge:
            if state.to_act is None or not state.bid_count:
                _check_challenge(state)  # raises: the game is over, or there is no bid yet
            return _challenge(state)
        if type(action) is not Bid:
            return _calza_or_none(state, action)
        # Rules 3 to 5, inline: a bid is most of the actions of every game. The checks
        # of _check_bid come first as one test, mostly a comparison of table indexes,
        # that holds exactly when they all pass; a legal bid pays nothing more, any
        # other goes to _check_bid for the error that says why.
        rules = state.rules
        sides = rules.sides
        dice = state.dice
        to_act = state.to_act
        bid_count = state.bid_count
        tape = state.tape
        face = action.face
        quantity = action.quantity
        last_index = -1  # _last_index inline
        if bid_count:
            last: Bid = last_item(tape.actions)  # type: ignore[assignment]  # bids made
            last_index = (last.quantity - 1) * sides + last.face - 1
        if rules.ones_rank != "low" or rules.calza or state.palifico:
            _check_bid(state, action)  # the Perudo family's bids: checked against their list
        elif (
            to_act is None
            or type(face) is not int  # a bid made without its validators (check_fields)
            or type(quantity) is not int
            or not 0 < face <= sides
            or not (last_index < (quantity - 1) * sides + face - 1 < sum(dice) * sides)
        ):
            _check_bid(state, action)  # raises: a bid that fails the test above is illegal
        ones_wild = state.ones_wild
        if not bid_count and face == 1 and rules.ones_opening_cancels_wild:
            ones_wild = False  # rule 5: an opening bid on ones makes ones count as ones
        # The next seat to the left, inline: _next_seat only when that one is out.
        to_act += 1  # type: ignore[operator]
        if to_act == len(dice):
            to_act = 0
        if not dice[to_act]:
            to_act = _next_seat(dice, to_act)
        return _bid_made(state, to_act, bid_count + 1, ones_wild, tape.act(action))
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def _calza_or_none(state: State, action: object) -> State:
    """``apply`` of an action that is neither a bid nor a challenge."""
    if type(action) is Calza:
        _check_calza(state)
        return _calza(state)
    raise InvalidActionError(
        f"{shown(action)} is not a liars-dice action (a Bid, a Challenge or a Calza)"
    )


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
    if _is_family(state):
        if bid not in _family_legal(state)[1]:
            raise _illegal(state, _why_not_family(state, bid))
        return
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


def _why_not_family(state: State, bid: Bid) -> str:
    """Why ``bid`` (a face and quantity in range) may not follow under rules 9 and 10."""
    last = state.last_bid
    if state.palifico and last is not None:
        return (
            f"{bid} does not raise {last} in a palifico round:"
            f" bid more than {last.quantity} dice of face {last.face}"
        )
    if last is None:
        return (
            f"{bid} cannot open the round: under these rules (Perudo's ones, wild and worth"
            " twice a bid on another face) no round opens on ones"
        )
    if state.rules.ones_rank == "high":
        return (
            f"{bid} does not raise {last}: with ones ranked high, 1x1 follows 1x{state.rules.sides}"
        )
    half = (last.quantity + 1) // 2
    if last.face != 1 and bid.face == 1:
        return f"{bid} does not raise {last}: a bid on ones needs at least {half} of them"
    if last.face == 1 and bid.face == 1:
        return f"{bid} does not raise {last}: bid more than {last.quantity} ones"
    if last.face == 1:
        return (
            f"{bid} does not raise {last}: leaving ones takes at least"
            f" {2 * last.quantity + 1} dice of another face"
        )
    return (
        f"{bid} does not raise {last}: raise the quantity,"
        f" or keep {last.quantity} and bid a face above {last.face}"
    )


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
    # Reveal's fields in order (hands, bid, bidder, challenger, ones_wild, count, loser).
    reveal = _new_reveal(hands, bid, bidder, challenger, ones_wild, count, loser)
    if len(dice) - dice.count(0) == 1:
        return _game_over(state, CHALLENGE, dice, reveal)
    if rules.palifico and dice[loser] == 1 and loser not in state.palificos:
        return _next_round(state, CHALLENGE, dice, loser, reveal, True)
    opener = loser if rules.next_opener == "loser" else winner
    if not dice[opener]:
        opener = _next_seat(dice, opener)
    rolled, tape = tape.act_and_roll(CHALLENGE, sum(dice), rules.sides)
    return _start_round(
        rules, dice, state.round + 1, opener, state.rolloff, reveal, rolled, tape,
        False, state.palificos,
    )  # fmt: skip


def _check_calza(state: State) -> None:
    if not state.rules.calza:
        raise IllegalActionError("calza is not in these rules: raise the bid or challenge it")
    if state.to_act is None:
        raise IllegalActionError("the game is over: there is no bid to call exact")
    if state.round > state.rules.last_calza_round:
        raise IllegalActionError(
            f"calza may be called in the first {state.rules.last_calza_round} rounds only:"
            " raise the bid or challenge it"
        )
    if not state.bid_count:
        raise IllegalActionError(
            f"there is no bid to call exact: seat {state.to_act} opens the round with a bid"
        )


def _calza(state: State) -> State:
    """Rule 11: reveal and count the last bid; the caller gains a die if it is exact,
    else loses one; the caller opens the next round (a palifico round if rule 10 says)."""
    rules = state.rules
    bid: Bid = last_item(state.tape.actions)  # type: ignore[assignment]  # a bid was checked
    caller: int = state.to_act  # type: ignore[assignment]
    dice = state.dice
    count = count_bid(
        state.hands, bid.face, ones_wild=state.ones_wild and bid.face != 1,
        straights_wild=rules.straights_wild,
    )  # fmt: skip
    left = list(dice)
    loser: int | None = None
    if count == bid.quantity:
        left[caller] = min(left[caller] + 1, rules.dice_per_player)
    else:
        left[caller] -= 1
        loser = caller
    reveal = _new_reveal(
        hands=state.hands,
        bid=bid,
        bidder=_previous_seat(dice, caller),
        challenger=caller,
        ones_wild=state.ones_wild,
        count=count,
        loser=loser,
        calza=True,
    )
    dice = tuple(left)
    if len(dice) - dice.count(0) == 1:
        return _game_over(state, CALZA, dice, reveal)
    palifico = (
        loser is not None and rules.palifico and dice[caller] == 1
        and caller not in state.palificos
    )  # fmt: skip
    opener = caller if dice[caller] else _next_seat(dice, caller)
    return _next_round(state, CALZA, dice, opener, reveal, palifico)


def _game_over(state: State, action: Action, dice: tuple[int, ...], reveal: Reveal) -> State:
    """The state after ``action`` left one seat with dice: no one is to act."""
    return _new_state(
        rules=state.rules,
        dice=dice,
        hands=((),) * state.rules.players,
        round=state.round,
        opener=state.opener,
        to_act=None,
        bid_count=0,
        ones_wild=state.ones_wild,
        rolloff=state.rolloff,
        last_reveal=reveal,
        tape=state.tape.act(action),
        palifico=False,
        palificos=state.palificos,
    )


def _next_round(
    state: State,
    action: Action,
    dice: tuple[int, ...],
    opener: int,
    reveal: Reveal,
    palifico: bool,
) -> State:
    """The round after ``action`` settled ``reveal``, opened by ``opener``; a palifico
    round (rule 10) is ``opener``'s, which is then noted as having had it."""
    rules = state.rules
    palificos = (*state.palificos, opener) if palifico else state.palificos
    rolled, tape = state.tape.act_and_roll(action, sum(dice), rules.sides)
    return _start_round(
        rules, dice, state.round + 1, opener, state.rolloff, reveal, rolled, tape,
        palifico, palificos,
    )  # fmt: skip


# ----------------------------------------------------------------- reading a state


current_player, is_terminal = turn_readers(
    State,
    NAME,
    "The seat to act; None once the game is over.",
    "Whether one seat alone has dice left.",
)


def winners(state: State) -> tuple[int, ...]:
    """The last seat with dice, once the game is over; () before."""
    check_state(state, State, NAME)
    if state.to_act is not None:
        return ()
    return tuple(seat for seat, n in enumerate(state.dice) if n)


def scores(state: State) -> tuple[int, ...]:
    """The dice each seat has left."""
    check_state(state, State, NAME)
    return state.dice


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    check_state(state, State, NAME)
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` may know: its own hand and everything public. None: a spectator."""
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    bids = []
    seat = state.opener
    for bid in state.bids:
        bids.append(_new_tuple(Placed, (seat, bid)))
        seat = _next_seat(state.dice, seat)
    return View(
        state.rules, player, () if player is None else state.hands[player], state.dice,
        state.round, state.opener, state.to_act, tuple(bids), state.ones_wild, state.rolloff,
        state.last_reveal, state.palifico, state.palificos,
    )  # fmt: skip


def round_of(view: View) -> int:
    """The round a view shows the game in (for the events apps are sent)."""
    return view.round


RoundKey = tuple[tuple[int, ...], int, int, bool, tuple[int, ...]]
"""What the rest of a game depends on at a round's start: the dice each seat has, the
opener, the round's number while calza may be called in it (else 0), whether it is a
palifico round, and the seats that have had theirs (sorted)."""


def round_key(state: State) -> RoundKey | None:
    """The key of the round ``state`` begins, for exact solvers (``dicerules.facts.Rounds``);
    None but at a round's first state.

    Nothing hidden outlives a round: the challenge or calza that ends it shows every
    hand, and the bids were public. The round's own dice are not read.
    """
    check_state(state, State, NAME)
    if state.bid_count or state.to_act is None:
        return None
    rules = state.rules
    number = state.round if state.round <= rules.last_calza_round else 0
    return (state.dice, state.opener, number, state.palifico, tuple(sorted(state.palificos)))


def round_start(rules: Rules, key: RoundKey, stream: DiceStream) -> State:
    """A state at the start of the round ``key`` (``round_key``), its hands rolled from
    ``stream``: the round's number is the key's, or one past the last of calza and
    after the dice lost so far; no roll-off or reveal is shown."""
    dice, opener, number, palifico, palificos = key
    if not number:
        number = max(rules.last_calza_round + 1, rules.max_dice - sum(dice) + 1)
    tape: Tape[Action] = Tape.start(stream)
    rolled, tape = tape.roll(sum(dice), rules.sides)
    return _start_round(rules, dice, number, opener, (), None, rolled, tape, palifico, palificos)


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with what ``player`` may not know drawn afresh from ``stream``.

    Other seats' hands this round are rerolled (same sizes, sorted) and the stream is
    replaced, so the future dice change too. The result is for testing views: it need
    not be reachable by play, and its tape's past rolls are left as they were.
    """
    check_state(state, State, NAME)
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
    check_state(state, State, NAME)
    action = parse(text)
    if type(action) is Bid:
        _check_bid(state, action)
    elif type(action) is Calza:
        _check_calza(state)
    else:
        _check_challenge(state)
    return action


def _hand_text(hand: tuple[int, ...]) -> str:
    return "[" + "-".join(map(str, hand)) + "]"


def describe(state: State) -> str:
    """The state as a few lines of text, hidden hands included (not for players' eyes)."""
    check_state(state, State, NAME)
    wild = "ones wild" if state.ones_wild else "ones not wild"
    turn = "game over" if state.to_act is None else f"seat {state.to_act} to act"
    seats = " | ".join(
        f"{seat}: {_hand_text(hand) if hand else (f'{n} dice' if n else 'out')}"
        for seat, (n, hand) in enumerate(zip(state.dice, state.hands, strict=True))
    )
    palifico = f", a palifico round (seat {state.opener}'s)" if state.palifico else ""
    lines = [
        f"round {state.round}, opened by seat {state.opener}{palifico}, {turn}, {wild}",
        f"hands {seats}",
        f"bids {' '.join(map(str, state.bids)) or '-'}",
    ]
    r = state.last_reveal
    if r is not None and r.calza:
        outcome = "exact" if r.loser is None else f"not exact, seat {r.loser} lost a die"
        lines.append(
            f"last calza: seat {r.challenger} called seat {r.bidder}'s {r.bid} exact,"
            f" counted {r.count}, {outcome}"
        )
    elif r is not None:
        lines.append(
            f"last challenge: seat {r.challenger} called seat {r.bidder}'s {r.bid},"
            f" counted {r.count}, seat {r.loser} lost a die"
        )
    return "\n".join(lines)
