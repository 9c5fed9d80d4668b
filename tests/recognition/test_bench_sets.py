"""``bench/recognition`` with empty sets (``--synthetic 0``, ``--sgs 0``): the tables print with
"–" for the share instead of failing with ZeroDivisionError (issue 18, rsmall)."""

from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "recognition"


def _bench():
    loader = SourceFileLoader("bench_recognition", str(BENCH))
    mod = module_from_spec(spec_from_loader(loader.name, loader))
    loader.exec_module(mod)
    return mod


def test_empty_sets_print_without_dividing_by_zero(capsys):
    rc = _bench().main(["--synthetic", "0", "--sgs", "0", "--no-speed", "--no-real"])
    assert rc == 0
    assert "| set | images |" in capsys.readouterr().out


def test_an_empty_row_shows_no_share():
    bench = _bench()
    assert bench.fmt("empty", [], 0.9) == "| empty | 0 | 0 (–) | 0 | 0 (–) | 0 |"
    assert bench.fmt("one", [(0.95, True)], 0.9) == "| one | 1 | 1 (100.0%) | 0 | 0 (0.0%) | 1 |"
