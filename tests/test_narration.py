"""The generic Narrator and its documented contract; SeededBot's public random source."""

from __future__ import annotations

import attrs
import dicerules_pig as pig

from dicerules.bot import RandomBot, SeededBot, bot_random
from dicerules.narration import Narrator


@attrs.frozen
class PointsView:
    """A view whose per-seat standing is not called ``scores``."""

    rules: pig.Rules
    player: int | None
    points: tuple[int, ...]
    to_act: int | None


def test_a_view_without_scores_is_told_no_zeros() -> None:
    teller = Narrator(pig.GAME, 0)
    before = PointsView(pig.default_rules, 0, (0, 0), 0)
    after = PointsView(pig.default_rules, 0, (7, 0), 1)
    assert teller.standing(after) == ()
    assert teller.situation(after) == ["Points 7-0."]  # the view's own field, no "0"s
    assert teller.news(before, after) == ["  Points 7-0."]


def test_a_view_with_scores_is_told_them() -> None:
    teller = Narrator(pig.GAME, 1)
    state = pig.new_game(seed=2)
    before = pig.view(state, 1)
    after = pig.view(pig.apply(pig.apply(state, pig.ROLL), pig.HOLD), 1)
    assert teller.standing(after) == after.scores
    assert teller.situation(before)[0] == "Scores: seat 0 = 0, seat 1 (you) = 0."
    assert after.scores[0] > 0  # seat 0 rolled and held
    assert f"  Score: seat 0 = {after.scores[0]}, seat 1 (you) = 0." in teller.news(before, after)


def test_the_narrator_contract_is_written_down() -> None:
    doc = Narrator.__doc__ or ""
    for name in ("game", "viewer", "score_name", "news(None, view)", "situation(view)",
                 "choices(view, legal)", "step(before, seat, action, after)",
                 "game.scores(state)"):  # fmt: skip
        assert name in doc, name


class Coin(SeededBot):
    name = "coin"

    def choose(self, view: object, legal_actions: tuple[str, ...]) -> str:
        return legal_actions[0] if self.random.random() < 0.5 else self.pick(legal_actions)


def test_seeded_bot_random_source_is_public_and_seeded() -> None:
    bot, again = Coin(9), Coin(9)
    assert bot.random.random() == again.random.random() == bot_random(9).random()
    assert bot._random is bot.random  # the former name still works, read and set
    bot._random = bot_random(3)
    assert bot.random.random() == bot_random(3).random()
    choices = ("a", "b", "c")
    assert [Coin(4).choose(None, choices) for _ in range(3)] == [Coin(4).choose(None, choices)] * 3
    assert RandomBot(5).choose(None, choices) == choices[bot_random(5).randrange(3)]
    assert RandomBot(5)._pick(choices) == RandomBot(5).pick(choices)
