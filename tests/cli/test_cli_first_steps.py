"""What a newcomer meets first: the help's examples, names typed loosely, short forms."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from cli_helpers import cli

import dicerules
from dicerules.cli import examples
from dicerules.cli.options import narrator

README = Path(__file__).parents[2] / "README.md"


def test_the_simulate_example_of_the_overview_runs_as_printed() -> None:
    line = next(line for line in examples().splitlines() if "dicerules simulate" in line)
    argv = line.split()[1:]
    game = dicerules.GAMES[argv[1]]
    bots = argv[argv.index("--bots") + 1].split(",")
    assert len(bots) == len(game.acting_seats(game.default_rules)) and len(set(bots)) > 1
    done = cli(*argv)
    assert (done.status, done.err) == (0, "")
    assert "win rate" in done.out


def test_the_readme_games_table_lists_every_preset() -> None:
    text = README.read_text(encoding="utf-8")
    table = text.split("## Games", 1)[1].split("\n\n", 2)[1]
    rows = {row.split("|")[1].strip(" `"): row for row in table.splitlines()[2:]}
    for name in ("eighteen", "liars-dice", "link", "twenty-four"):
        assert name in rows, name
        for preset in dicerules.GAMES[name].presets:
            assert f"`{preset}`" in rows[name], (name, preset)


def test_play_help_names_the_forms_of_bots_and_not_two_bots() -> None:
    done = cli("play", "--help")
    text = " ".join(done.out.split())
    assert "random or expert" not in text
    assert "one bot name for every other seat, or one per other seat" in text


def test_play_seats_one_bot_per_other_seat() -> None:
    done = cli(
        "play", "liars-dice", "--players", "3", "--seed", "1", "--bots", "odds,random",
        stdin="quit\n",
    )  # fmt: skip
    assert (done.status, done.err) == (0, "")
    assert "You are seat 0; the bots: seat 1 odds, seat 2 random." in done.out


def test_play_with_a_list_of_the_wrong_length_says_how_many() -> None:
    done = cli("play", "liars-dice", "--players", "4", "--bots", "odds,random")
    assert done.status == 2
    assert done.err == (
        "dicerules play: error: --bots odds,random: 2 bots are named but 3 seats are played"
        " by bots: name one bot for them all, or 3 bots, one a seat in seat order\n"
    )


def test_players_and_a_players_rule_that_disagree_are_refused() -> None:
    done = cli("play", "link", "--players", "5", "--rule", "players=3")
    assert (done.status, done.out) == (2, "")
    assert "--players 5 and --rule players=3 disagree" in done.err
    agree = cli("play", "link", "--players", "3", "--rule", "players=3", "--seed", "1",
                stdin="quit\n")  # fmt: skip
    assert agree.status == 0 and ", 3 seats," in agree.out


@pytest.mark.parametrize("typed", ["liars_dice", "Liars-Dice", "LIARS_DICE"])
def test_a_game_name_in_another_case_or_with_underscores_is_taken(typed: str) -> None:
    done = cli("rules", typed)
    assert (done.status, done.err) == (0, "")
    assert done.out == cli("rules", "liars-dice").out


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (("rules", "liars"), "'liars-dice'"),
        (("rules", "eigthen"), "'eighteen'"),
        (("rules", "liars-dice", "--preset", "perudoo"), "'perudo'"),
        (("play", "liars-dice", "--bots", "expret"), "'expert'"),
    ],
)
def test_a_near_miss_is_answered_with_did_you_mean(argv: tuple[str, ...], meant: str) -> None:
    done = cli(*argv)
    assert (done.status, done.out) == (2, "")
    assert f"(did you mean {meant}?)" in done.err


def test_a_unique_start_of_a_word_and_a_synonym_are_taken() -> None:
    # Seed 3, hosted: seat 1 plays first; `hit` rolls, `s` stands.
    done = cli("play", "eighteen", "--preset", "hosted", "--seed", "3", stdin="hit\ns\nquit\n")
    assert (done.status, done.err) == (0, "")
    assert "  seat 1 (you) rolls: " in done.out
    assert "  seat 1 (you) stands on " in done.out
    assert "not eighteen notation" not in done.out


def test_k_stands_for_keep_in_twenty_four() -> None:
    # Seed 5: seat 0 throws 6-6-5-3-2; `k 6` keeps both sixes.
    done = cli("play", "twenty-four", "--players", "2", "--seed", "5", stdin="k 6\nquit\n")
    assert (done.status, done.err) == (0, "")
    assert "  seat 0 (you) keeps 2x6" in done.out
    assert "not twenty-four notation" not in done.out


def test_tab_completion_knows_the_synonyms() -> None:
    game = dicerules.GAMES["eighteen"]
    state = game.new_game(seed=3)
    seat = game.current_player(state)
    teller = narrator(game, seat)
    legal = game.legal_actions(state)
    assert "hit" in teller.short_forms(legal)
    assert teller.expand("hit", legal) == "roll"
    assert teller.expand("r", legal) == "roll"
    assert teller.expand("x", legal) is None
    liars = dicerules.GAMES["liars-dice"]
    state = liars.apply(liars.new_game(seed=1), liars.legal_actions(liars.new_game(seed=1))[0])
    teller = narrator(liars, liars.current_player(state))
    assert {"liar", "call"} <= set(teller.short_forms(liars.legal_actions(state)))
    assert teller.expand("c", liars.legal_actions(state)) == "challenge"


def test_the_house_is_named_as_the_house_not_as_a_bot() -> None:
    done = cli("play", "eighteen", "--preset", "hosted", "--seed", "3", stdin="quit\n")
    first = " ".join(done.out.split("Type your move")[0].split())
    assert "seat 0 is the house and never acts; seats 2 and 3 are expert bots." in first
    assert "the other seats are" not in first


def test_help_speaks_of_a_record_only_when_one_is_written(tmp_path: Path) -> None:
    bare = cli("play", "link", "--seed", "1", stdin="help\nquit\n")
    assert "--record" not in bare.out
    assert "quit (or exit) leaves the game." in bare.out
    path = tmp_path / "game.json"
    kept = cli("play", "link", "--seed", "1", "--record", str(path), stdin="help\nquit\n")
    assert f"the game so far is saved to {path}." in " ".join(kept.out.split())


def test_a_record_that_replaces_a_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = cli("play", "link", "--seed", "1", "--record", str(path), stdin="quit\n")
    assert "will replace" not in first.out
    again = cli("play", "link", "--seed", "1", "--record", str(path), stdin="quit\n")
    assert f"The record will replace the file {path}." in " ".join(again.out.split())


def test_calza_is_offered_as_a_call() -> None:
    done = cli("play", "liars-dice", "--preset", "perudo", "--seed", "3", "--bots", "random",
               stdin="quit\n")  # fmt: skip
    assert "or calza." not in done.out
    assert "challenge it or call calza." in done.out


def _perudo_help(palifico: bool = False) -> str:
    liars = dicerules.GAMES["liars-dice"]
    state = liars.new_game(liars.presets["perudo"], seed=1)
    state = liars.apply(state, liars.parse_action(state, "1x5"))
    seat = liars.current_player(state)
    view = attrs.evolve(liars.view(state, seat), palifico=palifico, ones_wild=not palifico)
    legal = liars.legal_actions(state)
    return " ".join(narrator(liars, seat).notation_help(view, legal))


def test_help_states_the_raise_rule_of_pacos_and_calza() -> None:
    text = _perudo_help()
    assert "Pacos: a bid on ones needs only half the last quantity, rounded up" in text
    assert "calza (or exact) says the last bid is exactly right" in text
    assert "dicerules rules" not in text


def test_help_states_the_raise_rule_of_a_palifico_round() -> None:
    text = _perudo_help(palifico=True)
    assert "Palifico round: ones are not wild" in text
    assert "each later bid names 5s, the face this round's opening named" in text
    assert "more dice of any face" not in text


def _ask(name: str, state: object, text: str = "hint") -> list[str]:
    game = dicerules.GAMES[name]
    seat = game.current_player(state)
    return narrator(game, seat).hint(game.view(state, seat), game.legal_actions(state))


def test_hint_in_liars_dice_is_the_chance_that_the_last_bid_holds() -> None:
    from dicerules.games.liars_dice import odds

    game = dicerules.GAMES["liars-dice"]
    state = game.new_game(game.Rules(players=2, first_opener="seat0"), seed=4)
    (opening,) = _ask("liars-dice", state)  # seat 0 holds 4-5-5; one die of 1 or 2 in 3
    assert opening == (
        "The highest opening bid of each face that holds at least half the time, given your"
        " hand 4-5-5 and 3 dice you cannot see: 1x2 70.4%, 1x3 70.4%, 2x4 70.4%, 3x5 70.4%,"
        " 1x6 70.4%."
    )
    state = game.apply(state, game.parse_action(state, "2x5"))
    hand = state.hands[1]
    exact = odds.bid_probability(2, 5, hand, (3,), ones_wild=True, straights_wild=False)
    (line,) = _ask("liars-dice", state)
    assert line.startswith("The chance that seat 0's 2x5 holds, given your hand ")
    assert line.endswith(f": {float(exact):.1%} (exactly {exact}).")


def test_hint_in_eighteen_is_the_chance_of_busting_on_one_more_die() -> None:
    game = dicerules.GAMES["eighteen"]
    state = game.new_game(seed=3)
    seat = game.current_player(state)
    total = sum(game.view(state, seat).hands[seat])
    busting = sum(1 for die in range(1, 7) if total + die > 18)
    from fractions import Fraction

    assert _ask("eighteen", state) == [
        f"One more die on {total}: the chance of going bust is"
        f" {busting / 6:.0%} (exactly {Fraction(busting, 6)})."
    ]


def test_hint_in_twenty_four_values_stopping_and_each_keep() -> None:
    from dicerules.games.twenty_four import odds

    game = dicerules.GAMES["twenty-four"]
    state = game.new_game(game.Rules(players=2), seed=5)
    view = game.view(state, 0)
    (line,) = _ask("twenty-four", state)
    for action in game.legal_actions(state):
        value = odds.choice_value(view.kept, view.showing, action, rules=view.rules)
        assert f"{game.format_action(action)} {float(value):+.2f}" in line
    assert "Best: " in line


def test_hint_in_perudo_tells_the_chance_that_a_calza_is_right() -> None:
    from dicerules.games.liars_dice import odds

    game = dicerules.GAMES["liars-dice"]
    rules = attrs.evolve(game.presets["perudo"], players=2, first_opener="seat0")
    state = game.new_game(rules, seed=4)
    state = game.apply(state, game.parse_action(state, "2x5"))
    hand = state.hands[1]
    holds = [odds.bid_probability(q, 5, hand, (5,), ones_wild=True, straights_wild=False)
             for q in (2, 3)]  # fmt: skip
    (_, calza) = _ask("liars-dice", state)
    exact = holds[0] - holds[1]
    assert calza == (
        f"The chance that it is exactly right (calza): {float(exact):.1%} (exactly {exact})."
    )


def test_hint_at_a_twenty_four_settlement_is_the_fair_price_of_the_bonus() -> None:
    from dicerules.games.twenty_four import odds

    game = dicerules.GAMES["twenty-four"]
    state = game.new_game(game.presets["house-rules"], seed=1)
    while game.view(state, None).stage != "offer":  # the first legal move, to a bonus
        state = game.apply(state, game.legal_actions(state)[0])
    view = game.view(state, None)
    fair = odds.settlement_value(view.target, rules=view.rules)
    (offer,) = _ask("twenty-four", state)
    assert f"expect to pay seat {view.roller} {float(fair):.2f} quarter-units" in offer
    assert f"(exactly {fair}) for the bonus of {view.target}s" in offer
    state = game.apply(state, game.parse_action(state, "offer 1"))
    (answer,) = _ask("twenty-four", state)
    assert answer.startswith(f"Refusing, you can expect {float(fair):.2f} quarter-units")
    assert answer.endswith("accepting gives you 1 now.")


def test_help_offers_hint_only_where_it_answers() -> None:
    done = cli("play", "pig", "--seed", "1", stdin="help\nhint\nodds\nquit\n")
    assert "hint (or odds)" not in done.out
    assert done.out.count("There are no odds to weigh for this choice.") == 2
    done = cli("play", "eighteen", "--preset", "hosted", "--seed", "3", stdin="help\nquit\n")
    assert "hint (or odds) tells the exact odds of your choice now." in done.out
    done = cli("play", "eighteen", "--preset", "hosted", "--seed", "3", stdin="hint\nquit\n")
    assert "the chance of going bust is" in done.out


def test_twenty_four_says_what_stopping_gives_and_tells_the_money_once() -> None:
    # Seed 2, two seats: 5-4-3-2-1 (15), then 5 kept and 6-4-4-3 thrown (22).
    done = cli("play", "twenty-four", "--players", "2", "--seed", "2", stdin="k 5\nquit\n")
    text = " ".join(done.out.split())
    assert "stop (every die counts as it lies: 15, so you pay 9 to each other seat)" in text
    assert "stop (every die counts as it lies: 22, so you pay 2 to each other seat)" in text
    assert done.out.count("Money so far") == 1  # unchanged between the two decisions


def test_play_deals_twenty_four_with_three_turns_each_unless_a_preset_is_named(
    tmp_path: Path,
) -> None:
    game = dicerules.GAMES["twenty-four"]
    assert game.play_rules == attrs.evolve(game.default_rules, rotations=3)
    record = tmp_path / "game.json"
    done = cli("play", "twenty-four", "--seed", "1", "--record", str(record), stdin="quit\n")
    assert done.out.startswith("twenty-four (standard with rotations=3), 4 seats, seed 1.")
    assert "Turn 1 of 12: seat 0 (you) throws" in done.out
    assert (
        dicerules.replay(dicerules.GameRecord.from_json(record.read_text())).rules
        == game.play_rules
    )
    named = cli("play", "twenty-four", "--preset", "standard", "--seed", "1", stdin="quit\n")
    assert named.out.startswith("twenty-four (standard), 4 seats, seed 1.")
    assert "Turn 1 of 4: seat 0 (you) throws" in named.out
    ruled = cli("play", "twenty-four", "--rule", "rotations=2", "--seed", "1", stdin="quit\n")
    assert "Turn 1 of 8: " in ruled.out
    # The other commands deal the default rules.
    simulated = cli("simulate", "twenty-four", "--games", "1")
    assert simulated.out.startswith("twenty-four (standard), 4 seats: 1 game")


@pytest.mark.parametrize(
    ("argv", "stdin", "said"),
    [
        (("play", "liars-dice", "--rule", "calza=yes"), "", "calza is true or false, not yes"),
        (("play", "link", "--players", "1"), "", "players is a whole number from 2 to 6, not 1"),
        (("play", "liars-dice", "--seed", "1"), "0x4\nquit\n",
         "a bid's quantity is a whole number, 1 or more, not 0"),
        (("bench", "--help"), "", "[--seconds S] [--repeats N]"),
    ],
)  # fmt: skip
def test_messages_speak_the_command_line_s_words(
    argv: tuple[str, ...], stdin: str, said: str
) -> None:
    done = cli(*argv, stdin=stdin)
    text = " ".join((done.out + done.err).split())
    assert said in text
    assert "True or False" not in text and "an int" not in text
