"""The browser client, driven by Playwright in the system's Chromium (headless), as a
person and their assistive technology use it (by roles and names): for every built-in
game and a plugin that declares nothing (pig), a person sits at a table and plays a
whole game against bots by clicking and by keys, at a desktop's and a phone's width.

At every move the table shows no raw field name, no ``null`` nor ``undefined``; the
rules and (where the game has them) the odds show; the log after a reload is the log
before it; the end says "You won" or "You lost", with the placings, the record and the
command that replays it. Screenshots of each table and its end go to
``DICERULES_SCREENSHOTS`` (else a temporary folder): test artifacts, never committed.
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import server_support  # first: without the server, the module skips

# isort: split

from dicerules_server import create_app

import dicerules
from dicerules import wire

uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed: pip install playwright"
)

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium; Playwright's own browser download is never used."""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

OTHERS = 50
"""A page of the lobby's list: the games made to fill one (the server lets this
client, which makes them all, hold one more waiting for players)."""

NAME = "<b>Ann</b> & co"
"""A name with HTML in it: the page must show it as text."""

SHORT = {
    "liars-dice": {"players": 2, "dice_per_player": 2},
    "eighteen": {"players": 2, "max_rounds": 6, "target": 5},
    "link": {"players": 2, "rounds": 2, "white_dice": 3},
    "twenty-four": {"players": 2, "settlements": True},
    "pig": {"players": 2, "target": 15},
}
"""Rules for a game a person plays to the end in seconds."""

SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

RAW = ("null", "undefined", "[object Object]", "NaN")
"""What a table drawn from data must never show."""

TIMEOUT = 30_000
"""Milliseconds a step of the page may take under load."""


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server's address: uvicorn on 127.0.0.1, in a thread of this process."""
    app = create_app(
        str(tmp_path_factory.mktemp("db") / "games.sqlite3"),
        bot_delay=0.01,
        max_unjoined=OTHERS + 1,
    )
    config = uvicorn.Config(
        server_support.Checked(app), host="127.0.0.1", port=_port(), log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{config.port}/"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed at /usr/bin/chromium (Debian: chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    found = Path(os.environ.get("DICERULES_SCREENSHOTS", tmp_path))
    found.mkdir(parents=True, exist_ok=True)
    return found


class Watched:
    """A page, and what went wrong on it: script errors, console errors, failed loads."""

    def __init__(self, browser: Any, screen: dict[str, int]) -> None:
        self.page = browser.new_page(viewport=screen)
        self.page.set_default_timeout(TIMEOUT)
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"script: {error}"))
        self.page.on(
            "console",
            lambda m: self.problems.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self.page.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )


def _post(base: str, path: str, body: object) -> Any:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def _sit_down(page: Any, base: str, name: str) -> str:
    """A new game of ``name`` (short rules), the person in seat 0 against the expert, and
    the page at its table, as the lobby leaves it after "Create and sit down"."""
    made = _post(base, "api/games", {"game": name, "rules": SHORT[name]})
    joined = _post(base, f"api/games/{made['id']}/join", {"name": NAME})
    page.goto(base)
    page.evaluate(
        "([id, token]) => localStorage.setItem('dicerules-token-' + id, token)",
        [made["id"], joined["token"]],
    )
    page.goto(f"{base}#game={made['id']}")
    return str(made["id"])


def _table_text(page: Any) -> str:
    """What the table shows, the rules panel aside (the rules' own text names fields)."""
    return str(
        page.evaluate(
            """() => [...document.querySelector('#table').children]
                .filter((part) => part.id !== 'rules').map((part) => part.innerText)
                .join('\\n')"""
        )
    )


def _log(page: Any) -> list[tuple[int, str]]:
    """The log's items (``role="log"``): each step's number and its text."""
    items = page.get_by_role("log").evaluate(
        "log => [...log.children].map((item) => [item.value, item.innerText])"
    )
    return [(int(step), str(text)) for step, text in items]


def _check_words(page: Any, raw_names: set[str]) -> None:
    text = _table_text(page)
    for word in (*RAW, *raw_names):
        assert not re.search(rf"\b{re.escape(word)}\b", text), f"{word!r} on the table:\n{text}"


def _raw_names(name: str) -> set[str]:
    """The view's field names that no person would write (those with underscores)."""
    game = dicerules.get_game(name)
    state = game.new_game(game.Rules(**SHORT[name]), seed=1)
    return {field for field in wire.view(game, state, 0)["view"] if "_" in field}


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("name", sorted(SHORT))
def test_a_person_plays_a_whole_game(
    browser: Any, served: str, shots: Path, name: str, screen: str
) -> None:
    watched = Watched(browser, SCREENS[screen])
    page = watched.page
    rng = random.Random(f"{name} {screen}")
    raw_names = _raw_names(name)
    game_id = _sit_down(page, served, name)
    moves = page.get_by_role("region", name="Your move")
    end = page.get_by_role("heading", name=re.compile(r"^You (won|lost)"))
    game = dicerules.get_game(name)
    hints = wire.layout(game, game.Rules(**SHORT[name]))["hints"]

    rules = page.get_by_role("region", name="Rules")
    rules.get_by_text("Show the rules").click()
    sync_api.expect(rules).to_contain_text("This table's rules")  # once the welcome came
    sync_api.expect(rules).to_contain_text(f"The rules of {name}")

    played, reloaded, hinted, shot = 0, False, False, False
    while True:
        choices = moves.get_by_role("button").filter(has_not_text=re.compile("^Hint$"))
        choices.first.or_(end).first.wait_for()
        if end.is_visible():
            break
        _check_words(page, raw_names)
        if not shot:
            page.screenshot(path=str(shots / f"{name}-{screen}-table.png"), full_page=True)
            shot = True
        hint = moves.get_by_role("button", name="Hint")
        assert hint.count() == (1 if hints else 0)
        if hints and not hinted:
            hint.click()
            answer = moves.locator("#hint p").first
            sync_api.expect(answer).not_to_have_text(re.compile("Working out"))
            assert len(answer.inner_text()) > 20
            hinted = True
        if played >= 3 and not reloaded:
            before = _log(page)
            page.reload()
            choices.first.wait_for()
            assert _log(page) == before
            reloaded = True
        told = _log(page)
        last = told[-1][0] if told else -1
        picked = choices.nth(rng.randrange(choices.count()))
        boxes = moves.get_by_role("combobox")
        if boxes.count() and rng.random() < 0.5:  # a form: choose another of its values
            box = boxes.nth(rng.randrange(boxes.count()))
            options = box.locator("option").all()
            box.select_option(rng.choice(options).get_attribute("value"))
        key = picked.get_attribute("aria-keyshortcuts")
        if played % 3 == 2 and key and not boxes.count():
            picked.focus()
            page.keyboard.press(key)  # the move's key, as the help line says
        else:
            picked.click()
        played += 1
        page.wait_for_function(
            """last => {
                const items = document.querySelectorAll('[role=log] li');
                return (items.length && items[items.length - 1].value !== last)
                    || !document.getElementById('end').hidden;
            }""",
            arg=last,
        )

    _check_words(page, raw_names)
    assert played >= 1
    assert hinted == hints
    page.screenshot(path=str(shots / f"{name}-{screen}-end.png"), full_page=True)
    placings = page.get_by_role("list", name="Placings").get_by_role("listitem")
    assert placings.count() == 2
    assert re.match(r"1st: Seat \d", placings.first.inner_text())
    assert page.locator("#board").inner_text() == ""  # the end's board, not the last round's
    record = page.get_by_role("link", name="Download the record")
    answer = page.request.get(served.rstrip("/") + record.get_attribute("href"))
    state = dicerules.replay(dicerules.GameRecord.from_json(answer.text()))
    assert game.is_terminal(state)
    assert page.get_by_text(f"dicerules replay {game_id}.json").is_visible()
    log = _log(page)
    steps = [step for step, _ in log]
    assert steps == sorted(set(steps)) and steps[-1] == len(state.tape.actions)
    assert log[-1][1].splitlines()[-2].startswith("Game over: ")
    page.reload()
    end.wait_for()
    assert _log(page) == log  # a finished game opens with its whole story
    assert NAME in page.get_by_role("list", name="Seats").inner_text()  # the name as text
    assert page.locator("#players b").count() == 0  # never as markup
    assert name in page.title() and "Seat 0" in page.title()
    page.close()
    assert watched.problems == []


def test_the_lobby_makes_a_game_and_seats_the_person(browser: Any, served: str) -> None:
    watched = Watched(browser, SCREENS["phone"])
    page = watched.page
    page.goto(served)
    page.fill("#name", NAME)
    page.select_option("#game", "liars-dice")
    page.select_option("#preset", "classic")
    page.click("#create")
    moves = page.get_by_role("region", name="Your move")
    bid = moves.get_by_role("button", name=re.compile(r"^Bid "))
    challenge = moves.get_by_role("button", name=re.compile(r"^Challenge "))
    bid.or_(challenge).first.wait_for()
    assert page.get_by_role("img", name=re.compile(r"^[1-6]$")).count() >= 3  # the hand, drawn
    assert moves.get_by_role("combobox", name="how many").count() == (1 if bid.count() else 0)
    (bid if bid.count() else challenge).click()
    page.wait_for_function("() => document.querySelectorAll('[role=log] li').length >= 2")
    assert NAME in page.get_by_role("list", name="Seats").inner_text()
    page.click("#home")
    page.wait_for_selector("#games li:has-text('liars-dice')")
    page.close()
    assert watched.problems == []


def test_more_games_shows_the_lobbys_next_page(browser: Any, served: str) -> None:
    for _ in range(OTHERS + 1):  # the oldest waits on the second page: newest first
        _post(served, "api/games", {"game": "link", "players": ["human"] * 4})
    watched = Watched(browser, SCREENS["phone"])
    page = watched.page
    page.goto(served)
    waiting = page.locator("#games li", has_text="link \u2014 waiting for players")
    sync_api.expect(waiting).to_have_count(OTHERS, timeout=TIMEOUT)
    page.get_by_role("button", name="More games").click()
    sync_api.expect(waiting).to_have_count(OTHERS + 1, timeout=TIMEOUT)
    page.close()
    assert watched.problems == []
