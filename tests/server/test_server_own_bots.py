"""The server's own bots (``create_app(bots=...)``, ``dicerules-server --bot NAME=FORM``):
a saved policy offered by name for the games it plays, seated and playing a whole
game; a form no game can have refused at the start."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import Socket, create, join, play_out, serving  # first: skips without it

# isort: split
from dicerules_server import create_app
from dicerules_server.cli import own_bots
from starlette.testclient import TestClient
from test_tree import OPENSPIEL, openspiel_rules

import dicerules
from dicerules import solvers, tree

RULES = {**OPENSPIEL, "sides": 3}


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    walked = tree.walk("liars-dice", openspiel_rules(3))
    path = tmp_path / "dudo.json"
    solvers.CFR(walked, "cfr+").run(30).average_policy().saved().save(path)
    return path


@pytest.fixture
def client(tmp_path: Path, policy_file: Path) -> Iterator[TestClient]:
    app = create_app(
        str(tmp_path / "games.sqlite3"), bot_delay=0, bots={"dudo": f"policy={policy_file}"}
    )
    with serving(app) as client:
        yield client


def test_the_servers_own_bot_is_offered_and_plays(client: TestClient) -> None:
    catalog = {game["name"]: game for game in client.get("/api/catalog").json()["games"]}
    assert catalog["liars-dice"]["bots"][-1] == "dudo"
    assert "dudo" not in catalog["link"]["bots"]  # the policy is of liars-dice only
    refused = client.post("/api/games", json={"game": "link", "players": ["human", "dudo"],
                                              "rules": {"players": 2}})  # fmt: skip
    assert (refused.status_code, refused.json()["error"]) == (400, "bad_argument")
    game_id = create(client, "liars-dice", ["human", "dudo"], rules=RULES)
    person = Socket(client, game_id, join(client, game_id, "Ann", seat=0))
    final = play_out([person], person, random.Random(1))
    record = dicerules.GameRecord.from_json(client.get(f"/api/games/{game_id}/record").text)
    assert record.tags.players == ("human", "dudo")
    assert final["step"] == len(record.actions) >= 2
    assert dicerules.get_game("liars-dice").is_terminal(dicerules.replay(record))


def test_a_bot_option_that_no_game_can_have_is_refused(policy_file: Path) -> None:
    assert own_bots([f"dudo=policy={policy_file}"]) == {"dudo": f"policy={policy_file}"}
    for given, message in (
        (["dudo"], "write NAME=FORM"),
        (["human=random"], "the name 'human' is taken"),
        ([f"a=policy={policy_file}", f"a=policy={policy_file}"], "the name 'a' is taken"),
        (["dudo=policy=missing.json"], "no game can have it: bot 'policy=missing.json'"),
    ):
        with pytest.raises(ValueError, match=message):
            own_bots(given)
