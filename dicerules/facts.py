"""What a game declares for solvers and learners, beside its rules engine.

OpenSpiel's ``GameInfo`` is the model: a game states facts about itself once, for
given rules, and the adapters (``dicerules.openspiel``, ``dicerules.pettingzoo``)
read them instead of keeping lists of games. The Game contract holds them as
optional fields: ``distinct_actions``, ``observation`` (an Encoding),
``information_state`` (an InformationState), ``max_sides``, ``max_length``,
``payoff`` (a ScoreChange, or None for a game won and lost) and ``rounds`` (Rounds:
where the game starts afresh, for exact solvers). ``one_hot`` and
``counts`` are the pieces most encodings are made of. ``returns`` (``exact_returns``:
as Fractions) is what the adapters pay; ``view_text`` and ``recall_text`` make their
information state text where a game declares none.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from dicerules.errors import InvalidArgumentError, shown

if TYPE_CHECKING:
    from dicerules.game import AnyGame
    from dicerules.streams import DiceStream

__all__ = [
    "ActionIds",
    "Encoding",
    "InformationState",
    "Piece",
    "Rounds",
    "ScoreChange",
    "check_length",
    "counts",
    "encoded",
    "exact_returns",
    "one_hot",
    "recall_text",
    "returns",
    "view_text",
]

A = TypeVar("A")
R = TypeVar("R")
S = TypeVar("S")
V = TypeVar("V")

Piece = tuple[str, tuple[int, ...]]
"""A named part of an encoding and its shape, such as ``("hand", (6,))``."""


@attrs.frozen
class Encoding(Generic[R, V]):
    """A fixed-length numeric encoding of a game's views: its observation.

    ``pieces(rules)`` names the parts of one flat vector, in order, each with its
    shape (as OpenSpiel's observers do: ``"player"``, ``"private_card"``, ...).
    ``encode(rules, view)`` is the vector, of length ``size(rules)`` for every view
    under those rules, worked out from the view alone: a view holds nothing hidden
    from its seat, so neither does its encoding.
    """

    pieces: Callable[[R], tuple[Piece, ...]]
    encode: Callable[[R, V], tuple[float, ...]]

    def size(self, rules: R) -> int:
        """The length of every vector under ``rules``."""
        return sum(math.prod(shape) for _, shape in self.pieces(rules))

    def slices(self, rules: R) -> tuple[tuple[str, slice, tuple[int, ...]], ...]:
        """Each piece's name, its slice of the flat vector, and its shape."""
        return _slices(self.pieces(rules))


def _slices(pieces: Sequence[Piece]) -> tuple[tuple[str, slice, tuple[int, ...]], ...]:
    """Each of ``pieces``' name, its slice of the flat vector they make, and its shape."""
    result = []
    start = 0
    for name, shape in pieces:
        end = start + math.prod(shape)
        result.append((name, slice(start, end), shape))
        start = end
    return tuple(result)


@attrs.frozen
class InformationState(Generic[R, V]):
    """A game's own encoding of what a seat has seen so far: its information state.

    Both functions take the seat's ``views`` of every state of the game so far, the
    oldest first (one after the set-up, then one after each action), and work from
    them alone: views hold nothing hidden from their seat, so neither does this.
    ``pieces(rules)`` names the parts of one flat vector, in order, with their shapes;
    ``encode(rules, views)`` is the vector, of length ``size(rules)`` however long the
    game. ``text(rules, views)`` is the information state as text: it tells apart any
    two histories the seat can tell apart (perfect recall); None: the adapters' own
    text, one line per view. The vector should recall as much wherever the game's
    length is bounded; where it is not, the game's docs say what it leaves out.
    """

    pieces: Callable[[R], tuple[Piece, ...]]
    encode: Callable[[R, Sequence[V]], tuple[float, ...]]
    text: Callable[[R, Sequence[V]], str] | None = None

    def size(self, rules: R) -> int:
        """The length of every vector under ``rules``."""
        return sum(math.prod(shape) for _, shape in self.pieces(rules))

    def slices(self, rules: R) -> tuple[tuple[str, slice, tuple[int, ...]], ...]:
        """Each piece's name, its slice of the flat vector, and its shape."""
        return _slices(self.pieces(rules))


@attrs.frozen
class Rounds(Generic[R, S]):
    """Where a game starts afresh: rounds whose future depends on a few public facts.

    ``key(state)`` is None but at the first state of a round (its dice rolled, none of
    its actions taken), where it is a hashable key such that: every seat knew
    everything of the game before the round began (nothing hidden carries over), and
    the game from that state to its end (actions, seats, dice, the result) depends
    only on the key and the round's own dice. The key never reads the round's dice.
    ``start(rules, key, stream)`` is a state at such a round's start, its dice drawn
    from ``stream`` as the game draws them; its key is ``key``.

    An exact solver (``dicerules.tree.solve``) then solves a round at a time: where an
    action begins a round, the round before ends, paid the value of the one that
    follows. A game may keep ``key`` None under rules where this does not hold; it
    then is solved whole.
    """

    key: Callable[[S], Hashable | None]
    start: Callable[[R, Any, DiceStream], S]


@attrs.frozen
class ScoreChange:
    """A game whose result is how much each seat's score changed over the game.

    ``start`` holds every seat's score before the game (before any set-up), each
    change lies from ``least`` to ``most``, and with ``zero_sum`` the changes always
    sum to 0 (nothing is left outside the scores when the game ends).
    """

    start: tuple[int, ...]
    least: int
    most: int
    zero_sum: bool


class ActionIds(Generic[A]):
    """A game's distinct actions under given rules, each with its id: its index."""

    __slots__ = ("_known", "actions", "game", "ids")

    def __init__(self, actions: tuple[A, ...], game: AnyGame | None = None) -> None:
        self.actions = actions
        self.ids = {action: index for index, action in enumerate(actions)}
        self.game = game
        """The game whose actions these are, named when a legal action has no id."""
        self._known: dict[int, tuple[tuple[A, ...], tuple[int, ...]]] = {}

    def of(self, legal: tuple[A, ...]) -> tuple[int, ...]:
        """The sorted ids of ``legal``, a tuple of legal actions.

        Engines hand out the same tuple object for the same situation, so the ids are
        kept by the tuple's identity (the tuple kept too, so its id is not reused):
        hashing every action of a long list on every call costs more than the step.
        """
        known = self._known.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]
        ids = self.ids
        try:
            result = tuple(sorted([ids[action] for action in legal]))
        except KeyError:
            raise self._missing(legal) from None
        if len(self._known) >= 4096:
            self._known.clear()
        self._known[id(legal)] = (legal, result)
        return result

    def _missing(self, legal: tuple[A, ...]) -> InvalidArgumentError:
        """The error for a legal action that is not among the distinct actions."""
        action = next(action for action in legal if action not in self.ids)
        game = self.game
        name = game.name if game is not None else "the game"
        try:
            text = repr(game.format_action(action)) if game is not None else shown(action)
        except Exception:  # a broken format_action: the action as it is
            text = shown(action)
        return InvalidArgumentError(
            f"{name} offers the legal action {text} ({shown(action)}), which its"
            f" distinct_actions does not hold: every legal action needs an id there"
        )


def encoded(game: AnyGame, rules: Any, view: Any) -> tuple[float, ...]:
    """``game.observation.encode(rules, view)``, checked to be ``size(rules)`` long.

    InvalidArgumentError names the game, its ``observation`` and both lengths otherwise.
    """
    encoding = game.observation
    if encoding is None:
        raise InvalidArgumentError(f"{game.name} declares no observation encoding")
    vector = encoding.encode(rules, view)
    size = encoding.size(rules)
    if len(vector) != size:
        raise InvalidArgumentError(
            f"{game.name}'s observation encoded a view as {len(vector)} numbers, but its"
            f" pieces say {size}: encode and pieces must agree"
        )
    return vector


def check_length(game: AnyGame, max_length: int | None, taken: int) -> None:
    """InvalidArgumentError naming ``game`` and its ``max_length`` when ``taken`` actions
    are more than the ``max_length`` it declares (None: no bound)."""
    if max_length is not None and taken > max_length:
        raise InvalidArgumentError(
            f"{game.name} took {taken} actions, more than the max_length {max_length} it"
            " declares: max_length must bound every game under these rules"
        )


def returns(game: AnyGame, state: Any) -> tuple[float, ...]:
    """What each seat is paid for ``state``'s game, as both adapters pay it; 0s until it ends.

    A game won and lost (``payoff`` None) pays +1 shared equally among its winners and
    -1 shared equally among the other acting seats (0 to every seat when all or none
    of them win). A game scored by change pays each seat its final score less its
    ``start``.
    """
    return tuple(float(paid) for paid in exact_returns(game, state))


def exact_returns(game: AnyGame, state: Any) -> tuple[Fraction, ...]:
    """``returns(game, state)`` as Fractions: what exact solvers add up. Equal outcomes
    give the same tuple, made once (a whole tree's walk asks at every end)."""
    rules = state.rules
    seats = game.seats(rules)
    if not game.is_terminal(state):
        return _changes((0,) * seats)
    if game.payoff is not None:
        start = game.payoff(rules).start
        return _changes(
            tuple(end - begin for end, begin in zip(game.scores(state), start, strict=True))
        )
    winners = frozenset(game.winners(state))
    return _shared(seats, winners, tuple(game.acting_seats(rules)))


@functools.lru_cache(maxsize=4096)
def _changes(changes: tuple[int, ...]) -> tuple[Fraction, ...]:
    return tuple(Fraction(change) for change in changes)


@functools.lru_cache(maxsize=4096)
def _shared(seats: int, winners: frozenset[int], acting: tuple[int, ...]) -> tuple[Fraction, ...]:
    """+1 shared among ``winners``, -1 among the other ``acting`` seats (0s if either
    is none)."""
    losers = [seat for seat in acting if seat not in winners]
    paid = [Fraction(0)] * seats
    if winners and losers:
        for seat in winners:
            paid[seat] = Fraction(1, len(winners))
        for seat in losers:
            paid[seat] = Fraction(-1, len(losers))
    return tuple(paid)


def view_text(view: Any, public: Any = None) -> str:
    """A view's fields as text (its rules left out: they are the game's); with the
    ``public`` view of the same state, only the fields that differ from it."""
    if attrs.has(type(view)):
        return " ".join(
            f"{field.name}={getattr(view, field.name)!r}"
            for field in attrs.fields(type(view))
            if field.name != "rules"
            and (public is None or getattr(view, field.name) != getattr(public, field.name))
        )
    return repr(view) if public is None or view != public else ""


def recall_text(who: str, texts: Sequence[str], own: Sequence[str | None]) -> str:
    """The adapters' own information state text: ``who``, then each view's text with
    the seat's own action taken there (if any) after ``->``, a line each."""
    lines = [who]
    for text, action in zip(texts, own, strict=True):
        lines.append(text if action is None else f"{text} -> {action}")
    return "\n".join(lines)


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (none for None): a helper for encodings."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def counts(size: int, faces: tuple[int, ...]) -> list[float]:
    """How many of ``faces`` show each face 1 to ``size``: a helper for encodings."""
    vector = [0.0] * size
    for face in faces:
        vector[face - 1] += 1.0
    return vector
