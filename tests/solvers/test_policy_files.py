"""dicerules.policies: a policy saved as JSON and read back, bad files refused; the
``policy=FILE`` bot that plays one from its views, in play_match and simulate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_tree import openspiel_rules

import dicerules
from dicerules import bots, solvers, tree
from dicerules.errors import InvalidArgumentError, RecordError
from dicerules.games import liars_dice
from dicerules.policies import FORMAT, PolicyBot, SavedPolicy

RULES = openspiel_rules(3)


@pytest.fixture(scope="module")
def walked() -> tree.Tree:
    return tree.walk("liars-dice", RULES)


@pytest.fixture(scope="module")
def saved(walked: tree.Tree) -> SavedPolicy:
    solver = solvers.CFR(walked, "cfr+").run(50)
    policy = solver.average_policy()
    return policy.saved(
        variant="cfr+", iterations=50, exploitability=solvers.exploitability(walked, policy)
    )


@pytest.fixture
def policy_file(tmp_path: Path, saved: SavedPolicy) -> Path:
    path = tmp_path / "policy.json"
    saved.save(path)
    return path


def test_a_saved_policy_reads_back_exactly(walked: tree.Tree, policy_file: Path) -> None:
    data = json.loads(policy_file.read_text(encoding="utf-8"))
    assert list(data) == [
        "format", "game", "rules", "variant", "iterations", "exploitability", "policies",
    ]  # fmt: skip
    assert (data["format"], data["game"], data["variant"], data["iterations"]) == (
        FORMAT,
        "liars-dice",
        "cfr+",
        50,
    )
    assert set(data["policies"]) == {"0", "1"}
    loaded = SavedPolicy.load(policy_file)
    policy = solvers.CFR(walked, "cfr+").run(50).average_policy()
    assert loaded.policies == policy.tables()  # every float the same, not merely close
    assert (loaded.game.name, loaded.rules) == ("liars-dice", RULES)
    assert loaded.exploitability == solvers.exploitability(walked, policy)
    assert solvers.exploitability(walked, loaded) == loaded.exploitability
    text = walked.information_sets[0][3]
    assert loaded.probabilities(0, text) == policy.probabilities(0, text)
    assert loaded.probabilities(1, text) is None


def _bad(data: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**data, **changes})


def test_a_file_that_is_no_saved_policy_is_refused(policy_file: Path) -> None:
    data = json.loads(policy_file.read_text(encoding="utf-8"))
    text = next(iter(data["policies"]["0"]))
    cases = {
        "not JSON": ("{", "not a saved policy"),
        "a list": ("[]", "a saved policy is an object of format, game"),
        "a key missing": (json.dumps({k: v for k, v in data.items() if k != "variant"}),
                          "a saved policy is an object"),
        "a later format": (_bad(data, format=2), "format 2 is not a policy format"),
        "no game": (_bad(data, game="chess"), "no game named 'chess'"),
        "a game's name not a str": (_bad(data, game=5), "game must be a game's name"),
        "bad rules": (_bad(data, rules={**data["rules"], "sides": 99}), "bad liars-dice rules"),
        "iterations": (_bad(data, iterations=-1), "iterations must be a whole number"),
        "exploitability": (_bad(data, exploitability="low"), "exploitability must be a number"),
        "variant": (_bad(data, variant=3), "variant must be a str"),
        "a seat too many": (_bad(data, policies={"2": {}}), "'2' is not a seat of the rules"),
        "a seat's policies": (_bad(data, policies={"0": []}), "must be an object by"),
        "no distribution": (_bad(data, policies={"0": {text: {"1x1": 0.5}}}), "sum to 0.5"),
        "over 1": (_bad(data, policies={"0": {text: {"1x1": 2, "1x2": -1}}}),
                   "'1x1' has 2, not a probability"),
        "not a number": (_bad(data, policies={"0": {text: {"1x1": "1"}}}), "not a probability"),
        "empty": (_bad(data, policies={"0": {text: {}}}), "must be an object by action label"),
    }  # fmt: skip
    for name, (text_of_file, message) in cases.items():
        with pytest.raises(RecordError, match=message):
            SavedPolicy.loads(text_of_file)
        policy_file.write_text(text_of_file, encoding="utf-8")
        with pytest.raises(RecordError, match=f"{policy_file}: "):
            SavedPolicy.load(policy_file)
        assert name


def _view_and_legal(seed: int, seat: int = 0) -> tuple[Any, tuple[Any, ...]]:
    state = liars_dice.new_game(RULES, seed=seed)
    return liars_dice.view(state, seat), liars_dice.legal_actions(state)


def test_the_policy_bot_plays_the_policys_chances(
    walked: tree.Tree, policy_file: Path, saved: SavedPolicy
) -> None:
    form = f"policy={policy_file}"
    assert bots.check(form, "liars-dice") == form
    bot = bots.make(form, "liars-dice", seed=4)
    assert isinstance(bot, PolicyBot) and bot.name == "policy"
    view, legal = _view_and_legal(3)
    number = walked.by_view[0][view]
    text = walked.information_sets[0][number]
    node = walked.first_nodes(0)[number]
    chances = saved.probabilities(0, text)
    assert chances is not None
    assert dict(bot.chances[view]) == {
        action: chances[label]
        for action, label in zip(walked.actions[node], walked.labels[node], strict=True)
    }
    # Each action comes as often as the policy says (1,000 draws, a wide margin).
    drawn = [bot.choose(view, legal) for _ in range(1000)]
    for action, label in zip(walked.actions[node], walked.labels[node], strict=True):
        assert drawn.count(action) / 1000 == pytest.approx(chances[label], abs=0.06)
    # The same seed draws the same actions.
    again = bots.make(form, "liars-dice", seed=4)
    assert [again.choose(view, legal) for _ in range(1000)] == drawn


def test_the_policy_bot_beats_uniform_play_and_replays(policy_file: Path) -> None:
    lineup = (f"policy={policy_file}", "random")
    sim = dicerules.simulate("liars-dice", 300, bots=lineup, rules=RULES, seed=2)
    assert sim.by_bot[lineup[0]].wins > 180
    assert dicerules.simulate("liars-dice", 300, bots=lineup, rules=RULES, seed=2) == sim
    state = dicerules.play_match(
        "liars-dice",
        RULES,
        [bots.make(lineup[0], "liars-dice", 1), bots.make("random", "liars-dice")],
        5,
    )
    assert dicerules.replay(dicerules.record(state)) == state


def test_a_view_of_a_set_the_file_lacks_is_played_uniformly(policy_file: Path) -> None:
    bot = bots.make(f"policy={policy_file}", "liars-dice", seed=1)
    other = liars_dice.new_game(openspiel_rules(4), seed=1)  # other rules: no view known
    view, legal = liars_dice.view(other, 0), liars_dice.legal_actions(other)
    assert view not in bot.chances
    uniform = bots.make("random", "liars-dice", seed=1)
    assert [bot.choose(view, legal) for _ in range(50)] == [
        uniform.choose(view, legal) for _ in range(50)
    ]


def test_a_bad_policy_form_is_a_clear_error(tmp_path: Path, policy_file: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="write policy=FILE"):
        bots.make("policy=", "liars-dice")
    with pytest.raises(InvalidArgumentError, match=r"cannot read .*missing\.json"):
        bots.check(f"policy={tmp_path / 'missing.json'}", "liars-dice")
    with pytest.raises(InvalidArgumentError, match="the policy is of liars-dice, not of link"):
        bots.make(f"policy={policy_file}", "link")
    broken = tmp_path / "broken.json"
    broken.write_text("{}", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bot 'policy=.*broken\.json': .*an object of format"):
        bots.make(f"policy={broken}", "liars-dice")
    with pytest.raises(ValueError, match="or policy=FILE, a saved policy"):
        bots.make("policy", "liars-dice")
