"""Twenty-four: roll five dice to a total of 24, and roll for a bonus above it.

The rules:

Money is kept as whole quarter-units (1 unit = 4), and every payment goes from one
seat to another, so the scores always sum to 0.

* Seats take turns to the left (seat + 1), starting with ``first_player``; every
  seat takes ``rotations`` turns, then the game ends.
* First stage. The roller throws all five dice in the open. After each throw the
  roller either keeps N >= 1 of the dice just thrown that show one value V
  (``keep NxV``) and throws the others again, or says ``stop``, and every die counts
  where it lies. Under ``keep_rule="highest"`` V must be the highest value just
  thrown; under ``"any_value"`` it may be any value just thrown. Dice of two values
  are never kept together. Once every die is kept, the first stage is over.
* The five dice make a total T. At 24 nobody pays. Below 24 the roller pays 24 - T
  to each other seat, unless ``low_score_bonus`` applies: a total of 10 or less
  then collects 20 (five units) from each other seat instead ("any": however the
  stage ended; "full_play": only when it ended without a ``stop``).
* Above 24 the roller plays for the target d = T - 24. With ``settlements`` on,
  each other seat in turn from the roller's left first offers a sum
  (``offer Q``, 1 <= Q <= 5d) or says ``no offer``, and the roller answers each
  offer with ``accept`` (paid at once; that seat is out of the bonus) or
  ``refuse``. Then two bonus throws: all five dice, then again the dice that did
  not show d. With c dice showing d over both throws, every other seat that did
  not settle pays d * c to the roller. With ``failed_bonus_pays`` and c = 0, the
  roller pays d to each of those seats instead.

Presets: ``standard`` (the defaults: highest-value keeping and no options) and
``house-rules`` (the low-score bonus for a full play, the failed bonus paying, and
settlements).

Implementation notes

Where players' customs differ or say nothing, dicerules decides so: ``stop`` may be
said after any throw, the very first included, so a roller need not keep anything;
"any_value" keeping is an option of this version; an offer is a whole number of
quarter-units from 1 to 5d, the most the bonus could cost the offering seat, and
every offer and answer is made in the open; keeping the last dice is an action like
any other keep, and a keep that leaves no die to throw ends the first stage; a keep
may take every die showing V, even all five; with one die left, ``keep 1xV`` and
``stop`` give the same total, but only the keep is a full play. The settlement goes
seat by seat from the roller's left: the offering seat acts, then the roller answers
its offer before the next seat is asked; while an offer waits, the roller is the
seat to act. The bonus throws follow the last answer (or the first stage when there
is no settlement) inside the same ``apply``, and are made even when every seat has
settled. The low-score bonus (T <= 10) and settlements (T > 24) never meet. A
settled seat neither pays the bonus nor is paid a failed bonus. The winners are the
seats with the highest score once every turn is played; ties share.

Dice are drawn, for a game to replay exactly, in this order: at the start of each turn the
five first-stage dice (``new_game`` throws the first turn's, and the action that
ends a turn throws the next one's); after each keep the dice not yet kept (none once all five
are kept); after the first stage, when T > 24, the five dice of the first bonus
throw and then the dice that did not show d (none when all five did). Nothing
else is drawn, and a ``stop`` draws nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import combinations_with_replacement, product
from operator import add
from types import MappingProxyType
from typing import Any, Final, Literal, cast

import attrs

from dicerules import layout
from dicerules._build import builder, evolver
from dicerules.errors import (
    IllegalActionError,
    InvalidActionError,
    check_state,
    shown,
    turn_readers,
)
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import Word, check_fields, check_types, illegal, int_value, squeeze
from dicerules.rulefields import boolean, choice, integer, seat_field
from dicerules.streams import DiceStream
from dicerules.tape import Tape

__all__ = [
    "ACCEPT",
    "DICE",
    "LOW_SCORE",
    "LOW_SCORE_PRIZE",
    "NAME",
    "NO_OFFER",
    "PRESETS",
    "REFUSE",
    "STOP",
    "TARGET",
    "Accept",
    "Action",
    "Keep",
    "NoOffer",
    "Offer",
    "Outcome",
    "Refuse",
    "Rules",
    "State",
    "Stop",
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

NAME: Final = "twenty-four"
RULES_TEXT: Final = __doc__
"""The rules, for players first (``dicerules rules`` prints them): this docstring."""

DICE: Final = 5
"""Dice in the first stage and in the first bonus throw."""
SIDES: Final = 6
TARGET: Final = 24
"""The total that neither pays nor wins."""
LOW_SCORE: Final = 10
"""The highest total that wins the low-score bonus (when it is on)."""
LOW_SCORE_PRIZE: Final = 20
"""The low-score bonus, from each other seat: five units, in quarter-units."""
MAX_PLAYERS: Final = 8
MAX_ROTATIONS: Final = 100

KeepRule = Literal["highest", "any_value"]
LowScoreBonus = Literal["off", "full_play", "any"]
Stage = Literal["throw", "offer", "answer", "over"]


# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of twenty-four, validated. The defaults are the standard preset."""

    players: int = integer(4, 2, MAX_PLAYERS, doc="seats at the table")
    rotations: int = integer(1, 1, MAX_ROTATIONS, doc="the turns each seat takes")
    first_player: int = seat_field(0, MAX_PLAYERS - 1, doc="the seat that takes the first turn")
    keep_rule: KeepRule = choice(
        "highest",
        ("highest", "any_value"),
        doc="the dice a keep may take: those of the highest value thrown, or of any",
    )
    low_score_bonus: LowScoreBonus = choice(
        "off",
        ("off", "full_play", "any"),
        doc="a total of 10 or less collects 20 from each seat: off, after a full play, or any",
    )
    failed_bonus_pays: bool = boolean(
        False, doc="bonus throws that show no die of the target cost the roller it, to each seat"
    )
    settlements: bool = boolean(
        False, doc="above 24 the other seats may offer to settle before the bonus throws"
    )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"`` or ``"house-rules"``."""
        return find_preset(NAME, PRESETS, name)

    @property
    def turns(self) -> int:
        """The number of turns in a game: every seat, ``rotations`` times."""
        return self.players * self.rotations


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        "standard": Rules(),
        "house-rules": Rules(low_score_bonus="full_play", failed_bonus_pays=True, settlements=True),
    }
)
presets = PRESETS
default_rules: Final = PRESETS["standard"]
PLAY_RULES: Final = Rules(rotations=3)
"""What ``dicerules play twenty-four`` deals when no preset is named: the standard
rules, with three turns each rather than one."""


# ------------------------------------------------------------------------- actions

_KEEP_RE = re.compile(r"keep([0-9]{1,4})x([0-9]{1,4})")
_OFFER_RE = re.compile(r"offer([0-9]{1,6})")


_positive = int_value(1)


@attrs.frozen
class Keep:
    """Keep ``count`` of the dice just thrown, all showing ``value``; throw the others."""

    count: int = attrs.field(validator=_positive)
    value: int = attrs.field(validator=_positive)

    @classmethod
    def parse(cls, text: str) -> Keep:
        """``"keep 2x6"`` -> ``Keep(count=2, value=6)``; case and spaces do not matter."""
        match = _KEEP_RE.fullmatch(squeeze(text))
        if match is None:
            raise InvalidActionError(
                f"{text!r} is not a keep: write keep count x value, as keep 2x6"
            )
        return cls(int(match[1]), int(match[2]))

    def __str__(self) -> str:
        try:
            return f"keep {self.count}x{self.value}"
        except ValueError:  # an int too long to print (the try itself costs nothing)
            return f"keep {shown(self.count)}x{shown(self.value)}"


@attrs.frozen
class Stop(Word):
    """End the first stage: every die counts where it lies."""

    word = "stop"


@attrs.frozen
class Offer:
    """Offer the roller ``quarters`` quarter-units to settle before the bonus throws."""

    quarters: int = layout.choice("quarter-units", validator=_positive)

    @classmethod
    def parse(cls, text: str) -> Offer:
        """``"offer 4"`` -> ``Offer(quarters=4)``; case and spaces do not matter."""
        match = _OFFER_RE.fullmatch(squeeze(text))
        if match is None:
            raise InvalidActionError(f"{text!r} is not an offer: write offer and a sum, as offer 4")
        return cls(int(match[1]))

    def __str__(self) -> str:
        try:
            return f"offer {self.quarters}"
        except ValueError:  # an int too long to print
            return f"offer {shown(self.quarters)}"


@attrs.frozen
class NoOffer(Word):
    """Make no offer: this seat stays in the bonus settlement (``no`` or ``n`` says it
    too)."""

    word = "no offer"
    synonyms = ("no", "n")


@attrs.frozen
class Accept(Word):
    """The roller takes the offer on the table: it is paid at once."""

    word = "accept"


@attrs.frozen
class Refuse(Word):
    """The roller turns the offer on the table down."""

    word = "refuse"


STOP: Final = Stop()
NO_OFFER: Final = NoOffer()
ACCEPT: Final = Accept()
REFUSE: Final = Refuse()

Action = Keep | Stop | Offer | NoOffer | Accept | Refuse

_ACTION_TYPES: Final = frozenset({Keep, Stop, Offer, NoOffer, Accept, Refuse})
_WORDS: Final[Mapping[str, Action]] = MappingProxyType(
    {
        "stop": STOP,
        "nooffer": NO_OFFER,
        "no": NO_OFFER,
        "n": NO_OFFER,
        "accept": ACCEPT,
        "refuse": REFUSE,
    }
)


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    squeezed = squeeze(text)
    word = _WORDS.get(squeezed)
    if word is not None:
        return word
    if _KEEP_RE.fullmatch(squeezed):
        return Keep.parse(squeezed)
    if _OFFER_RE.fullmatch(squeezed):
        return Offer.parse(squeezed)
    raise InvalidActionError(
        f"{text!r} is not twenty-four notation: write keep 2x6, stop, offer 4, no offer,"
        " accept or refuse"
    )


def format_action(action: Action) -> str:
    """``Keep(2, 6)`` -> ``"keep 2x6"``; ``Offer(4)`` -> ``"offer 4"``; and so on."""
    if type(action) in _ACTION_TYPES:
        return str(action)
    raise InvalidActionError(f"{shown(action)} is not a twenty-four action")


# Every action a state can list, made once: a throw's keeps come from a table
# indexed by the dice showing (sorted, highest first), an offer list by the target.

_KEEPS: Final = {
    (count, value): Keep(count, value) for count in range(1, 6) for value in range(1, 7)
}


def _first_stage_table(rule: KeepRule) -> dict[tuple[int, ...], tuple[Action, ...]]:
    table: dict[tuple[int, ...], tuple[Action, ...]] = {}
    for size in range(1, DICE + 1):
        for dice in combinations_with_replacement(range(SIDES, 0, -1), size):
            values = (dice[0],) if rule == "highest" else sorted(set(dice), reverse=True)
            keeps: list[Action] = [
                _KEEPS[count, value]
                for value in values
                for count in range(1, dice.count(value) + 1)
            ]
            table[dice] = (*keeps, STOP)
    return table


_FIRST_STAGE: Final = {rule: _first_stage_table(rule) for rule in ("highest", "any_value")}
_SORTED: Final = {showing: showing for showing in _FIRST_STAGE["highest"]}
_SHOWING: Final = {
    thrown: _SORTED[tuple(sorted(thrown, reverse=True))]
    for size in range(1, DICE + 1)
    for thrown in product(range(1, SIDES + 1), repeat=size)
}
"""Every throw of one to five dice, in the order thrown, to the dice showing (highest
first, one shared tuple each): a throw's showing is looked up rather than sorted."""
_OFFERS: Final[dict[int, tuple[Action, ...]]] = {
    target: (*(Offer(q) for q in range(1, DICE * target + 1)), NO_OFFER)
    for target in range(1, SIDES + 1)
}
_ANSWERS: Final[tuple[Action, ...]] = (ACCEPT, REFUSE)


# --------------------------------------------------------------------------- state


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class Outcome:
    """A finished turn, as everyone saw it.

    ``dice`` are the five first-stage dice in the order they came to stand (kept,
    then any left lying by a ``stop``); ``stopped`` says whether a ``stop`` ended the
    stage. ``target`` is d (0 when the total was not above 24); ``settled`` is what
    each seat paid to settle (0: no settlement); ``bonus`` holds the bonus throws and
    ``count`` the dice that showed d. ``changes`` is each seat's net gain this turn.
    """

    turn: int = layout.shown("turn")
    roller: layout.Seat = layout.shown("roller")
    dice: layout.Dice = layout.shown("dice")
    stopped: bool = layout.shown("stopped")
    target: int = layout.shown("played for", unless=0)
    settled: layout.PerSeat[int] = layout.shown("settled for", unless=0)
    bonus: tuple[layout.Dice, ...] = layout.shown("bonus throws")
    count: int = layout.shown("bonus dice that scored")
    changes: layout.PerSeat[int] = layout.shown("money this turn")

    @property
    def total(self) -> int:
        """The first-stage total T."""
        return sum(self.dice)


_new_outcome = builder(Outcome)


@attrs.frozen(weakref_slot=False)  # no weakref slot: see dicerules._build
class State:
    """A whole game of twenty-four, dice stream included.

    ``turn`` counts the turns begun (1-based; ``rules.turns`` in the last one) and
    ``roller`` is the seat whose turn it is. In the first stage ``kept`` holds the
    dice kept so far and ``showing`` the dice just thrown, highest first. Once the
    first stage is over ``kept`` holds all five dice and ``showing`` is empty; in a
    settlement ``target`` is d, ``offerer`` the seat being asked, ``offer`` the sum it
    offered (0 while it has not yet spoken) and ``settled`` what each seat has paid
    to settle. ``last`` is the previous finished turn.
    """

    rules: Rules
    scores: tuple[int, ...]
    turn: int
    roller: int
    to_act: int | None
    kept: tuple[int, ...]
    showing: tuple[int, ...]
    stopped: bool
    target: int
    offerer: int | None
    offer: int
    settled: tuple[int, ...]
    last: Outcome | None
    tape: Tape[Action] = attrs.field(repr=False)

    @property
    def stage(self) -> Stage:
        """What the seat to act does: keep or stop, offer, answer an offer; or the end."""
        return _stage(self.to_act, self.offerer, self.offer)


_new_state = builder(State)
_thrown = evolver(
    State, "to_act", "kept", "showing", "stopped", "target", "offerer", "offer", "tape"
)
_offered = evolver(State, "to_act", "showing", "offer", "tape")
_asked = evolver(State, "scores", "to_act", "showing", "offerer", "offer", "settled", "tape")


@attrs.frozen
class View:
    """What one seat (or a spectator, ``player=None``) may know of a game.

    Every die is thrown openly, so this is the whole state but the dice stream.
    """

    rules: Rules
    player: int | None
    scores: layout.PerSeat[int] = layout.shown("money")
    turn: int = layout.shown("turn")
    roller: layout.Seat = layout.shown("roller")
    to_act: int | None = layout.shown(place="hidden")
    kept: layout.Dice = layout.shown("kept")
    showing: layout.Dice = layout.shown("just thrown")
    stopped: bool = layout.shown("stopped")
    target: int = layout.shown("plays for", unless=0)
    offerer: layout.Seat | None = layout.shown("offer by")
    offer: int = layout.shown("offer", unless=0)
    settled: layout.PerSeat[int] = layout.shown("settled for", unless=0)
    last: Outcome | None = layout.shown("the last turn", place="result")

    @property
    def stage(self) -> Stage:
        """What the seat to act does: keep or stop, offer, answer an offer; or the end."""
        return _stage(self.to_act, self.offerer, self.offer)


def _stage(to_act: int | None, offerer: int | None, offer: int) -> Stage:
    if to_act is None:
        return "over"
    if offerer is None:
        return "throw"
    return "answer" if offer else "offer"


# ------------------------------------------------------------------ new game, turns


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game: the first roller's five dice already thrown.

    Give a seed (0 <= seed < 2**64) or a stream, or neither, and a seed is drawn
    from the OS's entropy and kept for replay.
    """
    rules = rules_or_default(rules, Rules, default_rules)
    tape: Tape[Action] = Tape.start(start_stream(seed, stream))
    scores = (0,) * rules.players
    return _start_turn(rules, scores, 1, rules.first_player, None, tape)


def _start_turn(
    rules: Rules,
    scores: tuple[int, ...],
    turn: int,
    roller: int,
    last: Outcome | None,
    tape: Tape[Action],
) -> State:
    """Rule 1: the roller throws all five dice."""
    rolled, tape = tape.roll(DICE, SIDES)
    showing = _SHOWING[rolled]
    return _new_state(
        rules=rules,
        scores=scores,
        turn=turn,
        roller=roller,
        to_act=roller,
        kept=(),
        showing=showing,
        stopped=False,
        target=0,
        offerer=None,
        offer=0,
        settled=(0,) * rules.players,
        last=last,
        tape=tape,
    )


def _end_turn(
    rules: Rules,
    turn: int,
    roller: int,
    outcome: Outcome,
    scores: tuple[int, ...],
    tape: Tape[Action],
) -> State:
    """Rule 5: the next seat to the left rolls, or the game is over."""
    if turn == rules.turns:
        return _new_state(
            rules=rules,
            scores=scores,
            turn=turn,
            roller=roller,
            to_act=None,
            kept=(),
            showing=(),
            stopped=False,
            target=0,
            offerer=None,
            offer=0,
            settled=(0,) * rules.players,
            last=outcome,
            tape=tape,
        )
    return _start_turn(rules, scores, turn + 1, (roller + 1) % rules.players, outcome, tape)


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions, in a fixed order.

    First stage: the keeps (by value, highest first, then by count), then ``stop``.
    Settlement: ``offer 1`` to ``offer 5d``, then ``no offer``; or ``accept``,
    ``refuse``. The list is empty once the game is over.
    """
    try:
        if state.to_act is None:
            return ()
        if state.offerer is None:
            return _FIRST_STAGE[state.rules.keep_rule][state.showing]
        if state.offer:
            return _ANSWERS
        return _OFFERS[state.target]
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    try:
        move = _MOVES.get(type(action))
        if move is None:
            raise InvalidActionError(
                f"{shown(action)} is not a twenty-four action"
                " (Keep, Stop, Offer, NoOffer, Accept or Refuse)"
            )
        # The fast path: the legal tuples are built by the rules that _check enforces, so an
        # action found in one (by identity first, as a bot's pick from legal_actions is) needs
        # no check of its own; _check runs only to say why any other action is not legal.
        if not _listed(action, legal_actions(state)):
            _check(state, action)
        return move(state, action)
    except (AttributeError, TypeError):  # costs nothing until raised
        check_state(state, State, NAME)  # raises for another game's state
        raise


def _listed(action: object, legal: tuple[Action, ...]) -> bool:
    """Whether ``action`` is one of ``legal``, by identity first.

    The fast path of apply: a pick from legal_actions is found without comparing it
    by value (a Python-level ``__eq__``) with every action listed before it. Any
    other action is checked (``check_types`` when it equals a legal one, else
    ``check_fields``): InvalidActionError if its fields are not what its class declares.
    """
    for item in legal:
        if item is action:
            return True
    if action in legal:
        check_types(action)
        return True
    check_fields(action)
    return False


def _check(state: State, action: Action) -> None:
    """Raise IllegalActionError, saying why, if ``action`` is not legal in ``state``."""
    kind = type(action)
    if kind is Keep:
        _check_keep(state, cast(Keep, action))
    elif kind is Offer:
        _check_offer(state, cast(Offer, action))
    elif kind is Stop:
        _check_stage(state, action, "throw")
    elif kind is NoOffer:
        _check_stage(state, action, "offer")
    else:
        _check_stage(state, action, "answer")


_STAGE_WORDS: Final = {
    "throw": "keep dice or stop",
    "offer": "make an offer or none",
    "answer": "accept or refuse the offer",
}


def _check_stage(state: State, action: Action, stage: str) -> None:
    """The action belongs to the stage the game is in."""
    now = state.stage
    if now == stage:
        return
    if now == "over":
        raise IllegalActionError(f"the game is over: {action} cannot be played")
    if now == "throw":
        why = f"seat {state.roller} is throwing in the first stage: {_STAGE_WORDS[now]}"
    elif now == "offer":
        why = f"seat {state.offerer} is asked for a settlement offer: {_STAGE_WORDS[now]}"
    else:
        why = (
            f"seat {state.roller} answers seat {state.offerer}'s offer of {state.offer}:"
            f" {_STAGE_WORDS[now]}"
        )
    raise _illegal(state, f"{action} is not played now; {why}")


def _illegal(state: State, message: str) -> IllegalActionError:
    """The error for an illegal action, listing the legal ones when there are at most 8."""
    return illegal(message, legal_actions(state), few=8)


def _check_keep(state: State, keep: Keep) -> None:
    """Rule 1: N of the dice just thrown that show V; V the highest under keep_rule highest."""
    _check_stage(state, keep, "throw")
    showing = state.showing
    value = keep.value
    if value > SIDES:
        raise _illegal(state, f"{keep} keeps {shown(value)}s, but the dice show 1 to {SIDES}")
    matching = showing.count(value)
    if not matching:
        raise _illegal(state, f"{keep} keeps {value}s, but no die just thrown shows {value}")
    if state.rules.keep_rule == "highest" and value != showing[0]:
        raise _illegal(
            state,
            f"{keep} keeps {value}s, but under keep_rule 'highest' only the highest value"
            f" just thrown ({showing[0]}) may be kept",
        )
    if keep.count > matching:
        dice = "one die just thrown shows" if matching == 1 else f"{matching} dice just thrown show"
        raise _illegal(state, f"{keep} keeps {shown(keep.count)} dice, but only {dice} {value}")


def _keep(state: State, keep: Keep) -> State:
    """Rule 1: the kept dice are set aside and the others thrown again."""
    kept = state.kept + (keep.value,) * keep.count
    left = DICE - len(kept)
    if not left:
        return _end_first_stage(state, kept, False, state.tape.act(keep))
    # The keep and the dice thrown again logged on one new tape, not two.
    rolled, tape = state.tape.act_and_roll(keep, left, SIDES)
    return _thrown(
        state,
        to_act=state.roller,
        kept=kept,
        showing=_SHOWING[rolled],
        stopped=False,
        target=0,
        offerer=None,
        offer=0,
        tape=tape,
    )


def _stop(state: State, stop: Stop) -> State:
    """Rule 1: every die counts where it lies."""
    return _end_first_stage(state, state.kept + state.showing, True, state.tape.act(stop))


def _pay(
    scores: tuple[int, ...], roller: int, payers: tuple[int, ...], amount: int
) -> tuple[int, ...]:
    """Each seat in ``payers`` pays ``amount`` to the roller (a negative amount: is paid)."""
    new = list(scores)
    for seat in payers:
        new[seat] -= amount
        new[roller] += amount
    return tuple(new)


# Every seat but the roller's, from the roller's left around, by (players, roller):
# made once, as every turn asks for it.
_OTHERS: Final = {
    (players, roller): tuple((roller + step) % players for step in range(1, players))
    for players in range(2, MAX_PLAYERS + 1)
    for roller in range(players)
}


def _end_first_stage(
    state: State, dice: tuple[int, ...], stopped: bool, tape: Tape[Action]
) -> State:
    """Rule 2: score the total, or go on to the settlement or the bonus."""
    rules = state.rules
    roller = state.roller
    total = sum(dice)
    if total > TARGET:
        target = total - TARGET
        if rules.settlements:
            # Rule 3: the seat to the roller's left speaks first.
            left = (roller + 1) % rules.players
            return _thrown(
                state,
                to_act=left,
                kept=dice,
                showing=(),
                stopped=stopped,
                target=target,
                offerer=left,
                offer=0,
                tape=tape,
            )
        return _bonus(
            rules, state.turn, roller, dice, stopped, target, state.scores, state.settled, tape
        )
    low = rules.low_score_bonus
    if total <= LOW_SCORE and (low == "any" or (low == "full_play" and not stopped)):
        amount = LOW_SCORE_PRIZE
    else:
        amount = total - TARGET  # the roller pays 24 - T to each other seat (0 at 24)
    changes = _paid_by_others(rules.players, roller, amount)
    scores = tuple(map(add, state.scores, changes))
    # Settlements come only above 24, so state.settled is still all 0 here.
    outcome = _new_outcome(
        turn=state.turn,
        roller=roller,
        dice=dice,
        stopped=stopped,
        target=0,
        settled=state.settled,
        bonus=(),
        count=0,
        changes=changes,
    )
    return _end_turn(rules, state.turn, roller, outcome, scores, tape)


@lru_cache(maxsize=4096)
def _paid_by_others(players: int, roller: int, amount: int) -> tuple[int, ...]:
    """Each seat's gain when every other seat pays ``amount`` to the roller (rule 2).

    Cached: a turn's end below 24 looks its changes up instead of working them out.
    """
    return _pay((0,) * players, roller, _OTHERS[players, roller], amount)


def _settlements(roller: int, settled: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's net gain from the settlements paid this turn."""
    total = sum(settled)
    return tuple([total if seat == roller else -paid for seat, paid in enumerate(settled)])


def _check_offer(state: State, offer: Offer) -> None:
    """Rule 3: 1 <= Q <= 5d, the most the bonus can cost the offering seat."""
    _check_stage(state, offer, "offer")
    most = DICE * state.target
    if offer.quarters > most:
        raise _illegal(
            state,
            f"{offer} offers more than the bonus can cost: rolling for {state.target}s,"
            f" an offer is 1 to {most} quarter-units (or no offer)",
        )


def _offer(state: State, offer: Offer) -> State:
    """Rule 3: the offer waits on the table for the roller's answer."""
    return _offered(
        state, to_act=state.roller, showing=(), offer=offer.quarters, tape=state.tape.act(offer)
    )


def _no_offer(state: State, action: NoOffer | Refuse) -> State:
    """Rule 3: no offer, or an offer refused: the next seat is asked."""
    return _next_offerer(state, state.settled, state.scores, state.tape.act(action))


def _accept(state: State, accept: Accept) -> State:
    """Rule 3: the roller is paid the offer at once; that seat is out of the bonus."""
    seat = cast(int, state.offerer)
    settled = tuple(state.offer if s == seat else paid for s, paid in enumerate(state.settled))
    scores = _pay(state.scores, state.roller, (seat,), state.offer)
    return _next_offerer(state, settled, scores, state.tape.act(accept))


def _next_offerer(
    state: State, settled: tuple[int, ...], scores: tuple[int, ...], tape: Tape[Action]
) -> State:
    """Rule 3: the next seat to the left is asked; after the last, the bonus throws."""
    rules = state.rules
    seat = (cast(int, state.offerer) + 1) % rules.players
    if seat == state.roller:
        return _bonus(
            rules, state.turn, state.roller, state.kept, state.stopped, state.target, scores,
            settled, tape,
        )  # fmt: skip
    return _asked(
        state,
        scores=scores,
        to_act=seat,
        showing=(),
        offerer=seat,
        offer=0,
        settled=settled,
        tape=tape,
    )


def _bonus(
    rules: Rules,
    turn: int,
    roller: int,
    dice: tuple[int, ...],
    stopped: bool,
    target: int,
    scores: tuple[int, ...],
    settled: tuple[int, ...],
    tape: Tape[Action],
) -> State:
    """Rule 4: two bonus throws; the unsettled seats pay d * c (or are paid d when c = 0).

    ``scores`` already hold the settlements paid (``settled``).
    """
    first, tape = tape.roll(DICE, SIDES)
    count = first.count(target)
    throws: tuple[tuple[int, ...], ...] = (first,)
    if count < DICE:
        second, tape = tape.roll(DICE - count, SIDES)
        count += second.count(target)
        throws = (first, second)
    payers = tuple([s for s in _OTHERS[rules.players, roller] if not settled[s]])
    bonus = (0,) * rules.players
    if count:
        bonus = _pay(bonus, roller, payers, target * count)
    elif rules.failed_bonus_pays:
        bonus = _pay(bonus, roller, payers, -target)
    scores = tuple(map(add, scores, bonus))
    changes = tuple(map(add, bonus, _settlements(roller, settled)))
    outcome = _new_outcome(
        turn=turn,
        roller=roller,
        dice=dice,
        stopped=stopped,
        target=target,
        settled=settled,
        bonus=throws,
        count=count,
        changes=changes,
    )
    return _end_turn(rules, turn, roller, outcome, scores, tape)


_MOVES: Final[dict[type, Callable[[State, Any], State]]] = {
    Keep: _keep,
    Stop: _stop,
    Offer: _offer,
    NoOffer: _no_offer,
    Accept: _accept,
    Refuse: _no_offer,
}
"""The function that plays each kind of action, once it is known to be legal."""


# ----------------------------------------------------------------- reading a state


current_player, is_terminal = turn_readers(
    State,
    NAME,
    "The seat to act: the roller, or in a settlement the seat asked for an offer.",
    "Whether every seat has taken all its turns.",
)


def winners(state: State) -> tuple[int, ...]:
    """The seats with the highest score, once the game is over; () before."""
    check_state(state, State, NAME)
    if state.to_act is not None:
        return ()
    best = max(state.scores)
    return tuple(seat for seat, score in enumerate(state.scores) if score == best)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's net winnings in quarter-units (they sum to 0)."""
    check_state(state, State, NAME)
    return state.scores


def outside_scores(state: State) -> int:
    """Nothing lies outside the scores: every payment goes from seat to seat, so they sum to 0."""
    return 0


def history(state: State) -> tuple[Action, ...]:
    """Every action since new_game, in order."""
    check_state(state, State, NAME)
    return tuple(state.tape.actions)


def view(state: State, player: int | None) -> View:
    """What ``player`` may know: all of the state but the stream. None: a spectator."""
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    return View(
        state.rules, player, state.scores, state.turn, state.roller, state.to_act, state.kept,
        state.showing, state.stopped, state.target, state.offerer, state.offer, state.settled,
        state.last,
    )  # fmt: skip


def round_of(view: View) -> int:
    """The turn a view shows the game in (for the events apps are sent)."""
    return view.turn


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with what ``player`` may not know drawn afresh from ``stream``.

    Every die is thrown openly, so only the future is hidden: the stream is replaced
    (so the dice to come change) and nothing else. The tape's past rolls are left as
    they were.
    """
    check_state(state, State, NAME)
    check_seat(player, state.rules.players)
    return attrs.evolve(state, tape=attrs.evolve(state.tape, origin=stream, stream=stream))


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    Besides the notation, ``keep V`` keeps every die just thrown that shows V: with
    two sixes showing, ``keep 6`` is ``keep 2x6`` (to keep fewer, say how many).
    InvalidActionError for text that is not notation; IllegalActionError for an
    action that is not legal here.
    """
    check_state(state, State, NAME)
    action = _keep_every(state, text) or parse(text)
    _check(state, action)
    return action


_KEEP_EVERY_RE = re.compile(r"keep([0-9]{1,4})")


def _keep_every(state: State, text: str) -> Keep | None:
    """``keep V``, short for ``keep NxV`` with N every die just thrown that shows V."""
    match = _KEEP_EVERY_RE.fullmatch(squeeze(text))
    if match is None:
        return None
    value = int(match[1])
    keep = Keep(max(1, state.showing.count(value)), value)
    try:
        _check(state, keep)
    except IllegalActionError as error:  # said of "keep V", as it was written
        said = str(error)
        raise IllegalActionError(f"keep {value}{said.removeprefix(str(keep))}") from None
    return keep


def _dice_text(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice)) if dice else "none"


def _signed(values: tuple[int, ...]) -> str:
    return " | ".join(f"{seat}: {value:+d}" for seat, value in enumerate(values))


def _outcome_text(outcome: Outcome) -> str:
    how = "stopped" if outcome.stopped else "full play"
    text = (
        f"last turn (turn {outcome.turn}): seat {outcome.roller} stood on"
        f" {_dice_text(outcome.dice)} = {outcome.total} ({how})"
    )
    if outcome.target:
        throws = " then ".join(_dice_text(throw) for throw in outcome.bonus)
        text += (
            f", rolled for {outcome.target}s: {throws}, {outcome.count} x {outcome.target}"
            f" = {outcome.count * outcome.target}"
        )
        if any(outcome.settled):
            deals = ", ".join(f"seat {s} for {q}" for s, q in enumerate(outcome.settled) if q)
            text += f"; settled: {deals}"
    return f"{text}\n    changes {_signed(outcome.changes)}"


def describe(state: State) -> str:
    """The whole state as a few lines of text."""
    check_state(state, State, NAME)
    rules = state.rules
    stage = state.stage
    if stage == "over":
        head = f"game over after {state.turn} turns"
    else:
        head = f"turn {state.turn} of {rules.turns}, seat {state.roller} rolling"
    lines = [head, f"scores {_signed(state.scores)}"]
    if stage == "throw":
        lines.append(f"kept {_dice_text(state.kept)}, showing {_dice_text(state.showing)}")
    elif stage in ("offer", "answer"):
        lines.append(
            f"stood on {_dice_text(state.kept)} = {sum(state.kept)}, rolling for {state.target}s"
        )
        deals = ", ".join(f"seat {s} for {q}" for s, q in enumerate(state.settled) if q)
        asked = (
            f"seat {state.offerer} offers {state.offer}, seat {state.roller} to answer"
            if stage == "answer"
            else f"seat {state.offerer} to offer"
        )
        lines.append(f"settlement: {asked}; settled: {deals or 'none'}")
    if state.last is not None:
        lines.append(_outcome_text(state.last))
    return "\n".join(lines)
