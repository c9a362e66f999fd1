"""The whole game tree of small rules, walked once: its counts, Gambit EFG text, exact values.

``walk(game, rules)`` runs the engine from ``new_game`` through every chance outcome
and every legal action (``dicerules.chance``: a node per die, and a roll-off the game
declares as one node over its seats, as the OpenSpiel adapter deals them), and keeps
the tree in preorder. A seat's information sets are keyed by its information state
text (``dicerules.facts.information_text``: the game's own, else the adapters'), so
they are the adapter's. A tree of more than ``bound`` nodes is refused
(InvalidArgumentError naming the bound and the nodes walked so far): the walk keeps
every node, and a game without a bound on its length may have an endless tree.
``walk(game, rules, round=key)`` is the tree of the game from the start of a round
the game declares (``dicerules.facts.Rounds``) instead.

A tree of N nodes lives in five flat columns of the standard library's ``array``
and one small table, about 21 bytes a node (NumPy reads a column without a copy,
``numpy.frombuffer(tree.infoset, numpy.int32)``, and so would CuPy or JAX):

==============  =====  =========  ==================================================
column          type   length     holds, node by node (preorder: a node's subtree
                                  follows it, its children's subtrees in turn)
==============  =====  =========  ==================================================
``player``      int8   N          the seat to act, CHANCE or TERMINAL
``infoset``     int32  N          the seat's information set, by number; a chance
                                  node's own number; -1 at a terminal
``menu``        int32  N          the node's ``Menu``: its place in ``menus``
``start``       int32  N + 1      where the node's children begin in ``kids`` (they
                                  end where the next node's begin)
``kids``        int32  N - 1      every node's children, node after node
==============  =====  =========  ==================================================

``menus`` holds each ``Menu`` once: what nodes alike share (a decision's edge labels
and actions, a chance node's outcomes with their Fractions, a terminal's payoffs in
Fractions). ``set_menus[seat]`` is each information set's menu. Read node by node,
the tree is also a set of sequences indexed by node, made from these as they are read
(tuples): ``children[n]`` (a slice of ``kids``), ``labels[n]``, ``actions[n]``,
``chances[n]`` and ``payoffs[n]``.

``efg(game, rules)`` is the tree as the text of a Gambit extensive-form game (``.efg``),
which Gambit (``pygambit.read_efg``) and OpenSpiel (``pyspiel.load_efg_game``) read:
chance nodes with exact rational probabilities, player nodes numbered by information
set (a set's name is its text, ``"`` written ``'``), actions in the game's notation,
terminal payoffs ``dicerules.facts.exact_returns``.

``solve(game, rules)`` finds the exact value of a two-seat zero-sum game and an
equilibrium: the sequence-form linear program (Koller, Megiddo and von Stengel),
built sparse from the columns (a seat's forced moves add no sequence) and solved once
by SciPy's HiGHS (``pip install scipy``; imported only here; seat 1's plan is the
program's dual), its strategies turned into Fractions (each probability the nearest
of denominator up to 10**6; where those make no equilibrium, the plans solved exactly
on their supports, in Fractions, as complementary slackness says), and then proven:
each seat's exact best response to the other's strategy (in Fractions, over the
columns) gives the same value, which is then the game's.

A game that declares its rounds (``Game.rounds``: where it starts afresh, everything
before public, the future a function of a key) is solved a round at a time: the
tree of a round stops where the round ends, and each such end is a terminal that
pays the exact value of the round that follows, itself solved so first (once a key).
"Proven" then means: every round's value is proven as above against its ends' exact
values, and as each round is a subgame of the whole (it starts at a public state,
and the game from there depends on its key alone), replacing it by its value leaves
the value of every round before it unchanged (backward induction: in a two-seat
zero-sum game a seat that plays a round's equilibrium there and the next rounds'
after them can be held to, and is sure of, that value). So the first round's
proven value is the whole game's, exactly, and the rounds' equilibria played
together are an equilibrium of the whole game. A later round's information sets are
those of the round walked on its own (``walk(..., round=key)``: the seat's text as
if the game began there, its earlier rounds left out), so its policy is read from
``Solution.rounds[key]``.
"""

from __future__ import annotations

import functools
import math
from array import array
from collections.abc import Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar, overload

import attrs

from dicerules import chance
from dicerules.bot import as_game
from dicerules.errors import InvalidArgumentError, WrongTypeError
from dicerules.facts import Rounds, exact_returns, recall_text, view_text
from dicerules.game import AnyGame

__all__ = [
    "CHANCE",
    "NODE_BOUND",
    "SOLVE_BOUND",
    "TERMINAL",
    "Menu",
    "Solution",
    "Tree",
    "best_response",
    "efg",
    "solve",
    "solve_tree",
    "walk",
]

CHANCE = -1
"""The player of a chance node (OpenSpiel's number for chance)."""
TERMINAL = -4
"""The player of a terminal node (OpenSpiel's number for terminal)."""
_WINS = " wins the roll-off"
"""How a roll-off's outcome label ends (``seat 1 wins the roll-off``)."""
NODE_BOUND = 2_000_000
"""The most nodes ``walk`` keeps unless told otherwise."""
SOLVE_BOUND = 10_000_000
"""The most nodes ``solve`` walks in one tree (one round) unless told otherwise."""
_MOST_NODES = 2**31 - 1
"""The most nodes a tree can hold (its columns are int32)."""

T = TypeVar("T")


@attrs.frozen
class Menu:
    """What nodes alike share, kept once in ``Tree.menus``: a decision's edge ``labels``
    (the game's notation) and ``actions``; a chance node's labels (``die F``, ``seat S
    wins the roll-off``), outcomes (faces, or the seats of a roll-off) as its actions,
    and their ``chances``; a terminal's ``payoffs``, a seat each. At a terminal where a
    round ends and the game goes on, ``round`` is the key of the round that follows
    (the payoffs then its value); else None."""

    labels: tuple[str, ...] = ()
    actions: tuple[Any, ...] = ()
    chances: tuple[Fraction, ...] = ()
    payoffs: tuple[Fraction, ...] = ()
    round: Hashable | None = None


class _Children(Sequence[tuple[int, ...]]):
    """``Tree.children``: node ``n``'s children, ``kids[start[n]:start[n + 1]]`` as a tuple."""

    __slots__ = ("_kids", "_start")

    def __init__(self, start: array[int], kids: array[int]) -> None:
        self._start, self._kids = start, kids

    def __len__(self) -> int:
        return len(self._start) - 1

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, ...] | list[tuple[int, ...]]:
        if isinstance(index, slice):
            return [self[one] for one in range(*index.indices(len(self)))]
        start, size = self._start, len(self._start) - 1
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"node {index} is not in a tree of {size:,} nodes")
        return tuple(self._kids[start[index] : start[index + 1]])

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        start, kids = self._start, self._kids
        return (tuple(kids[start[index] : start[index + 1]]) for index in range(len(start) - 1))


class _ByMenu(Sequence[T]):
    """A Menu's part, node by node (``Tree.labels``, ``actions``, ``chances``, ``payoffs``)."""

    __slots__ = ("_menu", "_table")

    def __init__(self, menu: array[int], table: tuple[T, ...]) -> None:
        self._menu, self._table = menu, table

    def __len__(self) -> int:
        return len(self._menu)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._table[number] for number in self._menu[index]]
        return self._table[self._menu[index]]

    def __iter__(self) -> Iterator[T]:
        return map(self._table.__getitem__, self._menu)


@attrs.frozen(eq=False, repr=False)
class Tree:
    """A game's whole tree under fixed rules, node 0 the root, in preorder (the module's
    docstring tells its columns).

    Per node: ``player`` (a seat, CHANCE or TERMINAL), ``infoset`` (the seat's
    information set number; a chance node's own number; -1 at a terminal),
    ``children``, and for each edge its ``labels`` (the game's notation; a chance
    edge ``die F`` or ``seat S wins the roll-off``) and ``actions`` (the game's action;
    a chance edge's face, or the seat that wins the roll-off); a chance node's
    ``chances`` (Fractions), a terminal's ``payoffs`` (Fractions, a seat each; empty
    elsewhere). ``information_sets[seat]`` holds each set's text, by number, and
    ``set_menus[seat]`` its menu; ``by_view[seat]`` maps the seat's view at its turn to
    its information set, or to -1 where views alike stand in more than one set.
    ``tensors[seat]``, if the walk was asked for them and the game declares its
    ``information_state``, holds each set's information state tensor (float32
    ``array``s, by number), else it is empty. ``round`` is the key of the round the
    tree begins at (None: the game's start).
    """

    game: AnyGame
    rules: Any
    player: array[int]
    infoset: array[int]
    menu: array[int]
    start: array[int]
    kids: array[int]
    menus: tuple[Menu, ...]
    information_sets: tuple[tuple[str, ...], ...]
    set_menus: tuple[array[int], ...]
    by_view: tuple[Mapping[Any, int], ...]
    tensors: tuple[tuple[array[float], ...], ...] = ()
    round: Hashable | None = None
    children: Sequence[tuple[int, ...]] = attrs.field(init=False)
    labels: Sequence[tuple[str, ...]] = attrs.field(init=False)
    actions: Sequence[tuple[Any, ...]] = attrs.field(init=False)
    chances: Sequence[tuple[Fraction, ...]] = attrs.field(init=False)
    payoffs: Sequence[tuple[Fraction, ...]] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        menus, menu = self.menus, self.menu
        made = {
            "children": _Children(self.start, self.kids),
            "labels": _ByMenu(menu, tuple(one.labels for one in menus)),
            "actions": _ByMenu(menu, tuple(one.actions for one in menus)),
            "chances": _ByMenu(menu, tuple(one.chances for one in menus)),
            "payoffs": _ByMenu(menu, tuple(one.payoffs for one in menus)),
        }
        for name, value in made.items():
            object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        sets = ", ".join(str(len(texts)) for texts in self.information_sets)
        return (
            f"<Tree of {self.game.name}: {self.nodes:,} nodes, {self.terminals:,} terminal,"
            f" information sets {sets}>"
        )

    @property
    def seats(self) -> int:
        return len(self.information_sets)

    @property
    def nodes(self) -> int:
        """How many nodes: chance, decision and terminal."""
        return len(self.player)

    @property
    def terminals(self) -> int:
        """How many terminal nodes."""
        return self.player.count(TERMINAL)

    @property
    def chance_nodes(self) -> int:
        """How many chance nodes."""
        return self.player.count(CHANCE)

    def roll_off(self, index: int) -> bool:
        """Whether the chance node ``index`` is a roll-off (its actions seats, not faces)."""
        labels = self.labels[index]
        return self.player[index] == CHANCE and bool(labels) and labels[0].endswith(_WINS)

    def first_nodes(self, seat: int) -> list[int]:
        """For each information set of ``seat``, by number, its first node in preorder."""
        first = [-1] * len(self.information_sets[seat])
        for index, (who, number) in enumerate(zip(self.player, self.infoset, strict=True)):
            if who == seat and first[number] < 0:
                first[number] = index
        return first

    def counts(self) -> dict[str, Any]:
        """The tree's size: nodes, chance and terminal nodes, information sets a seat."""
        return {
            "nodes": self.nodes,
            "chance": self.chance_nodes,
            "terminal": self.terminals,
            "information_sets": tuple(len(texts) for texts in self.information_sets),
        }


def _check_bound(bound: object) -> int:
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InvalidArgumentError(f"bound must be an int >= 1, got {bound!r}")
    return min(bound, _MOST_NODES)


def _check_rules(game: AnyGame, rules: Any) -> None:
    if not isinstance(rules, game.Rules):
        raise WrongTypeError(f"{game.name} rules must be its Rules, not {type(rules).__name__}")


@attrs.frozen
class _Path:
    """What the walk knows of the line that led to a node: each seat's views of every
    state so far (or, for a game that declares no information text, their texts), and
    at each state the seat that acted and its action's label."""

    frames: tuple[tuple[Any, ...], ...]
    movers: tuple[int, ...] = ()
    acted: tuple[str, ...] = ()

    def own(self, seat: int) -> list[str | None]:
        """Per state, ``seat``'s own action there in the game's notation, or None."""
        own: list[str | None] = [
            label if mover == seat else None
            for mover, label in zip(self.movers, self.acted, strict=True)
        ]
        return [*own, None]


@attrs.frozen
class _RoundEnd:
    """On the walk's stack: an edge where the round ends, and the key of the next."""

    key: Hashable


class _Builder:
    """The columns a walk fills, one entry a node, and the menus it meets."""

    def __init__(self, game: AnyGame, rules: Any, bound: int, views: bool) -> None:
        self.game, self.rules, self.bound = game, rules, bound
        seats = game.seats(rules)
        self.player = array("b")
        self.infoset = array("i")
        self.menu = array("i")
        self.start = array("i")
        self.kids = array("i")
        self.menus: list[Menu] = []
        self.widths: list[bytes] = []
        """Per menu, the zeros its children take in ``kids`` (4 bytes an edge)."""
        self._numbers: dict[Menu, int] = {}
        self._legal: dict[int, tuple[tuple[Any, ...], int]] = {}
        self._paid: dict[int, tuple[tuple[Fraction, ...], int]] = {}
        self.ends: dict[Hashable, int] = {}
        """The menu of each round that follows this tree's, by key."""
        self.sets: list[dict[str, int]] = [{} for _ in range(seats)]
        self.set_menus = [array("i") for _ in range(seats)]
        self.by_view: list[dict[Any, int]] = [{} for _ in range(seats)]
        self.views = views
        """Whether ``by_view`` is filled."""
        self.tensors: list[list[array[float]]] = [[] for _ in range(seats)]
        self.chance_count = 0

    def number(self, menu: Menu) -> int:
        """``menu``'s number, the menus alike one number."""
        number = self._numbers.get(menu)
        if number is None:
            number = self._numbers[menu] = len(self.menus)
            self.menus.append(menu)
            self.widths.append(bytes(4 * len(menu.actions)))
        return number

    def add(self, slot: int, player: int, infoset: int, menu: int) -> int:
        """A node, in ``kids`` at ``slot`` (-1: the root); its children's slots follow
        ``start[node]``."""
        index = len(self.player)
        if index >= self.bound:
            raise InvalidArgumentError(
                f"the tree of {self.game.name} under these rules has more than {self.bound:,}"
                f" nodes (the bound; {index:,} walked so far, {self.player.count(TERMINAL):,}"
                " of them terminal): give a larger bound or smaller rules"
            )
        self.player.append(player)
        self.infoset.append(infoset)
        self.menu.append(menu)
        kids = self.kids
        self.start.append(len(kids))
        kids.frombytes(self.widths[menu])
        if slot >= 0:
            kids[slot] = index
        return index

    def legal(self, state: Any) -> int:
        """The menu of the legal actions at ``state`` (kept by the tuple's identity, as
        engines hand out one tuple for one situation)."""
        legal = self.game.legal_actions(state)
        known = self._legal.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]
        labels = tuple(str(self.game.format_action(action)) for action in legal)
        number = self.number(Menu(labels, legal))
        self._legal[id(legal)] = (legal, number)
        return number

    def paid(self, payoffs: tuple[Fraction, ...]) -> int:
        """The menu of a terminal that pays ``payoffs`` (exact_returns hands out one tuple
        an outcome: kept by its identity)."""
        known = self._paid.get(id(payoffs))
        if known is None or known[0] is not payoffs:
            known = self._paid[id(payoffs)] = (payoffs, self.number(Menu(payoffs=payoffs)))
        return known[1]

    def end(self, key: Hashable) -> int:
        """The menu of a terminal where the round ends and the round ``key`` follows (its
        payoffs are that round's value, given before the tree is made)."""
        number = self.ends.get(key)
        if number is None:
            number = self.ends[key] = self.number(Menu(round=key))
        return number

    def information_set(self, seat: int, text: str, menu: int, view: Any) -> int:
        """The number of ``seat``'s information set ``text``; InvalidArgumentError if it
        was met before with other legal actions."""
        sets = self.sets[seat]
        number = sets.get(text)
        if number is None:
            number = sets[text] = len(sets)
            self.set_menus[seat].append(menu)
        elif self.set_menus[seat][number] != menu:
            raise InvalidArgumentError(
                f"{self.game.name}'s information state text of seat {seat} does not tell"
                f" apart two states with different legal actions ({text!r}): an information"
                " set has one set of actions"
            )
        if self.views:
            known = self.by_view[seat].setdefault(view, number)
            if known != number:
                self.by_view[seat][view] = -1
        return number

    def tree(self, key: Hashable | None = None) -> Tree:
        """The tree walked (the round ``key``'s), every round end's payoffs given."""
        for menu in self.menus:
            if menu.round is not None and not menu.payoffs:
                raise InvalidArgumentError(f"the value of the round {menu.round!r} is not known")
        if len(self.start) == len(self.player):  # the end of the last node's children
            self.start.append(len(self.kids))
        return Tree(
            self.game,
            self.rules,
            self.player,
            self.infoset,
            self.menu,
            self.start,
            self.kids,
            tuple(self.menus),
            tuple(tuple(sets) for sets in self.sets),
            tuple(self.set_menus),
            tuple(self.by_view),
            tuple(map(tuple, self.tensors)) if any(self.tensors) else (),
            key,
        )


def walk(
    game: AnyGame | str,
    rules: Any = None,
    *,
    bound: int = NODE_BOUND,
    tensors: bool = False,
    views: bool = True,
    round: Hashable | None = None,
) -> Tree:
    """The whole tree of ``game`` (a game or its name) under ``rules`` (None: the default);
    with ``tensors``, each information set's tensor too (``Tree.tensors``), if the game
    declares its ``information_state``; without ``views``, ``Tree.by_view`` is left
    empty (for a walk that needs no bot to play from views: a little faster). With
    ``round``, a key of the game's ``rounds``, the tree of the game from that round's
    start (its dice its first chance nodes) to its end.

    InvalidArgumentError for a tree of more than ``bound`` nodes, for a game whose
    information state text puts states with different legal actions in one set, and
    for a ``round`` of a game that declares no rounds.
    """
    found = as_game(game)
    rules = found.default_rules if rules is None else rules
    _check_rules(found, rules)
    build = _Builder(found, rules, _check_bound(bound), views)
    _walk(build, _first(found, rules, round), None, tensors)
    return build.tree(round)


def _first(game: AnyGame, rules: Any, key: Hashable | None) -> chance.Chance:
    """The first step of a walk: ``new_game``, or the start of the round ``key``."""
    if key is None:
        return chance.setup(game, rules)
    if game.rounds is None:
        raise InvalidArgumentError(
            f"{game.name} declares no rounds: its tree starts at new_game (round=None)"
        )
    return chance.begin(game, rules, functools.partial(game.rounds.start, rules, key))


def _walk(
    build: _Builder, first: chance.Chance, rounds: Rounds[Any, Any] | None, tensors: bool
) -> None:
    """Walk from ``first`` into ``build``; with ``rounds``, stop at each round's end."""
    found, rules = build.game, build.rules
    seats = found.seats(rules)
    view = found.view
    current, terminal = found.current_player, found.is_terminal
    declared = found.information_state
    told = None if declared is None else declared.text
    every_seat = range(seats)
    encode = declared.encode if declared is not None and told is not None and tensors else None
    made = build.tensors
    menus = build.menus
    # Each entry: a step (a Chance), a state or a round's end; its slot in ``kids``
    # (-1: the root); the path to it.
    stack: list[tuple[Any, int, _Path]] = [(first, -1, _Path(((),) * seats))]
    while stack:
        item, slot, path = stack.pop()
        if type(item) is _RoundEnd:
            build.add(slot, TERMINAL, -1, build.end(item.key))
            continue
        if isinstance(item, chance.Chance):
            if not item.done:
                _chance_node(build, item, slot, path, stack)
                continue
            item = item.after
        state = item
        if terminal(state):
            build.add(slot, TERMINAL, -1, build.paid(exact_returns(found, state)))
            continue
        seen = [view(state, seat) for seat in every_seat]
        if told is None:
            frames = tuple(
                [(*seen, view_text(now)) for seen, now in zip(path.frames, seen, strict=True)]
            )
        else:
            frames = tuple([(*seen, now) for seen, now in zip(path.frames, seen, strict=True)])
        seat = current(state)
        assert seat is not None
        menu = build.legal(state)
        actions, labels = menus[menu].actions, menus[menu].labels
        if told is None:
            text = recall_text(f"seat {seat}", frames[seat], path.own(seat))
        else:
            text = told(rules, frames[seat])
        number = build.information_set(seat, text, menu, seen[seat])
        if encode is not None and number == len(made[seat]):  # a set met first
            made[seat].append(array("f", encode(rules, frames[seat])))
        node = build.add(slot, seat, number, menu)
        first_slot = build.start[node]
        after = _Path(frames)  # a game's own text reads the frames only
        for position in range(len(actions) - 1, -1, -1):
            if told is None:
                after = _Path(frames, (*path.movers, seat), (*path.acted, labels[position]))
            step: Any = chance.act(found, state, actions[position])
            if rounds is not None:
                key = _begins(rounds, step)
                if key is not None:
                    step = _RoundEnd(key)
            stack.append((step, first_slot + position, after))


def _begins(rounds: Rounds[Any, Any], step: chance.Chance) -> Hashable | None:
    """The key of the round an action's ``step`` begins, or None: ``rounds.key`` of the
    state it leads to, whatever its dice (the key does not read them)."""
    while not step.done:
        roll_off = step.roll_off
        step = step.show(1) if roll_off is None else step.settle(roll_off.seats[0])
    return rounds.key(step.after)


def _chance_node(
    build: _Builder, step: chance.Chance, slot: int, path: _Path, stack: list[Any]
) -> None:
    """A chance node for ``step``'s next die (or the roll-off it begins), its children
    pushed on ``stack``."""
    roll_off = step.roll_off
    children: list[chance.Chance]
    if roll_off is not None:
        outcomes: tuple[int, ...] = roll_off.seats
        labels = tuple(f"seat {seat}{_WINS}" for seat in outcomes)
        chances = roll_off.chances
        children = [step.settle(seat) for seat in outcomes]
    else:
        outcomes = step.outcomes
        labels = tuple(f"die {face}" for face in outcomes)
        sides = len(outcomes)
        chances = (Fraction(1, sides),) * sides
        children = [step.show(face) for face in outcomes]
    node = build.add(
        slot, CHANCE, build.chance_count, build.number(Menu(labels, outcomes, chances))
    )
    build.chance_count += 1
    first_slot = build.start[node]
    for position in range(len(children) - 1, -1, -1):
        stack.append((children[position], first_slot + position, path))


# ------------------------------------------------------------------ EFG


def _quoted(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def efg_text(tree: Tree) -> str:
    """``tree`` as the text of a Gambit extensive-form game."""
    game = tree.game
    seats = " ".join(_quoted(f"seat {seat}") for seat in range(tree.seats))
    lines = [
        f"EFG 2 R {_quoted(f'{game.name} {tree.rules!r}')} {{ {seats} }}",
        _quoted(f"the whole tree of {game.name}, written by dicerules"),
        "",
    ]
    outcomes: dict[tuple[Fraction, ...], int] = {}
    sets = tree.information_sets
    menus = tree.menus
    # Per menu, the text after a node's numbers.
    edges = [" ".join(_quoted(label) for label in menu.labels) for menu in menus]
    chances = [
        " ".join(
            f"{_quoted(label)} {_number(p)}"
            for label, p in zip(menu.labels, menu.chances, strict=True)
        )
        if menu.chances
        else ""
        for menu in menus
    ]
    for who, number, menu in zip(tree.player, tree.infoset, tree.menu, strict=True):
        if who == TERMINAL:
            paid = menus[menu].payoffs
            outcome = outcomes.setdefault(paid, len(outcomes) + 1)
            shown = ", ".join(_number(value) for value in paid)
            lines.append(f't "" {outcome} "" {{ {shown} }}')
        elif who == CHANCE:
            lines.append(f'c "" {number + 1} "" {{ {chances[menu]} }} 0')
        else:
            name = _quoted(sets[who][number])
            lines.append(f'p "" {who + 1} {number + 1} {name} {{ {edges[menu]} }} 0')
    return "\n".join(lines) + "\n"


def efg(game: AnyGame | str, rules: Any = None, *, bound: int = NODE_BOUND) -> str:
    """The whole tree of ``game`` under ``rules`` as Gambit EFG text (``walk``, then
    ``efg_text``); InvalidArgumentError past ``bound`` nodes."""
    return efg_text(walk(game, rules, bound=bound))


# ------------------------------------------------------------------ exact values

Strategy = tuple[tuple[tuple[Fraction, ...], ...], ...]
"""A behaviour strategy for every seat: per seat, per information set, a Fraction per
action (in the order of the tree's ``actions``)."""


@attrs.frozen
class Solution:
    """An exact solution of a two-seat zero-sum game: seat 0's ``value`` and an
    equilibrium ``strategy`` (``Strategy``) on ``tree`` whose best responses both give
    that value. For a game solved a round at a time, ``tree`` is its first round's,
    and ``rounds`` holds the solution of every round that follows, by key (the same
    mapping in each); else it is empty."""

    tree: Tree = attrs.field(repr=False)
    value: Fraction
    strategy: Strategy = attrs.field(repr=False)
    rounds: Mapping[Hashable, Solution] = attrs.field(factory=dict, repr=False, eq=False)

    def policy(self, seat: int) -> dict[str, dict[str, Fraction]]:
        """``seat``'s strategy by information set text and action label (on ``tree``: a
        later round's is ``rounds[key].policy(seat)``)."""
        tree = self.tree
        menus, set_menus = tree.menus, tree.set_menus[seat]
        return {
            text: dict(
                zip(menus[set_menus[number]].labels, self.strategy[seat][number], strict=True)
            )
            for number, text in enumerate(tree.information_sets[seat])
        }


def _check_two_seat_zero_sum(tree: Tree) -> None:
    if tree.seats != 2:
        raise InvalidArgumentError(
            f"solve needs a game of two seats; {tree.game.name} has {tree.seats} here"
        )
    for menu in tree.menus:
        if menu.payoffs and sum(menu.payoffs) != 0:
            raise InvalidArgumentError(
                f"solve needs a zero-sum game; {tree.game.name} pays {menu.payoffs} at a terminal"
            )


def solve(game: AnyGame | str, rules: Any = None, *, bound: int = SOLVE_BOUND) -> Solution:
    """The exact value (seat 0's) and an equilibrium of a two-seat zero-sum game, proven;
    a round at a time where the game declares its ``rounds`` (the module's docstring).

    ``bound`` holds for each tree walked: the whole game's, or each round's. The
    solution's trees are walked without views (``Tree.by_view`` is empty).
    InvalidArgumentError for a game of other seats or not zero-sum, a tree past
    ``bound`` nodes, rounds whose keys come back, or a solution the check cannot prove
    exact; ImportError without SciPy.
    """
    found = as_game(game)
    rules = found.default_rules if rules is None else rules
    _check_rules(found, rules)
    if found.seats(rules) != 2:
        raise InvalidArgumentError(
            f"solve needs a game of two seats; {found.name} has {found.seats(rules)} here"
        )
    bound = _check_bound(bound)
    if found.rounds is None:
        return solve_tree(walk(found, rules, bound=bound, views=False))
    return _solve_rounds(found, rules, found.rounds, bound)


def _solve_rounds(game: AnyGame, rules: Any, rounds: Rounds[Any, Any], bound: int) -> Solution:
    """The game solved a round at a time: each round walked up to its ends, the rounds
    that follow solved before it (each key once), its ends then paid their values."""
    solved: dict[Hashable, Solution] = {}
    walked: dict[Hashable | None, _Builder] = {}  # walked, waiting for the rounds after
    todo: list[Hashable | None] = [None]  # None: the game's start
    while True:
        key = todo[-1]
        if key in solved:
            todo.pop()
            continue
        build = walked.get(key)
        if build is None:
            build = walked[key] = _Builder(game, rules, bound, False)
            _walk(build, _first(game, rules, key), rounds, False)
        waiting = [after for after in build.ends if after not in solved]
        for after in waiting:
            if after in walked:
                raise InvalidArgumentError(
                    f"{game.name}'s round {after!r} comes back before it ends: its value"
                    " depends on itself, so the game cannot be solved a round at a time"
                )
        if waiting:
            todo.extend(waiting)
            continue
        for after, number in build.ends.items():
            value = solved[after].value
            build.menus[number] = attrs.evolve(build.menus[number], payoffs=(value, -value))
        walked_tree = build.tree(key)
        del walked[key], build  # its lookups are not needed by the program
        solution = attrs.evolve(solve_tree(walked_tree), rounds=solved)
        todo.pop()
        if key is None:
            return solution
        solved[key] = solution


def solve_tree(tree: Tree) -> Solution:
    """``solve`` on a tree already walked."""
    _check_two_seat_zero_sum(tree)
    program = _Program(tree)
    strategy = program.rounded()
    low, high = -best_response(tree, strategy, 1), best_response(tree, strategy, 0)
    if low != high:  # the equilibrium's probabilities need larger denominators
        exact = program.exact()
        if exact is not None:
            strategy = exact
            low, high = -best_response(tree, strategy, 1), best_response(tree, strategy, 0)
    if low != high:
        raise InvalidArgumentError(
            f"the linear program's strategies for {tree.game.name} could not be made exact:"
            f" the best responses give {low} and {high} (about {float(low):.12g} and"
            f" {float(high):.12g})"
        )
    return Solution(tree, low, strategy)


class _Sequences:
    """One seat's sequences: 0 the empty one, then each information set's actions in
    turn (set ``n``'s action ``a`` is ``first[n] + a``). A set of one action adds none:
    its ``first`` is -1, and its action's sequence is the one that led to it (the
    forced move changes no realisation plan, so the program is the smaller)."""

    def __init__(self, tree: Tree, seat: int) -> None:
        self.widths = [len(tree.menus[menu].actions) for menu in tree.set_menus[seat]]
        self.first = array("i")
        count = 1
        for width in self.widths:
            self.first.append(count if width > 1 else -1)
            count += width if width > 1 else 0
        self.count = count
        """How many sequences, the empty one counted."""
        self.choices = [number for number, width in enumerate(self.widths) if width > 1]
        """The sets of more than one action, by number: a sequence constraint each."""


def best_response(tree: Tree, strategy: Strategy, seat: int) -> Fraction:
    """``seat``'s exact value when it best responds to the other seats playing
    ``strategy`` (a Fraction, worked out on the tree).

    One walk down the tree adds, to each of the seat's sequences, what the terminals
    right after it pay, weighted by the chances and the other seats' play (subtrees
    they never reach are skipped); then each information set, from the last to the
    first (a set's number is above the set that leads to it), adds its best action's
    worth to the sequence that leads to it.
    """
    player, infoset, menu, start, kids = tree.player, tree.infoset, tree.menu, tree.start, tree.kids
    chances = [one.chances for one in tree.menus]
    paid = [one.payoffs[seat] if one.payoffs else 0 for one in tree.menus]
    sequences = _Sequences(tree, seat)
    first, widths = sequences.first, sequences.widths
    worth: list[Fraction | int] = [0] * sequences.count
    parent = [-1] * len(widths)
    stack: list[tuple[int, Fraction | int, int]] = [(0, 1, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, reach, sequence = pop()
        who = player[node]
        if who == TERMINAL:
            value = paid[menu[node]]
            if value:
                worth[sequence] += reach * value
            continue
        below = kids[start[node] : start[node + 1]]
        if who == seat:
            number = infoset[node]
            base = first[number]
            if base < 0:  # a forced move
                push((below[0], reach, sequence))
                continue
            parent[number] = sequence
            for position, child in enumerate(below):
                push((child, reach, base + position))
            continue
        weights = chances[menu[node]] if who == CHANCE else strategy[who][infoset[node]]
        for child, weight in zip(below, weights, strict=True):
            if weight:
                push((child, reach * weight, sequence))
    for number in reversed(sequences.choices):
        up = parent[number]
        if up >= 0:  # else never reached: worth nothing
            base = first[number]
            worth[up] += max(worth[base : base + widths[number]])
    return Fraction(worth[0])


class _Program:
    """The sequence-form program of a two-seat zero-sum tree, solved in floats by HiGHS.

    The program: max over x and q of q[0] such that E x = e, x >= 0 and F^T q <= A^T x,
    with x seat 0's realisation plan, E x = e its sequence constraints, F seat 1's and
    A the payoff to seat 0 of each pair of sequences weighted by chance; seat 1's plan
    is the dual of the inequalities. Both matrices are built at once from flat arrays,
    so that little but the solver's own copy is held while it runs. ``plans[seat]``
    is a seat's plan (floats), ``sequences[seat]`` its sequences, ``parents[seat]``
    the sequence that leads to each of its sets.
    """

    def __init__(self, tree: Tree) -> None:
        import numpy as np
        from scipy.optimize import linprog  # type: ignore[import-untyped]
        from scipy.sparse import csr_matrix  # type: ignore[import-untyped]

        self.tree = tree
        mine, theirs = self.sequences = (_Sequences(tree, 0), _Sequences(tree, 1))
        x_size, y_size, q_size = mine.count, theirs.count, len(theirs.choices) + 1
        at_x, at_y, paid, self.parents = _payoffs(tree, self.sequences)
        f_rows, f_cols, f_values = _constraints(theirs, self.parents[1])
        upper = csr_matrix(
            (
                np.concatenate((-np.frombuffer(paid, dtype=float), f_values)),
                (
                    np.concatenate((np.frombuffer(at_y, dtype=np.int32), f_cols)),
                    np.concatenate((np.frombuffer(at_x, dtype=np.int32), f_rows + x_size)),
                ),
            ),
            shape=(y_size, x_size + q_size),
        )
        del at_x, at_y, paid, f_rows, f_cols, f_values
        e_rows, e_cols, e_values = _constraints(mine, self.parents[0])
        e_size = len(mine.choices) + 1
        equal = csr_matrix((e_values, (e_rows, e_cols)), shape=(e_size, x_size + q_size))
        cost = np.zeros(x_size + q_size)
        cost[x_size] = -1.0
        e_rhs = np.zeros(e_size)
        e_rhs[0] = 1.0
        bounds = np.zeros((x_size + q_size, 2))
        bounds[:, 1] = np.inf
        bounds[x_size:, 0] = -np.inf
        result = linprog(
            cost,
            A_ub=upper,
            b_ub=np.zeros(y_size),
            A_eq=equal,
            b_eq=e_rhs,
            bounds=bounds,
            method="highs",
        )
        if result.status != 0:
            raise InvalidArgumentError(f"the linear program found no solution: {result.message}")
        self.plans: tuple[list[float], list[float]] = (
            result.x[:x_size].tolist(),
            (-result.ineqlin.marginals).tolist(),
        )

    def rounded(self) -> Strategy:
        """Both seats' strategies, each probability the nearest Fraction of denominator
        up to DENOMINATOR."""
        return tuple(
            _behaviour(plan, sequences)
            for plan, sequences in zip(self.plans, self.sequences, strict=True)
        )

    def exact(self) -> Strategy | None:
        """Both seats' strategies solved exactly on the plans' supports, or None."""
        made = [_exact_plan(self, seat) for seat in (0, 1)]
        if made[0] is None or made[1] is None:
            return None
        return (made[0], made[1])


def _constraints(sequences: _Sequences, parent: array[int]) -> tuple[Any, Any, Any]:
    """A seat's sequence constraints, sparse (rows, columns, values): the empty sequence
    is 1, and each set's sequences (a set of more than one action) sum to the one that
    leads to it (``parent``, by set)."""
    import numpy as np

    choices = np.array(sequences.choices, dtype=np.int64)
    rows = np.arange(1, len(choices) + 1, dtype=np.int32)
    widths = np.array(sequences.widths, dtype=np.int32)[choices]
    parents = np.frombuffer(parent, dtype=np.int32)[choices]
    return (
        np.concatenate(([0], np.repeat(rows, widths), rows)),
        np.concatenate(([0], np.arange(1, sequences.count, dtype=np.int32), parents)),
        np.concatenate((np.ones(sequences.count), -np.ones(len(choices)))),
    )


def _payoffs(
    tree: Tree, sequences: tuple[_Sequences, _Sequences]
) -> tuple[array[int], array[int], array[float], tuple[array[int], array[int]]]:
    """The sequence-form payoff to seat 0, sparse: per terminal, seat 0's sequence, seat
    1's, and its payoff weighted by chance; and each seat's sequence that leads to each
    of its information sets."""
    parents = (
        array("i", [0]) * len(sequences[0].widths),
        array("i", [0]) * len(sequences[1].widths),
    )
    rows, cols, values = array("i"), array("i"), array("d")
    for value, reach, x, y in _terminals(tree, 0, sequences, None, 1.0, False, parents):
        if value:
            rows.append(x)
            cols.append(y)
            values.append(reach * value)
    return rows, cols, values, parents


DENOMINATOR = 10**6
"""The largest denominator a probability of the linear program's strategy is given."""

_ZERO, _ONE = Fraction(0), Fraction(1)


def _behaviour(plan: list[float], sequences: _Sequences) -> tuple[tuple[Fraction, ...], ...]:
    """A realisation plan as a behaviour strategy in Fractions, set by set."""
    known: dict[Fraction, Fraction] = {}  # one object for equal probabilities
    return tuple(
        _rational(plan[base : base + width], known) if base >= 0 else (_ONE,)
        for base, width in zip(sequences.first, sequences.widths, strict=True)
    )


def _rational(weights: list[float], known: dict[Fraction, Fraction]) -> tuple[Fraction, ...]:
    """Weights (a realisation plan's, at one information set) as probabilities in
    Fractions that sum to 1: uniform where the set is never reached."""
    total = math.fsum(max(w, 0.0) for w in weights)
    if total <= 1e-12:
        share = Fraction(1, len(weights))
        return (known.setdefault(share, share),) * len(weights)
    shares = [
        _ZERO if w <= 0.0 else Fraction(w / total).limit_denominator(DENOMINATOR) for w in weights
    ]
    largest = max(range(len(shares)), key=shares.__getitem__)
    shares[largest] += 1 - sum(shares)
    return tuple(known.setdefault(share, share) for share in shares)


_SUPPORT = 1e-9
"""A float plan's sequences above this are its support."""


def _exact_plan(program: _Program, seat: int) -> tuple[tuple[Fraction, ...], ...] | None:
    """``seat``'s plan made exact: the one on the float plan's support that keeps the
    sequence constraints and pays each sequence of the other seat that is a best
    answer to it (within a small tolerance) exactly the other seat's best there (its
    inequalities that hold with equality: complementary slackness). A behaviour
    strategy, or None where those equations have no solution or give a negative
    probability."""
    tree = program.tree
    other = 1 - seat
    mine, theirs = program.sequences[seat], program.sequences[other]
    in_x = [value > _SUPPORT for value in program.plans[seat]]
    in_x[0] = True
    tight, least = _answers(program, seat, in_x)
    x_size = mine.count
    # Columns: the seat's sequences, then the other seat's bound at its root
    # (x_size) and at each of its sets (x_size + 1 + number).
    equations: list[dict[int, Fraction]] = [{0: _ONE}]
    right = [_ONE]
    for number in mine.choices:
        up = program.parents[seat][number]
        if in_x[up]:
            base = mine.first[number]
            row = {base + a: _ONE for a in range(mine.widths[number]) if in_x[base + a]}
            row[up] = -_ONE
            equations.append(row)
            right.append(_ZERO)
    bound: dict[int, dict[int, Fraction]] = {sequence: {} for sequence in tight}
    bound[0][x_size] = _ONE
    for number in theirs.choices:
        base, column = theirs.first[number], x_size + 1 + number
        for sequence in range(base, base + theirs.widths[number]):
            if sequence in bound:
                bound[sequence][column] = _ONE
        up = program.parents[other][number]
        if up in bound:
            bound[up][column] = bound[up].get(column, _ZERO) - _ONE
    _subtract_payoffs(tree, seat, (mine, theirs), in_x, bound)
    equations.extend(bound.values())
    right.extend([_ZERO] * len(bound))
    guess = {
        sequence: Fraction(value).limit_denominator(DENOMINATOR)
        for sequence, value in enumerate(program.plans[seat])
        if in_x[sequence]
    }
    guess[x_size] = Fraction(least[-1]).limit_denominator(DENOMINATOR)
    for number in theirs.choices:
        guess[x_size + 1 + number] = Fraction(least[number]).limit_denominator(DENOMINATOR)
    solved = _solve_exactly(equations, right, guess)
    if solved is None:
        return None
    plan = [
        solved.get(sequence, _ZERO) if played else _ZERO for sequence, played in enumerate(in_x)
    ]
    strategy: list[tuple[Fraction, ...]] = []
    for number, (base, width) in enumerate(zip(mine.first, mine.widths, strict=True)):
        if base < 0:
            strategy.append((_ONE,))
            continue
        reach = plan[program.parents[seat][number]]
        if reach <= 0:
            strategy.append((Fraction(1, width),) * width)
            continue
        shares = tuple(plan[base + a] / reach for a in range(width))
        if min(shares) < 0:
            return None
        strategy.append(shares)
    return tuple(strategy)


def _terminals(
    tree: Tree,
    seat: int,
    sequences: tuple[_Sequences, _Sequences],
    in_x: list[bool] | None,
    one: Any,
    exact: bool,
    parents: tuple[array[int], array[int]] | None = None,
) -> Iterator[tuple[Any, Any, int, int]]:
    """Each terminal that ``seat`` reaches within its support (``in_x``; None: all its
    sequences): what it pays ``seat``, its chance (from ``one``), ``seat``'s sequence and
    the other seat's; in Fractions if ``exact``, else in floats. ``parents``, if given,
    gets the sequence (``seat``'s, the other's) that leads to each information set."""
    player, infoset, menu, start, kids = tree.player, tree.infoset, tree.menu, tree.start, tree.kids
    zero = 0 if exact else 0.0
    kind: type[Fraction | float] = Fraction if exact else float
    chances = [tuple(map(kind, entry.chances)) for entry in tree.menus]
    paid = [kind(entry.payoffs[seat]) if entry.payoffs else zero for entry in tree.menus]
    first = sequences[0].first, sequences[1].first
    stack: list[tuple[int, Any, int, int]] = [(0, one, 0, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, reach, x, y = pop()
        who = player[node]
        if who == TERMINAL:
            yield paid[menu[node]], reach, x, y
            continue
        below = kids[start[node] : start[node + 1]]
        if who == CHANCE:
            for child, p in zip(below, chances[menu[node]], strict=True):
                push((child, reach * p, x, y))
            continue
        mine = who == seat
        number = infoset[node]
        base = first[0 if mine else 1][number]
        if base < 0:  # a forced move: the same sequences
            push((below[0], reach, x, y))
        elif mine:
            if parents is not None:
                parents[0][number] = x
            for position, child in enumerate(below):
                if in_x is None or in_x[base + position]:
                    push((child, reach, base + position, y))
        else:
            if parents is not None:
                parents[1][number] = y
            for position, child in enumerate(below):
                push((child, reach, x, base + position))


def _answers(program: _Program, seat: int, in_x: list[bool]) -> tuple[list[int], list[float]]:
    """The other seat's answers to ``seat``'s float plan: its sequences that are best at
    their sets (the least ``seat`` gains there, within the tolerance), and the least
    ``seat`` gains at each of its sets (by number; the last entry: at its root)."""
    theirs, parents = program.sequences[1 - seat], program.parents[1 - seat]
    plan = program.plans[seat]
    gained = [0.0] * theirs.count
    pair = (program.sequences[seat], theirs)
    for value, reach, x, y in _terminals(program.tree, seat, pair, in_x, 1.0, False):
        gained[y] += reach * value * plan[x]
    least = [0.0] * (len(theirs.widths) + 1)
    tight = [0]
    for number in reversed(theirs.choices):
        base = theirs.first[number]
        values = gained[base : base + theirs.widths[number]]
        least[number] = best = min(values)
        tight.extend(base + a for a, value in enumerate(values) if value <= best + _SUPPORT)
        gained[parents[number]] += best
    least[-1] = gained[0]
    return tight, least


def _subtract_payoffs(
    tree: Tree,
    seat: int,
    sequences: tuple[_Sequences, _Sequences],
    in_x: list[bool],
    bound: dict[int, dict[int, Fraction]],
) -> None:
    """Take from each equation of the other seat's sequences (``bound``) what ``seat``
    gains there, exactly: each terminal's payoff times its chance, on the seat's
    sequence that reaches it (within the seat's support)."""
    for value, reach, x, y in _terminals(tree, seat, sequences, in_x, _ONE, True):
        row = bound.get(y)
        if value and row is not None:
            row[x] = row.get(x, _ZERO) - reach * value


def _solve_exactly(
    equations: list[dict[int, Fraction]], right: list[Fraction], guess: Mapping[int, Fraction]
) -> dict[int, Fraction] | None:
    """A solution of the sparse linear equations ``equations[i] . z = right[i]`` (each a
    map of column to coefficient) in Fractions, or None if they contradict one another.
    A column no equation pins down takes its ``guess`` (or 0).

    Gaussian elimination, each step on the shortest equation left and its column in
    the fewest others (to keep the equations sparse), then back substitution.
    """
    import heapq

    rows = [dict(row) for row in equations]
    right = list(right)
    where: dict[int, set[int]] = {}
    for index, row in enumerate(rows):
        for column in row:
            where.setdefault(column, set()).add(index)
    heap = [(len(row), index) for index, row in enumerate(rows)]
    heapq.heapify(heap)
    done = [False] * len(rows)
    pivots: list[tuple[int, int]] = []
    while heap:
        size, index = heapq.heappop(heap)
        row = rows[index]
        if done[index] or size != len(row):
            continue  # met again with its new size
        done[index] = True
        if not row:
            if right[index]:
                return None
            continue
        column = min(row, key=lambda one: (len(where[one]), one))
        pivots.append((index, column))
        for one in row:
            where[one].discard(index)
        pivot, given = row[column], right[index]
        for other in list(where[column]):
            changed = rows[other]
            factor = changed.pop(column) / pivot
            where[column].discard(other)
            for one, value in row.items():
                if one == column:
                    continue
                now = changed.get(one, _ZERO) - factor * value
                if now:
                    changed[one] = now
                    where[one].add(other)
                elif one in changed:
                    del changed[one]
                    where[one].discard(other)
            right[other] -= factor * given
            heapq.heappush(heap, (len(changed), other))
    values: dict[int, Fraction] = {}
    for index, column in reversed(pivots):
        total = right[index]
        for one, value in rows[index].items():
            if one != column:
                total -= value * values.get(one, guess.get(one, _ZERO))
        values[column] = total / rows[index][column]
    for column in where:
        values.setdefault(column, guess.get(column, _ZERO))
    return values
