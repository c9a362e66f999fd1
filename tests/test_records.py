"""Game records: what record() writes, the JSON form, replay, and every way a record can be bad.

Records are made with liars-dice, the one game so far; nothing here depends on
its rules beyond the order in which it draws dice (shared/rules/liars-dice.md).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import attrs
import pytest

import dicerules
from dicerules import (
    GameRecord,
    RecordError,
    ReplayError,
    ScriptedStream,
    SeededStream,
    record,
    replay,
)
from dicerules.records import Tags, rules_from_dict

LD = dicerules.get_game("liars-dice")
SMALL = LD.Rules(players=3, dice_per_player=2)

# A hand-made game: two seats of two dice, seat 0 opens, ones are not wild.
# Round 1: seat 0 holds 3,2 and seat 1 holds 5,4; "1x2" is true, so the challenger
# (seat 1) loses a die and the winner (seat 0) opens round 2 with 6,6 against 1.
# "3x6" is false: seat 0 loses a die. Round 3: 2 against 2, seat 1 opens "1x3",
# which is false, and seat 1 is out. The last two script values are never drawn.
LD_GAME = LD
LATER = {"ones_rank", "palifico", "calza", "calza_rounds"}
"""The Rules fields added after records were first written: left out at their defaults."""


def recorded_fields(rules: Any) -> dict[str, Any]:
    """The rules as a record holds them: every field but the later ones at their defaults."""
    defaults = LD.Rules()
    return {
        k: v for k, v in attrs.asdict(rules).items() if k not in LATER or v != getattr(defaults, k)
    }


SCRIPT_RULES = LD.Rules(players=2, dice_per_player=2, first_opener="seat0", ones_wild=False)
SCRIPT = (3, 2, 5, 4, 6, 6, 1, 2, 2, 4, 4)
SCRIPT_ACTIONS = ("1x2", "challenge", "3x6", "challenge", "1x3", "challenge")
SCRIPT_ROLLS = (3, 2, 5, 4, 6, 6, 1, 2, 2)
# The step after which each die of SCRIPT_ROLLS is drawn (None: at set-up).
SCRIPT_ROLL_STEPS = (None, None, None, None, 1, 1, 1, 3, 3)


def play_script(script: tuple[int, ...] = SCRIPT) -> list[Any]:
    """Every state of the hand-made game, from new_game to the end."""
    states = [LD.new_game(SCRIPT_RULES, stream=ScriptedStream(script))]
    for text in SCRIPT_ACTIONS:
        states.append(LD.apply(states[-1], LD.parse_action(states[-1], text)))
    return states


def play_seeded(rules: Any, seed: int) -> tuple[list[Any], list[str]]:
    """A whole game from ``seed``, actions picked by a generator seeded alike.

    Returns every state and the notation of each action, written down as played.
    """
    rng = random.Random(seed)
    states = [LD.new_game(rules, seed=seed)]
    texts: list[str] = []
    while not LD.is_terminal(states[-1]):
        legal = LD.legal_actions(states[-1])
        can_challenge = LD.format_action(legal[-1]) == "challenge"
        action = legal[-1] if can_challenge and rng.random() < 0.4 else rng.choice(legal[:3])
        texts.append(LD.format_action(action))
        states.append(LD.apply(states[-1], action))
    return states, texts


def roll_steps(states: list[Any]) -> list[int | None]:
    """The step after which each die of the game was drawn, from the rules alone.

    Set-up draws the roll-off and the first hands; a challenge that starts a new
    round draws every die still in play; nothing else draws.
    """
    first = states[0]
    steps: list[int | None] = [None] * (sum(map(len, first.rolloff)) + sum(first.dice))
    for step, (before, after) in enumerate(itertools.pairwise(states)):
        if after.round != before.round:
            steps.extend([step] * sum(after.dice))
    return steps


@pytest.fixture(scope="module")
def seeded_game() -> tuple[list[Any], list[str]]:
    return play_seeded(SMALL, 20240607)


@pytest.fixture(scope="module")
def seeded_record(seeded_game: tuple[list[Any], list[str]]) -> GameRecord:
    return record(seeded_game[0][-1])


@pytest.fixture(scope="module")
def script_record() -> GameRecord:
    return record(play_script()[-1])


# ------------------------------------------------------------------ what record writes


def test_record_of_a_seeded_game(seeded_game: tuple[list[Any], list[str]]) -> None:
    states, texts = seeded_game
    final = states[-1]
    assert LD.is_terminal(final)
    rec = record(final)
    assert isinstance(rec, GameRecord)
    assert rec.game == "liars-dice"
    assert rec.format == dicerules.FORMAT == 2
    assert rec.rules == recorded_fields(SMALL)
    assert list(rec.rules) == [f.name for f in attrs.fields(LD.Rules) if f.name not in LATER]
    assert rec.stream == SeededStream(20240607)
    assert rec.actions == tuple(texts)
    # Every die is six-sided, so the rolls are just the stream's first dice.
    drawn = len(roll_steps(states))
    assert rec.rolls == SeededStream(20240607).roll(drawn)[0]


def test_record_of_a_scripted_game_holds_every_die_in_draw_order() -> None:
    states = play_script()
    rec = record(states[-1])
    assert LD.winners(states[-1]) == (0,)
    assert rec.rules == recorded_fields(SCRIPT_RULES)
    assert rec.actions == SCRIPT_ACTIONS
    assert rec.rolls == SCRIPT_ROLLS  # draw order, not the sorted hands
    assert rec.stream == ScriptedStream(SCRIPT)  # the whole script, undrawn tail included
    assert len(roll_steps(states)) == len(SCRIPT_ROLLS)
    assert tuple(roll_steps(states)) == SCRIPT_ROLL_STEPS


def test_record_of_every_intermediate_state() -> None:
    states = play_script()
    for step, state in enumerate(states):
        rec = record(state)
        assert rec.actions == SCRIPT_ACTIONS[:step]
        drawn = sum(1 for s in SCRIPT_ROLL_STEPS if s is None or s < step)
        assert rec.rolls == SCRIPT_ROLLS[:drawn]


def test_record_uses_the_canonical_notation() -> None:
    state = LD.new_game(SCRIPT_RULES, stream=ScriptedStream(SCRIPT))
    state = LD.apply(state, LD.parse_action(state, " 1 X 2 "))
    state = LD.apply(state, LD.parse_action(state, "LIAR"))
    assert record(state).actions == ("1x2", "challenge")


def test_record_of_the_default_rules_and_the_presets() -> None:
    for rules in (None, *LD.presets.values()):
        state = LD.new_game(rules, seed=99)
        rec = record(state)
        assert rec.rules == recorded_fields(rules or LD.default_rules)
        assert replay(rec) == state


def test_record_leaves_the_state_alone() -> None:
    states = play_script()
    before = copy.deepcopy(states[-1])
    record(states[-1]).to_json()
    assert states[-1] == before


def test_records_compare_by_value(script_record: GameRecord) -> None:
    assert record(play_script()[-1]) == script_record
    assert record(play_script()[-2]) != script_record


# ----------------------------------------------------------------------- JSON form


def _pairs(text: str) -> list[tuple[str, Any]]:
    pairs: list[tuple[str, Any]] = json.loads(text, object_pairs_hook=list)
    return pairs


def test_json_has_exactly_the_six_keys_in_order(seeded_record: GameRecord) -> None:
    text = seeded_record.to_json()
    assert [key for key, _ in _pairs(text)] == [
        "format",
        "game",
        "rules",
        "stream",
        "actions",
        "rolls",
    ]
    data = json.loads(text)
    assert data["format"] == 2 and type(data["format"]) is int
    assert data["game"] == "liars-dice"
    assert data["rules"] == recorded_fields(SMALL)
    assert data["stream"] == {"seed": "20240607"}
    assert data["actions"] == list(seeded_record.actions)
    assert all(type(a) is str for a in data["actions"])
    assert data["rolls"] == list(seeded_record.rolls)


def test_json_of_a_scripted_record(script_record: GameRecord) -> None:
    data = json.loads(script_record.to_json())
    assert data["stream"] == {"scripted": list(SCRIPT)}
    assert data["actions"] == list(SCRIPT_ACTIONS)
    assert data["rolls"] == list(SCRIPT_ROLLS)
    assert data["rules"]["first_opener"] == "seat0"
    assert data["rules"]["ones_wild"] is False


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_json_seed_at_the_edges(seed: int) -> None:
    state = LD.new_game(seed=seed)
    text = record(state).to_json()
    assert json.loads(text)["stream"] == {"seed": str(seed)}
    assert replay(GameRecord.from_json(text)) == state


def test_from_json_round_trip(seeded_record: GameRecord, script_record: GameRecord) -> None:
    for rec in (seeded_record, script_record):
        text = rec.to_json()
        back = GameRecord.from_json(text)
        assert back == rec
        assert back.to_json() == text
        assert GameRecord.from_json(text.encode()) == rec


def test_from_json_accepts_any_whitespace_and_key_order(script_record: GameRecord) -> None:
    data = json.loads(script_record.to_json())
    shuffled = {key: data[key] for key in reversed(list(data))}
    assert GameRecord.from_json(json.dumps(shuffled, indent=4)) == script_record


# ------------------------------------------------------------------ formats 1 and 2

BIG_SEED = 12975961572865186902
"""A seed past 2**53 - 1: a JSON reader that takes numbers as doubles changes it."""


def _as_doubles(text: str) -> Any:
    """``text`` read as JavaScript's JSON.parse reads it: every number a double."""
    return json.loads(text, parse_int=lambda digits: int(float(digits)))


def _format_1(rec: GameRecord) -> str:
    """``rec`` as format 1 wrote it: spaced ASCII JSON, the seed a number."""
    data = rec.to_dict()
    stream = rec.stream
    if isinstance(stream, SeededStream):
        data["stream"] = {
            "seed": stream.seed,
            **({"position": stream.position} if stream.position else {}),
        }
    return json.dumps({**data, "format": 1})


def test_a_seed_past_the_safe_integers_survives_a_reader_of_doubles() -> None:
    state = LD.new_game(SMALL, seed=BIG_SEED)
    state = LD.apply(state, LD.legal_actions(state)[5])
    rec = record(state)
    text = rec.to_json()
    assert '"stream":{"seed":"12975961572865186902"}' in text
    assert replay(GameRecord.from_dict(_as_doubles(text))) == state
    # In format 1 the same reader gets another seed, and replays another game.
    old = _format_1(rec)
    assert _as_doubles(old)["stream"]["seed"] != BIG_SEED
    with pytest.raises(ReplayError):
        replay(GameRecord.from_dict(_as_doubles(old)))


def test_a_format_1_record_still_reads_replays_and_writes_as_it_was() -> None:
    state = LD.new_game(SMALL, stream=SeededStream(BIG_SEED, 4))
    state = LD.apply(state, LD.legal_actions(state)[0])
    old = _format_1(record(state))
    assert old.startswith('{"format": 1, "game": "liars-dice", "rules": {"players": 3,')
    assert f'"stream": {{"seed": {BIG_SEED}, "position": 4}}' in old
    rec = GameRecord.from_json(old)
    assert rec.format == 1 and replay(rec) == state
    assert rec.to_json() == old
    assert attrs.evolve(rec, format=2) == record(state)
    with pytest.raises(RecordError, match="string of digits in record format 2, such as"):
        GameRecord.from_json(old.replace('"format": 1', '"format": 2'))
    error = _assert_unreadable(old.replace(f"{BIG_SEED}", f'"{BIG_SEED}"'))
    assert "stream seed must be an int" in str(error)


def test_a_format_1_record_as_written_before_reads() -> None:
    """A record written by every earlier version, byte for byte."""
    old = (
        '{"format": 1, "game": "liars-dice", "rules": {"players": 2, "dice_per_player": 2,'
        ' "sides": 6, "ones_wild": true, "ones_opening_cancels_wild": true, "straights_wild":'
        ' false, "next_opener": "winner", "first_opener": "seat0"}, "stream": {"seed": 7},'
        ' "actions": ["3x5", "challenge"], "rolls": [4, 1, 1, 4, 5, 4, 5],'
        ' "tags": {"event": "club \\u00e9"}}'
    )
    rec = GameRecord.from_json(old)
    assert rec.tags.event == "club \u00e9" and rec.to_json() == old
    assert replay(rec).round == 2


def test_an_unknown_format_names_those_this_reads(good: dict[str, Any]) -> None:
    error = _assert_unreadable(_with(good, format=3))
    assert str(error) == "record format 3 is not supported (this reads 1 and 2)"


def test_format_2_is_compact_utf8() -> None:
    state = LD.new_game(SCRIPT_RULES, stream=ScriptedStream(SCRIPT))
    rec = record(state, Tags(event="Zoë's \u263a\nnight"))
    text = rec.to_json()
    assert text.endswith('"tags":{"event":"Zoë\'s \u263a\\nnight"}}')
    assert ", " not in text and GameRecord.from_json(text) == rec
    assert GameRecord.from_json(text.encode()) == rec


def test_format_2_holds_no_unsafe_integer_nor_lone_surrogate() -> None:
    state = LD.new_game(SCRIPT_RULES, stream=ScriptedStream(SCRIPT))
    rec = record(state)
    with pytest.raises(RecordError, match="the die 9007199254740992 is past 2\\*\\*53 - 1"):
        attrs.evolve(rec, rolls=(*rec.rolls[:-1], 2**53))
    with pytest.raises(RecordError, match="scripted value 9007199254740992"):
        record(LD.new_game(SCRIPT_RULES, stream=ScriptedStream((*SCRIPT, 2**53))))
    with pytest.raises(RecordError, match="the tag event is not Unicode text"):
        record(state, Tags(event="a\ud800"))
    # Format 1 wrote both (escaped, as numbers): such a record still reads.
    old = attrs.evolve(rec, format=1, tags=Tags(event="a\ud800"))
    assert GameRecord.from_json(old.to_json()) == old
    assert '"event": "a\\ud800"' in old.to_json()


# -------------------------------------------------------------------------- replay


def test_replay_gives_every_state_back(seeded_game: tuple[list[Any], list[str]]) -> None:
    for state in seeded_game[0]:
        rec = record(state)
        assert replay(rec) == state
        assert replay(GameRecord.from_json(rec.to_json())) == state


def test_replay_of_the_scripted_game() -> None:
    for state in play_script():
        assert replay(record(state)) == state
        assert replay(GameRecord.from_json(record(state).to_json())) == state


@pytest.mark.parametrize("preset", ["classic", "norwegian"])
@pytest.mark.parametrize("seed", [3, 4])
def test_replay_of_whole_games_of_each_preset(preset: str, seed: int) -> None:
    states, _ = play_seeded(LD.presets[preset], seed)
    final = states[-1]
    back = replay(GameRecord.from_json(record(final).to_json()))
    assert back == final
    assert LD.history(back) == LD.history(final)
    assert LD.winners(back) == LD.winners(final)


def test_replay_leaves_the_record_alone(script_record: GameRecord) -> None:
    before = copy.deepcopy(script_record)
    replay(script_record)
    assert script_record == before


def test_replay_takes_only_a_record() -> None:
    with pytest.raises(TypeError):
        replay(record(play_script()[0]).to_json())  # type: ignore[arg-type]


# -------------------------------------------------- streams that did not start fresh


def _partly_used_script() -> list[Any]:
    """The hand-made game, from a script that had two values drawn before it began."""
    used = ScriptedStream((5, 5, *SCRIPT)).roll(2)[1]
    states = [LD.new_game(SCRIPT_RULES, stream=used)]
    for text in SCRIPT_ACTIONS:
        states.append(LD.apply(states[-1], LD.parse_action(states[-1], text)))
    return states


def test_a_partly_used_script_records_only_what_was_left() -> None:
    # The values drawn before new_game are not part of the game: the record
    # holds the script from where the game began, as a fresh stream.
    states = _partly_used_script()
    rec = record(states[-1])
    assert rec.stream.remaining == SCRIPT  # type: ignore[union-attr]
    assert json.loads(rec.to_json())["stream"] == {"scripted": list(SCRIPT)}
    assert rec.rolls == SCRIPT_ROLLS


def test_a_partly_used_script_still_replays() -> None:
    for state in _partly_used_script():
        back = replay(GameRecord.from_json(record(state).to_json()))
        assert LD.history(back) == LD.history(state)
        assert back.hands == state.hands
        assert back.dice == state.dice
        assert LD.describe(back) == LD.describe(state)
        assert record(back) == record(state)


def test_a_partly_used_script_replays_to_an_equal_state() -> None:
    # API.md: replay(rec) is "equal to state", whatever stream the game began with.
    states = _partly_used_script()
    assert replay(record(states[-1])) == states[-1]


def test_a_seeded_stream_that_had_rolled_before_the_game() -> None:
    used = SeededStream(777).roll(5)[1]
    state = LD.new_game(SMALL, stream=used)
    state = LD.apply(state, LD.legal_actions(state)[0])
    rec = record(state)
    assert rec.stream == used
    assert rec.rolls == used.roll(len(rec.rolls))[0]
    back = GameRecord.from_json(rec.to_json())
    assert back == rec
    assert replay(back) == state


def test_a_custom_stream_cannot_be_recorded() -> None:
    @attrs.frozen
    class Sixes:
        def roll(self, count: int, sides: int = 6) -> tuple[tuple[int, ...], Sixes]:
            return (sides,) * count, self

    state = LD.new_game(SCRIPT_RULES, stream=Sixes())
    assert state.hands == ((6, 6), (6, 6))
    with pytest.raises(RecordError) as info:
        record(state)
    assert "Sixes" in str(info.value)


def test_a_subclass_of_a_stream_cannot_be_recorded_as_the_base() -> None:
    class Other(SeededStream):
        pass

    state = LD.new_game(SCRIPT_RULES, stream=Other(5))
    with pytest.raises(RecordError):
        record(state)


# ---------------------------------------------------------------- unreadable records


def _assert_unreadable(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert not isinstance(info.value, ReplayError)
    assert isinstance(info.value, ValueError)
    return info.value


def _with(data: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**data, **changes})


@pytest.fixture(scope="module")
def good(script_record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(script_record.to_json())
    return data


def test_truncated_text_is_a_record_error(seeded_record: GameRecord) -> None:
    text = seeded_record.to_json()
    for cut in range(len(text)):
        _assert_unreadable(text[:cut])
    _assert_unreadable(text.encode()[: len(text) // 2])


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "hello",
        "{",
        "}",
        "{'format': 1}",
        '{"format": 1,}',
        "null",
        "true",
        "42",
        '"a record"',
        "[]",
        '[{"format": 1}]',
        b"\xff\xfe\x00",
        "{} {}",
    ],
)
def test_text_that_is_not_a_record_object(text: str | bytes) -> None:
    _assert_unreadable(text)


def test_a_json_array_of_the_record_is_a_record_error(script_record: GameRecord) -> None:
    _assert_unreadable("[" + script_record.to_json() + "]")
    _assert_unreadable(json.dumps(list(json.loads(script_record.to_json()).items())))


def test_deeply_nested_json_is_a_record_error() -> None:
    # "Unknown keys, missing keys, wrong types ... are a RecordError, never a crash
    # of another kind": json.loads hits the recursion limit on deep nesting.
    _assert_unreadable("[" * 100_000 + "]" * 100_000)
    _assert_unreadable('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_not_text_at_all() -> None:
    for value in (None, 5, ["format"]):
        with pytest.raises(RecordError):
            GameRecord.from_json(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", ["format", "game", "rules", "stream", "actions", "rolls"])
def test_each_missing_key(good: dict[str, Any], key: str) -> None:
    data = dict(good)
    del data[key]
    error = _assert_unreadable(json.dumps(data))
    assert key in str(error)


@pytest.mark.parametrize("key", ["comment", "Format", "seed", "", "winner"])
def test_an_unknown_extra_key(good: dict[str, Any], key: str) -> None:
    error = _assert_unreadable(_with(good, **{key: 1}))
    assert repr(key)[1:-1] in str(error)


def test_duplicate_keys(script_record: GameRecord) -> None:
    text = script_record.to_json()
    for key, duplicated in (
        ('"game":"liars-dice"', '"game":"liars-dice","game":"x"'),
        ('"format":2', '"format":2,"format":2'),
        ('"players":2', '"players":2,"players":2'),
        ('{"scripted"', '{"scripted":[],"scripted"'),
    ):
        assert key in text
        _assert_unreadable(text.replace(key, duplicated))


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("format", "1"),
        ("format", 1.0),
        ("format", True),
        ("format", None),
        ("format", [1]),
        ("game", 3),
        ("game", None),
        ("game", ["liars-dice"]),
        ("rules", []),
        ("rules", "classic"),
        ("rules", None),
        ("stream", {"seed": 1}),
        ("stream", {"seed": "01"}),
        ("stream", {"seed": "-1"}),
        ("stream", {"seed": "+1"}),
        ("stream", {"seed": " 1"}),
        ("stream", {"seed": "1.0"}),
        ("stream", {"seed": "1e3"}),
        ("stream", {"seed": ""}),
        ("stream", {"seed": "18446744073709551616"}),
        ("stream", {"seed": "1" * 5000}),
        ("stream", {"seed": "1", "position": 2}),
        ("stream", {"seed": "1", "position": "-1"}),
        ("stream", {"seed": "1", "position": "1" * 5000}),
        ("stream", {"seed": -1}),
        ("stream", {"seed": 2**64}),
        ("stream", {"seed": True}),
        ("stream", {"seed": 1.0}),
        ("stream", {"seed": None}),
        ("stream", {"seed": 1, "scripted": [1]}),
        ("stream", {"seed": 1, "position": -1}),
        ("stream", {"seed": 1, "position": True}),
        ("stream", {"seed": 1, "position": "2"}),
        ("stream", {"seed": 1, "position": 1.0}),
        ("stream", {"scripted": [3, 2], "position": 3}),
        ("stream", {"scripted": [3, 2], "position": -1}),
        ("stream", {"scripted": [3, 2], "position": True}),
        ("stream", {"position": 1}),
        ("stream", {}),
        ("stream", {"seeds": 1}),
        ("stream", {"scripted": "3254"}),
        ("stream", {"scripted": [3, 2, "5"]}),
        ("stream", {"scripted": [3, True]}),
        ("stream", {"scripted": [3, 2.0]}),
        ("stream", {"scripted": [3, 0]}),
        ("stream", {"scripted": [[3]]}),
        ("stream", {"scripted": None}),
        ("stream", [1]),
        ("stream", 1),
        ("stream", None),
        ("actions", "1x2"),
        ("actions", ["1x2", 3]),
        ("actions", [None]),
        ("actions", [["1x2"]]),
        ("actions", {"0": "1x2"}),
        ("actions", None),
        ("rolls", [3, 0]),
        ("rolls", [3, True]),
        ("rolls", [3, 1.5]),
        ("rolls", [3, 2.0]),
        ("rolls", [3, -1]),
        ("rolls", [3, "2"]),
        ("rolls", [3, None]),
        ("rolls", "3254"),
        ("rolls", None),
    ],
)
def test_wrong_types_and_values_for_each_key(good: dict[str, Any], key: str, value: Any) -> None:
    _assert_unreadable(_with(good, **{key: value}))


@pytest.mark.parametrize("version", [0, 3, -1, 999, 2**70])
def test_unsupported_format_version(good: dict[str, Any], version: int) -> None:
    error = _assert_unreadable(_with(good, format=version))
    assert str(version) in str(error)


@pytest.mark.parametrize("name", ["chess", "", "Liars-Dice", "liars_dice", " liars-dice"])
def test_unknown_game_name(good: dict[str, Any], name: str) -> None:
    error = _assert_unreadable(_with(good, game=name))
    assert "liars-dice" in str(error)  # the message names the games there are


@pytest.mark.parametrize("field", [f.name for f in attrs.fields(LD.Rules) if f.name not in LATER])
def test_rules_missing_a_field(good: dict[str, Any], field: str) -> None:
    rules = {k: v for k, v in good["rules"].items() if k != field}
    error = _assert_unreadable(_with(good, rules=rules))
    assert field in str(error)


def test_rules_added_later_may_be_missing_and_read_their_defaults(good: dict[str, Any]) -> None:
    assert not LATER & set(good["rules"])
    rec = GameRecord.from_dict(good)
    assert rules_from_dict(LD_GAME, rec.rules) == LD.Rules(**good["rules"])
    with_defaults = {**good["rules"], "ones_rank": "low", "palifico": False, "calza": False}
    assert GameRecord.from_json(_with(good, rules=with_defaults)) == rec


def test_rules_added_later_are_recorded_when_they_differ() -> None:
    perudo = attrs.evolve(LD.presets["perudo"], players=2, dice_per_player=1)
    rec = record(LD.new_game(perudo, seed=3))
    assert (rec.rules["ones_rank"], rec.rules["palifico"], rec.rules["calza"]) == (
        "half",
        True,
        True,
    )
    back = GameRecord.from_json(rec.to_json())
    assert rules_from_dict(LD_GAME, back.rules) == perudo
    one_on = attrs.evolve(LD.default_rules, calza=True)
    assert record(LD.new_game(one_on, seed=3)).rules == {
        **recorded_fields(LD.default_rules),
        "calza": True,
    }


def test_rules_with_an_unknown_field(good: dict[str, Any]) -> None:
    error = _assert_unreadable(_with(good, rules={**good["rules"], "jokers": 2}))
    assert "jokers" in str(error)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", 1),
        ("players", 11),
        ("players", -4),
        ("dice_per_player", 0),
        ("dice_per_player", 11),
        ("sides", 1),
        ("sides", 21),
        ("next_opener", "nobody"),
        ("next_opener", "Loser"),
        ("first_opener", "seat1"),
    ],
)
def test_rules_with_a_value_out_of_range(good: dict[str, Any], field: str, value: object) -> None:
    error = _assert_unreadable(_with(good, rules={**good["rules"], field: value}))
    assert str(value) in str(error)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", True),  # a bool for an int
        ("players", False),
        ("sides", True),
        ("ones_wild", 1),  # an int for a bool
        ("straights_wild", 0),
        ("ones_wild", "true"),
        ("players", "4"),  # a string for an int
        ("players", 4.0),
        ("players", None),
        ("dice_per_player", [2]),
        ("next_opener", 0),
        ("next_opener", None),
        ("first_opener", True),
    ],
)
def test_rules_with_a_value_of_the_wrong_type(
    good: dict[str, Any], field: str, value: object
) -> None:
    _assert_unreadable(_with(good, rules={**good["rules"], field: value}))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity(script_record: GameRecord, constant: str) -> None:
    text = script_record.to_json()
    for key, value in (
        ('"players":2', f'"players":{constant}'),
        ('"format":2', f'"format":{constant}'),
        ('"rolls":[3', f'"rolls":[{constant}'),
        ('{"scripted":[3', f'{{"scripted":[{constant}'),
    ):
        assert key in text
        _assert_unreadable(text.replace(key, value))


def test_numbers_json_reads_as_floats_or_huge_ints(script_record: GameRecord) -> None:
    text = script_record.to_json()
    assert '"rolls":[3' in text
    _assert_unreadable(text.replace('"rolls":[3', '"rolls":[1e400'))
    _assert_unreadable(text.replace('"rolls":[3', '"rolls":[3e0'))
    _assert_unreadable(text.replace('"rolls":[3', '"rolls":[' + "1" * 5000))


def test_a_good_record_reads_after_all_those(good: dict[str, Any]) -> None:
    # The bad-input tests above share the fixture: it must still be a good record.
    rec = GameRecord.from_json(json.dumps(good))
    assert replay(rec) == play_script()[-1]


# ------------------------------------------------------------- records that do not replay


def _assert_replay_fails(rec: GameRecord, step: int | None) -> ReplayError:
    before = copy.deepcopy(rec)
    # Through JSON as well: a tampered file reads fine and fails only on replay.
    through_json = GameRecord.from_json(rec.to_json())
    for candidate in (rec, through_json):
        with pytest.raises(ReplayError) as info:
            replay(candidate)
        assert isinstance(info.value, RecordError)
        assert isinstance(info.value, ValueError)
        assert info.value.step == step, str(info.value)
    assert rec == before
    return info.value


def _actions(rec: GameRecord, **at: str) -> GameRecord:
    actions = list(rec.actions)
    for index, text in at.items():
        actions[int(index[1:])] = text
    return attrs.evolve(rec, actions=tuple(actions))


def test_an_action_changed_to_an_illegal_one(script_record: GameRecord) -> None:
    _assert_replay_fails(_actions(script_record, s0="challenge"), 0)  # no bid yet
    _assert_replay_fails(_actions(script_record, s0="5x2"), 0)  # only 4 dice in play
    _assert_replay_fails(_actions(script_record, s0="1x7"), 0)  # a six-sided die
    _assert_replay_fails(_actions(script_record, s1="1x1"), 1)  # does not raise 1x2
    _assert_replay_fails(_actions(script_record, s2="challenge"), 2)  # opens round 2
    _assert_replay_fails(_actions(script_record, s5="1x2"), 5)  # does not raise 1x3


def test_every_action_of_a_seeded_game_made_illegal(seeded_record: GameRecord) -> None:
    actions = seeded_record.actions
    for index, text in enumerate(actions):
        if text == "challenge":
            bad = "99x6"  # more dice than the game ever has
        elif index == 0 or actions[index - 1] == "challenge":
            bad = "challenge"  # a round's opening bid cannot be a challenge
        else:
            bad = "1x1"  # raises nothing
        _assert_replay_fails(_actions(seeded_record, **{f"s{index}": bad}), index)


@pytest.mark.parametrize("text", ["3y4", "", "raise", "3x", "x4", "three fours", "3x4x5", "-1x2"])
def test_an_action_with_bad_syntax(script_record: GameRecord, text: str) -> None:
    for index in range(len(SCRIPT_ACTIONS)):
        error = _assert_replay_fails(_actions(script_record, **{f"s{index}": text}), index)
        assert str(index) in str(error)


def test_the_first_action_removed(script_record: GameRecord) -> None:
    # The first bid removed leaves "challenge" to open the game.
    _assert_replay_fails(attrs.evolve(script_record, actions=SCRIPT_ACTIONS[1:]), 0)


def test_a_round_ending_challenge_removed(seeded_record: GameRecord) -> None:
    # The next round's opening bid then has to raise the last bid of the old round.
    actions = seeded_record.actions
    found = 0
    for index in range(1, len(actions) - 1):
        if actions[index] != "challenge":
            continue
        last = tuple(map(int, actions[index - 1].split("x")))
        opening = tuple(map(int, actions[index + 1].split("x")))
        if opening <= last:  # (quantity, face) order is the raising order
            found += 1
            removed = actions[:index] + actions[index + 1 :]
            _assert_replay_fails(attrs.evolve(seeded_record, actions=removed), index)
    assert found


def test_actions_cut_short_leave_dice_unexplained(script_record: GameRecord) -> None:
    # Without "challenge" at step 3 and what follows, the record still holds round
    # 3's dice, which the replay never draws.
    _assert_replay_fails(attrs.evolve(script_record, actions=SCRIPT_ACTIONS[:3]), None)
    _assert_replay_fails(attrs.evolve(script_record, actions=()), None)


@pytest.mark.parametrize("extra", ["1x2", "challenge", "liar", "3y4"])
def test_actions_after_the_game_ended(script_record: GameRecord, extra: str) -> None:
    longer = attrs.evolve(script_record, actions=(*SCRIPT_ACTIONS, extra))
    _assert_replay_fails(longer, len(SCRIPT_ACTIONS))
    longer = attrs.evolve(script_record, actions=(*SCRIPT_ACTIONS, extra, "challenge"))
    _assert_replay_fails(longer, len(SCRIPT_ACTIONS))


def test_rolls_changed_at_each_position_of_the_script(script_record: GameRecord) -> None:
    for position, step in enumerate(SCRIPT_ROLL_STEPS):
        rolls = list(SCRIPT_ROLLS)
        rolls[position] = rolls[position] % 6 + 1
        _assert_replay_fails(attrs.evolve(script_record, rolls=tuple(rolls)), step)


def test_rolls_changed_at_each_position_of_a_seeded_game(
    seeded_game: tuple[list[Any], list[str]], seeded_record: GameRecord
) -> None:
    steps = roll_steps(seeded_game[0])
    assert len(steps) == len(seeded_record.rolls)
    assert steps.count(None) < len(steps)
    for position, step in enumerate(steps):
        rolls = list(seeded_record.rolls)
        rolls[position] = rolls[position] % 6 + 1
        _assert_replay_fails(attrs.evolve(seeded_record, rolls=tuple(rolls)), step)


def test_rolls_truncated(script_record: GameRecord) -> None:
    for keep in range(len(SCRIPT_ROLLS)):
        short = attrs.evolve(script_record, rolls=SCRIPT_ROLLS[:keep])
        _assert_replay_fails(short, SCRIPT_ROLL_STEPS[keep])


def test_rolls_with_an_extra_die(script_record: GameRecord) -> None:
    for die in (1, 4, 6):
        longer = attrs.evolve(script_record, rolls=(*SCRIPT_ROLLS, die))
        _assert_replay_fails(longer, None)


def test_rolls_from_another_game_of_the_same_length(script_record: GameRecord) -> None:
    swapped = SCRIPT_ROLLS[1::-1] + SCRIPT_ROLLS[2:]  # the first two dice swapped
    _assert_replay_fails(attrs.evolve(script_record, rolls=swapped), None)


def test_another_seed_with_the_same_actions(seeded_record: GameRecord) -> None:
    for seed in (0, 1, 20240608, 2**64 - 1):
        with pytest.raises(ReplayError):
            replay(attrs.evolve(seeded_record, stream=SeededStream(seed)))


def test_a_script_too_short() -> None:
    rec = record(play_script()[-1])
    consumed = len(SCRIPT_ROLLS)
    for keep in range(consumed):
        short = attrs.evolve(rec, stream=ScriptedStream(SCRIPT[:keep]))
        _assert_replay_fails(short, SCRIPT_ROLL_STEPS[keep])
    # Exactly the dice drawn is enough.
    assert replay(attrs.evolve(rec, stream=ScriptedStream(SCRIPT[:consumed]))) is not None


def test_a_script_with_a_value_the_die_cannot_show() -> None:
    rec = record(play_script()[-1])
    script = (3, 2, 5, 4, 6, 6, 7, 2, 2)
    _assert_replay_fails(attrs.evolve(rec, stream=ScriptedStream(script)), 1)


def test_rules_changed_so_the_game_differs(script_record: GameRecord) -> None:
    # Ones wild: seat 1's 5,4 holds no one, so round 1 is the same, but round 2's
    # "3x6" is now true (6,6 and a one): seat 1 loses its last die at step 3.
    rules = {**script_record.rules, "ones_wild": True}
    _assert_replay_fails(attrs.evolve(script_record, rules=rules), 4)


def test_a_record_with_rules_that_cannot_be_read_cannot_be_made(
    script_record: GameRecord,
) -> None:
    before = copy.deepcopy(script_record)
    for rules in (
        {**script_record.rules, "players": 1},
        {**script_record.rules, "jokers": 1},
        {k: v for k, v in script_record.rules.items() if k != "sides"},
        {**script_record.rules, "next_opener": "Loser"},
    ):
        with pytest.raises(RecordError) as info:
            attrs.evolve(script_record, rules=rules)
        assert "rules" in str(info.value)
    assert script_record == before


def test_a_record_checks_its_own_fields(script_record: GameRecord) -> None:
    for changes in (
        {"stream": None},
        {"stream": 5},
        {"format": 3},
        {"format": "1"},
        {"game": 3},
        {"actions": ["1x2"]},
        {"actions": (1,)},
        {"rolls": (0,)},
        {"rolls": (True,)},
    ):
        with pytest.raises(RecordError):
            attrs.evolve(script_record, **changes)


def test_a_bad_choice_in_the_rules_names_the_field(script_record: GameRecord) -> None:
    data = script_record.to_dict()
    data["rules"]["next_opener"] = "Loser"  # type: ignore[index]
    with pytest.raises(RecordError, match="next_opener must be 'loser' or 'winner'"):
        GameRecord.from_dict(data)


def test_an_unknown_game_on_replay_is_a_record_error(script_record: GameRecord) -> None:
    with pytest.raises(RecordError) as info:
        replay(attrs.evolve(script_record, game="chess"))
    assert not isinstance(info.value, KeyError)


def test_replay_error_message_names_the_step_and_the_action(script_record: GameRecord) -> None:
    error = _assert_replay_fails(_actions(script_record, s2="challenge"), 2)
    assert "2" in str(error)
    assert "challenge" in str(error)


# ------------------------------------------------------------- the bound on work


def test_a_record_of_a_game_without_max_length_holds_at_most_max_actions() -> None:
    from dicerules.records import MAX_ACTIONS

    pig = dicerules.get_game("pig")
    assert pig.max_length(pig.default_rules) is None
    assert MAX_ACTIONS == 100_000
    good = record(pig.new_game(seed=1)).to_dict()
    text = json.dumps({**good, "actions": ["roll"] * (MAX_ACTIONS + 1)})
    with pytest.raises(RecordError, match=r"100,001 actions: records of pig, .* at most 100,000"):
        GameRecord.from_json(text)


def test_a_record_of_more_actions_than_max_length_is_refused_before_any_replay() -> None:
    from dicerules.games import liars_dice as ld

    rules = ld.Rules(players=2, dice_per_player=1, sides=2)
    longest = LD.max_length(rules)
    good = record(LD.new_game(rules, seed=1)).to_dict()
    assert GameRecord.from_json(json.dumps({**good, "actions": ["1x2"] * longest}))
    text = json.dumps({**good, "actions": ["1x2"] * (longest + 1)})
    message = f"{longest + 1:,} actions: no liars-dice game under these rules takes more than"
    with pytest.raises(RecordError, match=f"{message} {longest:,} \\(its max_length\\)"):
        GameRecord.from_json(text)
    rec = GameRecord.from_dict(good)
    object.__setattr__(rec, "actions", ("1x2",) * (longest + 1))  # past the reading's check
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_record_and_replay_hold_to_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    import dicerules.records as records

    pig = dicerules.get_game("pig")
    state = pig.new_game(stream=dicerules.ScriptedStream([2] * 4))
    for _ in range(3):
        state = pig.apply(state, pig.legal_actions(state)[0])
    monkeypatch.setattr(records, "MAX_ACTIONS", 3)
    rec = record(state)
    assert replay(GameRecord.from_json(rec.to_json())) == state  # exactly the bound
    with pytest.raises(RecordError, match=r"4 actions: records of pig, .* at most 3"):
        record(pig.apply(state, pig.legal_actions(state)[0]))


def _lowest_raises(rules: Any, stop: int | None = None) -> Any:
    """A liars-dice game on dice that are all wild ones, every seat making the lowest
    raise and the top bid called calza while it may be, else challenged: the longest
    game the rules allow (or its first ``stop`` actions)."""
    from dicerules.games import liars_dice as ld

    dice = rules.players * rules.dice_per_player
    rounds = rules.last_calza_round + dice
    state = LD.new_game(rules, stream=dicerules.ScriptedStream([1] * dice * rounds))
    last, played = None, 0
    while not LD.is_terminal(state) and played != stop:
        if last is None:
            action = ld.Bid(1, 1)
        elif (last.quantity, last.face) != (sum(state.dice), rules.sides):
            top = last.face == rules.sides
            action = ld.Bid(last.quantity + top, 1 if top else last.face + 1)
        else:
            action = ld.CALZA if state.round <= rules.last_calza_round else ld.CHALLENGE
        state = LD.apply(state, action)
        last = None if action in (ld.CALZA, ld.CHALLENGE) else action
        played += 1
    return state


def test_the_longest_game_records_and_replays_through_json() -> None:
    from dicerules.games import liars_dice as ld

    rules = ld.Rules(
        players=3, dice_per_player=2, sides=20, calza=True,
        ones_opening_cancels_wild=False, first_opener="seat0",
    )  # fmt: skip
    state = _lowest_raises(rules)
    assert LD.is_terminal(state)
    assert len(LD.history(state)) == LD.max_length(rules)
    assert replay(GameRecord.from_json(record(state).to_json())) == state


@pytest.mark.slow
def test_a_legal_game_of_more_than_100000_actions_records_and_replays() -> None:
    from dicerules.games import liars_dice as ld

    rules = ld.Rules(
        players=10, dice_per_player=1, sides=20, calza=True, calza_rounds=1000,
        ones_opening_cancels_wild=False, first_opener="seat0",
    )  # fmt: skip
    state = _lowest_raises(rules, stop=100_001)
    assert len(LD.history(state)) == 100_001
    assert replay(GameRecord.from_json(record(state).to_json())) == state


def test_a_record_of_the_largest_rules_holds_their_longest_game() -> None:
    from dicerules.games import liars_dice as ld
    from dicerules.games.liars_dice import engine

    rules = ld.Rules(
        players=engine.MAX_PLAYERS, dice_per_player=engine.MAX_DICE_PER_PLAYER,
        sides=engine.MAX_SIDES, calza=True, calza_rounds=engine.MAX_CALZA_ROUNDS,
    )  # fmt: skip
    longest = LD.max_length(rules)
    assert longest == 2_102_079
    good = record(LD.new_game(rules, seed=1)).to_dict()
    actions = ["1x2"] * longest
    assert len(GameRecord.from_dict({**good, "actions": actions}).actions) == longest
    with pytest.raises(RecordError, match="2,102,080 actions: no liars-dice game"):
        GameRecord.from_dict({**good, "actions": [*actions, "1x2"]})
