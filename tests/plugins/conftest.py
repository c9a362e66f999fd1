"""Fixtures of the plugin tests: a registry as it is before its first use, fake entry points."""

from __future__ import annotations

import importlib.metadata
import sys
from collections.abc import Iterator

import attrs
import pytest

import dicerules.game as registry

collect_ignore_glob = ["plugin_*.py"]  # fake plugins: imported by the tests alone, when they ask

BUILT_IN = ("eighteen", "liars-dice", "link", "twenty-four")
"""The built-in games, in registration order."""


@attrs.define
class FakeEntryPoints:
    """The entry points ``importlib.metadata.entry_points`` finds, and how often it was asked."""

    found: list[importlib.metadata.EntryPoint] = attrs.Factory(list)
    asked: int = 0

    def add(self, name: str, value: str) -> None:
        self.found.append(importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP))


@pytest.fixture
def entry_points(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeEntryPoints]:
    """The registry holds the built-in games only, its plugins not yet looked for, and the
    entry points are these fakes; all is put back after the test."""
    fake = FakeEntryPoints()

    def entry_points(*, group: str) -> list[importlib.metadata.EntryPoint]:
        fake.asked += 1
        return [entry for entry in fake.found if entry.group == group]

    built_in = {name: game for name, game in registry._REGISTRY.items() if name in BUILT_IN}
    monkeypatch.setattr(registry, "_REGISTRY", built_in)
    monkeypatch.setattr(registry, "_SKIPPED", {})
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    modules = set(sys.modules)
    yield fake
    for name in set(sys.modules) - modules:  # a fake plugin is imported afresh each test
        if name.startswith("plugin_"):
            del sys.modules[name]
