"""Cup call: dice under cups, an ante, and one bet a hand on a total nobody else has seen.

The rules as implemented:

* Two to six seats (``players``), numbered to the left. A seat's score is its chips
  won less its chips paid, 0 at the start. A game is 3 hands (the rule ``hands``).
* Each hand begins with every seat paying one chip into the pot (the ante), then
  throwing 2 dice (``dice``) of 6 faces (``sides``) under its own cup. A seat sees its
  own cup and no other.
* Seat 0 opens the first hand, and the opener moves one seat to the left each hand.
  From the opener the seats act in turn to the left. While nobody has bet, a seat may
  ``check`` (pass, paying nothing) or ``bet`` (one chip into the pot). There is one
  bet a hand and no raise: once a seat has bet, every other seat, in turn from the
  bettor's left and those who checked before it included, must ``call`` (one chip
  into the pot) or ``fold`` (give up the hand and what it paid).
* The hand ends when every seat has checked, or when every other seat has answered
  the bet. If all of them folded, the bettor takes the pot and its cup stays down.
  Otherwise the cups of the seats still in come up and the highest total takes the
  pot; between equal totals the tied seat that comes first in turn from the opener
  wins (the opener before all). A folded cup is never shown.
* After the last hand the game is over, and the seats with the most chips win
  (all of them when several tie).

Preset: ``standard`` (two seats, two six-sided dice each, three hands; the default).

Choices made here where tables differ: the bet and every call are one chip, whatever
the rules; ties go by the order of play, so a hand always has one winner; the pot is
always won, so it is empty at the end and the scores then sum to 0 (while a hand is
on they sum to minus the pot: the game's conservation law).

What is hidden: every other seat's cup this hand, and a folded cup for ever. A view
holds the seat's own cup, the bets of the hand, the pot, the scores and the last
hand's result with the cups it showed; never the stream.

Dice are drawn from the stream in this order: at the start of each hand (by
``new_game`` for the first, by the action that ends a hand for the next), seat 0's
dice (as many as the rule ``dice``), then as many for seat 1, and so on round the table, one roll a
seat; a cup is kept sorted. The action that ends the last hand draws nothing, and
nothing else is ever drawn.

This package is a dicerules plugin: the entry point ``cup-call =
"dicerules_cup_call:GAME"`` in its pyproject.toml (group ``dicerules.games``) adds
``GAME`` to ``dicerules.GAMES`` on the registry's first use.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Final

import attrs

from dicerules import Game, layout
from dicerules.bot import SeededBot, seat_of
from dicerules.errors import IllegalActionError, InvalidActionError
from dicerules.facts import Encoding, Piece, ScoreChange, counts, one_hot
from dicerules.game import check_seat, find_preset, rules_or_default, start_stream
from dicerules.notation import Word, illegal, squeeze
from dicerules.rulefields import integer
from dicerules.streams import DiceStream
from dicerules.tape import Tape
from dicerules_cup_call.narrator import CupCallNarrator

__all__ = [
    "BET",
    "CALL",
    "CHECK",
    "FOLD",
    "GAME",
    "NAME",
    "OBSERVATION",
    "PRESETS",
    "Action",
    "Bet",
    "Call",
    "Check",
    "CupCallNarrator",
    "Expert",
    "Fold",
    "Rules",
    "Showdown",
    "State",
    "View",
    "apply",
    "current_player",
    "default_rules",
    "describe",
    "distinct_actions",
    "format_action",
    "legal_actions",
    "max_length",
    "max_sides",
    "new_game",
    "outside_scores",
    "parse",
    "parse_action",
    "payoff",
    "resample_hidden",
    "round_of",
    "scores",
    "view",
    "win_chance",
    "winners",
]

NAME: Final = "cup-call"


# --------------------------------------------------------------------------- rules


@attrs.frozen
class Rules:
    """Every rule option of cup call, validated. The defaults are the standard preset."""

    players: int = integer(2, 2, 6, doc="seats at the table")
    dice: int = integer(2, 1, 5, doc="the dice under each cup")
    sides: int = integer(6, 2, 20, doc="the faces of each die")
    hands: int = integer(3, 1, 20, doc="the hands a game lasts")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``"standard"``."""
        return find_preset(NAME, PRESETS, name)


PRESETS: Final[Mapping[str, Rules]] = MappingProxyType({"standard": Rules()})
default_rules: Final = PRESETS["standard"]


# ------------------------------------------------------------------------- actions


@attrs.frozen
class Check(Word):
    """Pass while nobody has bet this hand."""

    word = "check"


@attrs.frozen
class Bet(Word):
    """Put one chip into the pot: the hand's one bet."""

    word = "bet"


@attrs.frozen
class Call(Word):
    """Answer the bet with one chip, staying in the hand."""

    word = "call"


@attrs.frozen
class Fold(Word):
    """Answer the bet by giving up the hand."""

    word = "fold"


CHECK: Final = Check()
BET: Final = Bet()
CALL: Final = Call()
FOLD: Final = Fold()

Action = Check | Bet | Call | Fold

_EVERY_ACTION: Final[tuple[Action, ...]] = (CHECK, BET, CALL, FOLD)
_BEFORE_THE_BET: Final[tuple[Action, ...]] = (CHECK, BET)
_AFTER_THE_BET: Final[tuple[Action, ...]] = (CALL, FOLD)
_BY_WORD: Final[Mapping[str, Action]] = {action.word: action for action in _EVERY_ACTION}


def distinct_actions(rules: Rules) -> tuple[Action, ...]:
    """Every action there is, whatever the rules: an action's id is its index."""
    return _EVERY_ACTION


def parse(text: str) -> Action:
    """The action ``text`` names, by syntax alone (legality is ``parse_action``'s job)."""
    action = _BY_WORD.get(squeeze(text))
    if action is None:
        raise InvalidActionError(f"{text!r} is not {NAME} notation: write check, bet, call or fold")
    return action


def format_action(action: Action) -> str:
    """``Bet()`` -> ``"bet"``, and so on: the action's word."""
    if type(action) not in _KINDS:
        raise InvalidActionError(f"{action!r} is not a {NAME} action")
    return str(action)


_KINDS: Final = frozenset({Check, Bet, Call, Fold})


# --------------------------------------------------------------------------- state


@attrs.frozen
class Showdown:
    """How a hand ended, as every seat saw it.

    ``cups`` holds, per seat, the cup it showed: () for a seat that folded, and for
    every seat when the bettor took the pot unchallenged.
    """

    hand: int
    cups: layout.PerSeat[layout.Dice] = layout.shown("cups shown")
    winner: layout.Seat = layout.shown("won by")
    pot: int = layout.shown("the pot won")


@attrs.frozen
class State:
    """A whole game of cup call: the cups, the hand's bets, the pot and the scores.

    ``cups`` are this hand's, every seat's (all () once the game is over); ``in_hand``
    says which seats have not folded; ``bettor`` is the seat that bet, None before
    a bet; ``to_act`` is None once the game is over; ``last`` is how the previous hand
    ended (None in the first).
    """

    rules: Rules
    hand: int
    opener: int
    to_act: int | None
    cups: tuple[tuple[int, ...], ...]
    in_hand: tuple[bool, ...]
    bettor: int | None
    pot: int
    scores: tuple[int, ...]
    last: Showdown | None
    tape: Tape[Action] = attrs.field(repr=False)


@attrs.frozen
class View:
    """What a seat (``player``; None: a spectator) knows: its own ``cup`` and the table.

    ``cup`` is () for a spectator, and once the game is over. The other fields are
    the state's, all of them public.
    """

    rules: Rules
    player: int | None
    hand: int
    opener: layout.Seat = layout.shown("opened by")
    to_act: int | None
    cup: layout.Dice = layout.shown("your cup", place="own")
    in_hand: layout.PerSeat[bool] = layout.shown("folded", unless=True)
    bettor: layout.Seat | None = layout.shown("bet by")
    pot: int = layout.shown("the pot")
    scores: layout.PerSeat[int] = layout.shown("chips")
    last: Showdown | None = layout.shown("the last hand", place="result")


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, stream: DiceStream | None = None
) -> State:
    """A new game: the first hand anted and thrown, seat 0 to act. Give a seed or a stream."""
    rules = rules_or_default(rules, Rules, default_rules)
    tape: Tape[Action] = Tape.start(start_stream(seed, stream))
    cups, tape = _throw(rules, tape)
    return _hand(rules, 1, cups, (0,) * rules.players, None, tape)


def _throw(rules: Rules, tape: Tape[Action]) -> tuple[tuple[tuple[int, ...], ...], Tape[Action]]:
    """Every seat's cup, seat 0's dice first: one roll of ``rules.dice`` dice a seat."""
    cups = []
    for _ in range(rules.players):
        dice, tape = tape.roll(rules.dice, rules.sides)
        cups.append(tuple(sorted(dice)))
    return tuple(cups), tape


def _hand(
    rules: Rules,
    hand: int,
    cups: tuple[tuple[int, ...], ...],
    scores: tuple[int, ...],
    last: Showdown | None,
    tape: Tape[Action],
) -> State:
    """Hand number ``hand`` with its cups thrown: every seat antes, the opener acts."""
    players = rules.players
    opener = (hand - 1) % players
    anted = tuple(score - 1 for score in scores)
    return State(rules, hand, opener, opener, cups, (True,) * players, None, players, anted, last,
                 tape)  # fmt: skip


# ------------------------------------------------------------------------ the moves


def legal_actions(state: State) -> tuple[Action, ...]:
    """``check`` or ``bet`` before the hand's bet, ``call`` or ``fold`` after; () at the end."""
    if state.to_act is None:
        return ()
    return _BEFORE_THE_BET if state.bettor is None else _AFTER_THE_BET


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalActionError if not legal."""
    if type(action) not in _KINDS:
        raise InvalidActionError(f"{action!r} is not a {NAME} action (check, bet, call or fold)")
    _check(state, action)
    seat = state.to_act
    assert seat is not None
    tape = state.tape.act(action)
    scores, pot, in_hand = state.scores, state.pot, state.in_hand
    if type(action) is Bet or type(action) is Call:
        scores = _paid(scores, seat)
        pot += 1
    elif type(action) is Fold:
        in_hand = tuple(still and other != seat for other, still in enumerate(in_hand))
    bettor = seat if type(action) is Bet else state.bettor
    following = (seat + 1) % state.rules.players
    if following == (state.opener if bettor is None else bettor):  # every seat has spoken
        return _end_hand(state, bettor, scores, pot, in_hand, tape)
    return attrs.evolve(
        state, to_act=following, in_hand=in_hand, bettor=bettor, pot=pot, scores=scores, tape=tape
    )


def _paid(scores: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(score - (other == seat) for other, score in enumerate(scores))


def _check(state: State, action: Action) -> None:
    """IllegalActionError, saying why, unless ``action`` is legal in ``state``."""
    if state.to_act is None:
        raise IllegalActionError(f"the game is over: nobody can {action} (no action is legal)")
    legal = legal_actions(state)
    if action in legal:
        return
    if state.bettor is None:
        message = f"{action}: nobody has bet this hand, so there is nothing to {action}"
    else:
        message = (
            f"{action}: seat {state.bettor} has bet this hand (one bet a hand, no raise),"
            " so the answer is call or fold"
        )
    raise illegal(message, legal, 4)


def _end_hand(
    state: State,
    bettor: int | None,
    scores: tuple[int, ...],
    pot: int,
    in_hand: tuple[bool, ...],
    tape: Tape[Action],
) -> State:
    """The pot to the hand's winner, then the next hand thrown (or the game over)."""
    rules = state.rules
    players = rules.players
    contenders = [seat for seat in range(players) if in_hand[seat]]
    if len(contenders) == 1:  # every other seat folded to the bet: no cup comes up
        winner = contenders[0]
        shown: tuple[tuple[int, ...], ...] = ((),) * players
    else:
        order = [(state.opener + step) % players for step in range(players)]
        winner = max(
            (seat for seat in order if in_hand[seat]),
            key=lambda seat: (sum(state.cups[seat]), -order.index(seat)),
        )
        shown = tuple(cup if still else () for cup, still in zip(state.cups, in_hand, strict=True))
    scores = tuple(score + pot * (seat == winner) for seat, score in enumerate(scores))
    last = Showdown(state.hand, shown, winner, pot)
    if state.hand == rules.hands:
        return State(rules, state.hand, state.opener, None, ((),) * players, (False,) * players,
                     None, 0, scores, last, tape)  # fmt: skip
    cups, tape = _throw(rules, tape)
    return _hand(rules, state.hand + 1, cups, scores, last, tape)


def parse_action(state: State, text: str) -> Action:
    """The action ``text`` names, checked against ``state``.

    InvalidActionError for text that is not notation; IllegalActionError for an
    action that is not legal here.
    """
    action = parse(text)
    _check(state, action)
    return action


# ----------------------------------------------------------------- reading a state


def current_player(state: State) -> int | None:
    """The seat to act; None once the game is over."""
    return state.to_act


def winners(state: State) -> tuple[int, ...]:
    """The seats with the most chips, once the game is over; () before."""
    if state.to_act is not None:
        return ()
    best = max(state.scores)
    return tuple(seat for seat, score in enumerate(state.scores) if score == best)


def scores(state: State) -> tuple[int, ...]:
    """Each seat's chips won less chips paid (antes, bets and calls)."""
    return state.scores


def outside_scores(state: State) -> int:
    """The pot: the chips paid this hand and not yet won (so the scores plus it sum to 0)."""
    return state.pot


def view(state: State, player: int | None) -> View:
    """What ``player`` (None: a spectator) may know: its own cup, and all that is public."""
    check_seat(player, state.rules.players)
    cup = () if player is None else state.cups[player]
    return View(state.rules, player, state.hand, state.opener, state.to_act, cup, state.in_hand,
                state.bettor, state.pot, state.scores, state.last)  # fmt: skip


def round_of(view: View) -> int:
    """The hand a view shows the game in (for the events apps are sent)."""
    return view.hand


def resample_hidden(state: State, player: int | None, stream: DiceStream) -> State:
    """``state`` with every cup ``player`` may not see thrown afresh from ``stream``.

    The other seats' cups (all of them for a spectator) are drawn in seat order, as
    many dice each as before, and the tape goes on from ``stream``: its origin is
    ``stream`` and its position is after those dice, so the future dice change too.
    The result is for testing views, not for replay.
    """
    check_seat(player, state.rules.players)
    origin = stream
    cups = []
    for seat, cup in enumerate(state.cups):
        if seat != player and cup:
            dice, stream = stream.roll(len(cup), state.rules.sides)
            cup = tuple(sorted(dice))
        cups.append(cup)
    tape = attrs.evolve(state.tape, origin=origin, stream=stream)
    return attrs.evolve(state, cups=tuple(cups), tape=tape)


def describe(state: State) -> str:
    """The state in one line, every cup included: for logs, never for a player's eyes."""
    rules = state.rules
    table = " ".join(f"{seat}:{score}" for seat, score in enumerate(state.scores))
    if state.to_act is None:
        hands = f"{rules.hands} hand{'s' if rules.hands > 1 else ''}"
        return f"game over after {hands}, won by {_seats(winners(state))}; chips {table}"
    cups = " ".join(
        f"{seat}:{'-'.join(map(str, cup))}{'' if still else ' folded'}"
        for seat, (cup, still) in enumerate(zip(state.cups, state.in_hand, strict=True))
    )
    bet = "no bet" if state.bettor is None else f"seat {state.bettor} bet"
    return (
        f"hand {state.hand} of {rules.hands}, seat {state.to_act} to act, {bet}, pot"
        f" {state.pot}; cups {cups}; chips {table}"
    )


def _seats(seats: tuple[int, ...]) -> str:
    return " and ".join(f"seat {seat}" for seat in seats)


# -------------------------------------------------------- what solvers and learners need


def max_sides(rules: Rules) -> int:
    """The faces of every die the game throws."""
    return rules.sides


def max_length(rules: Rules) -> int:
    """The most actions a game takes: a hand is at most the checks before the bet,
    the bet and an answer from every other seat, ``2 * players - 1``."""
    return rules.hands * (2 * rules.players - 1)


def payoff(rules: Rules) -> ScoreChange:
    """Each seat is paid its chips: at worst the ante and a call lost every hand, at
    best every other seat's two chips won every hand; zero-sum."""
    players, hands = rules.players, rules.hands
    return ScoreChange((0,) * players, -2 * hands, 2 * (players - 1) * hands, zero_sum=True)


def _pieces(rules: Rules) -> tuple[Piece, ...]:
    players, sides = rules.players, rules.sides
    return (
        ("player", (players,)),  # 1 at the seat the view is for (none: a spectator)
        ("to_act", (players,)),  # 1 at the seat to act (none once the game is over)
        ("opener", (players,)),
        ("hand", (1,)),  # the hand's number, from 1
        ("cup", (sides,)),  # how many of the seat's own dice show each face
        ("in_hand", (players,)),  # 1 for each seat that has not folded
        ("bettor", (players,)),  # 1 at the seat that bet this hand
        ("pot", (1,)),
        ("scores", (players,)),
        ("shown", (players, sides)),  # the last hand's cups that came up, face counts
        ("last_winner", (players,)),
        ("last_pot", (1,)),
    )


def _encode(rules: Rules, view: View) -> tuple[float, ...]:
    players, sides = rules.players, rules.sides
    last = view.last
    shown = [] if last is None else [n for cup in last.cups for n in counts(sides, cup)]
    return (
        *one_hot(players, view.player),
        *one_hot(players, view.to_act),
        *one_hot(players, view.opener),
        float(view.hand),
        *counts(sides, view.cup),
        *(float(still) for still in view.in_hand),
        *one_hot(players, view.bettor),
        float(view.pot),
        *(float(score) for score in view.scores),
        *(shown or [0.0] * (players * sides)),
        *one_hot(players, None if last is None else last.winner),
        0.0 if last is None else float(last.pot),
    )


OBSERVATION: Final = Encoding(_pieces, _encode)
"""A view as numbers, for learners: the pieces of ``_pieces``, from the view alone."""


# ------------------------------------------------------------------------ the expert


@functools.cache
def _totals(dice: int, sides: int) -> tuple[int, ...]:
    """How many of the ``sides ** dice`` throws make each total (index: the total)."""
    ways = [1]
    for _ in range(dice):
        after = [0] * (len(ways) + sides)
        for total, count in enumerate(ways):
            for face in range(1, sides + 1):
                after[total + face] += count
        ways = after
    return tuple(ways)


def win_chance(view: View) -> Fraction:
    """The chance that the viewer's cup beats the cups of every other seat still in.

    Each unseen cup is taken as a fair throw (the bets are not read), a tie as won
    by the seat first in turn from the opener.
    """
    seat = view.player
    assert seat is not None
    rules = view.rules
    ways = _totals(rules.dice, rules.sides)
    mine = sum(view.cup)
    below = sum(ways[:mine])
    throws = rules.sides**rules.dice
    turn = (seat - view.opener) % rules.players
    chance = Fraction(1)
    for other, still in enumerate(view.in_hand):
        if still and other != seat:
            ahead = (other - view.opener) % rules.players < turn
            chance *= Fraction(below + (0 if ahead else ways[mine]), throws)
    return chance


BLUFF: Final = Fraction(1, 3)
"""How often the expert bets a cup too weak to bet (its chance under 1/4), and how
often it calls a bet with a cup that is worth calling only on the pot's odds."""


class Expert(SeededBot):
    """The expert bot: bet or call a strong cup; bluff and call loose at random.

    With ``win_chance`` at 1/2 or more it bets, or calls a bet. Below that it checks,
    but bets a cup under 1/4 with chance BLUFF, so that its bets give its cup away
    less; facing a bet it calls with chance BLUFF when the pot pays for the risk
    (its chance times the pot after calling is at least the chip it costs), else
    folds. Its random numbers come from its own seeded source.
    """

    name = "expert"

    def choose(self, view: View, legal_actions: tuple[Action, ...]) -> Action:
        """``bet``/``check`` or ``call``/``fold``, as the class says.

        InvalidArgumentError for a spectator's view or no legal action.
        """
        seat_of(NAME, view, View, legal_actions, "cup")
        chance = win_chance(view)
        if BET in legal_actions:
            if chance >= Fraction(1, 2):
                return BET
            if chance < Fraction(1, 4) and self.random.random() < BLUFF:
                return BET
            return CHECK
        if chance >= Fraction(1, 2):
            return CALL
        if chance * (view.pot + 1) >= 1 and self.random.random() < BLUFF:
            return CALL
        return FOLD


# -------------------------------------------------------------------------- the game

GAME: Final[Game[State, Action, Rules, View]] = Game.from_module(
    sys.modules[__name__], narrator=CupCallNarrator
)
"""Cup call as a dicerules Game: the required parts and, of the optional ones,
``describe``, ``resample_hidden`` (it hides the other cups), ``outside_scores`` (the
pot), ``expert``, ``narrator``, and for the adapters ``distinct_actions``,
``observation``, ``max_sides``, ``max_length`` and ``payoff`` (chips, zero-sum)."""
