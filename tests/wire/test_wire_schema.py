"""wire.schema: a JSON Schema (draft 2020-12) of each game's messages, from its View's
fields and types; ``dicerules schema GAME`` prints it."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout

import attrs
import jsonschema
import pytest

import dicerules
from dicerules import testing, wire
from dicerules.cli import main
from dicerules.games import liars_dice


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 1
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_every_schema_is_a_draft_2020_12_schema(name: str) -> None:
    schema = wire.schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert wire.schema(dicerules.get_game(name)) == schema
    json.dumps(schema)  # plain JSON


def test_the_schema_follows_the_view_class() -> None:
    defs = wire.schema("liars-dice")["$defs"]
    view = defs["view"]
    assert list(view["properties"]) == [
        "hand", "dice", "round", "opener", "to_act", "bids", "ones_wild", "rolloff",
        "last_reveal", "palifico", "palificos",
    ]  # fmt: skip
    assert view["properties"]["hand"] == {"type": "array", "items": {"type": "integer"}}
    assert view["properties"]["bids"] == {"type": "array", "items": {"$ref": "#/$defs/Placed"}}
    assert defs["Placed"] == {
        "title": "LiarsDicePlaced",
        "type": "object",
        "properties": {"seat": {"type": "integer"}, "bid": {"$ref": "#/$defs/action"}},
        "required": ["seat", "bid"],
        "additionalProperties": False,
    }
    assert view["properties"]["rolloff"]["items"] == {
        "type": "array", "items": {"$ref": "#/$defs/Throw"}
    }  # fmt: skip
    assert defs["Throw"]["required"] == ["seat", "face"]
    assert view["properties"]["last_reveal"] == {
        "anyOf": [{"$ref": "#/$defs/Reveal"}, {"type": "null"}]
    }
    assert defs["Reveal"]["properties"]["bid"] == {"$ref": "#/$defs/action"}
    rules = defs["rules"]["properties"]
    assert rules["players"] == {"type": "integer", "minimum": 2, "maximum": 10}
    assert rules["first_opener"] == {"enum": ["rolloff", "seat0"]}
    assert rules["calza_rounds"]["anyOf"][1] == {"type": "null"}
    link = wire.schema("link")["$defs"]
    assert link["Placed"]["required"] == ["seat", "colour", "value"]
    assert link["view"]["properties"]["direction"] == {
        "anyOf": [{"enum": ["up", "down"]}, {"type": "null"}]
    }


def test_the_schema_holds_every_error_code() -> None:
    defs = wire.schema("pig")["$defs"]
    assert defs["error"]["properties"]["error"] == {"$ref": "#/$defs/error_code"}
    assert defs["error_code"] == {"title": "RefusalCode", "enum": list(wire.ERROR_CODES)}
    assert (*(code for _, code in wire.CODES), "internal") == wire.ERROR_CODES


def _schemas(value):
    """Every schema inside ``value`` (a schema), itself first."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _schemas(item)
    elif isinstance(value, list):
        for item in value:
            yield from _schemas(item)


# The type names of the languages' own that a generated type must not shadow.
_TAKEN = {
    "Array", "Boolean", "Date", "Error", "Function", "Map", "Number", "Object", "Promise",
    "Record", "RegExp", "Set", "String", "Symbol",  # TypeScript, JavaScript
    "Box", "Err", "None", "Ok", "Option", "Result", "Self", "Some", "Vec",  # Rust
}  # fmt: skip


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_every_definition_has_a_title_that_is_a_type_name(name: str) -> None:
    """The generators name each type from its title: a name of its own, made of ASCII
    letters and digits, that shadows none of TypeScript's, Go's or Rust's."""
    schema = wire.schema(name)
    titled = [schema, *schema["$defs"].values()]
    titles = [one["title"] for one in titled]
    assert len(set(titles)) == len(titles)
    for title in titles:
        assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", title) and title not in _TAKEN, title
    prefix = wire.type_name(name)
    assert (
        schema["title"] == prefix + "Message"
        and schema["$defs"]["view"]["title"] == prefix + "View"
    )
    assert {schema["$defs"][key]["title"] for key in ("error", "error_code")} == {
        "Refusal",
        "RefusalCode",
    }


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_no_schema_holds_a_positional_tuple(name: str) -> None:
    """Every array is of one type (a tuple of mixed types is an object of named fields):
    the common generators of types read no ``prefixItems``."""
    for one in _schemas(wire.schema(name)):
        assert "prefixItems" not in one
        if one.get("type") == "array":
            assert isinstance(one["items"], dict)
    assert wire.unnamed(name) == ()


def test_type_names() -> None:
    assert wire.type_name("liars-dice") == "LiarsDice"
    assert wire.type_name("cup-call") == "CupCall"
    assert wire.type_name("my_game.v2") == "MyGameV2"
    assert wire.type_name("24") == "Game24"


def test_a_message_of_another_shape_is_refused_by_the_schema() -> None:
    game = dicerules.get_game("pig")
    validator = jsonschema.Draft202012Validator(wire.schema(game))
    message = wire.view(game, game.new_game(seed=1), 0)
    assert validator.is_valid(message)
    assert not validator.is_valid({**message, "seed": 1})
    assert not validator.is_valid({**message, "view": {**message["view"], "extra": 1}})
    assert not validator.is_valid({**message, "game": "liars-dice"})


def test_a_view_field_of_a_type_wire_cannot_write_is_refused() -> None:
    @attrs.frozen
    class Odd:
        player: int | None
        ratio: float

    def odd_view(state: object, player: int | None) -> Odd:
        return Odd(player, 0.5)

    odd = attrs.evolve(dicerules.get_game("pig"), name="odd-pig", view=odd_view)
    with pytest.raises(
        dicerules.InvalidArgumentError, match=r"wire cannot write Odd\.ratio, of the type float"
    ):
        wire.schema(odd)


def test_the_schema_command() -> None:
    status, out, err = _run("schema", "liars_dice")
    assert (status, err) == (0, "")
    assert json.loads(out) == wire.schema("liars-dice")
    status, out, err = _run("schema", "no-such-game")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no game named 'no-such-game'" in err


@attrs.frozen
class Mixed:
    """A view with unions: of actions and None, of an int and a Reveal."""

    player: int | None
    last: liars_dice.Action | None
    either: int | liars_dice.Reveal


def mixed_view(state: liars_dice.State, player: int | None) -> Mixed:
    bids = state.bids
    return Mixed(player, bids[-1] if bids else None, state.round)


def test_a_union_of_kinds_is_written_by_the_kind_of_each_value() -> None:
    game = attrs.evolve(dicerules.get_game("liars-dice"), name="mixed-dice", view=mixed_view)
    state = game.new_game(seed=3)
    assert wire.view(game, state, 0)["view"] == {"last": None, "either": 1}
    state = game.apply(state, game.legal_actions(state)[0])
    assert wire.view(game, state, 0)["view"]["last"] == game.format_action(state.bids[-1])
    properties = wire.schema(game)["$defs"]["view"]["properties"]
    assert properties["last"] == {"anyOf": [{"$ref": "#/$defs/action"}, {"type": "null"}]}
    assert properties["either"] == {"anyOf": [{"type": "integer"}, {"$ref": "#/$defs/Reveal"}]}

    def odd_view(state: liars_dice.State, player: int | None) -> Mixed:
        return Mixed(player, None, 2.5)  # type: ignore[arg-type]

    odd = attrs.evolve(game, name="mixed-odd", view=odd_view)
    with pytest.raises(dicerules.WrongTypeError, match=r"a message cannot hold a float: 2\.5"):
        wire.view(odd, odd.new_game(seed=3), 0)


@attrs.frozen
class Tuples:
    """A view with a tuple of mixed types the game does not name, and one of one type."""

    player: int | None
    pair: tuple[int, str]
    pairs: tuple[tuple[int, tuple[int, ...]], ...]
    corner: tuple[int, int]


def tuples_view(state: object, player: int | None) -> Tuples:
    return Tuples(player, (3, "three"), ((0, (1, 2)), (1, ())), (4, 5))


def test_a_tuple_of_mixed_types_is_an_object_of_numbered_fields() -> None:
    """Never an array by position: ``_0``, ``_1``, ... (and ``unnamed`` names it, and
    check_game asks for a NamedTuple); a tuple of one type stays an array."""
    game = attrs.evolve(dicerules.get_game("pig"), name="tuple-pig", view=tuples_view)
    message = wire.view(game, game.new_game(seed=1), 0)
    assert message["view"] == {
        "pair": {"_0": 3, "_1": "three"},
        "pairs": [{"_0": 0, "_1": [1, 2]}, {"_0": 1, "_1": []}],
        "corner": [4, 5],
    }
    schema = wire.schema(game)
    jsonschema.Draft202012Validator(schema).validate(message)
    properties = schema["$defs"]["view"]["properties"]
    assert properties["pair"]["properties"] == {"_0": {"type": "integer"}, "_1": {"type": "string"}}
    assert properties["pair"]["required"] == ["_0", "_1"]
    assert properties["corner"] == {
        "type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2
    }  # fmt: skip
    assert wire.unnamed(game) == ("Tuples.pair", "Tuples.pairs[]")
    with pytest.raises(AssertionError, match=r"Tuples\.pair, Tuples\.pairs\[\] is a tuple of"):
        testing.check_game(game, max_examples=1)


def test_rules_are_one_shape_everywhere() -> None:
    """``wire.rules`` is the ``rules`` of every view message: every field, in order."""
    for name in dicerules.GAMES:
        game = dicerules.get_game(name)
        for rules in game.presets.values():
            state = game.new_game(rules, seed=1)
            message = wire.view(game, state, None)
            assert wire.rules(name, rules) == message["rules"]
            assert list(message["rules"]) == [field.name for field in attrs.fields(game.Rules)]
            only_rules = {**wire.schema(game), "anyOf": [{"$ref": "#/$defs/rules"}]}
            jsonschema.Draft202012Validator(only_rules).validate(wire.rules(game, rules))
    made = wire.rules("liars-dice", liars_dice.Rules())
    made["players"] = 99
    assert wire.rules("liars-dice", liars_dice.Rules())["players"] == 4
    with pytest.raises(dicerules.WrongTypeError, match="liars-dice rules are a Rules, not 'dict'"):
        wire.rules("liars-dice", {"players": 4})
    pig = dicerules.get_game("pig")
    with pytest.raises(dicerules.WrongTypeError):
        wire.rules("liars-dice", pig.default_rules)
