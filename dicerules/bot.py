"""The Bot protocol and the bot every game has: uniform random play."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import ClassVar, Protocol, TypeVar, cast

from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame, get_game

__all__ = [
    "Bot",
    "RandomBot",
    "SeededBot",
    "as_game",
    "bot_random",
    "check_view",
    "seat_of",
]

V_contra = TypeVar("V_contra", contravariant=True)
A = TypeVar("A")


class Bot(Protocol[V_contra, A]):
    """A player: given its seat's view and the legal actions, it picks one of them."""

    @property
    def name(self) -> str:
        """The bot's name in ``dicerules.bots.make``: ``"random"`` or ``"expert"``."""
        ...

    def choose(self, view: V_contra, legal_actions: tuple[A, ...]) -> A:
        """One of ``legal_actions``, chosen from ``view`` alone."""
        ...


def as_game(game: object) -> AnyGame:
    """``game`` itself, or the game registered under the name ``game``.

    UnknownGameError for a name not registered; TypeError for anything else.
    """
    if isinstance(game, str):
        return get_game(game)
    if not isinstance(getattr(game, "name", None), str) or not callable(
        getattr(game, "new_game", None)
    ):
        raise WrongTypeError(f"game must be a game or its name, not {type(game).__name__}")
    return cast(AnyGame, game)


def check_view(game_name: str, view: object, view_class: type) -> None:
    """TypeError unless ``view`` is a ``view_class``: an expert reads its own game's view."""
    if not isinstance(view, view_class):
        raise WrongTypeError(
            f"the {game_name} expert is handed a {game_name} View, not a {type(view).__name__}"
        )


def seat_of(
    game_name: str, view: object, view_class: type, legal_actions: Sequence[object], hidden: str
) -> int:
    """The seat an expert plays, from the ``view`` it is handed, checked.

    WrongTypeError unless ``view`` is a ``view_class`` (``check_view``);
    InvalidArgumentError when there is no legal action, or for a spectator's view,
    which holds no ``hidden`` (``"hand"``, say) to play from.
    """
    check_view(game_name, view, view_class)
    if not legal_actions:
        raise InvalidArgumentError("there is no legal action to choose from")
    seat: int | None = getattr(view, "player")  # noqa: B009 (any game's View)
    if seat is None:
        raise InvalidArgumentError(f"the expert plays a seat: a spectator's view has no {hidden}")
    return seat


def bot_random(seed: int) -> Random:
    """The random source of a bot seeded with ``seed`` (a SeededBot's ``random``).

    ``random.Random`` seeded with an int, drawn from only by ``randrange`` and
    ``random``, gives the same numbers on every platform and Python version.
    """
    return Random(seed)


class SeededBot:
    """A bot that draws from its own random source, seeded at its making.

    A subclass sets ``name`` and writes ``choose(view, legal_actions)``; an expert
    that randomises draws from ``self.random`` (its ``random.Random``, made by
    ``bot_random(seed)``) or calls ``self.pick(choices)``. Drawing only with
    ``randrange`` and ``random`` keeps its choices the same on every platform and
    Python, so a game it plays replays from its seed. The ``repr`` holds no seed.
    """

    name: ClassVar[str]

    random: Random
    """The bot's own random source, seeded at its making: the only one it draws from."""

    def __init__(self, seed: int) -> None:
        self.random = bot_random(seed)

    @property
    def _random(self) -> Random:
        """The former name of ``random`` (read and set)."""
        return self.random

    @_random.setter
    def _random(self, source: Random) -> None:
        self.random = source

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def pick(self, choices: Sequence[A]) -> A:
        """One of ``choices``, uniformly at random; ValueError if there is none."""
        if not choices:
            raise InvalidArgumentError("there is no legal action to choose from")
        return choices[self.random.randrange(len(choices))]

    _pick = pick
    """The former name of ``pick``."""


class RandomBot(SeededBot):
    """Uniform random play: every legal action equally likely."""

    name = "random"

    def choose(self, view: object, legal_actions: tuple[A, ...]) -> A:
        """One of ``legal_actions``, uniformly at random; the view is not looked at."""
        return self.pick(legal_actions)
