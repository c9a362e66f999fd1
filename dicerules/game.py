"""The Game protocol every engine implements, and the registry of games.

A game is a frozen state plus pure functions. Nothing is mutated: every call
returns new objects and leaves its arguments equal to what they were.

The registry, GAMES, holds the built-in games (each registers itself as it is
imported), the games given to ``register``, and the plugins: games that installed
packages name in the entry-point group ``dicerules.games``, loaded on the first use
of the registry. A broken plugin is skipped with a PluginWarning, never an error.
"""

from __future__ import annotations

import difflib
import functools
import re
import secrets
import sys
import threading
import warnings
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from importlib import metadata
from types import FrameType, MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

import attrs

from dicerules.errors import (
    DuplicateGameError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidRulesError,
    InvalidSeatError,
    UnknownGameError,
    WrongTypeError,
    shown,
)
from dicerules.notation import illegal
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
    from dicerules.chance import RollOff
    from dicerules.facts import Encoding, InformationState, Rounds, ScoreChange
    from dicerules.narration import Narrator

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAMES",
    "AnyGame",
    "Benchmarks",
    "Counterpart",
    "Engine",
    "Game",
    "GameState",
    "LongGame",
    "PluginWarning",
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


@attrs.frozen
class Counterpart(Generic[S, R]):
    """A game of OpenSpiel's own that plays what a game plays under ``rules``.

    ``dicerules bench`` times the two side by side, the same way.
    """

    label: str
    """Bench's name for the game under ``rules``: the game's name and the size, say."""
    rules: R
    spiel: str
    """The OpenSpiel game as ``pyspiel.load_game`` takes it, such as ``"liars_dice(numdice=5)"``."""
    rounds: Callable[[S], int]
    """How many of the counterpart's games a finished game of ours has played."""


@attrs.frozen
class LongGame(Generic[R]):
    """A long game for bench: from ``new_game(rules, seed=0)``, always the first legal action.

    Bench times ``apply`` at step 10 and at step 10,000 and replays of 1,000 and
    10,000 actions, so the game must last past 10,000 actions, and steps 10 and
    10,000 should be the same kind of action.
    """

    rules: R
    text: str
    """What the game is, in a line: ``"10 seats x 10 dice of 20 sides, ..."``."""


@attrs.frozen
class Benchmarks(Generic[S, R]):
    """What ``dicerules bench`` times of a game beyond random play with its default rules."""

    rounds: Callable[[S], int] | None = None
    """The rounds a finished game has played, for a rate of rounds; None: no rounds."""
    counterparts: tuple[Counterpart[S, R], ...] = ()
    """OpenSpiel's own versions of the game, timed beside it when pyspiel is there."""
    long_game: LongGame[R] | None = None
    """A game long enough to show that a step costs the same late as early; None: none."""
    solver: Counterpart[S, R] | None = None
    """Rules small enough for tabular solvers, beside OpenSpiel's own game of them:
    ``bench --cfr`` times building OpenSpiel's TabularPolicy and CFRSolver on both
    (``rounds`` is not used); None: the game is not timed so."""
    simulate: bool = False
    """Whether ``bench --simulate`` times this game (its default rules, random bots) when
    no game is named; by default not."""
    messages: R | None = None
    """Rules under which bench times ``dicerules.wire``'s view message (and ``wire.dumps``
    of it) for the seat to act, beside ``view`` itself; None: not timed."""


@attrs.frozen(repr=False)
class Game(Generic[S, A, R, V]):
    """One game's rules engine: the one contract every game, built-in or plugin, meets.

    A game is its Rules class and pure functions on frozen states; nothing is ever
    mutated. ``get_game("liars-dice").apply`` is ``dicerules.games.liars_dice.apply``.
    The first fifteen parts are required; the rest have defaults, so that a minimal
    game is short. Faces (bots, the command line, testing, bench, adapters) learn
    what they need of a game from these parts alone, never from its name.
    ``Game.from_module(engine)`` builds a Game from the names a module defines.

    The required parts, in this order (each may be given by keyword):

    name
        A str: the registry name, one word, such as ``"liars-dice"``.
    Rules
        The frozen attrs class of every rule option; ``Rules(...)`` validates its
        fields (InvalidRulesError naming the field).
    State
        The frozen attrs class of the game's states; each holds ``rules`` and
        ``tape`` (the stream and every action and roll so far).
    presets
        A Mapping of names to Rules: the named rule sets, at least one.
    new_game(rules=None, *, seed=None, stream=None) -> State
        The state before the first action; rules None: ``default_rules``. Give a
        seed or a stream, or neither (a seed is drawn and kept for replay).
    legal_actions(state) -> tuple of actions
        Every legal action, in a fixed order; () exactly when the game is over.
    apply(state, action) -> State
        The state after ``action``; IllegalActionError if it is not legal, and
        ``state`` unchanged.
    current_player(state) -> int | None
        The seat to act; None exactly when the game is over.
    is_terminal(state) -> bool
        Whether the game is over (``from_module``'s default: no seat to act).
    winners(state) -> tuple[int, ...]
        The winning seats, sorted; () while the game is not over.
    scores(state) -> tuple[int, ...]
        Each seat's standing in the game's own terms, one int a seat.
    history(state) -> tuple of actions
        Every action applied since new_game, in order (``from_module``'s
        default: the actions on the state's tape).
    view(state, seat) -> View
        What ``seat`` may know (None: a spectator); never the stream or its seed.
        InvalidSeatError for a seat that does not exist.
    format_action(action) -> str
        The action in the game's notation.
    parse_action(state, text) -> action
        The action ``text`` names: InvalidActionError for text that is not
        notation, IllegalActionError for an action not legal in ``state``
        (``from_module``'s default: the module's ``parse`` then that check).

    The optional parts, by keyword only, with their defaults:

    default_rules
        The Rules ``new_game`` uses when given none; by default the first preset.
    describe(state) -> str, or None
        The whole state as text, hidden dice included, for logs and golden files;
        None (the default): the game has none.
    seats(rules) -> int
        The number of seats under ``rules``; by default ``rules.players``.
    acting_seats(rules) -> tuple[int, ...]
        The seats that ever choose an action (a permanent house may not); by
        default every seat.
    resample_hidden(state, seat, stream) -> State, or None
        ``state`` with everything ``seat`` (None: a spectator) may not know drawn
        afresh from ``stream``; nothing else changes, so the seat's view is the
        same. The result's tape starts from the new stream: it is for tests, not
        for replay. None (the default): the game hides nothing from any seat.
    outside_scores(state) -> int, or None
        What the conservation law counts beyond the scores: ``sum(scores(state)) +
        outside_scores(state)`` (``conserved``) is the same in every state of a
        game. None (the default): the game keeps no such law.
    benchmarks
        A ``Benchmarks``: what ``dicerules bench`` times beyond random play with
        the default rules; by default that alone.
    expert(seed) -> Bot, or None
        The expert bot (usually its class), made with an int seed; None (the
        default): the game has none.
    narrator
        The ``dicerules.narration.Narrator`` subclass that tells the game in words
        (``play``, ``replay``), made as ``narrator(game, seat)``; None (the
        default): the generic Narrator.
    bots
        A Mapping of more bot names to ``bot(seed) -> Bot``, beyond ``random``
        and ``expert`` (``dicerules.bots.make`` finds them); by default none.
    rules_text
        The rules as ``dicerules rules`` prints them: the rules for players, then
        the notes after a paragraph ``Implementation notes``; None (the default):
        the docstring of the package that holds the game's State.
    play_rules
        The rules ``dicerules play`` deals a person who names no preset (a longer
        game than the default rules, say); None (the default): the default rules.
    distinct_actions(rules) -> tuple of actions, or None
        Every action a game under ``rules`` can ever take, each once, in a fixed
        order: an action's id is its index. None (the default): no action ids,
        and the adapters refuse the game.
    observation
        A ``dicerules.facts.Encoding``: every view as a fixed-length tuple of
        floats, for learners; None (the default): views are observed as text.
    information_state
        A ``dicerules.facts.InformationState``: what a seat has seen so far (its
        views of every state, oldest first) as a fixed-length vector and as text,
        for solvers and learners, in place of the adapters' default of one frame
        of the observation per action (which needs ``max_length``); None (the
        default): that default.
    max_sides(rules) -> int
        The most faces of any die the game rolls under ``rules``; by default 6.
    max_length(rules) -> int | None
        The most actions a game under ``rules`` can take; by default None: no
        bound is known.
    payoff(rules) -> ScoreChange, or None
        How a result is paid: None (the default), won and lost (+1 shared among
        the winners, -1 among the other acting seats); a
        ``dicerules.facts.ScoreChange``, each seat is paid its change of score.
    batch
        Where the game's NumPy batch kernel is, as ``"package.module:Name"``,
        imported by ``dicerules.batch`` only; None (the default): ``dicerules.batch``
        steps the game through its scalar functions.
    roll_off(rules, state, action, faces) -> RollOff, or None
        The roll-off (dice that pick a seat, ties rolled again) that the next die
        of a step begins, as a ``dicerules.chance.RollOff``: each contender's exact
        chance and the dice by which it wins at once. The step is ``new_game(rules)``
        (``state`` and ``action`` None) or ``apply(state, action)``, its dice so far
        ``faces``; None where no roll-off begins. OpenSpiel then sees one chance node
        over the contenders, so its game tree is finite. None (the default): the
        game declares no roll-offs, and every die is a chance node of its own.
    round_of(view) -> int, or None
        The round (hand, turn: what the game counts its play in) that a view shows
        the game in; ``dicerules.wire``'s events tell each new one. None (the
        default): the game counts no rounds.
    rounds
        Where the game starts afresh, as a ``dicerules.facts.Rounds``: ``key(state)``,
        at a round's first state, what the rest of the game depends on alone, and
        ``start(rules, key, stream)``, such a state; exact solvers
        (``dicerules.tree.solve``) then solve a round at a time. None (the default):
        the game is solved whole.
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
    benchmarks: Benchmarks[S, R] = attrs.field(factory=Benchmarks, kw_only=True)
    """What ``dicerules bench`` times beyond random play; by default that alone."""
    expert: Callable[[int], Bot[Any, Any]] | None = attrs.field(default=None, kw_only=True)
    """The expert bot: called with a seed, returns a Bot; None: the game has none."""
    narrator: type[Narrator[Any]] | None = attrs.field(default=None, kw_only=True)
    """The Narrator class that tells the game in words (play, replay); None: the generic one."""
    bots: Mapping[str, Callable[[int], Bot[Any, Any]]] = attrs.field(
        factory=lambda: MappingProxyType({}), kw_only=True
    )
    """More named bots of this game beyond ``random`` and ``expert``: each called with a
    seed, returns a Bot (``dicerules.bots.make`` finds them by name); by default none."""
    rules_text: str | None = attrs.field(default=None, kw_only=True)
    """The rules for players, as ``dicerules rules`` prints them (paragraphs, ``* ``
    bullets, ````code````; the notes after a paragraph ``Implementation notes`` come
    second); None: the docstring of the package that holds the game's State."""
    play_rules: R | None = attrs.field(default=None, kw_only=True)
    """The rules ``dicerules play`` deals a person who names no preset, ``--rule``
    settings applying to them; None: the default rules. Nothing else uses them."""

    # What solvers and learners need (dicerules.openspiel, dicerules.pettingzoo), as
    # OpenSpiel's GameInfo states it; dicerules.facts holds the types.
    distinct_actions: Callable[[R], tuple[A, ...]] | None = attrs.field(default=None, kw_only=True)
    """Every action a game under given rules can ever take, each once, in a fixed order:
    an action's id is its index. None: the game has no action ids, and the adapters
    refuse it (ValueError naming this field)."""
    observation: Encoding[R, Any] | None = attrs.field(default=None, kw_only=True)
    """The fixed-length numeric encoding of a view (a ``dicerules.facts.Encoding``);
    None: views have no numbers, and the adapters observe them as text only."""
    information_state: InformationState[R, Any] | None = attrs.field(default=None, kw_only=True)
    """The game's own encoding of a seat's information state (a
    ``dicerules.facts.InformationState``: from the seat's views of every state so far,
    a fixed-length vector and a perfect-recall text); None: the adapters' default, one
    frame of the observation per action up to ``max_length``."""
    max_sides: Callable[[R], int] = attrs.field(default=_six_sides, kw_only=True)
    """The most faces of any die the game rolls under given rules; by default 6."""
    max_length: Callable[[R], int | None] = attrs.field(default=_no_bound, kw_only=True)
    """The most actions a game under given rules can take; None (the default): no bound
    is known, so OpenSpiel gets no fixed-size information state tensor."""
    payoff: Callable[[R], ScoreChange] | None = attrs.field(default=None, kw_only=True)
    """How a game's result is paid: None (the default), it is won and lost (the adapters
    share +1 among the winners and -1 among the other acting seats); a
    ``dicerules.facts.ScoreChange``, each seat is paid its change of score."""
    batch: str | None = attrs.field(default=None, kw_only=True)
    """Where the game's NumPy batch kernel is, as ``"package.module:Name"``, imported by
    ``dicerules.batch`` only (so the game imports without NumPy); ``Name(rules)`` is
    the kernel. None (the default): ``dicerules.batch`` steps the game through its
    scalar functions, behind the same API."""
    roll_off: Callable[[R, S | None, A | None, tuple[int, ...]], RollOff | None] | None = (
        attrs.field(default=None, kw_only=True)
    )
    """The roll-off that the next die of a step begins (``new_game`` when ``state`` is
    None, else ``apply(state, action)``; its dice so far ``faces``), or None; None (the
    default): no roll-offs are declared, and OpenSpiel sees every die of one."""
    round_of: Callable[[V], int] | None = attrs.field(default=None, kw_only=True)
    """The round (hand, turn) a view shows the game in, for the events apps are sent
    (``dicerules.wire``); None (the default): the game counts no rounds."""
    rounds: Rounds[R, S] | None = attrs.field(default=None, kw_only=True)
    """Where the game starts afresh (a ``dicerules.facts.Rounds``), for exact solvers
    that solve a round at a time (``dicerules.tree.solve``); None (the default): the
    game is solved whole."""

    @classmethod
    def from_module(cls, *modules: object, **overrides: Any) -> Game[Any, Any, Any, Any]:
        """A Game of the parts that ``modules`` define by name, ``overrides`` winning.

        Each part is looked up in the modules in the order given, under its own
        name (``apply``, ``max_length``) and, for the parts that are data, under
        an upper-case constant's name first: ``NAME``, ``PRESETS``, ``BENCHMARKS``,
        ``RULES_TEXT``, ``BATCH``, ``OBSERVATION``, ``INFORMATION_STATE``,
        ``BOTS``; ``rounds`` only as ``ROUNDS``; the expert also as a class
        ``Expert``. A name that holds a module (a package's submodule ``expert``) is
        passed over. A game whose parts live in several modules names them all, and
        gives by keyword what none of them defines by name::

            Game.from_module(engine, encoding, expert, narrator=narrator.MyNarrator)

        Three required parts have defaults here, so a minimal game need not write
        them: ``history``, the actions on the state's tape; ``is_terminal``, no
        seat to act (``current_player(state) is None``); ``parse_action``, the
        module's syntax parser ``parse(text)`` (or the ``parse`` of its
        ``Action`` class, a ``Word``), then IllegalActionError for an action that
        is not legal, naming the legal actions when they are few.

        InvalidArgumentError names a required part that no module defines, or an
        override that is not a part; WrongTypeError names a part of the wrong kind.
        """
        return _from_modules(cls, modules, overrides)

    @property
    def hides_information(self) -> bool:
        """Whether some seat may not know all of a state (the game has ``resample_hidden``)."""
        return self.resample_hidden is not None

    def conserved(self, state: S) -> int:
        """The number the game's conservation law keeps; ValueError if it has none."""
        outside = self.outside_scores
        if outside is None:
            raise InvalidArgumentError(f"{self.name} has no conservation law")
        return sum(self.scores(state)) + outside(state)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"

    def __attrs_post_init__(self) -> None:
        _own_states(self)


# ------------------------------------------------------------------ variants

_STATE_OWNERS: dict[type, str] = {}
"""The name of the first game made with each State class."""
_VARIANT_STATES: dict[tuple[type, str], type] = {}


def _own_states(game: AnyGame) -> None:
    """Give a variant its own State class: a game made under a new name from another
    game's parts (``attrs.evolve(GAME, name=..., apply=...)``) makes its states as a
    subclass of that game's, named for it, so ``game_of``, ``record`` and ``replay``
    tell the two apart. Its states read, compare and print as before."""
    base, name = game.State, game.name
    if not isinstance(base, type) or not isinstance(name, str):
        return  # register refuses such a game
    if _STATE_OWNERS.setdefault(base, name) == name:
        return
    variant = variant_state(_root(base), name)
    object.__setattr__(game, "State", variant)
    object.__setattr__(game, "new_game", _making(variant, game.new_game))
    object.__setattr__(game, "apply", _making(variant, game.apply))
    if game.resample_hidden is not None:
        object.__setattr__(game, "resample_hidden", _making(variant, game.resample_hidden))


def variant_state(base: type, name: str) -> type:
    """The State class of the variant ``name`` of the game whose states are ``base``
    (a subclass of ``base``; pickled as a ``base`` and the variant's name)."""
    key = (base, name)
    if key not in _VARIANT_STATES:
        namespace = {
            "__module__": base.__module__,
            "__qualname__": base.__qualname__,
            "__reduce__": _reduce_variant,
            "variant_of": base,
        }
        if "__slots__" in base.__dict__:
            namespace["__slots__"] = ()
        _VARIANT_STATES[key] = variant = type(base.__name__, (base,), namespace)
        _STATE_OWNERS[variant] = name
    return _VARIANT_STATES[key]


def _as_type(cls: type, state: Any) -> Any:
    """``state`` (an instance of a class ``cls`` shares slots with) as a ``cls``."""
    if type(state) is cls or not isinstance(state, _root(cls)):
        return state
    new: Any = object.__new__(cls)
    for klass in type(state).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            if slot not in ("__dict__", "__weakref__") and hasattr(state, slot):
                object.__setattr__(new, slot, getattr(state, slot))
    if hasattr(state, "__dict__"):
        new.__dict__.update(state.__dict__)
    return new


def _root(cls: type) -> type:
    while "variant_of" in cls.__dict__:
        cls = cls.__dict__["variant_of"]
    return cls


def _making(cls: type, make: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(make)
    def made(*args: Any, **kwargs: Any) -> Any:
        return _as_type(cls, make(*args, **kwargs))

    return made


def _reduce_variant(state: Any) -> tuple[Any, ...]:
    base = type(state).__dict__["variant_of"]
    return (_rebuild_variant, (base, _STATE_OWNERS[type(state)], _as_type(base, state)))


def _rebuild_variant(base: type, name: str, state: Any) -> Any:
    return _as_type(variant_state(base, name), state)


# ------------------------------------------------------------ Game.from_module

_CONSTANT_NAMES: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "name": ("NAME", "name"),
        "presets": ("PRESETS", "presets"),
        "benchmarks": ("BENCHMARKS", "benchmarks"),
        "observation": ("OBSERVATION", "observation"),
        "information_state": ("INFORMATION_STATE", "information_state"),
        "bots": ("BOTS", "bots"),
        "expert": ("Expert", "expert"),
        "rules_text": ("RULES_TEXT", "rules_text"),
        "play_rules": ("PLAY_RULES", "play_rules"),
        "batch": ("BATCH", "batch"),
        "rounds": ("ROUNDS",),  # not "rounds": a name too common for a function
    }
)
"""The names ``from_module`` looks for a part under, where they are not the part's own."""


def _is_called(field: attrs.Attribute[Any]) -> bool:
    """Whether a Game part is called (a function or a class, by its type), not data."""
    return str(field.type).startswith(("Callable", "type["))


_FEW_LEGAL: Final = 8
"""The default parse_action lists the legal actions when there are at most this many."""


def _from_modules(
    cls: type[Game[Any, Any, Any, Any]], modules: tuple[object, ...], overrides: dict[str, Any]
) -> Game[Any, Any, Any, Any]:
    fields = attrs.fields_dict(cls)
    unknown = sorted(set(overrides) - set(fields))
    if unknown:
        raise InvalidArgumentError(
            f"Game.from_module: {', '.join(unknown)} is not a part of a Game;"
            f" the parts are: {', '.join(fields)}"
        )
    for module in modules:
        if not isinstance(module, ModuleType):
            raise WrongTypeError(f"Game.from_module takes modules, not {type(module).__name__}")
    parts: dict[str, Any] = {}
    for part in fields:
        if part in overrides:
            parts[part] = overrides[part]
            continue
        found = _look_up(modules, _CONSTANT_NAMES.get(part, (part,)))
        if found is not None:
            parts[part] = found
    parts.setdefault("history", _tape_history)
    if "is_terminal" not in parts and "current_player" in parts:
        parts["is_terminal"] = _no_seat_to_act(parts["current_player"])
    if "parse_action" not in parts and {"legal_actions", "format_action"} <= set(parts):
        parser = _look_up(modules, ("parse",))
        if parser is None:
            parser = getattr(_look_up(modules, ("Action",)), "parse", None)
        if parser is not None:
            parts["parse_action"] = _parse_then_check(
                parser, parts["legal_actions"], parts["format_action"]
            )
    where = ", ".join(getattr(module, "__name__", "?") for module in modules) or "no module"
    for part, field in fields.items():
        if part not in parts:
            if field.default is attrs.NOTHING:
                also = " (nor parse)" if part == "parse_action" else ""
                raise InvalidArgumentError(
                    f"Game.from_module: {where} defines no {part}{also},"
                    f" a part every Game needs: define it, or give {part}=..."
                )
            continue
        value = parts[part]
        if _is_called(field) and value is not None and not callable(value):
            raise WrongTypeError(
                f"Game.from_module: the part {part} must be callable, not {type(value).__name__}"
            )
    return cls(**parts)


def _look_up(modules: tuple[object, ...], names: tuple[str, ...]) -> Any:
    """The value of the first of ``names`` that one of ``modules`` defines (not a module)."""
    for module in modules:
        for name in names:
            value = getattr(module, name, None)
            if value is not None and not isinstance(value, ModuleType):
                return value
    return None


def _tape_history(state: GameState) -> tuple[Any, ...]:
    """Every action since new_game, in order: the actions on the state's tape."""
    return tuple(state.tape.actions)


def _no_seat_to_act(current_player: Callable[[Any], int | None]) -> Callable[[Any], bool]:
    def is_terminal(state: Any) -> bool:
        """Whether the game is over: no seat is to act."""
        return current_player(state) is None

    return is_terminal


def _parse_then_check(
    parse: Callable[[str], Any],
    legal_actions: Callable[[Any], tuple[Any, ...]],
    format_action: Callable[[Any], str],
) -> Callable[[Any, str], Any]:
    def parse_action(state: Any, text: str) -> Any:
        """The action ``text`` names: InvalidActionError, or IllegalActionError if not legal."""
        action = parse(text)
        legal = legal_actions(state)
        if action in legal:
            return action
        written = format_action(action)
        if not legal:
            raise IllegalActionError(f"the game is over: {written} is not legal (nothing is)")
        raise illegal(
            f"{written} is not legal here", [format_action(one) for one in legal], _FEW_LEGAL
        )

    return parse_action


Engine = Game
"""The former name of ``Game``."""


AnyGame = Game[Any, Any, Any, Any]
"""A game of any kind, as the registry holds them."""

# ------------------------------------------------------------------ the registry

ENTRY_POINT_GROUP: Final = "dicerules.games"
"""The entry-point group in which an installed package names its game (plugins)."""

_REGISTRY: dict[str, AnyGame] = {}
_SKIPPED: dict[str, str] = {}
"""Plugins skipped at discovery, by entry-point name: why (get_game's error tells it)."""
_plugins_loaded = False
_plugins_loading = False
_loading = threading.RLock()


class _Games(Mapping[str, AnyGame]):
    """The read-only view of the registry that ``GAMES`` is: every read loads the plugins first."""

    __slots__ = ()

    def __getitem__(self, name: str) -> AnyGame:
        _load_plugins()
        return _REGISTRY[name]

    def __contains__(self, name: object) -> bool:
        _load_plugins()
        return name in _REGISTRY

    def __iter__(self) -> Iterator[str]:
        _load_plugins()
        return iter(tuple(_REGISTRY))  # a snapshot: a game registered meanwhile is no error

    def __len__(self) -> int:
        _load_plugins()
        return len(_REGISTRY)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, AnyGame] = _Games()
"""Every registered game by name, read-only, in registration order: the built-in games,
then games given to ``register`` before the first read, then the plugins (the packages
that name a game in the entry-point group ``dicerules.games``), found on the first read."""


class PluginWarning(UserWarning):
    """A game plugin was skipped: it could not be loaded, or is not a usable game.

    dicerules goes on without it. ``warnings.simplefilter("error", PluginWarning)``
    makes a broken plugin an error instead.
    """


_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
"""What a game's name may be (``register``)."""


def typed_name(name: str) -> str:
    """A game's name as the command line reads it: lower case, '_' read as '-'."""
    return name.lower().replace("_", "-")


def register(game: AnyGame) -> AnyGame:
    """Add ``game`` to GAMES under ``game.name`` and return it.

    Registering the same game again does nothing. TypeError for anything but a Game,
    InvalidArgumentError (a ValueError) for a name that is not one word of ASCII
    letters, digits, '-', '_' and '.' starting with a letter or digit (so no look-alike
    of another script, and nothing OpenSpiel's game strings or a ``--bots`` list cannot
    carry), DuplicateGameError (a ValueError) for a different game under a name already
    taken, or under one the command line cannot tell from it (it ignores case and reads
    '_' as '-': ``Pig`` beside ``pig``, ``liars_dice`` beside ``liars-dice``).
    """
    if not isinstance(game, Game):
        raise WrongTypeError(f"register takes a dicerules.Game, not {type(game).__name__}")
    name = game.name
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name must be a str, not {type(name).__name__}")
    if not name or len(name.split()) != 1 or name.split()[0] != name:
        raise InvalidArgumentError(
            f"a game's name is one word, typed on command lines; got {shown(name)}"
        )
    if name.startswith("-") or not all(ch.isprintable() for ch in name):
        raise InvalidArgumentError(
            f"a game's name is typed on command lines: it may not start with '-' nor hold"
            f" a control, format or zero-width character; got {name[:100]!a}"
        )
    if not _NAME.fullmatch(name):
        raise InvalidArgumentError(
            "a game's name is typed on command lines and in OpenSpiel's game strings: ASCII"
            f" letters, digits, '-', '_' and '.', from a letter or digit; got {name[:100]!a}"
        )
    taken = _REGISTRY.get(name)
    same = typed_name(name)
    twin = next((other for other in _REGISTRY if other != name and typed_name(other) == same), None)
    if twin is not None:
        raise DuplicateGameError(
            f"{name!r} is {twin!r} on the command line, which ignores case and reads '_' as"
            f" '-', and {twin!r} is a game already: give this one another name"
        )
    if taken is None:
        _REGISTRY[name] = game
    elif taken is not game and taken != game:
        raise DuplicateGameError(
            f"a different game is already registered as {name!r}"
            f" (its states are {_origin(taken)}; these are {_origin(game)}):"
            " give this one another name"
        )
    return game


def _origin(game: AnyGame) -> str:
    state = game.State
    return f"{getattr(state, '__module__', '?')}.{getattr(state, '__qualname__', state)}"


def _load_plugins() -> None:
    """Register the games of the entry-point group ``dicerules.games``, once per process.

    A plugin that fails to import, is not a Game, is named differently from its entry
    point, or takes a name already registered is skipped with a PluginWarning naming
    its entry point; whatever it registered while failing is taken back.
    """
    global _plugins_loaded, _plugins_loading
    if _plugins_loaded:
        return
    with _loading:  # other threads wait here until the plugins are in
        if _plugins_loaded or _plugins_loading:  # loaded, or a plugin reads GAMES as it loads
            return
        _plugins_loading = True
        try:
            _load_entry_points()
            _plugins_loaded = True  # not after an error (a PluginWarning made one): try again
        finally:
            _plugins_loading = False


def _load_entry_points() -> None:
    try:
        found = sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=_by_name)
    except Exception as error:  # broken metadata of some package: no plugins, no crash
        _skip(None, f"the installed packages' entry points could not be read: {error!r}")
        return
    for entry in found:
        _load_plugin(entry)


def _by_name(entry: metadata.EntryPoint) -> str:
    return entry.name


class _Refused(Exception):
    """Why a plugin that loaded is not registered."""


def _load_plugin(entry: metadata.EntryPoint) -> None:
    """Register the game ``entry`` names, or skip it with a PluginWarning."""
    before = dict(_REGISTRY)
    try:
        game = entry.load()
        if not isinstance(game, Game):
            raise _Refused(f"it names a {type(game).__name__}, not a dicerules.Game")
        if game.name != entry.name:
            raise _Refused(f"it names the game {game.name!r}: the entry point must be named so")
        register(game)
    except (Exception, SystemExit) as error:  # a plugin's exit() is no exit of ours
        _REGISTRY.clear()  # take back what a failed import registered, keeping the order
        _REGISTRY.update(before)
        refused = isinstance(error, _Refused | DuplicateGameError)
        _skip(entry, str(error) if refused else f"{type(error).__name__}: {error}")


def _skip(entry: metadata.EntryPoint | None, reason: str) -> None:
    """Warn that ``entry`` (None: every plugin) is skipped, and why."""
    if entry is None:
        message = f"dicerules game plugins skipped: {reason}"
    else:
        dist = getattr(entry, "dist", None)
        source = f" (package {dist.name} {dist.version})" if dist is not None else ""
        _SKIPPED[entry.name] = reason
        message = (
            f"dicerules skipped the game plugin {entry.name} = {entry.value}{source}"
            f" from the entry points {ENTRY_POINT_GROUP!r}: {reason}"
        )
    # The warning points at the first line outside this module: the use that loaded it.
    level = 1  # this function's own line
    frame: FrameType | None = sys._getframe()
    while frame is not None and frame.f_code.co_filename == __file__:
        level, frame = level + 1, frame.f_back
    warnings.warn(message, PluginWarning, stacklevel=level)


def get_game(name: str) -> AnyGame:
    """The game registered as ``name``, or else the one the command line reads ``name``
    as (whatever its case, ``_`` or a space read as ``-``: ``"liars_dice"``,
    ``"Liars-Dice"``); UnknownGameError names the nearest game, if one is near, and
    the known ones."""
    _load_plugins()
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        pass
    typed = typed_name(name.strip()).replace(" ", "-") if isinstance(name, str) else None
    for other, game in _REGISTRY.items():  # one at most: register sees to it
        if typed_name(other) == typed:
            return game
    known = ", ".join(_REGISTRY)
    skipped = _SKIPPED.get(name) if isinstance(name, str) else None
    why = f" (its plugin was skipped: {skipped})" if skipped is not None else ""
    near = suggestion(name, list(_REGISTRY)) if isinstance(name, str) and not why else ""
    raise UnknownGameError(f"no game named {shown(name)}{why}{near}; the games are: {known}")


def suggestion(name: str, known: Sequence[str]) -> str:
    """``" (did you mean 'x'?)"`` for the one of ``known`` nearest ``name`` (or "")."""
    typed = name.strip().lower().replace("_", "-").replace(" ", "-")
    starts = [word for word in known if word.lower().startswith(typed)] if typed else []
    close = starts if len(starts) == 1 else difflib.get_close_matches(typed, known, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


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
    _load_plugins()
    for game in _REGISTRY.values():
        if type(state) is game.State:
            return game
    variant = _STATE_OWNERS.get(type(state)) if "variant_of" in type(state).__dict__ else None
    if variant is not None:
        raise WrongTypeError(
            f"{type(state).__name__} is a state of the game {variant!r}, which is not"
            " registered: register it first"
        )
    raise WrongTypeError(f"{type(state).__name__} is not the state of a registered game")


def rules_or_default(rules: object, cls: type[R], default: R) -> R:
    """new_game's ``rules``: ``default`` for None; WrongTypeError for anything but a ``cls``.

    The message names the class by its engine's module, as ``liars_dice.Rules``.
    """
    if rules is None:
        return default
    if not isinstance(rules, cls):
        module = cls.__module__.removesuffix(".engine").rpartition(".")[2]  # the game's
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
