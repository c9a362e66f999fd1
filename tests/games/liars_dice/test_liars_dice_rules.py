"""Rule tests for liars-dice, written from shared/rules/liars-dice.md.

Every game here starts from a ScriptedStream, so the dice are exactly the ones
written in the test. Draw order (the spec's "Dice drawn from the stream"): the
roll-off first (one die per contending seat, in seat order, per pass), then at
each round start every seat with dice, in seat order, all its dice at once.
Most tests use ``first_opener="seat0"`` so that no roll-off dice are drawn.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import attrs
import pytest
from helpers import Scripted, bad_input_test, bad_rules_test, bad_values, drawn

import dicerules
from dicerules import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    ScriptedStream,
    StreamExhaustedError,
)
from dicerules.games import liars_dice as ld
from dicerules.games.liars_dice import CHALLENGE, Bid, Challenge, Reveal, Rules, State

# ---------------------------------------------------------------------- helpers

SCRIPTED = Scripted(ld)
# start(rules, *dice): a game drawing exactly ``dice``; play(state, *moves) applies
# moves in notation.
start, play = SCRIPTED.start, SCRIPTED.play


def seat0(**fields: object) -> Rules:
    """Classic rules, changed by ``fields``, with seat 0 opening round 1 (no roll-off)."""
    return Rules(first_opener="seat0", **fields)  # type: ignore[arg-type]


def norwegian(**fields: object) -> Rules:
    """The norwegian preset, changed by ``fields``, with seat 0 opening round 1."""
    return attrs.evolve(Rules.preset("norwegian"), first_opener="seat0", **fields)


def all_bids(total: int, sides: int) -> tuple[Bid, ...]:
    """Every bid a table of ``total`` dice allows, lowest first (rules 3 and 4)."""
    return tuple(Bid(q, f) for q in range(1, total + 1) for f in range(1, sides + 1))


# ------------------------------------------------------------------ Rules fields

CLASSIC_FIELDS = {
    "players": 4,
    "dice_per_player": 3,
    "sides": 6,
    "ones_wild": True,
    "ones_opening_cancels_wild": True,
    "straights_wild": False,
    "next_opener": "winner",
    "first_opener": "rolloff",
    "ones_rank": "low",
    "palifico": False,
    "calza": False,
    "calza_rounds": None,
}
NORWEGIAN_FIELDS = {
    "players": 4,
    "dice_per_player": 6,
    "sides": 6,
    "ones_wild": True,
    "ones_opening_cancels_wild": False,
    "straights_wild": True,
    "next_opener": "loser",
    "first_opener": "rolloff",
    "ones_rank": "low",
    "palifico": False,
    "calza": False,
    "calza_rounds": None,
}
PERUDO_FIELDS = {
    "players": 4,
    "dice_per_player": 5,
    "sides": 6,
    "ones_wild": True,
    "ones_opening_cancels_wild": False,
    "straights_wild": False,
    "next_opener": "loser",
    "first_opener": "rolloff",
    "ones_rank": "half",
    "palifico": True,
    "calza": True,
    "calza_rounds": None,
}


@pytest.mark.parametrize(
    ("name", "fields"),
    [("classic", CLASSIC_FIELDS), ("norwegian", NORWEGIAN_FIELDS), ("perudo", PERUDO_FIELDS)],
)
def test_preset_has_exactly_the_spec_field_values(name: str, fields: dict[str, object]) -> None:
    preset = Rules.preset(name)
    assert attrs.asdict(preset) == fields
    assert ld.presets[name] == preset == Rules(**fields)  # type: ignore[arg-type]


def test_classic_is_the_default_and_the_presets_are_the_three_named() -> None:
    assert set(ld.presets) == {"classic", "norwegian", "perudo"}
    assert Rules() == ld.default_rules == ld.presets["classic"]
    game = dicerules.get_game("liars-dice")
    assert game.default_rules == Rules()
    assert dict(game.presets) == dict(ld.presets)


def test_unknown_preset_is_invalid_rules() -> None:
    with pytest.raises(InvalidRulesError, match="nope"):
        Rules.preset("nope")


test_bad_rules_field_is_invalid_rules_naming_the_field = bad_rules_test(
    Rules.preset("norwegian"),
    *bad_values("players", 1, 11, 0, True, 4.0, "4", None),
    *bad_values("dice_per_player", 0, 11, False, "3"),
    *bad_values("sides", 1, 21, True, 6.0),
    *bad_values("ones_wild", 1, 0, "True", None),
    *bad_values("ones_opening_cancels_wild", 1, "no"),
    *bad_values("straights_wild", 0, "yes"),
    *bad_values("next_opener", "Loser", "first", "", 1, None),
    *bad_values("first_opener", "seat1", "ROLLOFF", "random", 0, True),
)


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 2},
        {"players": 10},
        {"dice_per_player": 1},
        {"dice_per_player": 10},
        {"sides": 2},
        {"sides": 20},
        {"ones_wild": False, "ones_opening_cancels_wild": False, "straights_wild": True},
        {"next_opener": "loser", "first_opener": "seat0"},
    ],
)
def test_rules_at_the_edges_of_their_ranges_are_valid(fields: dict[str, object]) -> None:
    rules = Rules(**fields)  # type: ignore[arg-type]
    for name, value in fields.items():
        assert getattr(rules, name) == value


# ------------------------------------------------------------ rule 1: set-up

ROLLOFFS = [
    pytest.param(
        Rules(),
        [2, 5, 3, 1],
        (((0, 2), (1, 5), (2, 3), (3, 1)),),
        1,
        id="highest-single-die-opens",
    ),
    pytest.param(
        Rules(),
        [6, 2, 6, 6, 3, 5, 5, 2, 4],
        (
            ((0, 6), (1, 2), (2, 6), (3, 6)),
            ((0, 3), (2, 5), (3, 5)),
            ((2, 2), (3, 4)),
        ),
        3,
        id="ties-roll-again-among-the-tied-only-repeatedly",
    ),
    pytest.param(
        Rules(players=2, dice_per_player=2),
        [4, 4, 1, 1, 5, 2],
        (((0, 4), (1, 4)), ((0, 1), (1, 1)), ((0, 5), (1, 2))),
        0,
        id="two-seats-tie-twice",
    ),
    pytest.param(
        Rules(players=3, sides=8),
        [7, 8, 8, 3, 1],
        (((0, 7), (1, 8), (2, 8)), ((1, 3), (2, 1))),
        1,
        id="eight-sided-dice",
    ),
]


@pytest.mark.parametrize(("rules", "rolloff_dice", "passes", "opener"), ROLLOFFS)
def test_rule1_rolloff_picks_the_opener(
    rules: Rules,
    rolloff_dice: list[int],
    passes: tuple[tuple[tuple[int, int], ...], ...],
    opener: int,
) -> None:
    # After the roll-off, every hand is the seat's number + 1 repeated: seat 0 holds 1s...
    hands = [seat + 1 for seat in range(rules.players) for _ in range(rules.dice_per_player)]
    state = start(rules, *rolloff_dice, *hands, 2, 2)
    assert state.rolloff == passes
    assert state.opener == opener
    assert ld.current_player(state) == opener
    assert state.hands == tuple(
        (seat + 1,) * rules.dice_per_player for seat in range(rules.players)
    )
    assert drawn(state) == (*rolloff_dice, *hands)  # the trailing 2, 2 stay in the stream
    # The roll-off is public: every seat and the spectator see it.
    for player in (*range(rules.players), None):
        assert ld.view(state, player).rolloff == passes


def test_rule1_seat0_draws_no_rolloff_dice() -> None:
    state = start(seat0(), 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6)
    assert state.rolloff == ()
    assert state.opener == 0
    assert ld.current_player(state) == 0
    assert state.hands == ((4, 5, 6), (1, 2, 3), (1, 2, 3), (4, 5, 6))
    assert drawn(state) == (6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6)
    assert ld.view(state, 2).rolloff == ()


def test_rule1_rolloff_stays_on_record_in_later_rounds() -> None:
    # Roll-off 1, 6: seat 1 opens. Hands (3, 3) and (4, 4).
    state = start(Rules(players=2, dice_per_player=2), 1, 6, 3, 3, 4, 4, 2, 2, 2)
    assert state.opener == 1
    state = play(state, "1x2", "challenge")  # count of twos: none, no ones -> seat 1 loses
    assert state.round == 2
    assert state.rolloff == (((0, 1), (1, 6)),)
    assert ld.view(state, None).rolloff == (((0, 1), (1, 6)),)


# -------------------------------------------------------- rule 2: round start


def test_rule2_each_seat_draws_its_dice_in_seat_order_and_hands_are_sorted() -> None:
    state = start(seat0(players=3, dice_per_player=2), 5, 2, 6, 1, 3, 3, 4)
    assert state.hands == ((2, 5), (1, 6), (3, 3))
    assert state.dice == (2, 2, 2)
    assert state.round == 1
    assert drawn(state) == (5, 2, 6, 1, 3, 3)  # the 4 is not drawn


def test_rule2_a_new_round_draws_exactly_the_dice_left() -> None:
    # Hands (2, 5) and (1, 6); seat 0 bids three sixes: one six + one wild one = 2 < 3.
    state = start(seat0(players=2, dice_per_player=2), 5, 2, 6, 1, 4, 3, 2, 6)
    state = play(state, "3x6", "challenge")
    assert state.dice == (1, 2)
    assert state.hands == ((4,), (2, 3))
    assert drawn(state) == (5, 2, 6, 1, 4, 3, 2)


# --------------------------------------------------------- rule 3: the opener


def test_rule3_no_challenge_before_the_first_bid() -> None:
    state = start(seat0(players=2, dice_per_player=2), 1, 2, 3, 4)
    assert CHALLENGE not in ld.legal_actions(state)
    with pytest.raises(IllegalActionError, match="bid"):
        ld.apply(state, CHALLENGE)
    with pytest.raises(IllegalActionError):
        ld.parse_action(state, "challenge")


@pytest.mark.parametrize(
    ("players", "dice_per_player", "sides"), [(2, 2, 6), (3, 1, 2), (2, 3, 8), (10, 10, 20)]
)
def test_rule3_opener_may_bid_any_face_and_up_to_the_dice_in_play(
    players: int, dice_per_player: int, sides: int
) -> None:
    total = players * dice_per_player
    script = [1 + i % sides for i in range(total)]
    state = start(seat0(players=players, dice_per_player=dice_per_player, sides=sides), *script)
    assert ld.legal_actions(state) == all_bids(total, sides)
    assert ld.apply(state, Bid(total, sides)).bids == (Bid(total, sides),)
    with pytest.raises(IllegalActionError, match=f"{total + 1}x1"):
        ld.apply(state, Bid(total + 1, 1))
    with pytest.raises(IllegalActionError, match=f"1x{sides + 1}"):
        ld.apply(state, Bid(1, sides + 1))


def test_rule3_bids_are_limited_by_the_dice_still_in_play() -> None:
    # Hands (2, 5), (1, 6); 3x6 counts 2, so seat 0 loses a die: 3 dice are left.
    state = start(seat0(players=2, dice_per_player=2), 5, 2, 6, 1, 4, 3, 2)
    state = play(state, "3x6", "challenge")
    assert sum(state.dice) == 3
    assert ld.legal_actions(state) == all_bids(3, 6)
    with pytest.raises(IllegalActionError, match="4x1"):
        ld.apply(state, Bid(4, 1))


# ----------------------------------------------------------- rule 4: raising

RAISES = [
    # The spec's examples.
    ("4x3", "4x5", True),
    ("4x3", "5x2", True),
    ("6x6", "7x6", True),
    ("4x4", "6x5", True),
    ("4x6", "4x3", False),
    ("5x2", "4x6", False),
    # More of the same rule: same quantity needs a higher face; ones are the lowest face.
    ("3x4", "3x5", True),
    ("3x4", "4x2", True),
    ("3x4", "2x6", False),
    ("3x4", "3x4", False),
    ("2x3", "3x1", True),
    ("2x3", "2x1", False),
    ("2x1", "2x2", True),
]


@pytest.mark.parametrize(("last", "bid", "legal"), RAISES)
def test_rule4_raise(last: str, bid: str, legal: bool) -> None:
    # Two seats of four dice: eight dice in play.
    state = play(start(seat0(players=2, dice_per_player=4), 2, 3, 4, 5, 2, 3, 4, 5), last)
    assert ld.current_player(state) == 1
    new = ld.parse(bid)
    assert (new in ld.legal_actions(state)) is legal
    if legal:
        after = ld.apply(state, new)
        assert after.bids == (ld.parse(last), new)
        assert ld.current_player(after) == 0
    else:
        with pytest.raises(IllegalActionError) as raised:
            ld.apply(state, new)
        message = str(raised.value)
        assert bid in message
        assert last in message
        assert "raise" in message


def test_rule4_turns_go_to_the_left_and_wrap() -> None:
    state = start(seat0(players=3, dice_per_player=1), 2, 3, 4)
    seats = [ld.current_player(state)]
    for move in ("1x2", "1x3", "1x4", "2x2"):
        state = play(state, move)
        seats.append(ld.current_player(state))
    assert seats == [0, 1, 2, 0, 1]


def test_rule4_the_highest_bid_leaves_only_the_challenge() -> None:
    # 2 seats x 2 dice: 4 dice in play, so 4x6 is the highest bid.
    state = play(start(seat0(players=2, dice_per_player=2), 1, 2, 3, 4), "4x6")
    assert ld.legal_actions(state) == (CHALLENGE,)
    for bid in (Bid(4, 6), Bid(4, 5), Bid(5, 1)):
        with pytest.raises(IllegalActionError):
            ld.apply(state, bid)


def test_legal_actions_are_ascending_bids_then_challenge() -> None:
    # Two dice of three sides in play: bids 1x1 1x2 1x3 2x1 2x2 2x3.
    state = start(seat0(players=2, dice_per_player=1, sides=3), 1, 3)
    assert ld.legal_actions(state) == (
        Bid(1, 1), Bid(1, 2), Bid(1, 3), Bid(2, 1), Bid(2, 2), Bid(2, 3),
    )  # fmt: skip
    state = play(state, "1x2")
    assert ld.legal_actions(state) == (Bid(1, 3), Bid(2, 1), Bid(2, 2), Bid(2, 3), CHALLENGE)


# ---------------------------------------------------------- rule 5: counting

EXAMPLE_HAND = (1, 2, 2, 3, 3, 4)
EXAMPLE_COUNTS = [(1, 1), (2, 3), (3, 3), (4, 2), (5, 1), (6, 1)]


@pytest.mark.parametrize(("face", "expected"), EXAMPLE_COUNTS)
def test_rule5_example_hand_count_bid_under_norwegian(face: int, expected: int) -> None:
    rules = Rules.preset("norwegian")
    count = ld.count_bid(
        (EXAMPLE_HAND,), face, ones_wild=rules.ones_wild, straights_wild=rules.straights_wild
    )
    assert count == expected


@pytest.mark.parametrize("over", [0, 1], ids=["bid-equals-count", "bid-one-over"])
@pytest.mark.parametrize(("face", "expected"), EXAMPLE_COUNTS)
def test_rule5_example_hand_in_a_real_norwegian_challenge(
    face: int, expected: int, over: int
) -> None:
    # The other three seats hold six dice of a face that is neither 1 nor the bid face.
    filler = 5 if face == 6 else 6
    state = start(norwegian(), *EXAMPLE_HAND, *[filler] * 18, *[2] * 23)
    state = play(state, f"{expected + over}x{face}", "challenge")
    reveal = state.last_reveal
    assert reveal is not None
    assert reveal.hands[0] == EXAMPLE_HAND
    assert reveal.count == expected
    loser = 0 if over else 1  # the bidder is seat 0, the challenger seat 1
    assert reveal.loser == loser
    assert state.dice == tuple(5 if seat == loser else 6 for seat in range(4))
    assert state.opener == loser  # norwegian: the loser opens


@pytest.mark.parametrize(
    ("hand", "straight"),
    [
        ((1, 2, 3, 4), True),
        ((1, 2, 3, 5), False),
        ((3, 4, 5, 6), False),
        ((1, 2, 3, 3), False),
        ((1,), True),
        ((1, 2), True),
        ((1, 2, 3, 4, 5, 6), True),
        ((2,), False),
        ((1, 1), False),
        ((), False),
    ],
)
def test_rule5_what_is_a_straight(hand: tuple[int, ...], straight: bool) -> None:
    assert ld.is_straight(hand) is straight


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("ones_wild", [True, False])
def test_rule5_a_straight_counts_its_size_for_any_face(face: int, ones_wild: bool) -> None:
    assert ld.count_bid(((1, 2, 3, 4),), face, ones_wild=ones_wild, straights_wild=True) == 4


@pytest.mark.parametrize(
    ("hand", "face", "ones_wild", "expected"),
    [
        # Not straights: they count as ordinary hands even with straights wild.
        ((1, 2, 3, 5), 3, True, 2),
        ((1, 2, 3, 5), 4, True, 1),
        ((3, 4, 5, 6), 3, True, 1),
        ((3, 4, 5, 6), 2, True, 0),
        ((1, 2, 3, 3), 3, True, 3),
        ((1, 2, 3, 3), 3, False, 2),
        # A face of one counts the ones once.
        ((1, 1, 4), 1, True, 2),
        ((1, 1, 4), 4, True, 3),
        ((1, 1, 4), 4, False, 1),
    ],
)
def test_rule5_ordinary_hands_count_the_face_and_wild_ones(
    hand: tuple[int, ...], face: int, ones_wild: bool, expected: int
) -> None:
    assert ld.count_bid((hand,), face, ones_wild=ones_wild, straights_wild=True) == expected


def test_rule5_without_straights_wild_a_straight_is_an_ordinary_hand() -> None:
    counts = [
        ld.count_bid(((1, 2, 3, 4),), face, ones_wild=True, straights_wild=False)
        for face in range(1, 7)
    ]
    assert counts == [1, 2, 2, 2, 1, 1]


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("ones_wild", [True, False])
def test_rule5_a_lone_one_counts_once(face: int, ones_wild: bool) -> None:
    assert ld.count_bid(((1,),), face, ones_wild=ones_wild, straights_wild=True) == 1


def test_rule5_a_lone_one_counts_once_in_a_real_challenge() -> None:
    # Hands (1,) and (5,): two ones would need the lone 1 counted twice.
    state = start(seat0(players=2, dice_per_player=1, straights_wild=True), 1, 5)
    state = play(state, "2x1", "challenge")
    assert state.last_reveal is not None
    assert state.last_reveal.count == 1
    assert state.last_reveal.loser == 0
    assert ld.winners(state) == (1,)


@pytest.mark.parametrize(
    ("straights_wild", "count", "loser"), [(True, 4, 1), (False, 2, 0)], ids=["on", "off"]
)
def test_rule5_a_straight_in_a_real_challenge(straights_wild: bool, count: int, loser: int) -> None:
    # Hands 1-2-3-4 and 5-5-6-6; seat 0 bids four threes, seat 1 challenges.
    rules = seat0(players=2, dice_per_player=4, straights_wild=straights_wild)
    state = start(rules, 1, 2, 3, 4, 5, 5, 6, 6, *[2] * 7)
    state = play(state, "4x3", "challenge")
    assert state.last_reveal is not None
    assert state.last_reveal.count == count
    assert state.last_reveal.loser == loser


@pytest.mark.parametrize(
    ("rules", "opening"),
    [
        (norwegian(players=2, dice_per_player=4, ones_opening_cancels_wild=True), "1x1"),
        (seat0(players=2, dice_per_player=4, ones_wild=False, straights_wild=True), "1x2"),
    ],
    ids=["ones-cancelled-by-opening", "ones-never-wild"],
)
def test_rule5_a_straight_counts_its_size_when_ones_are_not_wild(
    rules: Rules, opening: str
) -> None:
    # Hands 1-2-3-4 (a straight) and 1-1-5-6. Fives: 4 from the straight + 1 plain five.
    state = start(rules, 1, 2, 3, 4, 1, 1, 5, 6, *[2] * 7)
    state = play(state, opening)
    assert state.ones_wild is False
    state = play(state, "5x5", "challenge")
    reveal = state.last_reveal
    assert reveal is not None
    assert reveal.ones_wild is False
    assert reveal.count == 5
    assert reveal.loser == 0  # 5 >= 5: the challenger (seat 0) loses


@pytest.mark.parametrize(
    ("opening", "wild", "count", "loser"),
    [("1x1", False, 2, 1), ("2x1", False, 2, 1), ("1x4", True, 5, 0)],
)
def test_rule5_classic_opening_on_ones_makes_ones_plain_for_the_round(
    opening: str, wild: bool, count: int, loser: int
) -> None:
    # Round 1 hands 1-1-4 and 1-4-6: fours are 2 plain, 5 with wild ones.
    rules = seat0(players=2, dice_per_player=3)
    state = play(start(rules, 1, 1, 4, 1, 4, 6, 1, 4, 5, 1, 6), opening)
    assert state.ones_wild is wild
    for player in (0, 1, None):
        assert ld.view(state, player).ones_wild is wild
    state = play(state, "3x4", "challenge")
    reveal = state.last_reveal
    assert reveal is not None
    assert (reveal.ones_wild, reveal.count, reveal.loser) == (wild, count, loser)
    # The next round starts with ones wild again.
    assert state.round == 2
    assert state.ones_wild is True
    assert ld.view(state, 0).ones_wild is True


def test_rule5_classic_ones_are_wild_again_in_the_next_round_counting() -> None:
    # Round 1: opening on ones, seat 1 loses (see above). Round 2: hands 1-4-5 and 1-6,
    # seat 0 (the winner) opens 3x4 and seat 1 challenges: one four + two wild ones = 3.
    rules = seat0(players=2, dice_per_player=3)
    state = start(rules, 1, 1, 4, 1, 4, 6, 1, 4, 5, 1, 6, 2, 3, 4, 5)
    state = play(state, "1x1", "3x4", "challenge")
    assert state.hands == ((1, 4, 5), (1, 6))
    assert ld.current_player(state) == 0
    state = play(state, "3x4", "challenge")
    assert state.last_reveal is not None
    assert state.last_reveal.ones_wild is True
    assert state.last_reveal.count == 3
    assert state.dice == (3, 1)


def test_rule5_a_later_bid_on_ones_does_not_cancel() -> None:
    state = start(seat0(players=2, dice_per_player=3), 1, 1, 4, 1, 4, 6)
    state = play(state, "1x4", "2x1")
    assert state.ones_wild is True


def test_rule5_norwegian_opening_on_ones_keeps_ones_wild() -> None:
    # Hands 1-1-4-4-5-6 and 1-4-5-5-6-6. Fours with wild ones: 2 + 2 + 1 + 1 = 6.
    state = start(norwegian(players=2), 1, 1, 4, 4, 5, 6, 1, 4, 5, 5, 6, 6, *[2] * 11)
    state = play(state, "1x1")
    assert state.ones_wild is True
    assert ld.view(state, 1).ones_wild is True
    state = play(state, "6x4", "challenge")
    assert state.last_reveal is not None
    assert state.last_reveal.ones_wild is True
    assert state.last_reveal.count == 6
    assert state.last_reveal.loser == 0


# ------------------------------------------------------- rule 6: who loses


@pytest.mark.parametrize(
    ("moves", "bidder", "challenger", "loser"),
    [
        (("3x3", "challenge"), 0, 1, 1),  # count 3 = bid 3: the challenger loses
        (("4x3", "challenge"), 0, 1, 0),  # count 3 < 4: the bidder loses
        (("1x2", "3x3", "challenge"), 1, 0, 0),
        (("1x2", "4x3", "challenge"), 1, 0, 1),
    ],
)
def test_rule6_the_count_decides_who_loses_a_die(
    moves: tuple[str, ...], bidder: int, challenger: int, loser: int
) -> None:
    # Hands 3-3 and 1-5: threes count 2 + one wild one = 3.
    state = start(seat0(players=2, dice_per_player=2), 3, 3, 5, 1, 6, 6, 6)
    state = play(state, *moves)
    assert state.last_reveal == Reveal(
        hands=((3, 3), (1, 5)),
        bid=ld.parse(moves[-2]),
        bidder=bidder,
        challenger=challenger,
        ones_wild=True,
        count=3,
        loser=loser,
    )
    assert state.dice == tuple(1 if seat == loser else 2 for seat in range(2))
    assert state.round == 2
    assert state.bids == ()
    assert ld.scores(state) == state.dice


# ---------------------------------------------------------- rule 7: openers


@pytest.mark.parametrize(
    ("next_opener", "moves", "loser", "opener"),
    [
        ("loser", ("2x2", "challenge"), 1, 1),
        ("winner", ("2x2", "challenge"), 1, 0),
        ("loser", ("3x2", "challenge"), 0, 0),
        ("winner", ("3x2", "challenge"), 0, 1),
        ("loser", ("1x2", "2x3", "challenge"), 2, 2),
        ("winner", ("1x2", "2x3", "challenge"), 2, 1),
    ],
)
def test_rule7_next_opener_is_the_loser_or_the_winner(
    next_opener: str, moves: tuple[str, ...], loser: int, opener: int
) -> None:
    # Hands 2-2, 3-3, 4-4 (no ones): two twos and two threes are showing.
    rules = seat0(players=3, dice_per_player=2, next_opener=next_opener)
    state = play(start(rules, 2, 2, 3, 3, 4, 4, *[5] * 5), *moves)
    assert state.last_reveal is not None
    assert state.last_reveal.loser == loser
    assert state.opener == opener
    assert ld.current_player(state) == opener


def test_rule7_an_eliminated_last_seat_hands_the_opening_to_seat_0() -> None:
    # Hands 2, 3, 4; seat 2 bids three sixes, there are none: seat 2 loses its only die.
    rules = seat0(players=3, dice_per_player=1, next_opener="loser")
    state = play(start(rules, 2, 3, 4, 3, 4), "1x6", "2x6", "3x6", "challenge")
    assert state.dice == (1, 1, 0)
    assert state.opener == 0
    assert ld.current_player(state) == 0
    assert state.hands == ((3,), (4,), ())


def four_seat_game() -> list[State]:
    """A whole game of four seats with one die each, the loser opening.

    Returns the state at the start of rounds 1, 2 and 3, mid round 2, and the end.
    """
    rules = seat0(players=4, dice_per_player=1, next_opener="loser")
    round1 = start(rules, 2, 3, 4, 5, 2, 3, 4, 5, 6, 1)
    # No six nor one anywhere: seat 1's four sixes lose, and seat 1 is out.
    round2 = play(round1, "1x6", "4x6", "challenge")
    # Seat 0 bids three sixes with none showing, loses its last die.
    mid2 = play(round2, "1x5", "2x5", "3x6")
    round3 = play(mid2, "challenge")
    # One five showing: seat 3's challenge fails and seat 3 is out; seat 2 is left.
    end = play(round3, "1x5", "challenge")
    return [round1, round2, mid2, round3, end]


def test_rule6_lost_dice_never_come_back_and_out_seats_draw_nothing() -> None:
    round1, round2, _, round3, end = four_seat_game()
    assert [s.dice for s in (round1, round2, round3, end)] == [
        (1, 1, 1, 1),
        (1, 0, 1, 1),
        (0, 0, 1, 1),
        (0, 0, 1, 0),
    ]
    assert round1.hands == ((2,), (3,), (4,), (5,))
    assert round2.hands == ((2,), (), (3,), (4,))
    assert round3.hands == ((), (), (5,), (6,))
    assert ld.view(round2, 1).hand == ()
    assert drawn(end) == (2, 3, 4, 5, 2, 3, 4, 5, 6)  # the trailing 1 is never drawn


def test_rule4_turns_skip_seats_with_no_dice() -> None:
    _, round2, mid2, _, _ = four_seat_game()
    assert round2.opener == 2  # seat 1 lost and is out: the next seat to its left opens
    # Seat 2 bid, seat 3 bid, seat 0 bid; seat 1 is out, so seat 2 acts.
    assert ld.current_player(mid2) == 2
    assert ld.view(mid2, 3).bids == ((2, Bid(1, 5)), (3, Bid(2, 5)), (0, Bid(3, 6)))


def test_rule7_opener_skips_every_seat_that_is_out() -> None:
    _, _, _, round3, _ = four_seat_game()
    # Seat 0 lost its last die; seat 1 is out too: seat 2 opens.
    assert round3.opener == 2
    assert ld.current_player(round3) == 2
    assert round3.last_reveal is not None
    assert round3.last_reveal.loser == 0


def test_rule8_the_game_ends_when_one_seat_has_dice() -> None:
    round1, round2, _, round3, end = four_seat_game()
    for state in (round1, round2, round3):
        assert not ld.is_terminal(state)
        assert ld.winners(state) == ()
        assert ld.legal_actions(state)
    assert ld.is_terminal(end)
    assert ld.winners(end) == (2,)
    assert ld.scores(end) == (0, 0, 1, 0)
    assert ld.current_player(end) is None
    assert ld.legal_actions(end) == ()
    assert end.hands == ((), (), (), ())
    assert end.last_reveal == Reveal(
        hands=((), (), (5,), (6,)),
        bid=Bid(1, 5),
        bidder=2,
        challenger=3,
        ones_wild=True,
        count=1,
        loser=3,
    )
    assert tuple(map(ld.format_action, ld.history(end))) == (
        "1x6", "4x6", "challenge", "1x5", "2x5", "3x6", "challenge", "1x5", "challenge",
    )  # fmt: skip
    for action in (CHALLENGE, Bid(1, 1)):
        with pytest.raises(IllegalActionError):
            ld.apply(end, action)


def test_rule8_two_seats_play_to_the_end() -> None:
    # One die each, hands 6 and 6: seat 0 bids two sixes, seat 1 challenges and loses.
    state = start(seat0(players=2, dice_per_player=1), 6, 6)
    state = play(state, "2x6", "challenge")
    assert ld.winners(state) == (0,)
    assert ld.scores(state) == (1, 0)
    assert ld.current_player(state) is None


# ----------------------------------------------------------------- views


def mid_round() -> State:
    """Round 1 of three seats, hands 1-2, 1-3, 5-6, after seat 0 bid 1x2.

    Five more dice are scripted for round 2 (if seat 2 loses one): 4-4, 2-6, 3.
    """
    rules = seat0(players=3, dice_per_player=2)
    return play(start(rules, 2, 1, 3, 1, 6, 5, 4, 4, 6, 2, 3), "1x2")


def test_view_holds_own_hand_and_the_public_facts() -> None:
    state = mid_round()
    for seat in range(3):
        seen = ld.view(state, seat)
        assert seen.player == seat
        assert seen.hand == state.hands[seat]
        assert seen.dice == (2, 2, 2)
        assert seen.opener == 0
        assert seen.to_act == 1
        assert seen.bids == ((0, Bid(1, 2)),)
        assert seen.ones_wild is True
        assert seen.rolloff == ()
        assert seen.last_reveal is None
    assert ld.view(state, 0).hand == (1, 2)
    assert ld.view(state, 2).hand == (5, 6)


def test_spectator_sees_no_hand() -> None:
    seen = ld.view(mid_round(), None)
    assert seen.player is None
    assert seen.hand == ()
    assert seen.bids == ((0, Bid(1, 2)),)


@pytest.mark.parametrize("player", [0, 1, 2, None])
def test_view_never_depends_on_other_hands(player: int | None) -> None:
    state = mid_round()
    hidden = tuple(hand if seat == player else (4, 4) for seat, hand in enumerate(state.hands))
    other = attrs.evolve(state, hands=hidden)
    assert other != state
    assert ld.view(other, player) == ld.view(state, player)
    if player is not None:  # and the seat does see its own hand
        own = tuple((4, 4) if seat == player else hand for seat, hand in enumerate(state.hands))
        assert ld.view(attrs.evolve(state, hands=own), player) != ld.view(state, player)


def test_view_never_depends_on_dice_still_in_the_stream() -> None:
    rules = seat0(players=2, dice_per_player=2)
    a = play(start(rules, 1, 2, 3, 4, 1, 1, 1), "1x3")
    b = play(start(rules, 1, 2, 3, 4, 6, 5, 4), "1x3")
    assert a != b
    for player in (0, 1, None):
        seen = ld.view(a, player)
        assert seen == ld.view(b, player)
        for field in attrs.fields(type(seen)):
            assert not isinstance(getattr(seen, field.name), dicerules.DiceStream)


def test_view_holds_the_previous_challenge_in_full() -> None:
    # Hands 1-2, 1-3, 5-6: seat 1 raises to 3x3 (two wild ones + one three = 3),
    # seat 2 challenges and loses; classic: the winner (seat 1) opens round 2.
    state = play(mid_round(), "3x3", "challenge")
    expected = Reveal(
        hands=((1, 2), (1, 3), (5, 6)),
        bid=Bid(3, 3),
        bidder=1,
        challenger=2,
        ones_wild=True,
        count=3,
        loser=2,
    )
    assert state.hands == ((4, 4), (2, 6), (3,))
    for player in (0, 1, 2, None):
        seen = ld.view(state, player)
        assert seen.hand == (() if player is None else state.hands[player])
        assert seen.last_reveal == expected
        assert seen.bids == ()
        assert seen.round == 2
        assert seen.dice == (2, 2, 1)
        assert seen.opener == 1


@pytest.mark.parametrize("seat", [99, 3, -1])
def test_view_of_a_seat_that_does_not_exist_is_value_error(seat: int) -> None:
    with pytest.raises(ValueError):
        ld.view(mid_round(), seat)


# --------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("action", "text"), [(Bid(3, 4), "3x4"), (Bid(10, 12), "10x12"), (CHALLENGE, "challenge")]
)
def test_format_action(action: ld.Action, text: str) -> None:
    assert ld.format_action(action) == text


def test_every_legal_action_round_trips_through_notation() -> None:
    state = start(seat0(players=2, dice_per_player=2), 1, 2, 3, 4)
    for current in (state, play(state, "2x3")):
        for action in ld.legal_actions(current):
            assert ld.parse_action(current, ld.format_action(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("3x4", Bid(3, 4)),
        ("3 X 4", Bid(3, 4)),
        ("  3x 4 ", Bid(3, 4)),
        (" Challenge ", CHALLENGE),
        ("CHALLENGE", CHALLENGE),
        ("liar", CHALLENGE),
        ("Dudo", CHALLENGE),
        ("call", CHALLENGE),
    ],
)
def test_parse_ignores_case_and_spaces_and_knows_the_synonyms(text: str, action: ld.Action) -> None:
    state = play(start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6), "1x1")
    assert ld.parse_action(state, text) == action
    assert type(ld.parse_action(state, text)) is type(action)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "3y4", "3x", "x4", "three fours", "3x4x5", "-3x4", "3.0x4", "challenger",
     "3x4 challenge", "bluff?", "0x4", "3x0"],
)  # fmt: skip
def test_malformed_notation_is_invalid_action(text: str) -> None:
    state = play(start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6), "1x1")
    with pytest.raises(InvalidActionError):
        ld.parse_action(state, text)


@pytest.mark.parametrize("text", [None, 34, b"3x4"])
def test_notation_that_is_not_a_string_is_invalid_action(text: object) -> None:
    state = start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6)
    with pytest.raises(InvalidActionError):
        ld.parse_action(state, text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("opened", "text"),
    [
        ((), "challenge"),
        ((), "liar"),
        ((), "7x2"),
        ((), "1x7"),
        (("3x4",), "2x6"),
        (("3x4",), "3x4"),
        (("3x4",), "3x1"),
    ],
)
def test_well_formed_but_illegal_notation_is_illegal_action(
    opened: tuple[str, ...], text: str
) -> None:
    # Six dice of six sides in play.
    state = play(start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6), *opened)
    with pytest.raises(IllegalActionError):
        ld.parse_action(state, text)


def test_format_action_rejects_what_is_not_an_action() -> None:
    with pytest.raises(InvalidActionError):
        ld.format_action("3x4")  # type: ignore[arg-type]


# -------------------------------------------- bad input leaves state untouched


@pytest.mark.parametrize(
    ("quantity", "face"), [(0, 4), (4, 0), (-1, 4), (True, 4), (4, False), ("3", 4), (3.0, 4)]
)
def test_a_malformed_bid_cannot_be_built(quantity: object, face: object) -> None:
    with pytest.raises(InvalidActionError):
        Bid(quantity, face)  # type: ignore[arg-type]


BAD_CALLS: list[tuple[str, Callable[[State], object], type[Exception]]] = [
    ("not-a-raise", lambda s: ld.apply(s, Bid(1, 1)), IllegalActionError),
    ("same-bid", lambda s: ld.apply(s, Bid(2, 3)), IllegalActionError),
    ("face-above-sides", lambda s: ld.apply(s, Bid(3, 7)), IllegalActionError),
    ("more-dice-than-in-play", lambda s: ld.apply(s, Bid(7, 2)), IllegalActionError),
    ("a-str", lambda s: ld.apply(s, "3x4"), InvalidActionError),
    ("none", lambda s: ld.apply(s, None), InvalidActionError),
    ("the-class", lambda s: ld.apply(s, Challenge), InvalidActionError),
    ("zero-quantity-bid", lambda s: ld.apply(s, Bid(0, 3)), InvalidActionError),
    ("bad-notation", lambda s: ld.parse_action(s, "3y4"), InvalidActionError),
    ("illegal-notation", lambda s: ld.parse_action(s, "1x1"), IllegalActionError),
]


def _plays_on(state: State, kept: State) -> None:
    assert ld.current_player(state) == 1
    assert ld.apply(state, Bid(3, 3)) == ld.apply(kept, Bid(3, 3))
    assert ld.apply(state, CHALLENGE) == ld.apply(kept, CHALLENGE)


test_bad_input_leaves_the_state_untouched = bad_input_test(
    BAD_CALLS,  # six dice in play; seat 0 has bid 2x3
    lambda: play(
        start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6, 2, 2, 2, 2, 2), "2x3"
    ),
    _plays_on,
)


def test_a_legal_apply_leaves_its_input_untouched() -> None:
    state = start(seat0(players=2, dice_per_player=3), 1, 2, 3, 4, 5, 6, 2, 2, 2, 2, 2)
    kept = pickle.loads(pickle.dumps(state))
    after = play(state, "2x3", "challenge")
    assert state == kept
    assert after != state
    assert ld.history(state) == ()


def test_running_out_of_scripted_dice_leaves_the_state_untouched() -> None:
    # Hands 3, 4, 5 and no dice scripted for round 2: seat 1's challenge of one three
    # fails, seat 1 is out, and round 2 (two seats left) cannot be rolled.
    state = play(start(seat0(players=3, dice_per_player=1), 3, 4, 5), "1x3")
    kept = copy.deepcopy(state)
    with pytest.raises(StreamExhaustedError):
        ld.apply(state, CHALLENGE)
    assert state == kept
    assert ld.legal_actions(state) == ld.legal_actions(kept)


def test_an_illegal_bid_lists_the_legal_actions_when_they_are_few() -> None:
    # Two dice in play; after 2x4 only 2x5, 2x6 and the challenge are left.
    state = ld.new_game(
        Rules(players=2, dice_per_player=1, first_opener="seat0"), stream=ScriptedStream([1, 2])
    )
    state = ld.apply(state, Bid(2, 4))
    with pytest.raises(IllegalActionError) as raised:
        ld.apply(state, Bid(2, 3))
    assert str(raised.value) == (
        "2x3 does not raise 2x4: keep 2 and bid a face above 4, or challenge"
        " (legal here: 2x5, 2x6, challenge)"
    )
    # At the opening every bid is legal: too many to list.
    opening = ld.new_game(Rules(first_opener="seat0"), seed=3)
    with pytest.raises(IllegalActionError) as raised:
        ld.apply(opening, Bid(13, 2))
    assert "legal here" not in str(raised.value)
