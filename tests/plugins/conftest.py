"""Fixtures of the plugin tests: a registry as it is before its first use, fake entry points."""

from __future__ import annotations

import importlib.metadata
import sys
from collections.abc import Iterator

import pytest
from registry_helpers import BUILT_IN, FakeEntryPoints

import dicerules.game as registry

collect_ignore_glob = ["plugin_*.py"]  # fake plugins: imported by the tests alone, when they ask


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
