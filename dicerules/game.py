"""The Game protocol every engine implements, and the registry of games.

A game is a frozen state plus pure functions. Nothing is mutated: every call
returns new objects and leaves its arguments equal to what they were.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

from dicerules.errors import InvalidRulesError, UnknownGameError
from dicerules.streams import (
    SEED_LIMIT,
    DiceStream,
    ScriptedStream,
    check_seed,
    seeded_stream,
)
from dicerules.tape import Tape

if TYPE_CHECKING:
    from dicerules.bot import Bot
    from dicerules.facts import Encoding, ScoreChange
    from dicerules.narration import Narrator

__all__ = [
    "GAMES",
    "AnyGame",
    "Engine",
    "Game",
    "GameState",
    "check_seat",
    "find_preset",
    "game_of",
    "get_game",
    "register",
    "rules_or_default",
    "start_stream",
]

S = TypeVar("S", bound="GameState")
A = TypeVar("A", bound=Hashable)
R = TypeVar("R")
V = TypeVar("V", covariant=True)


class GameState(Protocol):
    """What every state holds, whatever the game: its rules and its tape."""

    @property
    def rules(self) -> Any: ...

    @property
    def tape(self) -> Tape[Any]: ...


def _first_preset(game: Game[Any, Any, Any, Any]) -> Any:
    return next(iter(game.presets.values()))


def _every_seat(game: Game[Any, Any, Any, Any]) -> Callable[[Any], tuple[int, ...]]:
    seats = game.seats
    return lambda rules: tuple(range(seats(rules)))


def _players(rules: Any) -> int:
    return int(rules.players)


def _six_sides(rules: Any) -> int:
    return 6


def _no_bound(rules: Any) -> int | None:
    return None


@attrs.frozen(repr=False)
class Game(Generic[S, A, R, V]):
    """One game's rules engine: the one contract every game, built-in or plugin, meets.

    A game is its Rules class and pure functions on frozen states; nothing is ever
    mutated. ``get_game("liars-dice").apply`` is ``dicerules.games.liars_dice.apply``.
    The first sixteen parts are required; the rest have defaults, so that a minimal
    game is short. Faces (bots, the command line, testing, bench, adapters) learn
    what they need of a game from these parts alone, never from its name.
    """

    name: str
    """The registry name, such as ``"liars-dice"``."""
    Rules: type[R]
    """The frozen attrs class of every rule option, validated (InvalidRulesError)."""
    State: type[S]
    """The frozen attrs class of the game's states; each holds ``rules`` and ``tape``."""
    presets: Mapping[str, R]
    """Named rule sets, at least one."""
    new_game: Callable[..., S]
    """``new_game(rules=None, *, seed=None, stream=None)``: the state before the first action."""
    legal_actions: Callable[[S], tuple[A, ...]]
    """Every legal action, in a fixed order; () exactly when the game is over."""
    apply: Callable[[S, A], S]
    """The state after ``action``; IllegalActionError if it is not legal."""
    current_player: Callable[[S], int | None]
    """The seat to act; None exactly when the game is over."""
    is_terminal: Callable[[S], bool]
    """Whether the game is over."""
    winners: Callable[[S], tuple[int, ...]]
    """The winning seats, sorted; () while the game is not over."""
    scores: Callable[[S], tuple[int, ...]]
    """Each seat's standing in the game's own terms."""
    history: Callable[[S], tuple[A, ...]]
    """Every action applied since new_game, in order."""
    view: Callable[[S, int | None], V]
    """What a seat may know (None: a spectator); never the stream."""
    format_action: Callable[[A], str]
    """The action in the game's notation."""
    parse_action: Callable[[S, str], A]
    """The action a text names; InvalidActionError or IllegalActionError."""
    default_rules: R = attrs.field(
        default=attrs.Factory(_first_preset, takes_self=True), kw_only=True
    )
    """The rules ``new_game`` uses when given none; by default the first preset."""
    describe: Callable[[S], str] | None = attrs.field(default=None, kw_only=True)
    """The whole state as text, hidden dice included, for logs and golden files; None: none."""
    seats: Callable[[R], int] = attrs.field(default=_players, kw_only=True)
    """The number of seats under given rules; by default ``rules.players``."""
    acting_seats: Callable[[R], tuple[int, ...]] = attrs.field(
        default=attrs.Factory(_every_seat, takes_self=True), kw_only=True
    )
    """The seats that ever choose an action (a permanent house may not); by default all."""
    resample_hidden: Callable[[S, int | None, DiceStream], S] | None = attrs.field(
        default=None, kw_only=True
    )
    """``state`` with all a seat may not know drawn afresh from a stream; None: hides nothing.

    Nothing else changes, so ``view(result, seat) == view(state, seat)`` is a promise
    tests check. The result's tape starts from the new stream: it is for such tests,
    not for replay.
    """
    outside_scores: Callable[[S], int] | None = attrs.field(default=None, kw_only=True)
    """What the conservation law counts beyond the scores; None: the game has no such law.

    Where it is given, ``sum(scores(state)) + outside_scores(state)`` (``conserved``)
    is the same in every state of a game.
    """
    expert: Callable[[int], Bot[Any, Any]] | None = attrs.field(default=None, kw_only=True)
    """The expert bot: called with a seed, returns a Bot; None: the game has none."""
    narrator: type[Narrator[Any]] | None = attrs.field(default=None, kw_only=True)
    """The Narrator class that tells the game in words (play, replay); None: the generic one."""

    # What solvers and learners need (dicerules.openspiel, dicerules.pettingzoo), as
    # OpenSpiel's GameInfo states it; dicerules.facts holds the types.
    distinct_actions: Callable[[R], tuple[A, ...]] | None = attrs.field(default=None, kw_only=True)
    """Every action a game under given rules can ever take, each once, in a fixed order:
    an action's id is its index. None: the game has no action ids, and the adapters
    refuse it (ValueError naming this field)."""
    observation: Encoding[R, Any] | None = attrs.field(default=None, kw_only=True)
    """The fixed-length numeric encoding of a view (a ``dicerules.facts.Encoding``);
    None: views have no numbers, and the adapters observe them as text only."""
    max_sides: Callable[[R], int] = attrs.field(default=_six_sides, kw_only=True)
    """The most faces of any die the game rolls under given rules; by default 6."""
    max_length: Callable[[R], int | None] = attrs.field(default=_no_bound, kw_only=True)
    """The most actions a game under given rules can take; None (the default): no bound
    is known, so OpenSpiel gets no fixed-size information state tensor."""
    payoff: Callable[[R], ScoreChange] | None = attrs.field(default=None, kw_only=True)
    """How a game's result is paid: None (the default), it is won and lost (the adapters
    share +1 among the winners and -1 among the other acting seats); a
    ``dicerules.facts.ScoreChange``, each seat is paid its change of score."""

    @property
    def hides_information(self) -> bool:
        """Whether some seat may not know all of a state (the game has ``resample_hidden``)."""
        return self.resample_hidden is not None

    def conserved(self, state: S) -> int:
        """The number the game's conservation law keeps; ValueError if it has none."""
        outside = self.outside_scores
        if outside is None:
            raise ValueError(f"{self.name} has no conservation law")
        return sum(self.scores(state)) + outside(state)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"


Engine = Game
"""The former name of ``Game``."""


AnyGame = Game[Any, Any, Any, Any]
"""A game of any kind, as the registry holds them."""

_REGISTRY: dict[str, AnyGame] = {}

GAMES: Mapping[str, AnyGame] = MappingProxyType(_REGISTRY)
"""Every registered game by name, read-only, in registration order."""


def register(game: AnyGame) -> AnyGame:
    """Add ``game`` to GAMES under ``game.name`` (each built-in engine registers itself)."""
    if game.name in _REGISTRY and _REGISTRY[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    _REGISTRY[game.name] = game
    return game


def get_game(name: str) -> AnyGame:
    """The game registered as ``name``; UnknownGameError names the known ones."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(_REGISTRY)
        raise UnknownGameError(f"no game named {name!r}; the games are: {known}") from None


def find_preset(game: str, presets: Mapping[str, R], name: str) -> R:
    """The preset ``name`` of ``presets``; InvalidRulesError names ``game`` and its presets.

    Each engine's ``Rules.preset`` is this, given the engine's name and presets.
    """
    try:
        return presets[name]
    except (KeyError, TypeError):
        known = ", ".join(presets)
        raise InvalidRulesError(f"no {game} preset {name!r}; the presets are: {known}") from None


def check_seat(player: object, players: int) -> None:
    """Check that ``player`` is None or a seat of a game of ``players`` seats.

    TypeError for anything but an int (a bool included) or None; ValueError for an
    int that is not from 0 to ``players - 1``.
    """
    if player is None:
        return
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(f"a seat must be an int or None, not {type(player).__name__}")
    if not 0 <= player < players:
        raise ValueError(f"there is no seat {player}: the seats are 0 to {players - 1}")


def game_of(state: object) -> AnyGame:
    """The registered game whose states are of ``state``'s type."""
    for game in _REGISTRY.values():
        if type(state) is game.State:
            return game
    raise TypeError(f"{type(state).__name__} is not the state of a registered game")


def rules_or_default(rules: object, cls: type[R], default: R) -> R:
    """new_game's ``rules``: ``default`` for None; TypeError for anything but a ``cls``.

    The message names the class by its engine's module, as ``liars_dice.Rules``.
    """
    if rules is None:
        return default
    if not isinstance(rules, cls):
        module = cls.__module__.rpartition(".")[2]
        raise TypeError(f"rules must be {module}.{cls.__qualname__}, not {type(rules).__name__}")
    return rules


def start_stream(seed: int | None, stream: DiceStream | None) -> DiceStream:
    """The stream a new game begins with, from new_game's ``seed`` and ``stream``.

    Give one or neither: with neither, a seed is drawn from the OS's entropy and kept
    in the stream, so the game can still be recorded and replayed.
    """
    if seed is not None and stream is not None:
        raise ValueError("give a seed or a stream, not both")
    if stream is not None:
        if not isinstance(stream, DiceStream):
            raise TypeError(f"stream must be a DiceStream, not {type(stream).__name__}")
        if type(stream) is ScriptedStream and stream.position:
            # A script already partly drawn plays as a new script of what is left,
            # so the game's record and replay hold only the values it can use.
            return ScriptedStream(stream.remaining)
        return stream
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    # seeded_stream: SeededStream(seed) for the checked seed, ready to keep the
    # faces of its next draws from the first roll on (a game rolls it many times).
    return seeded_stream(check_seed(seed))
