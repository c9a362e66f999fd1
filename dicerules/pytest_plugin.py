"""dicerules' pytest plugin: the conformance suite on any registered game.

``pytest -p dicerules.pytest_plugin --dicerules-game NAME`` (or ``pytest_plugins =
["dicerules.pytest_plugin"]`` in a conftest.py, then ``--dicerules-game NAME``) adds
``dicerules.conformance``, the suite that dicerules' own games are held to, to what
pytest collects, run on the registered game NAME only: a plugin package's game (its
entry point), or one that a conftest.py registers with ``dicerules.register``; repeat
the option for more games. The suite needs hypothesis (``pip install
"dicerules[testing]"``). Without the option the plugin does nothing.

The plugin is named with ``-p``, not installed for every pytest run: pytest rewrites
the assertions of every module of a package that installs a pytest plugin, which
would change the messages of ``dicerules.testing``.
"""

from __future__ import annotations

import importlib.util

import pytest

__all__ = ["pytest_addoption", "pytest_configure"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("dicerules")
    group.addoption(
        "--dicerules-game",
        action="append",
        dest="dicerules_game",
        metavar="NAME",
        default=[],
        help="run dicerules' conformance suite on the registered game NAME (repeatable)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if not config.getoption("dicerules_game"):
        return
    spec = importlib.util.find_spec("dicerules.conformance")
    if spec is None or spec.origin is None:  # pragma: no cover - a broken installation
        raise pytest.UsageError("--dicerules-game: dicerules.conformance is not installed")
    if spec.origin not in config.args:
        config.args.append(spec.origin)
