"""The conformance suite: every promise of the Game protocol, checked on registered games.

The built-in games are held to this suite, and any game can be: with dicerules
installed (and hypothesis, its ``testing`` extra), ``pytest -p dicerules.pytest_plugin
--dicerules-game NAME`` runs it on the registered game NAME (a plugin's entry point,
or a game a conftest.py registers), from any directory; repeat the option for more
games. dicerules' own
tests run it on every registered game. It needs nothing but pytest, hypothesis and
dicerules: no NumPy, no adapter.

Each game is played under each of its presets: several seeded random games (actions
picked by a SeededStream, never the random module), with the protocol checked at
every step, records and replay, notation, illegal and forged actions, views, values
(frozen, picklable, with stable reprs), random play that ends (under presets and
under any valid rules), and ``dicerules.testing.check_game``, which also proves every
optional part the game declares. Only the Game contract, the streams and the
records are used, never one game's own classes or name: what differs between games
is read from the Game's parts (``hides_information``, ``outside_scores``, ``seats``,
``acting_seats``, ``max_length``).
"""

from __future__ import annotations

import copy
import functools
import json
import numbers
import pickle
from collections.abc import Iterable, Iterator, Mapping, MutableMapping, MutableSequence, MutableSet
from enum import Enum
from typing import Any, cast

import attrs
import pytest

pytest.importorskip(
    "hypothesis", reason='the conformance suite needs hypothesis: pip install "dicerules[testing]"'
)

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from dicerules.errors import IllegalActionError, InvalidActionError, ReplayError
from dicerules.game import GAMES, AnyGame, get_game
from dicerules.records import FORMAT, GameRecord, record, replay
from dicerules.rulefields import field_spec
from dicerules.streams import ScriptedStream, SeededStream
from dicerules.testing import (
    check_finished,
    check_game,
    check_illegal,
    check_messages_named,
    check_replay,
    check_state,
    check_step,
)
from dicerules.testing import rules as any_rules

SEEDS = range(6)
"""The seeded random games played per game and preset."""

MAX_STEPS = 5000
"""Every random game must end within this many actions."""

GARBAGE = ("", "xyz", "🎲", "   ", "\x00")
"""Text that is no game's notation."""

OPTION = "dicerules_game"
"""The pytest option (``--dicerules-game``) that names the games to check."""


# ------------------------------------------------------------------------ the cases


def selected_games(config: pytest.Config) -> list[str]:
    """The games ``--dicerules-game`` names (UnknownGameError for one not registered);
    every registered game when it names none."""
    names = config.getoption(OPTION, default=None) or list(GAMES)
    for name in names:
        get_game(name)
    return list(dict.fromkeys(names))


@attrs.frozen
class Case:
    """One registered game under one of its presets."""

    game_name: str
    preset: str

    @property
    def game(self) -> Any:
        return get_game(self.game_name)

    @property
    def rules(self) -> Any:
        return self.game.presets[self.preset]

    def __str__(self) -> str:
        return f"{self.game_name}-{self.preset}"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``case``: each selected game under each preset; ``game_name``: each selected game."""
    names = selected_games(metafunc.config)
    if "case" in metafunc.fixturenames:
        cases = [Case(name, preset) for name in names for preset in get_game(name).presets]
        metafunc.parametrize("case", cases, ids=str)
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", names)


def test_every_game_has_presets(game_name: str) -> None:
    game = get_game(game_name)
    assert game.name == game_name
    assert game.presets, f"{game_name} has no presets"
    assert game.default_rules in game.presets.values(), f"{game_name}: default_rules is no preset"


def test_every_field_of_a_message_has_a_name(game_name: str) -> None:
    """dicerules.testing.check_messages_named: no View field is a tuple of mixed types
    that a message could hold only by position."""
    check_messages_named(get_game(game_name))


# ------------------------------------------------------------------- random games


def random_states(game: AnyGame, state: Any, chooser: SeededStream, steps: int) -> Iterator[Any]:
    """``state``, then the state after each random legal action, until the game ends or
    ``steps`` actions are taken; each action picked by one die of as many sides as
    there are legal actions, from ``chooser``."""
    yield state
    stream: Any = chooser
    for _ in range(steps):
        if game.is_terminal(state):
            return
        legal = game.legal_actions(state)
        assert legal, f"{game.name}: no legal action, and the game is not over"
        (face,), stream = stream.roll(1, len(legal))
        state = game.apply(state, legal[face - 1])
        yield state


@attrs.frozen
class Playthrough:
    """A seeded random game: ``states[i + 1] == apply(states[i], actions[i])``."""

    seed: int
    states: tuple[Any, ...]
    actions: tuple[Any, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]

    def steps(self) -> Iterator[tuple[int, Any, Any, Any]]:
        """(index, state, action, next state) for every action."""
        return zip(
            range(len(self.actions)), self.states[:-1], self.actions, self.states[1:], strict=True
        )


def play(game: Any, rules: Any, seed: int, chooser_seed: int) -> Playthrough:
    """Play a random game to its end; fail if it runs past MAX_STEPS."""
    start = game.new_game(rules, seed=seed)
    states = list(random_states(game, start, SeededStream(chooser_seed), MAX_STEPS))
    assert game.is_terminal(states[-1]), (
        f"{game.name} seed {seed}: no end within {MAX_STEPS} actions"
    )
    return Playthrough(seed, tuple(states), game.history(states[-1]))


def advance(game: Any, state: Any, chooser_seed: int, steps: int) -> Any:
    """The state after up to ``steps`` random legal actions (fewer if the game ends)."""
    *_, last = random_states(game, state, SeededStream(chooser_seed), steps)
    return last


@functools.cache
def playthrough(case: Case, seed: int) -> Playthrough:
    """Random game number ``seed`` of ``case`` (states are immutable, so it is cached)."""
    return play(case.game, case.rules, seed=10_000 + seed, chooser_seed=seed)


@pytest.fixture
def games(case: Case) -> list[Playthrough]:
    return [playthrough(case, seed) for seed in SEEDS]


def all_states(games: list[Playthrough]) -> Iterator[Any]:
    for played in games:
        yield from played.states


def seats(game: Any, state: Any) -> int:
    return len(game.scores(state))


def roundtrip(value: object) -> Any:
    return pickle.loads(pickle.dumps(value))


# ---------------------------------------------------------------- walking values


LEAVES = (numbers.Number, str, bytes, type(None), Enum)
MUTABLE = (list, dict, set, bytearray, MutableSequence, MutableMapping, MutableSet, Mapping)


def walk(value: object, path: str = "", depth: int = 0) -> Iterator[tuple[str, object]]:
    """Every value inside ``value`` (itself included) with its path.

    attrs instances are walked field by field, tuples and frozensets item by item,
    other iterables (such as the tape's persistent log) by iterating them.
    """
    assert depth < 200, f"{path}: nested too deep (a cycle?)"
    yield path or "<top>", value
    if isinstance(value, (*LEAVES, *MUTABLE)):
        return
    if attrs.has(type(value)):
        for field in attrs.fields(cast(Any, type(value))):
            yield from walk(getattr(value, field.name), f"{path}.{field.name}", depth + 1)
    elif isinstance(value, tuple | frozenset):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]", depth + 1)
    elif hasattr(type(value), "__iter__"):
        for index, item in enumerate(cast(Iterable[object], value)):
            yield from walk(item, f"{path}<{index}>", depth + 1)


def assert_frozen_value(value: object, what: str) -> None:
    """A frozen attrs instance, holding only immutable values all the way down."""
    assert attrs.has(type(value)), f"{what} {type(value).__name__} is not an attrs class"
    for path, inner in walk(value):
        where = f"{what} {type(value).__name__} at {path}"
        assert not isinstance(inner, MUTABLE), f"{where} holds a {type(inner).__name__}"
        if attrs.has(type(inner)):
            assert_cannot_assign(inner, where)
        elif not isinstance(inner, (*LEAVES, tuple, frozenset)):
            assert hasattr(type(inner), "__iter__"), (
                f"{where} holds a {type(inner).__name__}, neither a value nor a sequence"
            )
    hash(value)


def assert_cannot_assign(value: object, where: str) -> None:
    """Assigning to a field raises FrozenInstanceError (tried on a copy, in case it works)."""
    target = copy.copy(value)
    fields = attrs.fields(cast(Any, type(value)))
    name = fields[0].name if fields else "conformance_probe"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(target, name, None)


# ------------------------------------------------------------ terminal and turns


def test_random_games_end_within_the_bound(case: Case) -> None:
    for seed in SEEDS:
        played = playthrough(case, seed)
        assert len(played.actions) <= MAX_STEPS
        assert case.game.is_terminal(played.final)


def test_every_state_keeps_the_promises_of_a_state(case: Case, games: list[Playthrough]) -> None:
    """dicerules.testing.check_state: turns, winners, scores, notation and views."""
    game = case.game
    for played in games:
        count = seats(game, played.states[0])
        assert count >= 1
        for state in played.states:
            check_state(game, state, seats=count)


def test_every_step_keeps_the_promises_of_a_step(case: Case) -> None:
    """dicerules.testing.check_step: apply is pure and deterministic, history grows by the
    action, and the game's conservation law holds."""
    game = case.game
    for seed in SEEDS:
        # A fresh game (not the cached one), so a mutation cannot leak into other tests.
        played = play(game, case.rules, seed=20_000 + seed, chooser_seed=seed)
        assert game.history(played.states[0]) == ()
        for _, state, action, after in played.steps():
            check_step(game, state, action, after)
            assert after is not state and after != state
        assert game.history(played.final) == played.actions


def test_the_conservation_law_holds_through_whole_games(
    case: Case, games: list[Playthrough]
) -> None:
    """A game with ``outside_scores`` keeps ``sum(scores) + outside_scores`` in every
    state of a game; one without has no ``conserved`` number."""
    game = case.game
    if game.outside_scores is None:
        with pytest.raises(ValueError):
            game.conserved(games[0].states[0])
        return
    for played in games:
        first = game.conserved(played.states[0])
        assert type(first) is int
        for state in played.states:
            assert game.conserved(state) == first
            assert sum(game.scores(state)) + game.outside_scores(state) == first


def test_seats_and_acting_seats_agree_with_play(case: Case, games: list[Playthrough]) -> None:
    """``seats(rules)`` is the length of the scores; only ``acting_seats`` ever act."""
    game = case.game
    acting = game.acting_seats(case.rules)
    count = game.seats(case.rules)
    assert acting and set(acting) <= set(range(count)) and list(acting) == sorted(set(acting))
    for played in games:
        for state in played.states:
            assert len(game.scores(state)) == count
            player = game.current_player(state)
            assert player is None or player in acting, f"seat {player} acted, not in {acting}"


# ---------------------------------------------------------------- purity


def test_reading_a_state_never_mutates_it(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    for state in all_states(games):
        before, before_hash = pickle.dumps(state), hash(state)
        game.legal_actions(state)
        game.current_player(state)
        game.is_terminal(state)
        game.winners(state)
        game.scores(state)
        game.history(state)
        game.describe(state)
        record(state)
        for seat in (None, *range(seats(game, state))):
            game.view(state, seat)
        assert pickle.loads(before) == state
        assert hash(state) == before_hash


def test_legal_action_order_is_deterministic(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    for played in games:
        for state in played.states:
            legal = game.legal_actions(state)
            assert game.legal_actions(state) == legal
            assert game.legal_actions(roundtrip(state)) == legal
        # The same game played again from its record lists the same actions, in order.
        again = game.new_game(case.rules, seed=played.seed)
        for state, action in zip(played.states, played.actions, strict=False):
            assert game.legal_actions(again) == game.legal_actions(state)
            again = game.apply(again, action)
        assert again == played.final


def test_same_seed_gives_equal_games(case: Case) -> None:
    game = case.game
    for seed in (0, 1, 2**64 - 1):
        first = game.new_game(case.rules, seed=seed)
        second = game.new_game(case.rules, seed=seed)
        assert first == second and hash(first) == hash(second)
        assert repr(first) == repr(second)
        assert game.new_game(case.rules, stream=SeededStream(seed)) == first
    assert game.new_game(seed=5) == game.new_game(game.default_rules, seed=5)


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", GARBAGE, ids=repr)
def test_garbage_notation_is_an_invalid_action(
    case: Case, games: list[Playthrough], text: str
) -> None:
    game = case.game
    for state in (games[0].states[0], games[0].states[1], games[0].final):
        before = pickle.dumps(state)
        with pytest.raises(InvalidActionError):
            game.parse_action(state, text)
        assert pickle.loads(before) == state


def test_an_action_object_of_no_kind_is_invalid(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    state = games[0].states[0]
    for junk in (object(), None, "challenge", 3):
        with pytest.raises(InvalidActionError):
            game.apply(state, junk)


# --------------------------------------------------------------- illegal actions


def action_pool(games: list[Playthrough], game: Any) -> list[Any]:
    """Every action legal somewhere in the games, in first-seen order."""
    pool: dict[Any, None] = {}
    for state in all_states(games):
        pool.update(dict.fromkeys(game.legal_actions(state)))
    return list(pool)


def test_an_illegal_action_raises_and_changes_nothing(case: Case, games: list[Playthrough]) -> None:
    """dicerules.testing.check_illegal, with actions legal elsewhere in the games."""
    game = case.game
    pool = action_pool(games, game)
    tried = 0
    for state in all_states(games):
        legal = set(game.legal_actions(state))
        illegal = [action for action in pool if action not in legal]
        check_illegal(game, state, illegal[:2] + illegal[-2:])
        tried += len(illegal[:2] + illegal[-2:])
    if not tried:
        pytest.skip(f"{case.game_name}: every action seen stays legal until the end")


def test_no_action_is_legal_in_a_finished_game(case: Case, games: list[Playthrough]) -> None:
    """dicerules.testing.check_finished, with every action seen in the games."""
    game = case.game
    pool = action_pool(games, game)
    for played in games:
        check_finished(game, played.final, pool)


# ------------------------------------------------------------- records and replay


def test_record_and_replay_round_trip_at_every_step(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    for played in games:
        for state in played.states:
            rec = record(state)
            assert rec.game == case.game_name
            assert rec.actions == tuple(game.format_action(a) for a in game.history(state))
            again = replay(rec)
            assert again == state and hash(again) == hash(state)
            text = rec.to_json()
            assert GameRecord.from_json(text) == rec
            assert replay(GameRecord.from_json(text)) == state
            assert record(replay(rec)) == rec


def test_record_json_has_exactly_the_contract_keys(case: Case, games: list[Playthrough]) -> None:
    data = json.loads(record(games[0].final).to_json())
    assert list(data) == ["format", "game", "rules", "stream", "actions", "rolls"]
    assert data["format"] == FORMAT
    assert data["game"] == case.game_name
    assert data["stream"] == {"seed": str(games[0].seed)}
    # Every field, but those added after records were first written while at their default.
    rules = games[0].final.rules
    assert set(data["rules"]) == {
        field.name
        for field in attrs.fields(case.game.Rules)
        if not (
            (spec := field_spec(field)) is not None
            and spec.added_later
            and getattr(rules, field.name) == field.default
        )
    }
    assert all(isinstance(value, str) for value in data["actions"])
    assert all(type(value) is int for value in data["rolls"])


def test_a_scripted_game_plays_the_seeded_game_again(case: Case, games: list[Playthrough]) -> None:
    """dicerules.testing.check_replay: the dice a seeded game drew, scripted, with its
    actions, give the same game at every step, and its record round-trips."""
    game = case.game
    for played in games:
        rolls = record(played.final).rolls
        for step, state in enumerate(played.states):
            check_replay(game, case.rules, rolls, played.actions[:step], state)


def test_a_game_begun_partway_through_a_stream_replays_equal(
    case: Case, games: list[Playthrough]
) -> None:
    game = case.game
    played = games[0]
    rolls = record(played.final).rolls
    skipped = (1,) * 5
    seeded = advance(game, game.new_game(case.rules, stream=SeededStream(played.seed, 3)), 3, 10)
    scripted = game.new_game(case.rules, stream=ScriptedStream(skipped + rolls, 5))
    for action in played.actions[:10]:
        scripted = game.apply(scripted, action)
    for stream, state in ((SeededStream(played.seed, 3), seeded), (scripted.tape.origin, scripted)):
        rec = record(state)
        again = replay(rec)
        equal = again == state  # (compared apart: the whole states are too long to print)
        assert equal, (
            f"a game begun with {short(stream)} replays to a state that differs at"
            f" {differences(again, state)}"
        )
        assert replay(GameRecord.from_json(rec.to_json())) == state


def test_new_game_without_seed_or_stream_keeps_a_drawn_seed(case: Case) -> None:
    game = case.game
    seeds = set()
    for _ in range(2):
        state = game.new_game(case.rules)
        rec = record(state)
        stream = cast(dict[str, int], rec.to_dict()["stream"])
        assert set(stream) == {"seed"}
        seeds.add(stream["seed"])
        assert replay(rec) == state
        state = advance(game, state, 7, 20)
        assert replay(record(state)) == state
        assert replay(GameRecord.from_json(record(state).to_json())) == state
    assert len(seeds) == 2, "two games without a seed drew the same seed"


def illegal_text(game: Any, state: Any, texts: list[str]) -> str | None:
    """A well-formed action text that is not legal in ``state``, or None."""
    legal = {game.format_action(action) for action in game.legal_actions(state)}
    for text in texts:
        if text not in legal:
            with pytest.raises(IllegalActionError):
                game.parse_action(state, text)
            return text
    return None


def test_replay_names_the_step_of_an_illegal_last_action(
    case: Case, games: list[Playthrough]
) -> None:
    game = case.game
    texts = [game.format_action(action) for action in action_pool(games, game)]
    for played in games:
        # The latest step where some action seen in these games is not legal; a game
        # whose every action stays legal until the end gets malformed text.
        step, bads = len(played.actions) - 1, ["xyz"]
        for earlier in reversed(range(len(played.actions))):
            text = illegal_text(game, played.states[earlier], texts)
            if text is not None:
                step, bads = earlier, [text, "xyz"]
                break
        rec = record(played.states[step + 1])
        assert len(rec.actions) == step + 1
        for bad in bads:
            tampered = attrs.evolve(rec, actions=(*rec.actions[:-1], bad))
            for candidate in (tampered, GameRecord.from_json(tampered.to_json())):
                with pytest.raises(ReplayError) as error:
                    replay(candidate)
                assert error.value.step == step, f"{error.value} (step {error.value.step})"


def test_replay_names_the_step_of_an_action_after_the_end(
    case: Case, games: list[Playthrough]
) -> None:
    game = case.game
    for played in games:
        rec = record(played.final)
        extra = game.format_action(played.actions[-1])
        tampered = attrs.evolve(rec, actions=(*rec.actions, extra))
        with pytest.raises(ReplayError) as error:
            replay(tampered)
        assert error.value.step == len(played.actions)


def test_replay_notices_changed_dice(case: Case, games: list[Playthrough]) -> None:
    for played in games:
        rec = record(played.final)
        assert rec.rolls, "a whole game drew no dice"
        sides = max(rec.rolls)
        for index in (0, len(rec.rolls) - 1):
            rolls = list(rec.rolls)
            rolls[index] = rolls[index] % sides + 1 if sides > 1 else rolls[index] + 1
            with pytest.raises(ReplayError):
                replay(attrs.evolve(rec, rolls=tuple(rolls)))
        with pytest.raises(ReplayError):
            replay(attrs.evolve(rec, rolls=(*rec.rolls, 1)))


def short(value: object) -> str:
    text = repr(value)
    return text if len(text) < 80 else f"{text[:60]}...{text[-15:]}"


def differences(a: object, b: object, path: str = "") -> list[str]:
    """The attrs field paths where ``a`` and ``b`` differ, each with both values in short."""
    if a == b:
        return []
    if type(a) is type(b) and attrs.has(type(a)):
        found = []
        for field in attrs.fields(cast(Any, type(a))):
            found += differences(
                getattr(a, field.name), getattr(b, field.name), f"{path}.{field.name}"
            )
        return found
    return [f"{path}: {short(a)} != {short(b)}"]


# ------------------------------------------------------------ the public checker


def examples(share: int) -> int:
    """A share of the hypothesis profile's examples (dicerules' own tests use a quick one)."""
    return max(10, settings().max_examples // share)


def test_check_game_finds_every_promise_kept(case: Case) -> None:
    """dicerules.testing.check_game: hypothesis-driven play of the preset, then whole
    seeded games of it, every optional part the game declares included."""
    check_game(case.game, rules=case.rules, max_examples=examples(3))


def test_check_game_finds_every_promise_kept_under_any_rules(game_name: str) -> None:
    """check_game over rules drawn from every field's whole range (the whole games of
    each preset are the test above's)."""
    check_game(get_game(game_name), max_examples=examples(3), whole_games=0)


# ------------------------------------------------------------------- seeds


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("1", TypeError), (True, TypeError)],
    ids=["-1", "2**64", "1.5", "str", "True"],
)
def test_a_bad_seed_is_refused(case: Case, seed: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        case.game.new_game(case.rules, seed=seed)


def test_a_seed_and_a_stream_together_are_refused(case: Case) -> None:
    with pytest.raises(ValueError):
        case.game.new_game(case.rules, seed=1, stream=SeededStream(1))


def test_the_extreme_seeds_are_accepted(case: Case) -> None:
    for seed in (0, 2**64 - 1):
        state = case.game.new_game(case.rules, seed=seed)
        assert replay(record(state)) == state


# --------------------------------------------------------------- values


def test_states_actions_rules_views_are_frozen_immutable_values(
    case: Case, games: list[Playthrough]
) -> None:
    game = case.game
    assert_frozen_value(case.rules, "rules")
    for played in games[:2]:
        for state in played.states:
            assert_frozen_value(state, "state")
            for action in game.legal_actions(state):
                assert_frozen_value(action, "action")
            for seat in (None, *range(seats(game, state))):
                assert_frozen_value(game.view(state, seat), "view")


def test_pickle_round_trips_every_value(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    for rules in game.presets.values():
        assert roundtrip(rules) == rules and hash(roundtrip(rules)) == hash(rules)
    for state in all_states(games):
        copied = roundtrip(state)
        assert copied == state and hash(copied) == hash(state)
        assert game.legal_actions(copied) == game.legal_actions(state)
        for action in game.legal_actions(state):
            assert roundtrip(action) == action and hash(roundtrip(action)) == hash(action)
        for seat in (None, *range(seats(game, state))):
            view = game.view(state, seat)
            assert roundtrip(view) == view and hash(roundtrip(view)) == hash(view)


def test_reprs_are_deterministic(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    assert repr(roundtrip(case.rules)) == repr(case.rules)
    for state in all_states(games):
        values = [state, *game.legal_actions(state)]
        values += [game.view(state, seat) for seat in (None, *range(seats(game, state)))]
        for value in values:
            text = repr(value)
            assert repr(value) == text
            assert repr(roundtrip(value)) == text
            assert " at 0x" not in text, f"repr shows a memory address: {text}"


# ----------------------------------------------------------------- views


def test_views_do_not_change_with_the_future_dice(case: Case, games: list[Playthrough]) -> None:
    """Only the stream differs (a hidden thing): every seat sees the same."""
    game = case.game
    for state in all_states(games):
        other = SeededStream(12345)
        tape = attrs.evolve(state.tape, origin=other, stream=other)
        twin = attrs.evolve(state, tape=tape)
        assert twin != state
        for seat in (None, *range(seats(game, state))):
            assert game.view(twin, seat) == game.view(state, seat)
            assert repr(game.view(twin, seat)) == repr(game.view(state, seat))


def test_resample_hidden_redraws_only_what_a_seat_may_not_know(
    case: Case, games: list[Playthrough]
) -> None:
    """check_state compares each seat's view of a redrawn twin; here, the redraw must
    change the state somewhere (or that check proves nothing), and never the rules,
    history or scores."""
    game = case.game
    if not game.hides_information:
        pytest.skip(f"{case.game_name} hides nothing")
    changed = 0
    for index, state in enumerate(all_states(games)):
        for seat in (None, *range(seats(game, state))):
            twin = game.resample_hidden(state, seat, SeededStream(index))
            assert type(twin) is type(state) and twin.rules == state.rules
            assert game.history(twin) == game.history(state)
            assert game.scores(twin) == game.scores(state)
            assert game.view(twin, seat) == game.view(state, seat)
            # A field left out of == still shows in the repr, and so in every log.
            assert repr(game.view(twin, seat)) == repr(game.view(state, seat))
            changed += twin != state
    assert changed, f"resample_hidden never changed a {case.game_name} state"


def test_a_seat_that_does_not_exist_has_no_view(case: Case, games: list[Playthrough]) -> None:
    game = case.game
    for state in (games[0].states[0], games[0].final):
        count = seats(game, state)
        for seat in (count, count + 1, -1, -count):
            with pytest.raises(ValueError):
                game.view(state, seat)


# ------------------------------------------------------------- every game ends
#
# Rules under which a game could go on for ever are refused by the game's Rules class
# (or bounded by a default); random play under every preset and under any rules that
# ``dicerules.testing.rules`` draws is the check that none slipped through.

PRESET_BOUND = 5_000
"""Random play under a preset ends within this many actions."""

ANY_RULES_BOUND = 50_000
"""Random play under any valid rules ends within this many actions (the longest games
the fields allow, such as a hundred rounds of many seats, stay well below it)."""

END_SEEDS = range(20)
"""The seeded random games played to their end per preset."""


def play_to_the_end(game: Any, rules: Any, seed: int, bound: int) -> int:
    """The number of actions a random game takes; AssertionError past ``bound``, or past
    the game's own ``max_length`` for these rules where it declares one."""
    declared = game.max_length(rules)
    if declared is not None:
        bound = min(bound, declared)
    start = game.new_game(rules, seed=seed)
    for count, state in enumerate(random_states(game, start, SeededStream(seed), bound + 1)):
        if game.is_terminal(state):
            return count
    raise AssertionError(
        f"{game.name} with {rules!r}, seed {seed}: no end within {bound} random actions"
    )


def test_random_play_of_every_preset_ends(case: Case) -> None:
    for seed in END_SEEDS:
        play_to_the_end(case.game, case.rules, seed, PRESET_BOUND)


def test_random_play_under_any_rules_ends(game_name: str) -> None:
    game = get_game(game_name)

    @settings(
        max_examples=max(30, settings().max_examples),
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
        # No shrinking: each try of an endless game costs the whole bound, and the
        # message already names the rules and the seed.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(rules=any_rules(game), seed=st.integers(0, 2**64 - 1))
    def ends(rules: Any, seed: int) -> None:
        play_to_the_end(game, rules, seed, ANY_RULES_BOUND)

    ends()


# ------------------------------------------------------------- forged actions
#
# ``apply`` checks an action's field types, not only its values.


def forged(action: Any, name: str, value: object) -> Any:
    """``action`` with field ``name`` set to ``value``, no validator run."""
    fake = object.__new__(type(action))
    for field in attrs.fields(type(action)):
        object.__setattr__(fake, field.name, getattr(action, field.name))
    object.__setattr__(fake, name, value)
    return fake


def wrong_values(value: object) -> Iterator[object]:
    """Values of another type than ``value``'s, some equal to it."""
    if type(value) is bool:
        yield int(value)
        yield float(value)
    elif type(value) is int:
        yield float(value)
        yield value + 0.5
        yield bool(value) if value in (0, 1) else str(value)
        yield str(value)
    elif type(value) is str:
        yield value.encode()
        yield 0
    yield None


def test_apply_refuses_an_action_whose_fields_have_the_wrong_type(game_name: str) -> None:
    """An action can hold fields its class would never accept (built with
    ``object.__new__``, as unpickling untrusted bytes can): ``Bid(2.5, 2)``, a 1.0 for a
    1, a 0 for False. ``apply`` refuses each with InvalidActionError, even where the
    forged action equals a legal one, and the state is left as it was."""
    game = get_game(game_name)
    tried = 0
    for seed in range(4):
        start = game.new_game(seed=seed)
        for state in random_states(game, start, SeededStream(seed), 59):
            if game.is_terminal(state):
                break
            before = record(state)
            for action in game.legal_actions(state):
                for field in attrs.fields(type(action)):
                    for value in wrong_values(getattr(action, field.name)):
                        fake = forged(action, field.name, value)
                        with pytest.raises(InvalidActionError):
                            game.apply(state, fake)
                        tried += 1
            assert record(state) == before
            assert replay(before) == state
    if tried == 0:
        pytest.skip(f"{game_name}'s actions have no fields")


__all__ = [  # what a test module takes with ``from dicerules.conformance import *``
    "games",
    "pytest_generate_tests",
    *(name for name in tuple(globals()) if name.startswith("test_")),
]
