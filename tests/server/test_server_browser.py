"""The browser client, driven by Playwright in the system's Chromium (headless): a person
makes a game of liars-dice in the lobby and plays it to the end against bots, on a
phone-sized screen, clicking as a person would, then finds it on the lobby's second
page; screenshots of the table are kept."""

from __future__ import annotations

import json
import os
import random
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import server_support  # noqa: F401 (first: without the server, the module skips)

# isort: split

from dicerules_server import create_app

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
"""Games waiting for players besides the person's: a page of the lobby's list (the
server lets this client, which makes them all, hold one more)."""

NAME = "<b>Ann</b> & co"
"""A name with HTML in it: the page must show it as text."""


@pytest.fixture
def served(tmp_path: Path, free_port: int) -> Iterator[str]:
    """The server's address: uvicorn on 127.0.0.1, in a thread of this process."""
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0.05, max_unjoined=OTHERS + 1)
    config = uvicorn.Config(app, host="127.0.0.1", port=free_port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{free_port}/"
    finally:
        server.should_exit = True
        thread.join(10)


def test_a_person_plays_liars_dice_against_bots(served: str, tmp_path: Path) -> None:
    if not os.path.exists(CHROMIUM):
        pytest.skip("Chromium is not installed at /usr/bin/chromium (Debian: chromium)")
    shots = Path(os.environ.get("DICERULES_SCREENSHOTS", tmp_path))
    rng = random.Random(34)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            for _ in range(OTHERS):  # the lobby's first page: games in play, newest first
                made = urllib.request.Request(
                    served + "api/games",
                    json.dumps({"game": "link", "players": ["human"] * 4}).encode(),
                    {"content-type": "application/json"},
                )
                urllib.request.urlopen(made, timeout=30).close()
            page.goto(served)
            page.fill("#name", NAME)
            page.select_option("#game", "liars-dice")
            page.select_option("#preset", "classic")
            page.click("#create")
            page.wait_for_selector("#hand")
            moves = 0
            while True:
                page.wait_for_selector("#moves button, #record:not([hidden])")
                if page.is_visible("#record"):
                    break
                seen = page.locator("#log li").count()
                challenge = page.locator("#moves button", has_text="Challenge")
                if page.locator("#quantity").count() and not (
                    challenge.count() and rng.random() < 0.3
                ):
                    quantity = page.locator("#quantity option").first.get_attribute("value")
                    page.select_option("#quantity", quantity)
                    faces = page.locator("#face option").all()
                    page.select_option("#face", rng.choice(faces).get_attribute("value"))
                    if moves >= 1 and not (shots / "liars-dice-bid.png").exists():
                        page.screenshot(path=str(shots / "liars-dice-bid.png"))
                    page.click("#moves button:has-text('Bid')")
                else:
                    challenge.click()
                moves += 1
                page.wait_for_function(
                    "seen => document.querySelectorAll('#log li').length > seen", arg=seen
                )
            page.screenshot(path=str(shots / "liars-dice-over.png"), full_page=True)
            status = page.inner_text("#status")
            assert status.startswith("Game over:") and "won" in status, status
            assert NAME in page.inner_text("#players")  # the name as text
            assert page.locator("#players b").count() == 0  # never as markup
            assert moves >= 2
            page.click("#home")
            page.click("#games button:has-text('More games')")  # the game over: page 2
            page.wait_for_selector("#games li:has-text('liars-dice \u2014 over')")
            assert errors == []
        finally:
            browser.close()
    assert (shots / "liars-dice-over.png").stat().st_size > 10_000
