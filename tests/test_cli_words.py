"""What the command line says where a newcomer found it wrong or in the other language (issue 14: the UI speaks
Chinese and English completely in each): ``companion check`` on a game without checkpoints, argparse's own
reasons for a usage error, the reader's commands (``scan``, ``labels``).

Every test says its locale (conftest.py gives every test a Chinese one)."""

from __future__ import annotations

from companion.cli import main
from companion.session import Session


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_says_a_game_has_no_checkpoints_rather_than_that_0_match(tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    for line in ("players 4", "lord 1"):
        s.submit(line)
    gid = s.game_id
    s.close()
    code, out, _ = run(capsys, "check", "--db", str(db), "--lang", "en")
    assert code == 0
    assert out == f"game {gid}: 2 entries, no checkpoints to compare (a resume replays it from its first entry)\n"
    code, out, _ = run(capsys, "check", "--db", str(db), "--lang", "zh")
    assert code == 0 and out == f"第{gid}局：2条记录，没有可比较的检查点（恢复时从第一条记录重放）\n"
