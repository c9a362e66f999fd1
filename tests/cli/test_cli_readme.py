"""The README's transcript of `dicerules play` is what the command prints."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import cli

import dicerules

README = Path(dicerules.__file__).resolve().parent.parent / "README.md"


def test_the_readme_transcript_of_play_is_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = README.read_text()
    block = text.split("```console\n$ dicerules play ", 1)[1].split("```", 1)[0]
    command, _, shown = block.partition("\n")
    prompt = re.compile(r"your move(?: \[[^]]*\])?> ")  # [the only move] when forced
    typed = [prompt.sub("", line, count=1) for line in shown.splitlines()
             if prompt.match(line)]  # fmt: skip
    assert len(typed) >= 3
    monkeypatch.chdir(tmp_path)
    done = cli("play", *shlex.split(command), stdin="".join(f"{line}\n" for line in typed))
    assert (done.status, done.err) == (0, "")
    assert done.out == shown
    assert (tmp_path / "game.json").exists()
