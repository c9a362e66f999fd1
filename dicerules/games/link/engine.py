"""Link: build one row of dice, up or down, until only one player can still add to it.

The rules:

* Every seat starts with 10 counters (the rule ``start_counters``). A game lasts 5
  rounds (``rounds``).
* At the start of a round every seat still in the game puts an ante of 1 counter
  (``ante``) in the pot; a seat without enough counters for the ante leaves the game for good
  (keeping what it has for the final ranking). When fewer than two seats are left,
  the game is over at once and the ante just paid is handed back. Each seat in
  the game then rolls its 4 white dice (``white_dice``) and its one blue die,
  hidden from the others.
* The starting player (``first_player`` in round 1, or the next seat to its left
  in the game if it could not ante; afterwards the winner of the last round)
  opens the row with one white die and a direction: ``W3 up`` or ``W3 down``. A
  row going up cannot open on a 6, a row going down cannot open on a 1, and the
  blue die never opens.
* Turns go to the left (seat + 1), passing over seats no longer in the round.
  Each player must add one unplayed die that fits: in a row going up, a value at
  least as high as the last die; going down, at most as high. A white die is
  written ``W5``.
* The blue die (``B5``) may be added when its value fits and its owner has
  ``link_cost`` counters: they go to the pot and the row turns round for the next
  die (up becomes down and down becomes up). A blue die may follow a blue die.
* A player with no die that fits, or no die left, must say ``out`` (and ``out``
  is then the only thing they may do); they take no more part in the round.
* When one player is left in the round (always the last to have added a die),
  that player takes the pot and opens the next round. After the last round, the
  seats with the most counters win; equal counters share the win.

Presets: ``standard`` (4 seats, 4 white dice each, 10 counters, 5 rounds, an ante
of 1 and a link cost of 1; the default).

Implementation notes

Where players' customs differ or say nothing, dicerules decides so: seats are
numbered to the left; the first player (by custom the youngest) is the
``first_player`` field; a seat that cannot ante is out of the game for good; a seat
needs ``link_cost`` counters to play its blue die; the game stops early, ante
returned, when fewer than two seats can ante. And:

* An opener can always open: every face opens one way or the other (a 6 down, a
  1 up, any other both), so no round starts without an opening.
* Every seat starts with the same counters, at least the ante (rules with fewer,
  under which no game is played, are refused), so every seat antes in round 1 and
  ``first_player`` starts it.
* A round's winner can always pay the next ante (the pot they took holds their own
  ante and links), so they always start the next round; the next seat to the left
  still in the game would start if it could not.
* Dice faces are 1 to 6: ``W7`` is not a move at all, while ``B3 up`` is written
  as a move (a blue opening) but is never allowed.
* Between rounds the pot is empty: it all goes to the round's winner. When the game
  ends, every seat's unplayed dice go back in the cups and
  the last round's row stays on the table. ``round`` counts the rounds begun.
* Nothing is revealed when a round ends: unplayed dice stay unseen.

Dice are drawn, for a game to replay exactly, in this order: at each round start, for each seat
in the game in seat order, its white dice, then its blue die (all in one roll). A
seat's white dice are kept sorted. Nothing else is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from operator import sub
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, TypeVar, cast

import attrs

from dicerules import layout
from dicerules._build import builder, evolver
from dicerules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    check_state,
    shown,
    turn_readers,
)
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import (
    Word,
    bool_value,
    check_fields,
    check_types,
    illegal,
    int_value,
    one_of,
    squeeze,
)
from dicerules.rulefields import integer, seat_field
from dicerules.streams import DiceStream
from dicerules.tape import Tape

__all__ = [
    "NAME",
    "OUT",
    "PRESETS",
    "Action",
    "Open",
    "Out",
    "Placed",
    "Play",
    "Rules",
    "State",
    "View",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "format_action",
    "history",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outside_scores",
    "parse",
    "parse_action",
    "presets",
    "resample_hidden",
    "round_of",
    "scores",
    "view",
    "winners",
]

NAME: Final = "link"
RULES_TEXT: Final = __doc__
"""The rules, for players first (``dicerules rules`` prints them): this docstring."""

MAX_PLAYERS: Final = 6
MAX_WHITE_DICE: Final = 8
SIDES: Final = 6

Direction = Literal["up", "down"]
Colour = Literal["W", "B"]

_Kind = TypeVar("_Kind", "Open", "Play")


# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of link, validated. The defaults are the standard preset."""

    players: int = integer(4, 2, MAX_PLAYERS, doc="seats at the table")
    white_dice: int = integer(
        4, 1, MAX_WHITE_DICE, doc="the white dice each seat rolls a round, besides its blue die"
    )
    start_counters: int = integer(10, 0, 1000, doc="the counters each seat starts with")
    rounds: int = integer(5, 1, 100, doc="the rounds a game lasts")
    ante: int = integer(
        1, 0, 100, doc="the counters each seat puts in the pot at the start of a round"
    )
    link_cost: int = integer(
        1, 0, 100, doc="the counters a blue die costs, which turns the row round"
    )
    first_player: int = seat_field(0, MAX_PLAYERS - 1, doc="the seat that opens the row in round 1")

    def __attrs_post_init__(self) -> None:
        if self.start_counters < self.ante:
            raise InvalidRulesError(
                f"start_counters ({self.start_counters}) is below the ante ({self.ante}):"
                " no seat could ante into round 1, so no game would be played"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"``."""
        return find_preset(NAME, PRESETS, name)


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType({"standard": Rules()})
presets = PRESETS
default_rules: Final = PRESETS["standard"]


# ------------------------------------------------------------------------- actions

_DIE_RE = re.compile(r"([wb])([0-9]{1,4})(up|down)?")


_face = int_value(1, SIDES, owner="a die")
_direction = one_of("up", "down")
_flag = bool_value


@attrs.frozen(repr=False)
class Open:
    """The opening die of a round's row and the way the row will go: ``W3 up``.

    ``blue`` is True for ``B3 up``, a blue opening: well-formed, never legal. The
    repr names ``blue`` only then, so a white opening reads ``Open(value=3, direction='up')``.
    """

    value: int = attrs.field(validator=_face)
    direction: Direction = attrs.field(validator=_direction)
    blue: bool = attrs.field(default=False, validator=_flag)

    @classmethod
    def parse(cls, text: str) -> Open:
        """``"W3 up"`` -> ``Open(value=3, direction='up')``; case and spaces do not matter."""
        return _parse_as(Open, text, "an opening: write W3 up or W4 down")

    def __str__(self) -> str:
        return f"{'B' if self.blue else 'W'}{self.value} {self.direction}"

    def __repr__(self) -> str:
        blue = ", blue=True" if self.blue else ""
        return f"Open(value={self.value!r}, direction={self.direction!r}{blue})"


@attrs.frozen
class Play:
    """One die added to the row: a white one (``W5``) or the blue link (``B5``)."""

    blue: bool = attrs.field(validator=_flag)
    value: int = attrs.field(validator=_face)

    @classmethod
    def parse(cls, text: str) -> Play:
        """``"W5"`` -> ``Play(blue=False, value=5)``; ``"B5"`` is the blue die."""
        return _parse_as(Play, text, "a die to add: write W5 or B5")

    def __str__(self) -> str:
        return f"{'B' if self.blue else 'W'}{self.value}"


@attrs.frozen
class Out(Word):
    """The declaration of a player who can add no die: out of the round."""

    word = "out"


OUT: Final = Out()

Action = Open | Play | Out

# Every action there is, built once: parse and legal_actions hand out these objects.
_WHITE: Final = tuple(Play(False, v) for v in range(1, SIDES + 1))  # value v at v - 1
_BLUE: Final = tuple(Play(True, v) for v in range(1, SIDES + 1))
_OPEN: Final = {
    (blue, v, d): Open(v, d, blue)
    for blue in (False, True)
    for v in range(1, SIDES + 1)
    for d in ("up", "down")
}


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    squeezed = squeeze(text)
    if squeezed == "out":
        return OUT
    match = _DIE_RE.fullmatch(squeezed)
    if match is None:
        raise InvalidActionError(
            f"{text!r} is not link notation: write W3 up or W3 down to open,"
            " W5 or B5 to add a white or the blue die, or out"
        )
    value = int(match[2])
    if not 1 <= value <= SIDES:
        raise InvalidActionError(f"{text!r} names a {value}, but a die shows 1 to 6")
    blue = match[1] == "b"
    if match[3] is None:
        return (_BLUE if blue else _WHITE)[value - 1]
    return _OPEN[blue, value, match[3]]


def _parse_as(kind: type[_Kind], text: str, kind_text: str) -> _Kind:
    """``parse(text)`` when it is a ``kind``; else InvalidActionError: "... is not KIND_TEXT"."""
    action = parse(text)
    if type(action) is not kind:
        raise InvalidActionError(f"{text!r} is not {kind_text}")
    return action


def format_action(action: Action) -> str:
    """``Open(3, 'up')`` -> ``"W3 up"``; ``Play(True, 5)`` -> ``"B5"``; ``Out()`` -> ``"out"``."""
    if type(action) is Open or type(action) is Play or type(action) is Out:
        return str(action)
    raise InvalidActionError(f"{shown(action)} is not a link action")


@lru_cache(maxsize=4096)
def _openings(whites: tuple[int, ...]) -> tuple[Action, ...]:
    """Rule 2: each distinct white value, up unless a 6, down unless a 1, in value order."""
    legal: list[Action] = []
    for value in sorted(set(whites)):
        if value != SIDES:
            legal.append(_OPEN[False, value, "up"])
        if value != 1:
            legal.append(_OPEN[False, value, "down"])
    return tuple(legal)


_ONLY_OUT: Final[tuple[Action, ...]] = (OUT,)


@lru_cache(maxsize=1 << 16)
def _additions(whites: tuple[int, ...], blue: int, last: int, up: bool) -> tuple[Action, ...]:
    """Rules 3 to 5: the white values that fit (ascending), then the blue die (0: none), or out."""
    legal: list[Action] = []
    previous = 0
    for value in whites:
        if value != previous and (value >= last if up else value <= last):
            legal.append(_WHITE[value - 1])
        previous = value
    if blue and (blue >= last if up else blue <= last):
        legal.append(_BLUE[blue - 1])
    return tuple(legal) if legal else _ONLY_OUT


# --------------------------------------------------------------------------- state


class Placed(NamedTuple):
    """A die in the row: who added it, its colour (``"W"`` or ``"B"``) and its value."""

    seat: layout.Seat
    colour: Colour
    value: layout.Die


_PLACED: Final[Mapping[Colour, tuple[tuple[Placed, ...], ...]]] = {
    colour: tuple(
        tuple(Placed(seat, colour, value) for value in range(SIDES + 1))
        for seat in range(MAX_PLAYERS)
    )
    for colour in ("W", "B")
}
"""Every die that can stand in a row, as ``_PLACED[colour][seat][value]``, made once:
placing a die looks it up instead of building a new one (index 0 is never used)."""


def _legal_of(state: State) -> tuple[Action, ...]:
    """What ``legal_actions(state)`` returns, worked out once as the state is made."""
    seat = state.to_act
    if seat is None:
        return ()
    direction = state.direction
    if direction is None:
        return _openings(state.whites[seat])
    blue = state.blues[seat]
    if blue and state.counters[seat] < state.rules.link_cost:
        blue = 0
    return _additions(state.whites[seat], blue, state.sequence[-1].value, direction == "up")


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class State:
    """A whole game of link, hidden dice and dice stream included.

    ``whites`` holds each seat's unplayed white dice, sorted; ``blues`` each seat's
    unplayed blue die, or 0 once played (and for a seat out of the game, and for
    every seat once the game is over). ``sequence`` is this round's row, oldest
    first; ``direction`` is None until the row is opened. ``in_round`` marks the
    seats still playing this round, ``in_game`` the seats that could pay the ante.

    ``_legal`` holds the legal actions, derived from the other fields as the state is
    made (never passed in, never compared): the seat to act asks for them and
    ``apply`` checks against them, and they are worked out once, not twice a step.
    """

    rules: Rules
    round: int
    counters: tuple[int, ...]
    pot: int
    in_game: tuple[bool, ...]
    in_round: tuple[bool, ...]
    whites: tuple[tuple[int, ...], ...]
    blues: tuple[int, ...]
    sequence: tuple[Placed, ...]
    direction: Direction | None
    to_act: int | None
    last_winner: int | None
    tape: Tape[Action] = attrs.field(repr=False)
    _legal: tuple[Action, ...] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_legal_of, takes_self=True)
    )

    @property
    def last_value(self) -> int | None:
        """The value of the last die in the row, or None before the opening."""
        return self.sequence[-1].value if self.sequence else None


_new_state = builder(State)
_opened = evolver(State, "whites", "sequence", "direction", "to_act", "tape")
_white_added = evolver(State, "whites", "sequence", "to_act", "tape")
_linked = evolver(State, "counters", "pot", "blues", "sequence", "direction", "to_act", "tape")
_left = evolver(State, "in_round", "to_act", "tape")


@attrs.frozen
class View:
    """What one seat (or a spectator, ``player=None``) may know of a game.

    ``whites`` and ``blue`` are the seat's own unplayed dice (``()`` and None for a
    spectator, and ``blue`` None once played). Of every seat, the counters, the
    number of unplayed white dice and whether the blue die is unplayed are public.
    Other seats' unplayed dice, and the stream, are never here.
    """

    rules: Rules
    player: int | None
    whites: layout.Dice = layout.shown("your white dice", place="own")
    blue: layout.Die | None = layout.shown("your blue die", place="own")
    round: int = layout.shown("round")
    counters: layout.PerSeat[int] = layout.shown("counters")
    pot: int = layout.shown("the pot")
    in_game: layout.PerSeat[bool] = layout.shown("left the game", unless=True)
    in_round: layout.PerSeat[bool] = layout.shown("out of this round", unless=True)
    white_counts: layout.PerSeat[int] = layout.shown("white dice unplayed")
    blue_unplayed: layout.PerSeat[bool] = layout.shown("blue die unplayed")
    sequence: tuple[Placed, ...] = layout.shown("the row")
    direction: Direction | None = layout.shown("the row goes")
    to_act: int | None = layout.shown(place="hidden")
    last_winner: layout.Seat | None = layout.shown("the last pot went to", place="result")


# ------------------------------------------------------------------ new game, rounds


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game: round 1's ante paid and its dice rolled.

    Give a seed (0 <= seed < 2**64) or a stream, or neither, and a seed is drawn
    from the OS's entropy and kept for replay.
    """
    rules = rules_or_default(rules, Rules, default_rules)
    tape: Tape[Action] = Tape.start(start_stream(seed, stream))
    players = rules.players
    return _start_round(
        rules, 1, (rules.start_counters,) * players, (True,) * players,
        rules.first_player, None, (), None, tape,
    )  # fmt: skip


def _start_round(
    rules: Rules,
    round_number: int,
    counters: tuple[int, ...],
    in_game: tuple[bool, ...],
    starter: int,
    last_winner: int | None,
    sequence: tuple[Placed, ...],
    direction: Direction | None,
    tape: Tape[Action],
) -> State:
    """Rule 1: the ante, then every seat in the game rolls, in seat order.

    ``sequence`` and ``direction`` are the last round's, kept if the game ends here.
    """
    ante = rules.ante
    players = rules.players
    if False not in in_game and min(counters) >= ante:
        # Every seat antes, as in most rounds: two checks in C instead of two loops.
        paid = tuple(map(sub, counters, (ante,) * players))
        return _deal(rules, round_number, paid, in_game, players, starter, last_winner, tape)
    in_game = tuple([still and n >= ante for still, n in zip(in_game, counters, strict=True)])
    seated = in_game.count(True)
    if seated < 2:
        # Fewer than two seats can ante: the game is over and no ante is taken.
        return _new_state(
            rules=rules,
            round=round_number - 1,
            counters=counters,
            pot=0,
            in_game=in_game,
            in_round=(False,) * players,
            whites=((),) * players,
            blues=(0,) * players,
            sequence=sequence,
            direction=direction,
            to_act=None,
            last_winner=last_winner,
            tape=tape,
        )
    counters = tuple([n - ante if still else n for still, n in zip(in_game, counters, strict=True)])
    return _deal(rules, round_number, counters, in_game, seated, starter, last_winner, tape)


def _deal(
    rules: Rules,
    round_number: int,
    counters: tuple[int, ...],
    in_game: tuple[bool, ...],
    seated: int,
    starter: int,
    last_winner: int | None,
    tape: Tape[Action],
) -> State:
    """Rule 1 once the ante is paid: every seat in the game rolls, in seat order."""
    ante = rules.ante
    white_dice = rules.white_dice
    rolled, tape = tape.roll((white_dice + 1) * seated, SIDES)
    whites: list[tuple[int, ...]] = []
    blues: list[int] = []
    start = 0
    for still in in_game:
        if still:
            blue = start + white_dice
            whites.append(tuple(sorted(rolled[start:blue])))
            blues.append(rolled[blue])
            start = blue + 1
        else:
            whites.append(())
            blues.append(0)
    if not in_game[starter]:
        starter = _next_seat(in_game, starter)
    return _new_state(
        rules=rules,
        round=round_number,
        counters=counters,
        pot=ante * seated,
        in_game=in_game,
        in_round=in_game,
        whites=tuple(whites),
        blues=tuple(blues),
        sequence=(),
        direction=None,
        to_act=starter,
        last_winner=last_winner,
        tape=tape,
    )


def _next_seat(present: tuple[bool, ...], seat: int) -> int:
    """The next seat to the left of ``seat`` marked in ``present``."""
    players = len(present)
    seat = (seat + 1) % players
    while not present[seat]:
        seat = (seat + 1) % players
    return seat


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions, in a fixed order; () once the game is over.

    Opening: each white value held, lowest first, ``up`` then ``down``. After the
    opening: the white values that fit, lowest first, then the blue die; or
    ``out`` alone when no die may be added.
    """
    try:
        return state._legal
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    try:
        if type(action) not in _KINDS:
            raise InvalidActionError(
                f"{shown(action)} is not a link action (an Open, a Play or an Out)"
            )
        legal = state._legal
        for item in legal:  # by identity first, as twenty-four's _listed does
            if item is action:
                break
        else:
            # Not an object legal_actions handed out: its field types checked (and, if it is
            # not legal, its values) before it is taken as the legal action it equals.
            if action not in legal:
                check_fields(action)
                raise _why_illegal(state, action)
            check_types(action)
        if type(action) is Play:
            return _link(state, action) if action.blue else _add_white(state, action)
        if type(action) is Open:
            return _open(state, action)
        return _out(state)
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


_KINDS: Final = frozenset({Open, Play, Out})


def _without(
    whites: tuple[tuple[int, ...], ...], seat: int, value: int
) -> tuple[tuple[int, ...], ...]:
    """``whites`` with one die of ``value`` taken from ``seat``'s."""
    # A list changed and made a tuple: cheaper than splicing the tuple's slices.
    changed = list(whites)
    hand = changed[seat]
    at = hand.index(value)
    changed[seat] = hand[:at] + hand[at + 1 :]
    return tuple(changed)


def _open(state: State, action: Open) -> State:
    """Rule 2: the first white die of the row, and the way the row goes."""
    seat = cast(int, state.to_act)
    return _opened(
        state,
        whites=_without(state.whites, seat, action.value),
        sequence=(_PLACED["W"][seat][action.value],),
        direction=action.direction,
        to_act=_next_seat(state.in_round, seat),
        tape=state.tape.act(action),
    )


def _add_white(state: State, action: Play) -> State:
    """Rule 3: a white die that fits goes on the end of the row."""
    seat = cast(int, state.to_act)
    value = action.value
    return _white_added(
        state,
        whites=_without(state.whites, seat, value),
        sequence=(*state.sequence, _PLACED["W"][seat][value]),
        to_act=_next_seat(state.in_round, seat),
        tape=state.tape.act(action),
    )


def _link(state: State, action: Play) -> State:
    """Rule 4: the blue die costs link_cost counters and turns the row round."""
    seat = cast(int, state.to_act)
    value = action.value
    cost = state.rules.link_cost
    counters = state.counters
    blues = state.blues
    return _linked(
        state,
        counters=(*counters[:seat], counters[seat] - cost, *counters[seat + 1 :]),
        pot=state.pot + cost,
        blues=(*blues[:seat], 0, *blues[seat + 1 :]),
        sequence=(*state.sequence, _PLACED["B"][seat][value]),
        direction="down" if state.direction == "up" else "up",
        to_act=_next_seat(state.in_round, seat),
        tape=state.tape.act(action),
    )


def _out(state: State) -> State:
    """Rules 5 and 6: the seat leaves the round; the last one left takes the pot."""
    seat = cast(int, state.to_act)
    leaving = list(state.in_round)  # cheaper than splicing slices, as in _without
    leaving[seat] = False
    in_round = tuple(leaving)
    tape = state.tape.act(OUT)
    following = _next_seat(in_round, seat)
    if _next_seat(in_round, following) != following:
        return _left(state, in_round=in_round, to_act=following, tape=tape)
    rules = state.rules
    winner = following
    counters = state.counters
    counters = (*counters[:winner], counters[winner] + state.pot, *counters[winner + 1 :])
    if state.round == rules.rounds:
        players = rules.players
        return _new_state(
            rules=rules,
            round=state.round,
            counters=counters,
            pot=0,
            in_game=state.in_game,
            in_round=(False,) * players,
            whites=((),) * players,
            blues=(0,) * players,
            sequence=state.sequence,
            direction=state.direction,
            to_act=None,
            last_winner=winner,
            tape=tape,
        )
    return _start_round(
        rules, state.round + 1, counters, state.in_game, winner, winner,
        state.sequence, state.direction, tape,
    )  # fmt: skip


# ------------------------------------------------------------- why an action fails


def _illegal(state: State, message: str) -> IllegalActionError:
    """The error for an illegal action, listing the legal ones when there are at most 6."""
    return illegal(message, legal_actions(state), few=6)


def _dice_text(whites: tuple[int, ...]) -> str:
    return "-".join(map(str, whites)) if whites else "none"


def _why_illegal(state: State, action: Action) -> IllegalActionError:
    """Why ``action`` (of a link kind) is not legal in ``state``."""
    seat = state.to_act
    if seat is None:
        return IllegalActionError(f"the game is over: nothing can be played, {action} included")
    if type(action) is Open:
        if action.blue:
            return _illegal(state, f"{action}: the blue die cannot open a row")
        if state.direction is not None:
            return _illegal(state, f"{action}: the row is already open; add a die to it")
        if action.value not in state.whites[seat]:
            return _illegal(
                state,
                f"{action}: seat {seat} has no white {action.value}"
                f" (its white dice: {_dice_text(state.whites[seat])})",
            )
        if action.direction == "up":
            return _illegal(state, f"{action}: a row going up cannot open on a 6")
        return _illegal(state, f"{action}: a row going down cannot open on a 1")
    if state.direction is None:
        return _illegal(
            state, f"{action}: seat {seat} opens the row: a white die and up or down, as W3 up"
        )
    last = cast(int, state.last_value)
    need = (
        f"the row goes {state.direction} from {last}:"
        f" it takes {'at least' if state.direction == 'up' else 'at most'} {last}"
    )
    if type(action) is Out:
        return _illegal(state, f"seat {seat} can add a die, so it may not go out")
    play = cast(Play, action)
    if not play.blue:
        if play.value not in state.whites[seat]:
            return _illegal(
                state,
                f"{play}: seat {seat} has no unplayed white {play.value}"
                f" (its white dice: {_dice_text(state.whites[seat])})",
            )
        return _illegal(state, f"{play} does not fit: {need}")
    blue = state.blues[seat]
    if not blue:
        return _illegal(state, f"{play}: seat {seat} has already played its blue die")
    if blue != play.value:
        return _illegal(state, f"{play}: seat {seat}'s blue die does not show {play.value}")
    fits = play.value >= last if state.direction == "up" else play.value <= last
    if not fits:
        return _illegal(state, f"{play} does not fit: {need}")
    return _illegal(
        state,
        f"{play}: a link costs {state.rules.link_cost} counter(s)"
        f" and seat {seat} has {state.counters[seat]}",
    )


# ----------------------------------------------------------------- reading a state


current_player, is_terminal = turn_readers(
    State,
    NAME,
    "The seat to act; None once the game is over.",
    "Whether the last round is over, or fewer than two seats could ante.",
)


def winners(state: State) -> tuple[int, ...]:
    """The seats with the most counters, once the game is over; () before."""
    check_state(state, State, NAME)
    if state.to_act is not None:
        return ()
    best = max(state.counters)
    return tuple(seat for seat, n in enumerate(state.counters) if n == best)


def scores(state: State) -> tuple[int, ...]:
    """The counters each seat holds (the pot is nobody's until it is won)."""
    check_state(state, State, NAME)
    return state.counters


def outside_scores(state: State) -> int:
    """The counters outside the scores, in the pot: with the scores, no action changes them."""
    return state.pot


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    check_state(state, State, NAME)
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` may know: its own unplayed dice and everything public. None: a spectator."""
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    if player is None:
        whites: tuple[int, ...] = ()
        blue = None
    else:
        whites = state.whites[player]
        blue = state.blues[player] or None
    return View(
        state.rules, player, whites, blue, state.round, state.counters, state.pot,
        state.in_game, state.in_round, tuple(map(len, state.whites)),
        tuple(bool(b) for b in state.blues), state.sequence, state.direction, state.to_act,
        state.last_winner,
    )  # fmt: skip


def round_of(view: View) -> int:
    """The round a view shows the game in (for the events apps are sent)."""
    return view.round


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with what ``player`` may not know drawn afresh from ``stream``.

    Every other seat's unplayed dice are rerolled (white values, kept sorted and as
    many as before, then the blue die if unplayed), seat by seat, and the stream is
    replaced, so the future dice change too. The result is for testing views: it
    need not be reachable by play, and its tape's past rolls are left as they were.
    """
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    origin = stream
    whites = []
    blues = []
    for seat, (hand, blue) in enumerate(zip(state.whites, state.blues, strict=True)):
        if seat != player:
            if hand:
                rolled, stream = stream.roll(len(hand), SIDES)
                hand = tuple(sorted(rolled))
            if blue:
                (blue,), stream = stream.roll(1, SIDES)
        whites.append(hand)
        blues.append(blue)
    tape = attrs.evolve(state.tape, origin=origin, stream=stream)
    return attrs.evolve(state, whites=tuple(whites), blues=tuple(blues), tape=tape)


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    InvalidActionError for text that is not notation; IllegalActionError for an
    action that is not legal here.
    """
    check_state(state, State, NAME)
    action = parse(text)
    if action not in legal_actions(state):
        raise _why_illegal(state, action)
    return action


def _seat_text(state: State, seat: int) -> str:
    counters = f"{state.counters[seat]} counters"
    if not state.in_game[seat]:
        return f"{seat}: {counters}, out of the game"
    if state.to_act is None:
        return f"{seat}: {counters}"
    blue = f" B{state.blues[seat]}" if state.blues[seat] else " B-"
    dice = "[" + "-".join(map(str, state.whites[seat])) + "]" + blue
    status = "" if state.in_round[seat] else ", out of the round"
    return f"{seat}: {counters}, {dice}{status}"


def describe(state: State) -> str:
    """The state as a few lines of text, hidden dice included (not for players' eyes)."""
    check_state(state, State, NAME)
    if state.to_act is None:
        head = f"game over after round {state.round} of {state.rules.rounds}"
    else:
        head = f"round {state.round} of {state.rules.rounds}, seat {state.to_act} to act"
    head += f", pot {state.pot}"
    if state.last_winner is not None:
        head += f", last round won by seat {state.last_winner}"
    row = " ".join(f"{p.seat}:{p.colour}{p.value}" for p in state.sequence) or "-"
    if state.direction is not None:
        row += f" (going {state.direction})"
    seats = " | ".join(_seat_text(state, seat) for seat in range(state.rules.players))
    return "\n".join([head, f"seats {seats}", f"row {row}"])
