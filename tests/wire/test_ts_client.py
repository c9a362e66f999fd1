"""examples/ts-client: TypeScript types generated from every built-in game's schema by
json-schema-to-typescript, fresh, and real messages (the golden ones, and a refusal of
each code) of those types under ``tsc --strict``.

The tests that run node skip where node or npm is not installed; the first one to need
them installs the pinned packages (``npm ci``) into examples/ts-client/node_modules.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import load_file
from wire_checks import BUILT_IN

from dicerules import wire

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "ts-client"
TYPES = CLIENT / "src" / "types"
golden = load_file("dicerules_wire_golden_ts", Path(__file__).parent / "golden.py")


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=CLIENT, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def node() -> Iterator[str]:
    """node, with the lockfile's packages installed (once, whoever asks first)."""
    found, npm = shutil.which("node"), shutil.which("npm")
    if found is None or npm is None:
        pytest.skip("node and npm are not installed: the TypeScript client is not checked")
    installed = CLIENT / "node_modules" / ".package-lock.json"
    with open(CLIENT / ".npm-ci.lock", "w") as lock:  # one npm ci among the workers
        fcntl.flock(lock, fcntl.LOCK_EX)
        lockfile = CLIENT / "package-lock.json"
        if not installed.exists() or installed.stat().st_mtime < lockfile.stat().st_mtime:
            done = _run(npm, "ci", "--no-audit", "--no-fund")
            assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    yield found


def test_the_lockfile_pins_every_package_by_its_hash() -> None:
    """Each package by name, exact version and integrity hash, fetched from the
    registry npm is configured with (no address in the lockfile)."""
    manifest = json.loads((CLIENT / "package.json").read_text())
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in manifest["devDependencies"].values())
    packages = json.loads((CLIENT / "package-lock.json").read_text())["packages"]
    assert packages[""]["devDependencies"] == manifest["devDependencies"]
    for path, package in packages.items():
        if path:
            assert "resolved" not in package, path
            assert package["integrity"].startswith("sha512-"), path


def test_the_types_say_every_value() -> None:
    """No ``any``, ``unknown`` or ``never`` in the generated types: a type of each value."""
    assert sorted(file.stem for file in TYPES.glob("*.ts")) == sorted(g.name for g in BUILT_IN)
    for file in TYPES.glob("*.ts"):
        code = re.sub(r'"[^"\n]*"', '""', file.read_text())  # the enums' strings aside
        code = re.sub(r"/\*.*?\*/", "", code, flags=re.DOTALL)
        assert not re.findall(r"\b(any|unknown|never)\b", code), file.name


def test_the_types_are_fresh(node: str) -> None:
    done = _run(node, "generate.mjs", "--check", "--python", sys.executable)
    assert done.returncode == 0, (
        f"{done.stdout}{done.stderr}the types are stale: run `npm run generate` in"
        " examples/ts-client"
    )


def _samples(game_name: str) -> str:
    """A TypeScript module of ``game_name``'s golden messages and a refusal of each code,
    each as JSON text a client receives, typed by the generated types; and values that
    are no message, which the types must refuse."""
    prefix = wire.type_name(game_name)
    views, events = [], []
    for name, preset in golden.cases():
        if name == game_name:
            for line in golden.path(name, preset).read_text().splitlines()[1:]:
                (events if line.startswith("[") else views).append(line)
    refusals = [wire.dumps(wire.error(cls("no"))) for cls, _ in wire.CODES]
    refusals.append(wire.dumps(wire.error(KeyError("hidden"))))
    assert {json.loads(text)["error"] for text in refusals} == set(wire.ERROR_CODES)
    return "\n".join(
        [
            f"import type {{ {prefix}Events, {prefix}Message, {prefix}ViewMessage, Refusal,"
            f' RefusalCode }} from "../src/types/{game_name}";',
            f"export const views: {prefix}ViewMessage[] = [",
            *(f"  {text}," for text in views),
            "];",
            f"export const events: {prefix}Events[] = [",
            *(f"  {text}," for text in events),
            "];",
            "export const refusals: Refusal[] = [",
            *(f"  {text}," for text in refusals),
            "];",
            f"export const all: {prefix}Message[] = [...views, ...events, ...refusals];",
            "// @ts-expect-error: a message of another format",
            f"export const old: {prefix}ViewMessage = {{ ...views[0]!, format: 1 }};",
            "// @ts-expect-error: a field the schema does not name",
            f'export const extra: {prefix}ViewMessage = {{ ...views[0]!, seed: "1" }};',
            "// @ts-expect-error: a code no refusal has",
            'export const code: RefusalCode = "stale_move";',
            "",
        ]
    )


def test_real_messages_are_of_the_generated_types(node: str) -> None:
    with tempfile.TemporaryDirectory(dir=CLIENT, prefix="samples-") as folder:
        here = Path(folder)
        for game in BUILT_IN:
            (here / f"{game.name}.ts").write_text(_samples(game.name))
        config = {"extends": "../tsconfig.json", "include": ["*.ts", "../src/**/*.ts"]}
        (here / "tsconfig.json").write_text(json.dumps(config))
        done = _run(
            node, "node_modules/typescript/bin/tsc", "-p", os.path.join(folder, "tsconfig.json")
        )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
