"""wire.schema: a JSON Schema (draft 2020-12) of each game's messages, from its View's
fields and types; ``dicerules schema GAME`` prints it."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import attrs
import jsonschema
import pytest

import dicerules
from dicerules import wire
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
    assert view["properties"]["bids"]["items"]["prefixItems"] == [
        {"type": "integer"},
        {"$ref": "#/$defs/action"},
    ]
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
    codes = wire.schema("pig")["$defs"]["error"]["properties"]["error"]["enum"]
    assert codes == [*(code for _, code in wire.CODES), "internal"]


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
