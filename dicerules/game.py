"""The Game protocol every engine implements, and the registry of games.

A game is a frozen state plus pure functions. Nothing is mutated: every call
returns new objects and leaves its arguments equal to what they were.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable, Mapping
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from dicerules.errors import (
    InvalidArgumentError,
    InvalidRulesError,
    InvalidSeatError,
    UnknownGameError,
    WrongTypeError,
    shown,
)
from dicerules.streams import (
    SEED_LIMIT,
    DiceStream,
    ScriptedStream,
    check_seed,
    seeded_stream,
)
from dicerules.tape import Tape

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


class Game(Protocol[S, A, R, V]):
    """One game's rules engine: its Rules class, presets, and pure functions on states."""

    @property
    def name(self) -> str:
        """The registry name, such as ``"liars-dice"``."""
        ...

    @property
    def Rules(self) -> type[R]:
        """The frozen attrs class of every rule option, validated."""
        ...

    @property
    def State(self) -> type[S]:
        """The frozen attrs class of the game's states."""
        ...

    @property
    def presets(self) -> Mapping[str, R]:
        """Named rule sets; ``default_rules`` is one of them."""
        ...

    @property
    def default_rules(self) -> R:
        """The rules ``new_game`` uses when given none."""
        ...

    def new_game(
        self, rules: R | None = None, *, seed: int | None = None, stream: DiceStream | None = None
    ) -> S:
        """The state before the first action (any set-up dice already drawn)."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action, in a fixed order; () exactly when the game is over."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; IllegalActionError if it is not legal."""
        ...

    def current_player(self, state: S) -> int | None:
        """The seat to act; None exactly when the game is over."""
        ...

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over."""
        ...

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning seats, sorted; () while the game is not over."""
        ...

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's standing in the game's own terms."""
        ...

    def history(self, state: S) -> tuple[A, ...]:
        """Every action applied since new_game, in order."""
        ...

    def view(self, state: S, player: int | None) -> V:
        """What ``player`` may know (None: a spectator); never the stream."""
        ...

    def format_action(self, action: A) -> str:
        """The action in the game's notation."""
        ...

    def parse_action(self, state: S, text: str) -> A:
        """The action ``text`` names; InvalidActionError or IllegalActionError."""
        ...

    def describe(self, state: S) -> str:
        """The whole state as text, hidden dice included (for logs and playthroughs)."""
        ...


@attrs.frozen(repr=False)
class Engine(Generic[S, A, R, V]):
    """The Game object of a built-in engine: its module's functions, gathered.

    ``get_game("liars-dice").apply`` is ``dicerules.games.liars_dice.apply``.

    Beyond the Game protocol, an engine names its hidden information:
    ``resample_hidden(state, player, stream)`` is ``state`` with everything ``player``
    may not know (None: a spectator) drawn afresh from ``stream``, and nothing else
    changed, so ``view(result, player) == view(state, player)`` is a promise that can
    be tested. The result is for such tests: its tape starts from the new stream, so
    it does not replay from the old state's record. ``conserved(state)``, where a
    game has one, is its conservation law: a number no action changes.
    """

    name: str
    Rules: type[R]
    State: type[S]
    presets: Mapping[str, R]
    default_rules: R
    new_game: Callable[..., S]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, A], S]
    current_player: Callable[[S], int | None]
    is_terminal: Callable[[S], bool]
    winners: Callable[[S], tuple[int, ...]]
    scores: Callable[[S], tuple[int, ...]]
    history: Callable[[S], tuple[A, ...]]
    view: Callable[[S, int | None], V]
    format_action: Callable[[A], str]
    parse_action: Callable[[S, str], A]
    describe: Callable[[S], str]
    resample_hidden: Callable[[S, int | None, DiceStream], S]
    conserved: Callable[[S], int] | None = None

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"


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
        raise UnknownGameError(f"no game named {shown(name)}; the games are: {known}") from None


def find_preset(game: str, presets: Mapping[str, R], name: str) -> R:
    """The preset ``name`` of ``presets``; InvalidRulesError names ``game`` and its presets.

    Each engine's ``Rules.preset`` is this, given the engine's name and presets.
    """
    try:
        return presets[name]
    except (KeyError, TypeError):
        known = ", ".join(presets)
        raise InvalidRulesError(
            f"no {game} preset {shown(name)}; the presets are: {known}"
        ) from None


def check_seat(player: object, players: int) -> None:
    """Check that ``player`` is None or a seat of a game of ``players`` seats.

    WrongTypeError (a TypeError) for anything but an int (a bool included) or None;
    InvalidSeatError (a ValueError) for an int that is not from 0 to ``players - 1``.
    """
    if player is None:
        return
    if not isinstance(player, int) or isinstance(player, bool):
        raise WrongTypeError(f"a seat must be an int or None, not {type(player).__name__}")
    if not 0 <= player < players:
        raise InvalidSeatError(
            f"there is no seat {shown(player)}: the seats are 0 to {players - 1}"
        )


def game_of(state: object) -> AnyGame:
    """The registered game whose states are of ``state``'s type."""
    for game in _REGISTRY.values():
        if type(state) is game.State:
            return game
    raise WrongTypeError(f"{type(state).__name__} is not the state of a registered game")


def rules_or_default(rules: object, cls: type[R], default: R) -> R:
    """new_game's ``rules``: ``default`` for None; WrongTypeError for anything but a ``cls``.

    The message names the class by its engine's module, as ``liars_dice.Rules``.
    """
    if rules is None:
        return default
    if not isinstance(rules, cls):
        module = cls.__module__.rpartition(".")[2]
        raise WrongTypeError(
            f"rules must be {module}.{cls.__qualname__}, not {type(rules).__name__}"
        )
    return rules


def start_stream(seed: int | None, stream: DiceStream | None) -> DiceStream:
    """The stream a new game begins with, from new_game's ``seed`` and ``stream``.

    Give one or neither: with neither, a seed is drawn from the OS's entropy and kept
    in the stream, so the game can still be recorded and replayed.
    """
    if seed is not None and stream is not None:
        raise InvalidArgumentError("give a seed or a stream, not both")
    if stream is not None:
        if not isinstance(stream, DiceStream):
            raise WrongTypeError(f"stream must be a DiceStream, not {type(stream).__name__}")
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
