"""A table's messages: ``wire.layout`` (how every game is drawn, from what it declares),
``wire.story`` (the game told step by step, as the terminal tells it), ``wire.moves``
(each legal move in words) and ``wire.hint`` (the odds, for the seat to act only), for
every registered game, the plugins included."""

from __future__ import annotations

import io
import re

import attrs
import pytest
from helpers import random_game
from wire_checks import CASES, valid

import dicerules
from dicerules import layout, narration, wire
from dicerules.cli.replay import narrate
from dicerules.cli.rules import plain_text
from dicerules.games import liars_dice
from dicerules.streams import SeededStream

SEED, CHOOSER = 20261207, 5


def _game(name: str, preset: str) -> list[object]:
    game = dicerules.get_game(name)
    return random_game(game, game.presets[preset], SEED, CHOOSER, 120)


def _seats(game, state):
    return (None, *range(game.seats(state.rules)))


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_the_story_is_what_replay_tells(name: str, preset: str, monkeypatch) -> None:
    """Each seat's story, line for line, is what ``dicerules replay --seat`` prints after
    its header, unwrapped: the same narrator on the same views."""
    monkeypatch.setenv("COLUMNS", "100000")
    game = dicerules.get_game(name)
    states = _game(name, preset)
    last = states[-1]
    for seat in _seats(game, last):
        out = io.StringIO()
        narrate("a.json", dicerules.record(last), last, out, seat)
        told = out.getvalue().splitlines()[1 if seat is None else 2 :]
        entries = valid(game, wire.story(game, last, seat))
        lines = [line for entry in entries for line in entry["lines"]]
        if not game.is_terminal(last):
            told = told[:-1]  # replay's "The record stops before the end" is not a step's
        assert lines == told, (name, seat)
        steps = [entry["step"] for entry in entries]
        assert steps == sorted(set(steps)) and steps[-1] <= len(game.history(last))
        assert all(entry["lines"] for entry in entries)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_a_story_since_a_state_is_the_rest_of_the_whole(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    states = _game(name, preset)
    last = states[-1]
    for seat in _seats(game, last):
        whole = wire.story(game, last, seat)
        for since in (states[0], states[len(states) // 2], states[-2], last):
            step = len(game.history(since))
            rest = [entry for entry in whole if entry["step"] > step]
            assert wire.story(game, last, seat, since) == rest
        assert wire.story_along(game, states, game.history(last), seat) == whole


def test_a_finished_story_ends_with_the_winners_and_every_step_is_numbered() -> None:
    game = dicerules.get_game("liars-dice")
    rules = liars_dice.Rules(players=2, dice_per_player=1, first_opener="seat0")
    state = game.new_game(rules, stream=dicerules.ScriptedStream([4, 1]))
    for move in ("2x4", "challenge"):
        state = wire.move(game, state, game.current_player(state), move)
    assert wire.story(game, state, 1) == [
        {
            "step": 0,
            "lines": [
                "Round 1: 2 dice in play (seat 0 = 1, seat 1 (you) = 1); seat 0 opens.",
                "  Your hand: 1.",
            ],
        },
        {"step": 1, "lines": ["  seat 0 bids 2x4."]},
        {
            "step": 2,
            "lines": [
                "  seat 1 (you) challenges seat 0's 2x4.",
                "  Cups up: seat 0 = 4, seat 1 (you) = 1.",
                "  2 dice count for 2x4 (ones wild): the bid holds; seat 1 (you) loses a die.",
                "  That was your last die: you are out of the game.",
                "Game over: seat 0 wins.",
                "Final dice left: seat 0 = 1, seat 1 (you) = 0.",
            ],
        },
    ]  # fmt: skip


def test_a_story_refuses_states_not_of_one_game() -> None:
    game = dicerules.get_game("pig")
    one, other = game.new_game(seed=1), game.new_game(seed=2)
    later = game.apply(one, game.legal_actions(one)[0])
    with pytest.raises(dicerules.InvalidArgumentError, match="story takes two states of one game"):
        wire.story(game, one, 0, later)
    with pytest.raises(dicerules.InvalidArgumentError):
        wire.story(game, game.apply(other, game.legal_actions(other)[0]), 0, one)
    with pytest.raises(dicerules.WrongTypeError):
        wire.story(game, dicerules.get_game("link").new_game(seed=1), 0)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_a_story_shows_nothing_a_seat_may_not_know(name: str, preset: str) -> None:
    """States whose hidden dice are drawn afresh tell each seat the same story."""
    game = dicerules.get_game(name)
    if game.resample_hidden is None:
        pytest.skip(f"{name} hides nothing")
    states = _game(name, preset)
    actions = game.history(states[-1])
    for seat in _seats(game, states[-1]):
        twins = [
            game.resample_hidden(state, seat, SeededStream(n + 11))
            for n, state in enumerate(states)
        ]
        assert wire.dumps(wire.story_along(game, twins, actions, seat)) == wire.dumps(
            wire.story_along(game, states, actions, seat)
        )


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_the_layout_draws_every_field_in_words(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    rules = game.presets[preset]
    made = valid(game, wire.layout(game, rules))
    state = game.new_game(rules, seed=SEED)
    fields = [field["field"] for field in made["fields"]]
    assert fields == list(wire.view(game, state, 0)["view"])

    def labels(fields):
        for field in fields:
            yield field["label"]
            kind = field["kind"]
            while kind is not None:
                yield from labels(kind["fields"])
                kind = kind["item"]

    for label in labels([*made["fields"], *(f for form in made["forms"] for f in form["fields"])]):
        assert label and label == label.strip() and "_" not in label, label
    assert made["score_name"] == narration.narrator(game, None).score_name
    assert [rule["field"] for rule in made["rules"]] == [f.name for f in attrs.fields(game.Rules)]
    assert all(rule["words"] and "_" not in rule["words"] for rule in made["rules"])
    text = narration.rules_text(game)
    assert made["rules_text"] == narration.rules_blocks(text.strip())
    printed = plain_text(text.strip(), 100000)
    assert printed.split("\n\n") == ["\n".join(block) for block in made["rules_text"]]
    assert made["hints"] == (name in ("eighteen", "liars-dice", "twenty-four"))


def test_the_layout_follows_what_the_game_declares() -> None:
    fields = {f["field"]: f for f in wire.layout("liars-dice", liars_dice.Rules())["fields"]}
    assert fields["hand"]["place"] == "own" and fields["hand"]["kind"]["draw"] == "dice"
    assert fields["dice"]["place"] == "seats" and fields["dice"]["label"] == "dice left"
    assert fields["dice"]["kind"] == {
        "draw": "per_seat", "item": {"draw": "number", "item": None, "fields": []}, "fields": []
    }  # fmt: skip
    assert fields["rolloff"]["place"] == fields["to_act"]["place"] == "hidden"
    assert fields["ones_wild"]["kind"]["draw"] == "flag" and fields["ones_wild"]["hide"] == [False]
    reveal = fields["last_reveal"]
    assert reveal["place"] == "result" and reveal["kind"]["draw"] == "card"
    parts = {f["field"]: f for f in reveal["kind"]["fields"]}
    assert (
        parts["hands"]["kind"]["item"]["draw"] == "dice" and parts["loser"]["label"] == "lost a die"
    )
    assert parts["bid"]["kind"]["draw"] == "action" and parts["bidder"]["kind"]["draw"] == "seat"
    bids = fields["bids"]["kind"]["item"]["fields"]
    assert [(f["field"], f["kind"]["draw"]) for f in bids] == [("seat", "seat"), ("bid", "action")]
    assert wire.layout("liars-dice", liars_dice.Rules())["forms"] == [
        {
            "form": "Bid",
            "fields": [
                {"field": "quantity", "label": "how many", "place": "board", "hide": [],
                 "kind": {"draw": "number", "item": None, "fields": []}},
                {"field": "face", "label": "of which face", "place": "board", "hide": [],
                 "kind": {"draw": "die", "item": None, "fields": []}},
            ],
        }
    ]  # fmt: skip
    link = {
        f["field"]: f
        for f in wire.layout("link", dicerules.get_game("link").default_rules)["fields"]
    }
    assert link["in_game"]["hide"] == [True] and link["in_game"]["label"] == "left the game"


def test_a_game_that_declares_nothing_is_drawn_from_its_types() -> None:
    """pig declares nothing: its scores are at the seats, called by its narrator's name,
    the seat to act is left to the message, the rest is on the board in words."""
    pig = dicerules.get_game("pig")
    fields = {f["field"]: f for f in wire.layout(pig, pig.default_rules)["fields"]}
    assert (fields["scores"]["place"], fields["scores"]["label"]) == ("seats", "score")
    assert fields["scores"]["kind"]["draw"] == "per_seat"
    assert fields["to_act"]["place"] == "hidden"
    assert (fields["turn_total"]["label"], fields["turn_total"]["place"]) == ("turn total", "board")
    assert fields["last_roll"]["kind"]["draw"] == "number"


def test_a_declaration_is_checked() -> None:
    with pytest.raises(dicerules.InvalidArgumentError, match="a place is one of seats"):
        layout.Shown("x", place="table")  # type: ignore[arg-type]
    with pytest.raises(dicerules.InvalidArgumentError, match="a label is words"):
        layout.Shown("")
    with pytest.raises(dicerules.InvalidArgumentError, match="unless is an int"):
        layout.Shown("x", unless=())  # type: ignore[arg-type]
    with pytest.raises(dicerules.InvalidArgumentError, match="a kind is one of"):
        layout.Drawn("colour")


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_the_moves_are_the_legal_actions_in_words(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    forms = {form["form"]: form for form in wire.layout(game, game.presets[preset])["forms"]}
    for state in _game(name, preset)[::7]:
        to_act = game.current_player(state)
        for seat in _seats(game, state):
            made = valid(game, wire.moves(game, state, seat))
            if seat is None or seat != to_act:
                assert made == {"prompt": None, "suggested": None, "moves": []}
                continue
            legal = [game.format_action(action) for action in game.legal_actions(state)]
            assert [move["move"] for move in made["moves"]] == legal
            labels = [move["label"] for move in made["moves"]]
            assert len(set(labels)) == len(labels) and all(labels)
            assert made["suggested"] is None or made["suggested"] in legal
            assert made["prompt"]
            chosen = {}
            for move in made["moves"]:
                if move["form"] is None:
                    assert move["choice"] == {}
                    continue
                fields = [field["field"] for field in forms[move["form"]]["fields"]]
                assert list(move["choice"]) == fields
                key = (move["form"], *move["choice"].values())
                assert key not in chosen  # a form's values name one move
                chosen[key] = move["move"]


def test_the_first_bid_offered_is_on_the_hand_not_the_weakest() -> None:
    game = dicerules.get_game("liars-dice")
    rules = liars_dice.Rules(players=2, dice_per_player=3, first_opener="seat0")
    state = game.new_game(rules, stream=dicerules.ScriptedStream([5, 5, 2, 3, 4, 6]))
    made = wire.moves(game, state, 0)
    assert made["suggested"] == "2x5"
    assert made["moves"][0] == {
        "move": "1x1", "label": "Bid one 1 (1x1)", "form": "Bid",
        "choice": {"quantity": 1, "face": 1},
    }  # fmt: skip
    state = wire.move(game, state, 0, "2x5")
    made = wire.moves(game, state, 1)
    assert made["moves"][-1]["label"] == "Challenge seat 0's 2x5"
    assert made["suggested"] == "2x6"  # the lowest raise on the face it holds most of


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_a_hint_is_the_terminal_s_for_the_seat_to_act_only(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    for state in _game(name, preset)[:40:9]:
        to_act = game.current_player(state)
        if to_act is None:
            continue
        teller = narration.narrator(game, to_act)
        made = valid(game, wire.hint(game, state, to_act))
        assert made == {"lines": teller.odds(game.view(state, to_act), game.legal_actions(state))}
        for seat in _seats(game, state):
            if seat == to_act:
                continue
            with pytest.raises(dicerules.NotYourTurnError) as refused:
                wire.hint(game, state, seat)
            assert wire.error(refused.value)["error"] == "not_your_turn"
            assert re.search(r"cannot ask for odds$", str(refused.value))


def test_a_hint_tells_exact_odds_where_the_terminal_does() -> None:
    game = dicerules.get_game("liars-dice")
    rules = liars_dice.Rules(players=2, dice_per_player=1, first_opener="seat0")
    state = game.new_game(rules, stream=dicerules.ScriptedStream([4, 2]))
    state = wire.move(game, state, 0, "1x4")
    assert wire.hint(game, state, 1) == {
        "lines": [
            "The chance that seat 0's 1x4 holds, given your hand 2 and 1 dice you cannot see:"
            " 33.3% (exactly 1/3)."
        ]
    }
    pig = dicerules.get_game("pig")
    assert wire.hint(pig, pig.new_game(seed=1), 0) == {"lines": [narration.NO_ODDS]}
