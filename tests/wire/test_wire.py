"""dicerules.wire: views, moves and events of every game and preset as JSON messages."""

from __future__ import annotations

import itertools
import json

import attrs
import pytest
from helpers import random_play, seeded_choice
from wire_checks import BUILT_IN, CASES, valid

import dicerules
from dicerules import wire
from dicerules.games import liars_dice
from dicerules.rulefields import field_spec

STEPS = 40


def _seats(game, state):
    return (None, *range(game.seats(state.rules)))


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_views_and_events_of_a_game(name: str, preset: str) -> None:
    game = dicerules.get_game(name)
    start = game.new_game(game.presets[preset], seed=1234)
    states = list(random_play(game, start, seeded_choice(99), STEPS))
    for state in states:
        to_act = game.current_player(state)
        for seat in _seats(game, state):
            message = valid(game, wire.view(game, state, seat))
            assert message["game"] == name and message["format"] == wire.FORMAT
            assert message["seat"] == seat and message["to_act"] == to_act
            assert message["step"] == len(game.history(state))
            assert message["over"] is game.is_terminal(state)
            legal = [game.format_action(action) for action in game.legal_actions(state)]
            assert message["legal"] == (legal if seat is not None and seat == to_act else [])
            assert wire.view(game, state, seat) == message
    last = states[-1]
    middle = states[len(states) // 2]
    for seat in _seats(game, start):
        whole = valid(game, wire.events(game, start, last, seat))
        halves = valid(game, wire.events(game, start, middle, seat)) + valid(
            game, wire.events(game, middle, last, seat)
        )
        assert whole == halves
        acted = [event for event in whole if event["event"] == "action"]
        assert [event["action"] for event in acted] == [
            game.format_action(action) for action in game.history(last)
        ]
        assert [event["seat"] for event in acted] == [
            game.current_player(state) for state in states[:-1]
        ]
        assert wire.events(game, last, last, seat) == []
        rounds = [(event["step"], event["round"]) for event in whole if event["event"] == "round"]
        assert rounds == _new_rounds(game, states, seat)
        ended = [event for event in whole if event["event"] == "end"]
        assert ended == (
            [{"event": "end", "step": len(states) - 1, "winners": list(game.winners(last)),
              "scores": list(game.scores(last))}]
            if game.is_terminal(last) else []
        )  # fmt: skip


def _new_rounds(game, states, seat):
    """Each step after which a game that counts rounds is in a new one, and its number."""
    if game.round_of is None:
        return []
    numbers = [game.round_of(game.view(state, seat)) for state in states]
    return [
        (step, numbers[step])
        for step in range(1, len(states))
        if numbers[step] != numbers[step - 1] and not game.is_terminal(states[step])
    ]


def test_rounds_are_told_where_a_game_counts_them() -> None:
    counted = {name for name, game in dicerules.GAMES.items() if game.round_of is not None}
    assert {"liars-dice", "eighteen", "link", "twenty-four", "cup-call"} <= counted
    assert "pig" not in counted


@pytest.mark.parametrize("name", list(dicerules.GAMES))
def test_seen_events_carry_the_view_forward(name: str) -> None:
    """Applying each ``seen`` event's changes to the view before gives the view after."""
    game = dicerules.get_game(name)
    start = game.new_game(seed=7)
    states = list(random_play(game, start, seeded_choice(3), 25))
    for seat in _seats(game, start):
        shown = valid(game, wire.view(game, start, seat))["view"]
        for before, after in itertools.pairwise(states):
            for event in valid(game, wire.events(game, before, after, seat)):
                if event["event"] == "seen":
                    shown = {**shown, **event["changed"]}
            assert shown == valid(game, wire.view(game, after, seat))["view"]


def test_a_liars_dice_view_reads_as_the_view() -> None:
    game = dicerules.get_game("liars-dice")
    state = game.new_game(seed=5)
    state = game.apply(state, game.parse_action(state, "3x4"))
    seat = game.current_player(state)
    message = valid(game, wire.view(game, state, seat))
    seen = game.view(state, seat)
    assert message["view"]["hand"] == list(seen.hand)
    assert message["view"]["bids"] == [{"seat": seen.bids[0].seat, "bid": "3x4"}]
    assert seen.bids[0] == (seen.bids[0].seat, liars_dice.Bid(3, 4))
    assert message["rules"]["players"] == state.rules.players
    assert list(message) == [
        "format", "game", "rules", "seat", "step", "to_act", "over", "winners", "scores",
        "view", "legal",
    ]  # fmt: skip
    assert "rules" not in message["view"] and "player" not in message["view"]
    assert message["legal"][:2] == ["3x5", "3x6"] and message["legal"][-1] == "challenge"


# ------------------------------------------------------------------ moves


def test_a_move_is_the_state_after_it() -> None:
    game = dicerules.get_game("liars-dice")
    state = game.new_game(seed=5)
    seat = game.current_player(state)
    after = wire.move(game, state, seat, " 3X4 ")
    assert after == game.apply(state, game.parse_action(state, "3x4"))
    assert wire.move("liars-dice", state, seat, "3x4") == after


def _refused(game, state, seat, text, error_class, code):
    before = (state, hash(state))
    with pytest.raises(error_class) as caught:
        wire.move(game, state, seat, text)
    assert (state, hash(state)) == before
    message = valid(game, wire.error(caught.value))
    assert message["error"] == code
    assert "\n" not in message["message"] and len(message["message"]) <= 500
    assert type(caught.value) is error_class or code != "illegal_move"
    return message


def test_moves_refused() -> None:
    game = dicerules.get_game("liars-dice")
    state = game.new_game(seed=5)
    seat = game.current_player(state)
    other = (seat + 1) % state.rules.players
    message = _refused(game, state, other, "3x4", dicerules.NotYourTurnError, "not_your_turn")
    assert message["message"] == f"it is seat {seat}'s turn: seat {other} cannot move"
    _refused(game, state, None, "3x4", dicerules.NotYourTurnError, "not_your_turn")
    _refused(game, state, seat, "3y4", dicerules.InvalidActionError, "bad_notation")
    _refused(game, state, seat, "challenge", dicerules.IllegalActionError, "illegal_move")
    _refused(game, state, seat, b"3x4", dicerules.WrongTypeError, "wrong_type")
    _refused(game, state, seat, None, dicerules.WrongTypeError, "wrong_type")
    huge = "3x4" + " " * (10 * 2**20)
    message = _refused(game, state, seat, huge, dicerules.InvalidActionError, "bad_notation")
    assert "10,485,763" in message["message"]
    _refused(game, state, 99, "3x4", dicerules.InvalidSeatError, "unknown_seat")
    _refused(game, state, True, "3x4", dicerules.WrongTypeError, "wrong_type")
    pig = dicerules.get_game("pig").new_game(seed=1)
    _refused(game, pig, seat, "3x4", dicerules.WrongTypeError, "wrong_type")
    assert issubclass(dicerules.NotYourTurnError, dicerules.IllegalActionError)


def test_no_move_once_the_game_is_over() -> None:
    game = dicerules.get_game("pig")
    states = list(random_play(game, game.new_game(seed=2), seeded_choice(2)))
    over = states[-1]
    assert game.is_terminal(over)
    message = _refused(game, over, 0, "roll", dicerules.NotYourTurnError, "not_your_turn")
    assert message["message"] == "the game is over: seat 0 cannot move"


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("call", ["view", "events"])
def test_bad_input_to_views_and_events(call: str) -> None:
    game = dicerules.get_game("link")
    state = game.new_game(seed=1)

    def made(game, state, seat):
        if call == "view":
            return wire.view(game, state, seat)
        return wire.events(game, state, state, seat)

    bad_seats = (
        (4, dicerules.InvalidSeatError),
        (-1, dicerules.InvalidSeatError),
        (1.0, dicerules.WrongTypeError),
        ("0", dicerules.WrongTypeError),
    )
    for bad_seat, error in bad_seats:
        with pytest.raises(error) as caught:
            made(game, state, bad_seat)
        assert "\n" not in str(caught.value)
    eighteen = dicerules.get_game("eighteen").new_game(seed=1)
    with pytest.raises(dicerules.WrongTypeError, match="link messages are made of link states"):
        made(game, eighteen, 0)
    with pytest.raises(dicerules.WrongTypeError):
        made(game, None, 0)
    with pytest.raises(dicerules.WrongTypeError, match=r"dicerules\.Game or its name"):
        made(object(), state, 0)
    with pytest.raises(dicerules.UnknownGameError):
        made("no-such-game", state, 0)


def test_events_need_the_later_state_of_the_same_game() -> None:
    game = dicerules.get_game("twenty-four")
    start = game.new_game(seed=1)
    later = list(random_play(game, start, seeded_choice(1), 6))[-1]
    other = list(random_play(game, game.new_game(seed=2), seeded_choice(1), 6))[-1]
    for before, after in ((later, start), (start, other)):
        with pytest.raises(dicerules.InvalidArgumentError, match="reached from the first"):
            wire.events(game, before, after, 0)


def test_error_codes() -> None:
    pig = dicerules.get_game("pig")
    for error in (dicerules.NotYourTurnError("no"), KeyError("x"), dicerules.ReplayError("r", 1)):
        valid(pig, wire.error(error))
    assert wire.error(dicerules.NotYourTurnError("no"))["error"] == "not_your_turn"
    assert wire.error(dicerules.InvalidRulesError("bad"))["error"] == "bad_rules"
    assert wire.error(dicerules.ReplayError("bad", 3))["error"] == "bad_record"
    assert wire.error(dicerules.UnknownGameError("nope")) == {
        "error": "unknown_game", "message": "nope"
    }  # fmt: skip
    assert wire.error(dicerules.InvalidArgumentError("a\nb")) == {
        "error": "bad_argument", "message": "a"
    }  # fmt: skip
    hidden = wire.error(KeyError("State(hands=((1, 2, 3), (4, 5, 6)))"))
    assert hidden == {"error": "internal", "message": "the server could not do that"}
    assert len(wire.error(dicerules.IllegalActionError("x" * 10_000))["message"]) == 500
    codes = [code for _, code in wire.CODES]
    assert len(set(codes)) == len(codes)
    with pytest.raises(dicerules.WrongTypeError):
        wire.error("not an exception")  # type: ignore[arg-type]


def test_messages_are_plain_json() -> None:
    game = dicerules.get_game("eighteen")
    state = list(random_play(game, game.new_game(seed=4), seeded_choice(4), 12))[-1]
    message = valid(game, wire.view(game, state, 1))
    text = wire.dumps(message)
    assert json.loads(text) == message
    assert text == json.dumps(message, separators=(",", ":"))
    assert wire.dumps(wire.view(game, state, 1)) == text


def test_dumps_writes_utf8_text() -> None:
    """JSON's own encoding: text is written as it is (encoded as UTF-8 by the caller),
    only what JSON must escape escaped."""
    text = wire.dumps({"name": "Zoë \u263a", "line": "a\nb\x00", "quote": '"/\\'})
    assert text == '{"name":"Zoë \u263a","line":"a\\nb\\u0000","quote":"\\"/\\\\"}'
    assert json.loads(text) == {"name": "Zoë \u263a", "line": "a\nb\x00", "quote": '"/\\'}


@pytest.mark.parametrize(
    ("message", "error", "words"),
    [
        (
            {"view": {"big": [2**53]}},
            dicerules.InvalidArgumentError,
            "the message.view.big[0] is 9007199254740992",
        ),
        ({"low": -(2**53)}, dicerules.InvalidArgumentError, "-(2**53 - 1) to 2**53 - 1"),
        (
            {"huge": 2**64},
            dicerules.InvalidArgumentError,
            "the message.huge is 18446744073709551616",
        ),
        (
            {"text": "a\ud800"},
            dicerules.InvalidArgumentError,
            "the message.text is not Unicode text",
        ),
        ({1: "x"}, dicerules.WrongTypeError, "keys are strs"),
        ({"set": {1}}, dicerules.WrongTypeError, "a message cannot hold a set: the message.set"),
    ],
)
def test_dumps_refuses_what_json_readers_would_misread(message, error, words) -> None:
    """An int past 2**53 - 1 would be read as another number in JavaScript (a seed, say):
    no message holds one, and ``dumps`` refuses it rather than let it change."""
    with pytest.raises(error) as caught:
        wire.dumps(message)
    assert words in str(caught.value)


def test_dumps_writes_every_safe_integer() -> None:
    safe = wire.SAFE_INTEGER
    assert safe == 2**53 - 1
    assert wire.dumps([safe, -safe, 0, True, None]) == f"[{safe},{-safe},0,true,null]"


def test_no_rules_field_of_a_built_in_game_holds_an_unsafe_integer() -> None:
    """What bounds every int of a message: each Rules int field says its range, within
    the safe integers, and the games count dice, points and seats under those rules."""
    for game in BUILT_IN:
        for field in attrs.fields(game.Rules):
            spec = field_spec(field)
            assert spec is not None, (game.name, field.name)
            if spec.kind == "int":
                assert spec.low is not None and spec.high is not None, (game.name, field.name)
                assert -wire.SAFE_INTEGER <= spec.low <= spec.high <= wire.SAFE_INTEGER


def test_a_message_is_the_callers_own() -> None:
    """Changing a message changes no later one (the notation kept for speed is copied)."""
    game = dicerules.get_game("liars-dice")
    state = game.new_game(seed=8)
    seat = game.current_player(state)
    first = valid(game, wire.view(game, state, seat))
    kept = json.loads(wire.dumps(first))
    first["legal"].clear()
    first["rules"]["players"] = 99
    first["view"]["hand"].append(9)
    assert wire.view(game, state, seat) == kept


def _counted(game):
    """``game`` with its ``view`` and ``apply`` counted: the calls, by name."""
    calls: list[str] = []

    def view(state, seat):
        calls.append("view")
        return game.view(state, seat)

    def apply(state, action):
        calls.append("apply")
        return game.apply(state, action)

    return attrs.evolve(game, view=view, apply=apply), calls


def test_an_update_makes_each_view_and_path_once() -> None:
    """A server's update of one move for every seat asks for each seat's views of the
    two states, and the path between them, several times: each is made once."""
    game, calls = _counted(dicerules.get_game("liars-dice"))
    wire.view(game, game.new_game(seed=9), None)  # the codec is made
    before = game.new_game(seed=8)
    after = game.apply(before, game.legal_actions(before)[3])
    calls.clear()
    made = []
    for seat in (None, *range(game.seats(before.rules))):
        events = wire.events(game, before, after, seat)  # first, as the server asks
        made.append(
            [
                wire.view(game, after, seat),
                events,
                wire.story(game, after, seat, before),
                wire.moves(game, after, seat),
            ]
        )
    seats = game.seats(before.rules) + 1
    assert calls.count("view") == 2 * seats
    assert calls.count("apply") == 1
    plain = dicerules.get_game("liars-dice")
    assert made[1] == [
        wire.view(plain, after, 0),
        wire.events(plain, before, after, 0),
        wire.story(plain, after, 0, before),
        wire.moves(plain, after, 0),
    ]


def test_the_views_kept_are_few_and_each_of_its_state() -> None:
    """The views kept are the last few states' (found by the state object itself: an
    equal state made anew is viewed anew), however many states are asked about."""
    game, calls = _counted(dicerules.get_game("liars-dice"))
    states = list(random_play(game, game.new_game(seed=3), seeded_choice(5), 60))
    wire.view(game, game.new_game(seed=4), 0)  # the codec is made
    calls.clear()
    for before, after in itertools.pairwise(states):
        wire.events(game, before, after, 0)
    assert calls.count("view") == len(states)  # each state's once
    codec = wire._codec(game)
    assert 0 < len(codec._seen) <= wire._RECENT and len(codec._paths) <= wire._RECENT
    again = attrs.evolve(states[-1])
    assert again == states[-1] and again is not states[-1]
    calls.clear()
    assert wire.view(game, again, 0) == wire.view(game, states[-1], 0)
    assert calls.count("view") == 1


def test_a_moves_message_is_the_callers_own() -> None:
    """Changing a form's values in one moves message changes no later one (each
    action's values are kept for speed, and copied)."""
    game = dicerules.get_game("liars-dice")
    state = game.new_game(seed=8)
    seat = game.current_player(state)
    first = wire.moves(game, state, seat)
    kept = json.loads(wire.dumps(first))
    for move in first["moves"]:
        move["choice"]["face"] = 9
    assert wire.moves(game, state, seat) == kept


def test_labels_a_narrator_gives_by_the_action_alone_are_worded_once() -> None:
    """A narrator whose ``labels_by_action`` names an action class is asked each such
    action's label once (the message the same); any other label, every time."""
    plain = dicerules.get_game("liars-dice")
    asked: list[object] = []

    class Counted(plain.narrator):  # type: ignore[name-defined, misc]
        labels_by_action = frozenset({liars_dice.Bid})

        def label(self, view, action):
            asked.append(action)
            return super().label(view, action)

    game = attrs.evolve(plain, narrator=Counted)
    states = list(random_play(game, game.new_game(seed=4), seeded_choice(2), 40))
    for _ in range(2):
        asked.clear()
        for state in states:
            seat = game.current_player(state)
            assert wire.moves(game, state, seat) == wire.moves(plain, state, seat)
        bids = [action for action in asked if isinstance(action, liars_dice.Bid)]
        assert len(asked) > len(bids)  # a challenge's words name the bid before it
        assert len(bids) == len({id(bid) for bid in bids})
    assert bids == []  # the second time, every bid's words were kept
