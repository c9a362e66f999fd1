"""What the plugin tests share: the built-in games' names, fake entry points."""

from __future__ import annotations

import importlib.metadata

import attrs

import dicerules.game as registry

BUILT_IN = ("eighteen", "liars-dice", "link", "twenty-four")
"""The built-in games, in registration order."""


@attrs.define
class FakeEntryPoints:
    """The entry points ``importlib.metadata.entry_points`` finds, and how often it was asked."""

    found: list[importlib.metadata.EntryPoint] = attrs.Factory(list)
    asked: int = 0

    def add(self, name: str, value: str) -> None:
        self.found.append(importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP))
