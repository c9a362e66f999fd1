"""The README's test command: the suite first (what CI runs), then its cost and the
deep run beside it."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parents[2] / "README.md"


def test_the_test_command_says_its_cost_and_offers_the_deep_run() -> None:
    text = README.read_text(encoding="utf-8")
    runs = [line for line in text.splitlines() if re.search(r"python -m pytest\b", line)]
    assert "-m " not in runs[0].split("pytest", 1)[1]  # the first is the whole suite
    after = text.split(runs[0], 1)[1][:600]
    assert re.search(r"takes \d+ to \d+ minutes on two cores", after)
    assert 'HYPOTHESIS_PROFILE=deep python -m pytest -q -n auto\n-m "slow or not slow"' in after
