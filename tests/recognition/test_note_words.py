"""A reading's note (why a confident reading was not accepted: more cards in view) is said in the screen's language:
the catalogue's ``recognition.reader.note/*`` (recognition/words.py ``in_view_note``); the note itself stays the
English string it was (``Reading.note``, the JSON)."""

from __future__ import annotations

import json

import pytest

from recognition.cli import _print_reading
from recognition.reader import Reading
from recognition.words import Note, in_view_note


@pytest.mark.parametrize(("note", "en", "zh"), [
    (in_view_note("♣2"), "two cards in view: ♣2 and another card", "视野中有两张牌：♣2和另一张牌"),
    (in_view_note("♣2", [None]), "two cards in view: ♣2 and another card", "视野中有两张牌：♣2和另一张牌"),
    (in_view_note("♣2", beside=True), "two cards in view: ♣2 beside another card", "视野中有两张牌：♣2，旁边还有一张牌"),
    (in_view_note("♣2", ["♥10"]), "two cards in view: ♣2 and ♥10", "视野中有两张牌：♣2和♥10"),
    (in_view_note("♣2", ["♥10", None]), "3 cards in view: ♣2, ♥10, another card", "视野中有3张牌：♣2、♥10、另一张牌"),
])
def test_the_note_is_english_as_a_string_and_chinese_in_zh(note, en, zh):
    assert isinstance(note, Note) and note == en and str(note) == en and note.text("en") == en
    assert note.zh == zh and note.text("zh") == zh


def test_the_command_line_shows_the_note_in_its_language(capsys):
    r = Reading("club", 2, 0.99, False, "index", note=in_view_note("♣2", ["♥10"]))
    _print_reading("a.png", r, False, "zh")
    out = capsys.readouterr().out
    assert "视野中有两张牌：♣2和♥10" in out and "two cards" not in out
    _print_reading("a.png", r, False, "en")
    assert "NOT SURE (two cards in view: ♣2 and ♥10)" in capsys.readouterr().out
    _print_reading("a.png", r, True, "zh")
    assert json.loads(capsys.readouterr().out)["note"] == "two cards in view: ♣2 and ♥10"
