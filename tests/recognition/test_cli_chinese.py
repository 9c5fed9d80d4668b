"""`companion scan` / `labels` speak the run's language (``--lang``, else the dashboard's choice: the shared
fixture's locale is Chinese), the card reader's errors included (recognition/words.py, ``[text]
"recognition.*"``)."""

import re

import pytest

from recognition.camera import CameraError, open_capture
from recognition.cli import main
from recognition.reader import ReadError, load_image

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
KEPT = {"Enter", "camera", "scan", "labels"}
"""ASCII a Chinese line may hold: the key to press and the words of a command line (``--camera``)."""


class _Typing(__import__("io").StringIO):
    def isatty(self):
        return True


def _chinese(text: str, *paths: str) -> set[str]:
    for p in paths:
        text = text.replace(p, "")
    return set(LATIN_WORD.findall(text)) - KEPT


def test_scan_says_an_unreadable_image_in_chinese(tmp_path, capsys):
    bad = tmp_path / "x.png"
    bad.write_bytes(b"no image")
    assert main(["scan", str(bad), str(tmp_path / "missing.png"), str(tmp_path)]) == 2  # the locale: Chinese
    err = capsys.readouterr().err
    assert "不是可读取的图片" in err and "没有这个文件" in err and "是一个目录" in err
    assert not _chinese(err, str(bad), str(tmp_path / "missing.png"), str(tmp_path)), err
    assert main(["scan", str(bad), "--lang", "en"]) == 2
    assert "not a readable image" in capsys.readouterr().err


def test_typed_entry_and_camera_error_in_chinese(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", _Typing("10h\nzz\n\n"))
    assert main(["scan", "--camera", "97", "--lang", "zh"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["已输入♥10"]
    assert "无法打开摄像头" in err and "无法识别" in err and "请手动输入这张牌" in err
    assert not _chinese(err.replace("S/H/C/D", "").replace("10h", "").replace("S7", "")), err


def test_nothing_to_scan_in_chinese(capsys):
    assert main(["scan"]) == 2
    assert capsys.readouterr().err.strip() == "扫描：请给出图片文件或 --camera N"


def test_a_bad_frames_count_is_refused_in_the_run_language(capsys):
    with pytest.raises(SystemExit):
        main(["scan", "--frames-needed", "0", "--lang", "zh"])
    assert "至少为1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["scan", "--frames-needed", "x", "--lang", "en"])
    assert "is not a whole number" in capsys.readouterr().err


def test_the_errors_say_themselves_in_both_languages(tmp_path):
    with pytest.raises(ReadError) as exc:
        load_image(tmp_path / "missing.png")
    assert str(exc.value).endswith(": no such file") and exc.value.text("zh").endswith("：没有这个文件")
    with pytest.raises(CameraError) as cam:
        open_capture(str(tmp_path / "nodev"))
    assert "cannot open camera" in str(cam.value) and cam.value.zh.startswith("无法打开摄像头")
    assert cam.value.text("en") == str(cam.value)
