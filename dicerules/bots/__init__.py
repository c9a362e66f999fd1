"""Bots: players that choose an action from what their seat may see.

A bot is made for one game and one seed, ``make("random" | "expert", game, seed=0)``,
and answers ``choose(view, legal_actions)``. It is handed a view, never a state, so
it can know only what its seat knows; given the same seed and the same views, in
the same order, it makes the same choices. Every game has the ``random`` bot, which
picks uniformly among the legal actions, and ``uniform``, which does the same from a
SeededStream, so that ``dicerules.batch`` plays it too; a game that declares an
expert in its Game (``expert``) has the ``expert`` bot too, which plays well (every
built-in game has one).
A game may declare more named bots (its Game's ``bots``); ``names(game)`` lists them all.

Beyond the names, ``make`` takes three more forms of bot, as the command line's
``--bots`` does:

* ``module:attr``: a bot of your own, ``attr`` of the importable ``module``: a Bot
  class or a factory, called with the seed (``attr(seed)``) when it accepts an
  argument, else with none (``attr()``), to make the bot (``build``: the rule of
  every face, ``simulate``'s factories too).
* a name from the entry-point group ``dicerules.bots``, in which an installed
  package names bots for every game as games are named (``dicerules.games``)::

      [project.entry-points."dicerules.bots"]
      greedy = "my_package.bots:GreedyBot"

  The entry point's object is called with the seed, as above.
* ``policy=FILE``: a policy saved by ``dicerules solve --out FILE`` (or
  ``dicerules.solvers.Policy.saved``), played from the views it is handed
  (``dicerules.bots.policy``; a view of an information set the file does not hold is
  played uniformly).

``lineup(text, game, seats)`` reads the command line's ``--bots`` (one bot for every
seat, or a comma-separated bot per seat), the same for ``play`` and ``simulate``.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from importlib import metadata
from typing import Any, cast

from dicerules.bot import Bot, RandomBot, as_game, bot_random
from dicerules.bots.policy import is_policy, load, policy_bot
from dicerules.bots.uniform import UniformBot
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.game import AnyGame, get_game, suggestion
from dicerules.streams import check_seed

__all__ = [
    "BOT_NAMES",
    "ENTRY_POINT_GROUP",
    "Bot",
    "RandomBot",
    "UniformBot",
    "bot_random",
    "build",
    "check",
    "is_policy",
    "lineup",
    "make",
    "names",
    "suggestion",
    "takes_seed",
    "unknown_bot",
]

BOT_NAMES: tuple[str, ...] = ("random", "expert")
"""The bots every built-in game has, beside ``uniform`` (every game has it)."""

ENTRY_POINT_GROUP = "dicerules.bots"
"""The entry-point group in which an installed package names bots (for every game)."""


def _entry_points() -> dict[str, metadata.EntryPoint]:
    try:
        found = metadata.entry_points(group=ENTRY_POINT_GROUP)
    except Exception:
        return {}
    return {entry.name: entry for entry in sorted(found, key=lambda e: e.name)}


def _factory(form: str) -> Callable[[int], Bot[Any, Any]]:
    """The bot factory a ``module:attr`` form or an entry point's name stands for."""
    if ":" in form:
        module, _, attr = (part.strip() for part in form.partition(":"))
        where = f"{form!r}"
        if not module or not attr or module.startswith(".") or "/" in module or "\\" in module:
            raise InvalidArgumentError(
                f"bot {where}: write module:attr, the name of an importable module (a file"
                " mybot.py in the current folder is the module mybot) and of a bot class or"
                " factory in it"
            )
        try:
            found: Any = importlib.import_module(module)
            for part in attr.split("."):
                found = getattr(found, part)
        except ImportError as error:
            raise InvalidArgumentError(f"bot {where}: cannot import {module}: {error}") from None
        except AttributeError:
            raise InvalidArgumentError(f"bot {where}: {module} has no {attr}") from None
        except Exception as error:  # the module raised while it was imported
            raise InvalidArgumentError(
                f"bot {where}: importing {module} failed: {type(error).__name__}: {error}"
            ) from None
    else:
        entry = _entry_points()[form]
        where = f"{form!r} (entry point {entry.value})"
        try:
            found = entry.load()
        except Exception as error:
            raise InvalidArgumentError(
                f"bot {where} cannot be loaded: {type(error).__name__}: {error}"
            ) from None
    if not callable(found):
        raise InvalidArgumentError(f"bot {where} is not a Bot class or factory")
    return cast(Callable[[int], Bot[Any, Any]], found)


def takes_seed(factory: Callable[..., object]) -> bool:
    """Whether ``factory`` is called with the seed: when it accepts one argument."""
    try:
        inspect.signature(factory).bind(0)
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins): try the seed
        return True
    return True


def build(factory: Callable[..., object], seed: int, named: str | None = None) -> Bot[Any, Any]:
    """A bot made by ``factory`` (a Bot class or a function): ``factory(seed)`` when it
    accepts an argument, else ``factory()``; the rule of every face.

    InvalidArgumentError naming it (``named``, else ``bot`` and its repr) for a
    factory that raises or that makes no bot (without ``choose``)."""
    where = f"bot {factory!r}" if named is None else named
    try:
        bot: Any = factory(seed) if takes_seed(factory) else factory()
    except Exception as error:
        raise InvalidArgumentError(
            f"{where} cannot be made: {type(error).__name__}: {error}"
        ) from None
    if not callable(getattr(bot, "choose", None)):
        raise InvalidArgumentError(
            f"{where} made {type(bot).__name__}, not a bot: it has no choose(view, legal_actions)"
        )
    return cast(Bot[Any, Any], bot)


def _built(form: str, factory: Callable[[int], Bot[Any, Any]], seed: int) -> Bot[Any, Any]:
    return build(factory, seed, f"bot {form!r}")


def names(game: AnyGame | str) -> tuple[str, ...]:
    """The names of the bots of ``game``: ``random``, ``uniform``, ``expert`` if it has
    one, the bots its Game declares in ``bots``, then those of the entry-point group
    ``dicerules.bots``."""
    found = get_game(as_game(game).name)
    own = ("random", "uniform", "expert") if found.expert is not None else ("random", "uniform")
    named = (*own, *(name for name in found.bots if name not in own))
    return (*named, *(name for name in _entry_points() if name not in named))


def make(name: str, game: AnyGame | str, seed: int = 0) -> Bot[Any, Any]:
    """A new bot ``name`` for ``game`` (a Game or its registry name), seeded by ``seed``.

    ValueError for a name that is not one of ``names(game)`` (BOT_NAMES and the
    game's own bots) nor a form of the module docstring, or ``expert`` for a game with
    none; RecordError for a ``policy=FILE`` that is not a saved policy;
    UnknownGameError for a game that is not registered; ``seed`` is an int with 0 <=
    seed < 2**64.
    TypeError for a name or game of another type.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"a bot's name is a str, not {type(name).__name__}")
    found = get_game(as_game(game).name)
    seed = check_seed(seed)
    if name == "random":
        return RandomBot(seed)
    if name == "uniform":
        return UniformBot(seed)
    if name == "expert":
        if found.expert is None:
            raise InvalidArgumentError(f"there is no expert bot for {found.name!r}")
        return found.expert(seed)
    extra = found.bots.get(name)
    if extra is not None:
        return extra(seed)
    if is_policy(name):
        return policy_bot(name, found, seed)
    if ":" in name or name in _entry_points():
        return _built(name, _factory(name), seed)
    raise InvalidArgumentError(unknown_bot(name, found))


def check(form: str, game: AnyGame | str) -> str:
    """``form``, if ``make`` can make it for ``game``: a bot's name, a ``module:attr``
    that imports to a callable, or a ``policy=FILE`` of a saved policy of ``game``;
    InvalidArgumentError (RecordError for a file that is no saved policy) saying why not."""
    found = get_game(as_game(game).name)
    if is_policy(form):
        load(form, found)
    elif ":" in form:
        build(
            _factory(form), 0, f"bot {form!r}"
        )  # one is made, so that a bot that cannot be is told now
    elif form not in names(found):
        raise InvalidArgumentError(unknown_bot(form, found))
    return form


def unknown_bot(name: str, game: AnyGame) -> str:
    """The message for a bot ``name`` that ``game`` does not have."""
    known = names(game)
    return (
        f"no bot named {name!r}{suggestion(name, known)}; the bots are: {', '.join(known)}"
        " (or module:attr, a bot class of your own, or policy=FILE, a saved policy)"
    )


def lineup(text: str, game: AnyGame | str, seats: int, *, house: bool = False) -> tuple[str, ...]:
    """The bots ``text`` names for ``seats`` seats, one a seat in seat order.

    ``text`` is one bot, for every seat, or one per seat separated by commas
    (``expert,random,my_bots:Cautious``), each a form ``make`` takes.
    InvalidArgumentError, saying what to write, for a bot ``game`` does not have or
    a list of the wrong length (``house``: the message says that a house seat, which
    no bot plays, is not counted).
    """
    found = get_game(as_game(game).name)
    given = tuple(name.strip() for name in text.split(","))
    for name in given:
        check(name, found)
    if len(given) == 1:
        return given * seats
    if len(given) != seats:
        many = "one seat is" if seats == 1 else f"{seats} seats are"
        itself = " (the house plays itself)" if house else ""
        raise InvalidArgumentError(
            f"{len(given)} bots are named but {many} played by bots{itself}: name one bot"
            f" for {'it' if seats == 1 else 'them all'}"
            + ("" if seats == 1 else f", or {seats} bots, one a seat in seat order")
        )
    return given
