"""``companion serve --port P`` refuses a port outside 0–65535 when the arguments are parsed (it crashed with an
internal error, OverflowError, once the server tried to listen): a usage error in the run's language, exit code 2,
before any journal is opened (companion/cli.py ``_port``)."""

from __future__ import annotations

import pytest

from companion.cli import main

WORDS = {"en": "a port is 1 to 65535 (0: any free port)", "zh": "端口为1到65535（0：任一空闲端口）"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("port", ["99999", "65536", "-1"])
def test_a_port_outside_the_range_is_a_usage_error_in_the_run_language(tmp_path, capsys, lang, port):
    db = tmp_path / "none.sqlite3"
    code = main(["serve", "--db", str(db), "--host", "127.0.0.1", "--port", port, "--lang", lang])
    _out, err = capsys.readouterr()
    assert code == 2, err
    assert WORDS[lang] in err and port in err
    assert ("usage:" if lang == "en" else "用法：") in err
    assert "OverflowError" not in err and not db.exists()


def test_a_port_that_is_no_number_keeps_argparse_words(capsys):
    assert main(["serve", "--port", "abc", "--lang", "en"]) == 2
    assert "argument --port: invalid int value: 'abc'" in capsys.readouterr().err
    assert main(["serve", "--port", "abc", "--lang", "zh"]) == 2
    assert "参数 --port：无效的整数值：'abc'" in capsys.readouterr().err
