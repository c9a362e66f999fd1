"""Rule tests for the Perudo family of liars-dice (rules 9 to 11), from shared/rules.

Every game starts from a ScriptedStream with ``first_opener="seat0"``, so the dice
are exactly those written: at each round start, every seat with dice, in seat
order, all its dice (a hand is kept sorted).
"""

from __future__ import annotations

import attrs
import pytest
from helpers import Scripted, drawn

import dicerules
from dicerules import IllegalActionError, InvalidActionError, InvalidRulesError
from dicerules.games import liars_dice as ld
from dicerules.games.liars_dice import CALZA, CHALLENGE, Bid, Calza, Rules

SCRIPTED = Scripted(ld)
start, play, notation = SCRIPTED.start, SCRIPTED.play, SCRIPTED.notation

PERUDO = Rules.preset("perudo")


def perudo(**fields: object) -> Rules:
    """The perudo preset, changed by ``fields``, with seat 0 opening round 1."""
    return attrs.evolve(PERUDO, first_opener="seat0", **fields)


def perudo_table() -> ld.State:
    """Four seats of five dice (20 in play), seat 0 to open; no die is a one."""
    return start(perudo(), *([2, 3, 4, 5, 6] * 4))


def legal(state: ld.State, *moves: str) -> list[bool]:
    """For each move (in notation), whether it is legal in ``state``."""
    actions = ld.legal_actions(state)
    return [ld.parse(move) in actions for move in moves]


def raises(state: ld.State, move: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        ld.apply(state, ld.parse(move))
    with pytest.raises(IllegalActionError):
        ld.parse_action(state, move)
    return info.value


# ------------------------------------------------------------------ the fields


def test_defaults_are_the_classic_rules() -> None:
    rules = Rules()
    assert (rules.ones_rank, rules.palifico, rules.calza) == ("low", False, False)
    assert repr(rules) == repr(Rules.preset("classic"))
    assert "ones_rank" not in repr(rules) and "calza" not in repr(rules)
    assert "ones_rank='half'" in repr(PERUDO) and "calza=True" in repr(PERUDO)


def test_half_needs_wild_ones() -> None:
    with pytest.raises(InvalidRulesError, match="ones_rank"):
        Rules(ones_wild=False, ones_rank="half")
    assert Rules(ones_wild=False, ones_rank="high").ones_rank == "high"


@pytest.mark.parametrize(
    ("field", "value"),
    [("ones_rank", "pacos"), ("ones_rank", None), ("palifico", 1), ("calza", "yes")],
)
def test_bad_values_name_the_field(field: str, value: object) -> None:
    with pytest.raises(InvalidRulesError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]


def test_calza_notation() -> None:
    assert ld.parse("calza") == ld.parse(" EXACT ") == Calza.parse("Calza") == CALZA
    assert ld.format_action(CALZA) == str(CALZA) == "calza"
    assert repr(CALZA) == "Calza()"
    with pytest.raises(InvalidActionError):
        Calza.parse("challenge")


# -------------------------------------------------------------- rule 9: ones_rank


@pytest.mark.parametrize(
    ("last", "move", "ok"),
    [
        ("5x4", "3x1", True),
        ("5x4", "4x1", True),
        ("5x4", "2x1", False),
        ("3x1", "7x2", True),
        ("3x1", "4x1", True),
        ("3x1", "6x6", False),
        ("4x3", "4x5", True),
        ("4x3", "5x2", True),
        # and around them: an odd quantity rounds up, ones raise ones by quantity only
        ("5x4", "5x1", True),
        ("4x4", "2x1", True),
        ("4x4", "1x1", False),
        ("3x1", "3x1", False),
        ("3x1", "2x1", False),
        ("4x3", "4x2", False),
    ],
)
def test_half_ranks_ones_as_pacos(last: str, move: str, ok: bool) -> None:
    state = perudo_table()
    opening = last if not last.endswith("x1") else "2x2"
    state = play(state, opening)
    if last != opening:
        state = play(state, last)
    assert legal(state, move) == [ok]
    if not ok:
        raises(state, move)
    else:
        assert ld.apply(state, ld.parse(move)).last_bid == ld.parse(move)


def test_half_no_opening_on_ones_and_bids_sorted() -> None:
    state = perudo_table()
    actions = ld.legal_actions(state)
    assert all(type(a) is Bid and a.face != 1 for a in actions)
    assert actions[:6] == (*tuple(Bid(1, f) for f in range(2, 7)), Bid(2, 2))
    assert len(actions) == 20 * 5
    error = raises(state, "3x1")
    assert "ones" in str(error)
    after = notation(play(state, "5x4"))
    assert after[:5] == ["3x1", "4x1", "5x1", "5x5", "5x6"]
    assert after[-2:] == ["challenge", "calza"]
    assert after == [
        *sorted(after[:-2], key=lambda t: tuple(int(x) for x in t.split("x"))),
        "challenge",
        "calza",
    ]


@pytest.mark.parametrize(
    ("last", "move", "ok"),
    [("1x6", "1x1", True), ("1x1", "2x2", True), ("1x1", "1x6", False), ("1x6", "1x5", False)],
)
def test_high_ranks_ones_above_the_top_face(last: str, move: str, ok: bool) -> None:
    state = start(Rules(first_opener="seat0", ones_rank="high"), *([2, 3, 4] * 4))
    state = play(state, last)
    assert legal(state, move) == [ok]
    if not ok:
        raises(state, move)


def test_high_lists_bids_in_raising_order() -> None:
    state = start(Rules(first_opener="seat0", ones_rank="high"), *([2, 3, 4] * 4))
    assert notation(state)[:8] == ["1x2", "1x3", "1x4", "1x5", "1x6", "1x1", "2x2", "2x3"]
    assert notation(play(state, "1x5"))[:3] == ["1x6", "1x1", "2x2"]
    assert notation(play(state, "12x1")) == ["challenge"]


def test_low_is_rule_4_unchanged() -> None:
    low = start(Rules(first_opener="seat0"), *([2, 3, 4] * 4))
    assert notation(play(low, "4x3"))[:4] == ["4x4", "4x5", "4x6", "5x1"]
    assert "calza" not in notation(play(low, "4x3"))


# --------------------------------------------------------------- rule 10: palifico


def test_a_seat_left_with_one_die_opens_a_palifico_round() -> None:
    # Two seats of two dice; the winner would open (next_opener), but the palifico
    # seat does. Round 1: seat 0 holds 2-3, seat 1 holds 4-5; 3x2 counts 1: false.
    rules = perudo(players=2, dice_per_player=2, next_opener="winner")
    state = play(start(rules, 2, 3, 4, 5, 1, 1, 5, 4, 4), "3x2", "challenge")
    assert state.dice == (1, 2)
    assert (state.palifico, state.palificos, state.opener, state.to_act) == (True, (0,), 0, 0)
    assert not state.ones_wild  # in a palifico round ones are not wild
    view = ld.view(state, 1)
    assert (view.palifico, view.palificos, view.palifico_face, view.ones_wild) == (
        True, (0,), None, False
    )  # fmt: skip
    # The opener may bid any face, ones included (even with ones ranked half).
    assert "1x1" in notation(state) and len(notation(state)) == 3 * 6
    state = play(state, "1x5")
    assert ld.view(state, None).palifico_face == 5
    # Every later bid names the opening face and more of it.
    assert notation(state) == ["2x5", "3x5", "challenge", "calza"]
    error = raises(state, "2x6")
    assert "palifico" in str(error)
    raises(state, "1x1")
    # Hands: seat 0 holds 1, seat 1 holds 1-5. 2x5 counts one 5 (ones not wild): false,
    # so seat 1, the bidder, falls to one die and opens its own palifico round.
    state = play(state, "2x5", "challenge")
    assert state.last_reveal is not None
    assert (state.last_reveal.ones_wild, state.last_reveal.count) == (False, 1)
    assert state.dice == (1, 1)
    assert (state.palifico, state.palificos, state.opener) == (True, (0, 1), 1)


def test_palifico_round_under_low_and_high_ranks() -> None:
    for rank in ("low", "high"):
        rules = Rules(first_opener="seat0", players=2, dice_per_player=2, palifico=True,
                      ones_rank=rank)  # fmt: skip
        state = play(start(rules, 2, 3, 4, 5, 6, 2, 3), "3x2", "challenge")
        assert state.palifico and state.opener == 0
        assert notation(play(state, "1x1")) == ["2x1", "3x1", "challenge"]


def test_straights_still_count_in_a_palifico_round() -> None:
    rules = attrs.evolve(
        Rules.preset("norwegian"), first_opener="seat0", players=2, dice_per_player=2,
        palifico=True,
    )  # fmt: skip
    # Round 1: 3-4 against 5-6; 3x3 counts 1: seat 0 falls to one die.
    state = play(start(rules, 3, 4, 5, 6, 1, 2, 1, 6, 6), "3x3", "challenge")
    assert state.palifico and not state.ones_wild
    # Round 2: seat 0 holds 1 (a straight of one), seat 1 holds 1-2 (a straight of two).
    state = play(state, "2x5", "challenge")
    assert state.last_reveal is not None and state.last_reveal.count == 3
    assert state.last_reveal.loser == 1


def test_a_seat_has_one_palifico_round_even_after_a_calza_gain() -> None:
    rules = perudo(players=2, dice_per_player=2)
    dice = (2, 3, 4, 5,  6, 2, 6,  3, 4, 5, 5,  2, 3, 4)  # fmt: skip
    state = start(rules, *dice)
    # Round 1: seat 0 (2-3) bids 3x2, which counts 1: seat 0 falls to one die.
    state = play(state, "3x2", "challenge")
    assert state.palifico and state.palificos == (0,)
    # Round 2, palifico: seat 0 holds 6, seat 1 holds 2-6. 2x6 is exact: seat 0 gains.
    state = play(state, "1x6", "2x6")
    before = drawn(state)
    state = play(state, "calza")
    assert drawn(state)[: len(before)] == before
    assert len(drawn(state)) == len(before) + 4  # only the next round's dice
    assert state.dice == (2, 2) and state.opener == 0 and not state.palifico
    assert state.ones_wild
    # Round 3: seat 0 holds 3-4, seat 1 holds 5-5; 3x5 counts 2: seat 0 loses, is left
    # with one die again, and has had its palifico round: a plain round, loser opens.
    state = play(state, "3x5", "challenge")
    assert state.dice == (1, 2)
    assert (state.palifico, state.palificos, state.opener, state.ones_wild) == (
        False, (0,), 0, True
    )  # fmt: skip
    assert "1x1" not in notation(state)


def test_palifico_off_changes_nothing() -> None:
    rules = perudo(players=2, dice_per_player=2, palifico=False)
    state = play(start(rules, 2, 3, 4, 5, 1, 1, 5), "3x2", "challenge")
    assert state.dice == (1, 2) and not state.palifico and state.ones_wild
    assert state.palificos == ()


# ------------------------------------------------------------------ rule 11: calza


def test_an_exact_calza_at_full_dice_gains_nothing() -> None:
    rules = perudo(players=2, dice_per_player=2)
    # Seat 0 holds 2-3, seat 1 holds 4-5: 1x4 counts exactly one.
    state = play(start(rules, 2, 3, 4, 5, 6, 6, 6, 6), "1x4")
    assert notation(state)[-2:] == ["challenge", "calza"]
    state = play(state, "calza")
    reveal = state.last_reveal
    assert reveal is not None
    assert (reveal.calza, reveal.challenger, reveal.bidder, reveal.count) == (True, 1, 0, 1)
    assert reveal.loser is None and reveal.exact
    assert state.dice == (2, 2) and state.opener == 1 and state.round == 2


def test_a_failed_calza_costs_the_caller_a_die_and_may_open_a_palifico() -> None:
    rules = perudo(players=2, dice_per_player=2)
    # 2x4 counts one (seat 1's 4; no ones): not exact, seat 1 loses and has one left.
    state = play(start(rules, 2, 3, 4, 5, 6, 6, 6), "2x4", "calza")
    reveal = state.last_reveal
    assert reveal is not None and reveal.calza and not reveal.exact
    assert (reveal.count, reveal.loser) == (1, 1)
    assert state.dice == (2, 1)
    assert (state.palifico, state.palificos, state.opener) == (True, (1,), 1)
    assert ld.view(state, 0).last_reveal == reveal


def test_an_exact_calza_changes_no_other_seat() -> None:
    rules = perudo(players=3, dice_per_player=2, palifico=False)
    # Round 1: 2-3, 4-5, 6-6; 3x6 counts 2: seat 0 (the bidder) loses, and opens.
    dice = (2, 3, 4, 5, 6, 6,  1, 4, 5, 4, 6,  2, 2, 2, 2, 2)  # fmt: skip
    state = play(start(rules, *dice), "3x6", "challenge")
    assert state.dice == (1, 2, 2) and state.opener == 0
    # Round 2: seat 0 holds 1, seat 1 holds 4-5, seat 2 holds 4-6: fours are 4, 4 and
    # the wild 1, three. Seat 1 bids 3x4 after 2x4; seat 2 calls it exact.
    state = play(state, "2x4", "3x4", "calza")
    assert state.last_reveal is not None and state.last_reveal.count == 3
    assert state.dice == (1, 2, 2)  # seat 2 already held two: no gain, nobody else moves
    assert state.opener == 2


def test_a_calza_that_puts_the_caller_out_passes_the_opening_on() -> None:
    rules = perudo(players=3, dice_per_player=1)
    state = play(start(rules, 2, 3, 4, 5, 6), "1x5", "calza")  # no 5 and no one: 0 != 1
    assert state.dice == (1, 0, 1) and state.opener == 2 and state.to_act == 2
    assert not state.palifico  # a seat that is out has no palifico round


def test_a_calza_can_end_the_game() -> None:
    rules = perudo(players=2, dice_per_player=1)
    state = play(start(rules, 2, 3), "1x5", "calza")
    assert ld.is_terminal(state) and ld.winners(state) == (0,)
    assert ld.legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="over"):
        ld.apply(state, CALZA)


def test_calza_needs_the_rule_and_a_bid() -> None:
    classic = start(Rules(first_opener="seat0"), *([2, 3, 4] * 4))
    with pytest.raises(IllegalActionError, match="calza"):
        ld.apply(play(classic, "2x2"), CALZA)
    with pytest.raises(IllegalActionError, match="calza"):
        ld.parse_action(play(classic, "2x2"), "exact")
    table = perudo_table()
    with pytest.raises(IllegalActionError, match="no bid"):
        ld.apply(table, CALZA)
    assert ld.parse_action(play(table, "2x2"), "exact") == CALZA


def test_calza_counts_as_a_challenge_does() -> None:
    # Ones wild outside palifico: 3x4 over 1-4 and 4-5 counts 3: exact.
    rules = perudo(players=2, dice_per_player=2)
    state = play(start(rules, 1, 4, 4, 5, 6, 6, 6, 6), "3x4", "calza")
    assert state.last_reveal is not None and state.last_reveal.count == 3
    assert state.last_reveal.ones_wild and state.last_reveal.loser is None
    assert CHALLENGE != CALZA


# ------------------------------------------------------------ views, records, text


def test_view_and_describe_name_palifico_and_calza() -> None:
    rules = perudo(players=2, dice_per_player=2)
    state = play(start(rules, 2, 3, 4, 5, 6, 6, 6), "2x4", "calza")
    text = ld.describe(state)
    assert "palifico round" in text
    assert "last calza: seat 1 called seat 0's 2x4 exact, counted 1" in text
    assert "palifico=True" in repr(ld.view(state, 0))
    # The classic view's repr is what it always was: no new field shown.
    classic = ld.view(start(Rules(first_opener="seat0"), *([2, 3, 4] * 4)), 0)
    assert "palifico" not in repr(classic)


def test_a_perudo_game_records_and_replays() -> None:
    rules = perudo(players=2, dice_per_player=2)
    dice = (2, 3, 4, 5,  6, 2, 6,  3, 4, 5, 5,  2, 3, 4)  # fmt: skip
    state = play(start(rules, *dice), "3x2", "challenge", "1x6", "2x6", "calza")
    rec = dicerules.record(state)
    assert rec.actions == ("3x2", "challenge", "1x6", "2x6", "calza")
    assert rec.rules["ones_rank"] == "half"
    again = dicerules.replay(dicerules.GameRecord.from_json(rec.to_json()))
    assert again == state


def test_testing_rules_draws_the_perudo_fields_together() -> None:
    pytest.importorskip("hypothesis")
    from hypothesis import HealthCheck, find, settings

    from dicerules.testing import rules

    found = find(
        rules(dicerules.get_game("liars-dice")),
        lambda r: r.ones_rank == "half" and r.palifico and r.calza and r.players == 3,
        settings=settings(max_examples=2000, suppress_health_check=list(HealthCheck)),
    )
    assert (found.ones_rank, found.palifico, found.calza, found.ones_wild) == (
        "half", True, True, True
    )  # fmt: skip
