"""The ``slow`` marker: such tests here run only when asked for (``-m slow``, or
DICERULES_SLOW=1 in the environment)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long test, run with -m slow or DICERULES_SLOW=1")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.option.markexpr or "") or os.environ.get("DICERULES_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or DICERULES_SLOW=1")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)
