import json

import cv2
import numpy as np
import pytest

from recognition.cli import main, parse_card_text
from recognition.labels import LabelEntry, qr_image


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """These tests read the English output: an English locale (the shared fixture's is Chinese)."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def _label_photo(tmp_path, suit="heart", rank=12):
    e = LabelEntry(f"peach-{suit}-{rank}", "peach", suit, rank, "桃", "Peach")
    q = np.array(qr_image(e, 240).convert("RGB"))[:, :, ::-1]
    frame = np.full((720, 1280, 3), 120, np.uint8)
    frame[200:440, 500:740] = q
    p = tmp_path / "label.png"
    cv2.imwrite(str(p), frame)
    return p


def test_scan_exit_0_when_all_accepted(tmp_path, capsys):
    p = _label_photo(tmp_path)
    assert main(["scan", str(p), "--json"]) == 0
    line = json.loads(capsys.readouterr().out.strip())
    assert line == {"image": str(p), "suit": "heart", "rank": 12, "confidence": 1.0,
                    "accepted": True, "source": "qr"}


def test_scan_exit_1_when_not_sure(tmp_path, capsys):
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((480, 640, 3), 128, np.uint8))
    ok = _label_photo(tmp_path)
    assert main(["scan", str(ok), str(blank), "--json"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert [x["accepted"] for x in lines] == [True, False]
    assert lines[1]["suit"] is None and lines[1]["source"] == "index"


def test_scan_exit_2_on_unreadable(tmp_path, capsys):
    bad = tmp_path / "notanimage.jpg"
    bad.write_bytes(b"this is not a jpeg")
    assert main(["scan", str(bad), str(tmp_path / "missing.png")]) == 2
    err = capsys.readouterr().err
    assert "not a readable image" in err and "no such file" in err
    assert "Traceback" not in err


def test_scan_plain_text_output(tmp_path, capsys):
    p = _label_photo(tmp_path, "spade", 1)
    assert main(["scan", str(p)]) == 0
    assert "♠A" in capsys.readouterr().out


@pytest.mark.parametrize("text,card", [("♠7", ("spade", 7)), ("S7", ("spade", 7)), ("10h", ("heart", 10)),
                                       ("qd", ("diamond", 12)), ("黑桃A", ("spade", 1)), ("7 clubs", ("club", 7)),
                                       ("x9", None), ("S14", None)])
def test_parse_card_text(text, card):
    assert parse_card_text(text) == card


def test_labels_without_deck_data_is_clear(tmp_path, capsys, monkeypatch):
    import recognition.labels as labels

    def missing():
        raise labels.LabelsError("deck data not available")
    monkeypatch.setattr(labels, "deck_entries", missing)
    assert main(["labels", "--out", str(tmp_path / "x")]) == 2
    assert "deck data not available" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["0", "-2", "x"])
def test_scan_frames_needed_must_be_positive(value, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["scan", "--camera", "0", "--frames-needed", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--frames-needed" in err and ("at least 1" in err or "whole number" in err)
    assert "internal error" not in err and "Traceback" not in err


class _Typing(__import__("io").StringIO):
    """stdin of a terminal where the moderator types the given lines."""

    def isatty(self):
        return True


def test_typed_fallback_loops_until_empty_and_prints_cards(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", _Typing("10h\nzz\nS7\n\nQD\n"))
    assert main(["scan", "--camera", "97"]) == 0   # no camera 97
    out, err = capsys.readouterr()
    assert out.splitlines() == ["entered ♥10", "entered ♠7"]   # stops at the empty line
    assert "not understood" in err and "empty to stop" in err and "by hand" in err


def test_typed_fallback_json_lines_and_eof(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", _Typing("♣2\n黑桃A"))   # ends without an empty line (EOF)
    assert main(["scan", "--camera", "97", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert lines[0]["source"] == "camera" and lines[0]["suit"] is None and "cannot open camera" in lines[0]["error"]
    assert [(x["suit"], x["rank"], x["source"], x["accepted"]) for x in lines[1:]] == [
        ("club", 2, "typed", True), ("spade", 1, "typed", True)]
    assert lines[1]["image"] == "camera:97"


def test_no_camera_without_a_terminal_gives_a_json_error_and_no_typing_invitation(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))   # not a terminal: nobody types
    assert main(["scan", "--camera", "97", "--json"]) == 1
    out, err = capsys.readouterr()
    line = json.loads(out)
    assert line["image"] == "camera:97" and line["accepted"] is False and "cannot open camera" in line["error"]
    assert "by hand" not in err and "cannot open camera" in err


def test_typed_fallback_nothing_typed_is_exit_1(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", _Typing("\n"))
    assert main(["scan", "--camera", "97"]) == 1
    assert capsys.readouterr().out == ""


def test_typed_fallback_offers_the_best_guess_after_a_disconnect(monkeypatch, capsys):
    from recognition import camera
    from recognition.reader import Reading

    class Dying:
        def __init__(self):
            self.n = 0

        def read(self):
            self.n += 1
            return (True, np.full((120, 160, 3), 80, np.uint8)) if self.n <= 4 else (False, None)

        def release(self):
            pass

    monkeypatch.setattr(camera, "open_capture", lambda *a, **k: Dying())
    monkeypatch.setattr(camera, "read_frame", lambda *a, **k: Reading("diamond", 12, 0.6, False))
    monkeypatch.setattr("sys.stdin", _Typing("\n\n"))   # Enter accepts the guess, then empty stops
    assert main(["scan", "--camera", "7"]) == 0
    out, err = capsys.readouterr()
    assert "disconnected" in err and "best guess ♦Q — Enter to accept" in err
    assert out.splitlines() == ["entered ♦Q"]


def test_scan_directory_says_it_is_a_directory(tmp_path, capsys):
    assert main(["scan", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a directory" in err and "no such file" not in err


def test_scan_json_unreadable_file_gets_an_error_line(tmp_path, capsys):
    bad = tmp_path / "notanimage.jpg"
    bad.write_bytes(b"this is not a jpeg")
    ok = _label_photo(tmp_path)
    assert main(["scan", str(bad), str(ok), "--json"]) == 2
    out, err = capsys.readouterr()
    a, b = (json.loads(x) for x in out.strip().splitlines())
    assert a["image"] == str(bad) and a["suit"] is None and a["rank"] is None and not a["accepted"]
    assert "not a readable image" in a["error"] and "error" not in b and b["accepted"]
    assert "not a readable image" in err


def test_scan_images_and_camera_together_is_a_usage_error(tmp_path, capsys):
    p = _label_photo(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(["scan", str(p), "--camera", "0"])
    assert exc.value.code == 2
    assert "either IMAGE files or --camera" in capsys.readouterr().err


def test_scan_tiny_image_says_type_the_card(tmp_path, capsys):
    p = tmp_path / "dot.png"
    cv2.imwrite(str(p), np.zeros((1, 1, 3), np.uint8))
    assert main(["scan", str(p)]) == 1
    assert capsys.readouterr().out.strip() == f"{p}: no card found — type the card"
