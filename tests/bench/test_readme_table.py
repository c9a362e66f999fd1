"""README's Performance table is the one tests/bench/performance.json gives
(``tests/bench/readme.py``), and that script shows each row's figures as it says."""

from __future__ import annotations

from pathlib import Path

from helpers import load_file

from dicerules.bench.record import Row, read

readme = load_file("bench_readme", Path(__file__).with_name("readme.py"))


def test_the_readme_table_is_the_recorded_one() -> None:
    text = readme.README.read_text()
    assert readme.rewritten(text, read(readme.RECORDED)) == text, (
        "README's Performance table is not tests/bench/performance.json's:"
        " python tests/bench/readme.py writes it"
    )


def ratio(key: str, value: float | None, load: float = 0.1, clock: str = "wall") -> Row:
    return Row(key, value, 0.02, (value,), clock, (load, load))


def test_a_pair_each_range_and_list() -> None:
    line = readme.Line
    rows = [
        ratio("s/a/decisions vs pyspiel", 1.5), ratio("s/a/rounds vs pyspiel", 2.0),
        ratio("s/b/decisions vs pyspiel", 0.5, load=0.6), ratio("t/x/r", 3.0, clock="cpu"),
        ratio("t/y/r", 30.0, clock="cpu"),
    ]  # fmt: skip
    pair = line("p", "pair", ("s/a/decisions vs pyspiel", "s/a/rounds vs pyspiel"), "1x", "c")
    assert readme.cells(pair, rows) == ["p", "1.50x (2.00x)", "2%", "idle", "1x", "c"]
    each = line("e", "each", (r"s/(?P<name>[a-z]+)/decisions vs pyspiel",), "", "c")
    # s/a has rounds beside its decisions: a counterpart, shown in its own row
    assert readme.cells(each, rows)[1:4] == ["b 0.50x", "2%", "loaded (load 0.6)"]
    spread = line("r", "range", (r"t/(?P<name>[a-z]+)/r",), "", "c")
    assert readme.cells(spread, rows)[1:4] == ["3.00x (x) to 30.00x (y)", "2%", "idle, CPU time"]
    listed = line("l", "list", ("t/x/r", "t/y/r", "t/z/r"), "", "c")
    assert readme.cells(listed, rows)[1] == "3.00x; 30.00x"
    literal = line("k", "list", ("a + b/c",), "", "c")  # a key is itself, "+" and all
    assert readme.cells(literal, [ratio("a + b/c", 9.0)])[1] == "9.00x"
    missing = line("m", "list", ("u/v",), "2x", "c")
    assert readme.cells(missing, rows) == ["m", "not recorded", "", "", "2x", "c"]
