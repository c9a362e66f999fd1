"""The differential property: a batch engine is its scalar engine, state for state.

For every registered game (the built-in games with their kernels, plugins through
the scalar loop) and every preset, with random seeds (some chosen so that a dice
draw is rejected) and random legal ids, every step compares each read-out with the
scalar engine's, the kernel's own arrays (``eng.fields``) with the scalar state's
fields, and ``eng.state(b, i)`` with the scalar state; now and then ``reset_done``
begins the games that are over anew, each from a seed of its own, or an engine made
with ``auto_reset`` does so inside ``step``.

A game with a kernel is also played under the whole space of its Rules (``RULES_SPACE``:
every preset, and Rules built field by field, every bool and choice, every int of a
short range, both ends and the low end of a long one, None where a field may be left
out), and at the far end of its tables: the most seats, each size of table at its
largest, the highest actions (bids, answers), every seat's observation compared.
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_streams import TWO64, seed_with_draw

import dicerules
from dicerules import testing
from dicerules.errors import InvalidRulesError
from dicerules.facts import ActionIds, returns
from dicerules.rulefields import FieldSpec, field_spec

np = pytest.importorskip("numpy")
batch = pytest.importorskip("dicerules.batch")

# A seed whose draw j is 2**64 - 1, which every die whose sides do not divide 2**64
# rejects: j up to 60 reaches the dice of later rounds, not only the first.
rejecting = st.integers(1, 60).map(lambda j: seed_with_draw(j, TWO64 - 1))
seeds_ = st.one_of(st.integers(0, TWO64 - 1), rejecting)
seeds = st.lists(seeds_, min_size=1, max_size=5)

PRESETS = [
    pytest.param(name, preset, id=f"{name}-{preset}")
    for name in sorted(dicerules.GAMES)
    for preset in dicerules.get_game(name).presets
]


def expected_fields(state: Any, fields: dict[str, object]) -> dict[str, object]:
    """The scalar state's values of the fields a kernel reports (``position``: its stream's)."""
    return {
        name: state.tape.stream.position if name == "position" else getattr(state, name)
        for name in fields
    }


def play_to_the_end(eng: Any, b: Any, states: list[Any], rng: Any) -> list[Any]:
    """Every game of ``b`` (the scalar ``states``) played to its end by random legal ids
    (``rng.choice``), each step compared with the scalar engine's; the end states."""
    game = eng.game
    compare(eng, b, states)
    while not all(game.is_terminal(state) for state in states):
        ids = [
            rng.choice(np.flatnonzero(row).tolist()) if row.any() else -1
            for row in eng.legal_mask(b)
        ]
        b = eng.step(b, np.array(ids))
        states = [
            s if i < 0 else game.apply(s, eng.actions[i]) for s, i in zip(states, ids, strict=True)
        ]
        compare(eng, b, states)
    assert [eng.state(b, index) for index in range(len(states))] == states
    return states


class Rows(dict):  # type: ignore[type-arg]
    """A kernel's arrays at ``rows``, each taken when it is first read (a kernel's
    ``legal`` reads a few of them)."""

    def __init__(self, data: Any, rows: Any) -> None:
        super().__init__()
        self.data, self.rows = data, rows

    def __missing__(self, name: str) -> Any:
        self[name] = self.data[name][self.rows]
        return self[name]


def compare(eng: Any, b: Any, states: list[Any], every_seat: bool = False) -> None:
    """Each read-out of ``b`` against the scalar ``states``; observations of the first
    and last seats and the spectator (``every_seat``: of every seat)."""
    game, rules = eng.game, eng.rules
    ids = ActionIds(eng.actions)
    players = [game.current_player(s) for s in states]
    assert eng.current_player(b).tolist() == [-1 if p is None else p for p in players]
    assert eng.is_terminal(b).tolist() == [game.is_terminal(s) for s in states]
    mask = eng.legal_mask(b)
    assert mask.shape == (len(states), len(eng.actions))
    for row, state in zip(mask, states, strict=True):
        assert np.flatnonzero(row).tolist() == list(ids.of(game.legal_actions(state)))
    legal = getattr(eng.kernel, "legal", None)  # the optional check of a kernel's ids
    if legal is not None:  # every id of every game, and two past each end, 256 ids a call
        width = len(eng.actions)
        padded = np.pad(mask, ((0, 0), (2, 2)))
        for first in range(0, width + 4, 256):
            block = np.arange(first, min(first + 256, width + 4))
            data = Rows(b.data, np.repeat(np.arange(len(states)), block.size))
            got = legal(data, np.tile(block - 2, len(states)))
            assert got.reshape(len(states), -1).tolist() == padded[:, block].tolist()
    assert eng.scores(b).tolist() == [list(game.scores(s)) for s in states]
    won = [[seat in game.winners(s) for seat in range(eng.seats)] for s in states]
    assert eng.winners(b).tolist() == won
    assert eng.returns(b).tolist() == [
        np.array(returns(game, s), dtype=np.float32).tolist() for s in states
    ]
    if game.observation is not None:
        seats = range(eng.seats) if every_seat else sorted({0, eng.seats - 1})
        for seat in [*seats, None]:
            obs = eng.observation(b, seat)
            assert obs.dtype == np.float32
            for row, state in zip(obs, states, strict=True):
                assert row.tolist() == list(game.observation.encode(rules, game.view(state, seat)))
        # One seat a game: the seat to act, the spectator (-1) in the games that are over.
        obs = eng.observation(b, eng.current_player(b))
        for row, state, seat in zip(obs, states, players, strict=True):
            assert row.tolist() == list(game.observation.encode(rules, game.view(state, seat)))
    for index, state in enumerate(states):
        fields = eng.fields(b, index)
        assert fields == expected_fields(state, fields)


class Drawn:
    """The choices of play that hypothesis draws: an id (any legal one, or one of the
    four highest: the highest bids, the answers), whether to reset, new seeds."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def pick(self, legal: list[int]) -> int:
        return self.data.draw(st.sampled_from(legal) | st.sampled_from(legal[-4:]))

    def coin(self) -> bool:
        return self.data.draw(st.booleans())

    def seeds(self, count: int) -> list[int]:
        return self.data.draw(st.lists(seeds_, min_size=count, max_size=count))


class Seeded:
    """The same choices made by a seeded ``random.Random``; ``highest``: the id is one of
    the four highest always (the far end of the tables)."""

    def __init__(self, seed: int, highest: bool = False) -> None:
        self.rng, self.highest = random.Random(seed), highest

    def pick(self, legal: list[int]) -> int:
        rng = self.rng
        return rng.choice(legal[-4:] if self.highest or rng.random() < 0.5 else legal)

    def coin(self) -> bool:
        return self.rng.random() < 0.5

    def seeds(self, count: int) -> list[int]:
        return [self.rng.randrange(TWO64) for _ in range(count)]


def play(
    eng: Any, seed_list: list[int], choices: Any, steps: int, every_seat: bool = False
) -> None:
    """Games of ``seed_list`` played ``steps`` steps as ``choices`` (Drawn, Seeded) pick
    them, each step compared with the scalar engine's (``compare``)."""
    game, seed_list = eng.game, list(seed_list)  # the drawn list stays as drawn
    b = eng.new_games(seed_list)
    states = [game.new_game(eng.rules, seed=seed) for seed in seed_list]
    compare(eng, b, states, every_seat)
    taken: list[list[int]] = [[] for _ in states]  # each game's ids since it began
    for _ in range(steps):
        if any(game.is_terminal(s) for s in states) and choices.coin():
            new_seeds = choices.seeds(len(states))
            before = b
            b = eng.reset_done(b, new_seeds)
            ended = [game.is_terminal(s) for s in states]
            assert b.ended.tolist() == ended
            assert before.seeds.tolist() == seed_list  # pure: ``before`` is unchanged
            for i, state in enumerate(states):
                if ended[i]:
                    assert b.final_scores[i].tolist() == list(game.scores(state))
                    states[i] = game.new_game(eng.rules, seed=new_seeds[i])
                    taken[i] = []
                    seed_list = [*seed_list[:i], new_seeds[i], *seed_list[i + 1 :]]
            compare(eng, b, states, every_seat)
            assert b.seeds.tolist() == seed_list
        if all(game.is_terminal(s) for s in states):
            break
        mask = eng.legal_mask(b)
        ids = [choices.pick(np.flatnonzero(row).tolist()) if row.any() else -1 for row in mask]
        b = eng.step(b, np.array(ids))
        states = [
            s if i < 0 else game.apply(s, eng.actions[i]) for s, i in zip(states, ids, strict=True)
        ]
        for row, i in zip(taken, ids, strict=True):
            row.extend([i] if i >= 0 else [])
        if eng.auto_reset:  # the games that ended begin anew from the next seed
            ended = [game.is_terminal(s) for s in states]
            assert b.ended.tolist() == ended
            for i in np.flatnonzero(ended).tolist():
                assert b.final_scores[i].tolist() == list(game.scores(states[i]))
                seed_list[i] = int(batch.next_seed(np.array([seed_list[i]], np.uint64))[0])
                states[i], taken[i] = game.new_game(eng.rules, seed=seed_list[i]), []
            assert b.seeds.tolist() == seed_list
        compare(eng, b, states, every_seat)
    for index, state in enumerate(states):
        assert eng.state(b, index) == state
        assert eng.history(b, index) == tuple(taken[index])


@pytest.mark.parametrize(("name", "preset"), PRESETS)
@settings(max_examples=6)
@given(seed_list=seeds, picks=st.data())
def test_batch_equals_scalar_for_every_preset(
    name: str, preset: str, seed_list: list[int], picks: st.DataObject
) -> None:
    game = dicerules.get_game(name)
    auto = picks.draw(st.booleans())  # games that end begin anew inside step, or stay over
    play(batch.engine(game, game.presets[preset], auto_reset=auto), seed_list, Drawn(picks), 40)


@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
@settings(max_examples=5)
@given(data=st.data(), seed_list=seeds)
def test_batch_equals_scalar_for_any_rules(
    name: str, data: st.DataObject, seed_list: list[int]
) -> None:
    game = dicerules.get_game(name)
    rules = data.draw(testing.rules(game))
    auto = data.draw(st.booleans())
    play(batch.engine(game, rules, auto_reset=auto), seed_list, Drawn(data), steps=20)


# The games whose kernel the tests above prove: each must be stepped by it, not the loop.
KERNELS = ["eighteen", "liars-dice", "link", "twenty-four"]


@pytest.mark.parametrize("name", KERNELS)
def test_a_game_with_a_kernel_is_stepped_by_it(name: str) -> None:
    eng = batch.engine(name)
    assert not eng.generic
    assert type(eng.kernel).__module__ == dicerules.get_game(name).batch.partition(":")[0]


def some_values(spec: FieldSpec) -> list[Any]:
    """Values of a Rules field: every bool and choice; every int of a range of at most 25,
    else both bounds and the three lowest (the first rounds); None where the field may
    be left out."""
    values: list[Any]
    if spec.kind == "bool":
        values = [False, True]
    elif spec.kind == "choice":
        values = list(spec.choices)
    else:
        low, high = spec.low, spec.high
        assert low is not None and high is not None  # every kernel's int fields are bounded
        values = list(range(low, high + 1)) if high - low < 25 else [low, low + 1, low + 2, high]
    return [*values, None] if spec.optional else values


def deck(spec: FieldSpec, rng: random.Random) -> Iterator[Any]:
    """A Rules field's values dealt for ever, shuffled afresh each round: ``some_values``
    and, for a range of more than 25, four more anywhere in it."""
    while True:
        values = some_values(spec)
        if spec.kind == "int" and spec.high - spec.low >= 25:
            values += [rng.randint(spec.low, spec.high) for _ in range(4)]
        rng.shuffle(values)
        yield from values


def with_value(rules: Any, name: str, value: Any) -> Any:
    """``rules`` with the field ``name`` set to ``value``, and where it must be, one other
    field changed too (a seat needs its players; ``calza_rounds`` its calza); ``rules``
    itself when no such change makes them valid."""
    with contextlib.suppress(InvalidRulesError):
        return attrs.evolve(rules, **{name: value})
    for field in attrs.fields(type(rules)):
        if field.name == name:
            continue
        for other in some_values(field_spec(field)):
            with contextlib.suppress(InvalidRulesError):
                return attrs.evolve(rules, **{field.name: other, name: value})
    return rules


def rules_space(name: str, count: int) -> list[Any]:
    """The presets of game ``name``, and ``count`` Rules built field by field, each
    field's value dealt from its ``deck`` (``with_value``), in the fields' order and in
    reverse by turns (of two fields that clash, the one set last keeps its value): each
    distinct once."""
    game = dicerules.get_game(name)
    rng = random.Random(name)
    decks = {field.name: deck(field_spec(field), rng) for field in attrs.fields(game.Rules)}
    space = dict.fromkeys(game.presets.values())
    for built in range(count):
        rules = game.Rules()
        for field in list(decks)[:: 1 if built % 2 else -1]:
            rules = with_value(rules, field, next(decks[field]))
        space[rules] = None
    return list(space)


RULES_SPACE = {name: rules_space(name, 40) for name in KERNELS}
CASES = [
    pytest.param(name, index, id=f"{name}-{index}")
    for name in KERNELS
    for index in range(len(RULES_SPACE[name]))
]


def test_the_rules_space_holds_every_value_of_every_field() -> None:
    for name, space in RULES_SPACE.items():
        for field in attrs.fields(dicerules.get_game(name).Rules):
            spec = field_spec(field)
            held = {getattr(rules, field.name) for rules in space}
            want: set[Any] = {None} if spec.optional else set()
            if spec.kind == "bool":
                want |= {False, True}
            elif spec.kind == "choice":
                want |= set(spec.choices)
            else:
                want |= {spec.low, spec.high}
            assert want <= held, (name, field.name, want - held)


@pytest.mark.parametrize(("name", "index"), CASES)
def test_batch_equals_scalar_over_the_rules_space(name: str, index: int) -> None:
    """Three games of each Rules (one from a seed with a rejected draw) played 30 steps,
    then two to the highest ids with every seat's observation."""
    eng = batch.engine(name, RULES_SPACE[name][index])
    rng = random.Random(index)
    seed_list = [rng.randrange(TWO64), seed_with_draw(rng.randint(1, 60), TWO64 - 1), index]
    play(eng, seed_list, Seeded(index), steps=30)
    play(eng, [rng.randrange(TWO64), 0], Seeded(index, highest=True), eng.seats + 2, True)


@pytest.mark.parametrize(("name", "index"), CASES)
def test_observations_at_the_far_end_of_every_table(name: str, index: int) -> None:
    """Each Rules with the most seats, played to the highest ids: every seat's observation."""
    rules = RULES_SPACE[name][index]
    spec = field_spec(attrs.fields_dict(type(rules))["players"])
    if rules.players == spec.high:
        pytest.skip("the rules space's own test plays these rules")
    eng = batch.engine(name, attrs.evolve(rules, players=spec.high))
    seed_list = [random.Random(index).randrange(TWO64)]
    play(eng, seed_list, Seeded(index, highest=True), eng.seats + 2, every_seat=True)


def table_sizes(name: str) -> list[Any]:
    """Rules of game ``name`` at the far end of each size of table: of every valid mix of
    its int fields of at most 25 values (the others left out), the first with the most
    action-seat pairs at or below each power of two from 2**3 to 2**15, and with the most
    of all. Kernels keep codes in the smallest int that holds them."""
    game = dicerules.get_game(name)
    specs = {field.name: field_spec(field) for field in attrs.fields(game.Rules)}
    small = [n for n, spec in specs.items() if spec.kind == "int" and spec.high - spec.low < 25]
    sizes: dict[int, Any] = {}
    for values in itertools.product(*(some_values(specs[n]) for n in small)):
        with contextlib.suppress(InvalidRulesError):
            rules = game.Rules(**dict(zip(small, values, strict=True)))
            sizes.setdefault(len(game.distinct_actions(rules)) * game.seats(rules), rules)
    ranked = sorted(sizes)
    far = {max(size for size in ranked if size <= 2**k) for k in range(3, 16) if ranked[0] <= 2**k}
    return [sizes[size] for size in sorted({*far, ranked[-1]})]


@pytest.mark.parametrize("name", KERNELS)
def test_observations_at_the_far_end_of_every_size_of_table(name: str) -> None:
    """Rules of each size of table (``table_sizes``), played to the highest ids with
    every seat's observation."""
    rng = random.Random(name)
    for rules in table_sizes(name):
        eng = batch.engine(name, rules)
        choices = Seeded(rng.randrange(TWO64), highest=True)
        play(eng, [rng.randrange(TWO64)], choices, eng.seats + 2, every_seat=True)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "index"), CASES[::3])
def test_long_games_over_the_rules_space(name: str, index: int) -> None:
    """Every third Rules of the space, two games played 300 steps (later rounds, the
    calza limits, eliminations, the ends of games)."""
    eng = batch.engine(name, RULES_SPACE[name][index])
    rng = random.Random(-index)
    play(eng, [rng.randrange(TWO64), rng.randrange(TWO64)], Seeded(-index), steps=300)


@pytest.mark.parametrize("auto", [False, True], ids=["reset_done", "auto_reset"])
@pytest.mark.parametrize("name", sorted(dicerules.GAMES))
def test_reset_done_begins_each_game_that_is_over_from_its_own_seed(name: str, auto: bool) -> None:
    """Many games in a row in each of three rows, begun anew by ``reset_done`` or inside
    ``step`` (``auto_reset``): after every step each row's read-outs, ``state`` and
    ``history`` are those of its own game, as the scalar engine plays it from that
    game's seed, and the rewards pay each finished game's returns."""
    eng = batch.engine(name, auto_reset=auto)
    game, rng = eng.game, np.random.default_rng(7)
    seed_list = [3, 1, 4]
    b = eng.new_games(seed_list)
    states = [game.new_game(eng.rules, seed=seed) for seed in seed_list]
    taken: list[list[int]] = [[], [], []]
    ended = 0
    for step in range(160):
        ids = [
            int(rng.choice(np.flatnonzero(row))) if row.any() else -1 for row in eng.legal_mask(b)
        ]
        before, b = b, eng.step(b, np.array(ids))
        for i, action in enumerate(ids):
            if action >= 0:
                states[i] = game.apply(states[i], eng.actions[action])
                taken[i].append(action)
        new_seeds = [1000 * step + i for i in range(3)]
        seeded = step % 2 and not auto
        if not auto:
            b = eng.reset_done(b, new_seeds if seeded else None)
        paid = eng.rewards(before, b)
        assert b.ended.tolist() == [game.is_terminal(state) for state in states]
        for i in range(3):
            finished = np.float32(returns(game, states[i])) if b.ended[i] else np.zeros(eng.seats)
            assert paid[i].tolist() == finished.tolist()
        for i in np.flatnonzero(b.ended).tolist():
            assert b.final_returns[i].tolist() == np.float32(returns(game, states[i])).tolist()
            assert b.final_scores[i].tolist() == list(game.scores(states[i]))
            seed = (
                new_seeds[i]
                if seeded
                else int(batch.next_seed(np.array([seed_list[i]], np.uint64))[0])
            )
            seed_list[i], states[i], taken[i] = seed, game.new_game(eng.rules, seed=seed), []
            ended += 1
        compare(eng, b, states)
        for i in range(3):
            assert eng.state(b, i) == states[i]
            assert eng.history(b, i) == tuple(taken[i])
    assert ended >= 3
    assert b.starts is not None and b.starts.min() == 0  # the steps no game holds are gone
