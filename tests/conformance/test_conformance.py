"""The conformance suite on every registered game, plugins included.

The suite is ``dicerules.conformance``, shipped in the package so that a plugin runs
it with ``pytest -p dicerules.pytest_plugin --dicerules-game NAME``; here it runs on every game in
``dicerules.GAMES``.
"""

from dicerules.conformance import *  # noqa: F403
