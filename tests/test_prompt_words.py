"""A question and a trick's progress hold a catalogue key and values, not words (issue 14): the words are made when
shown, in the screen's language; a snapshot still stores them as words, as version 3 did (companion/snapshot.py)."""

from __future__ import annotations

import json

from engine_support import run, table, to_play

from companion.rules.messages import Message, Words
from companion.rules.state import Frame, Prompt, prog_of_words
from companion.snapshot import decode, encode


def _archery():
    return run(to_play(table(5)), "1 万箭齐发")


def test_a_question_holds_its_key_and_values_and_says_them_in_each_language():
    st = _archery()
    p = st.prompt
    assert p is not None and type(p.said) is Message and p.said.key == "prompt.nullify"
    assert "prog" in p.said.params and p.text("en") == p.en and p.text("zh") == p.zh
    assert "Archery Attack" in p.en and "万箭齐发" in p.zh and "Archery" not in p.zh


def test_a_frame_keeps_the_number_of_its_progress_and_a_snapshot_its_words():
    st = _archery()
    f = st.stack[-1]
    assert f.prog == 1 and f.progress().en == " — 1 of 4" and f.progress().zh == "——第1/4个目标"
    assert not hasattr(f, "prog_en")
    doc = json.loads(encode(st))
    frame = doc["state"]["f"]["stack"]["t"][0]["f"]
    assert (frame["prog_en"], frame["prog_zh"]) == (" — 1 of 4", "——第1/4个目标") and "prog" not in frame
    prompt = doc["state"]["f"]["prompts"][0]["f"]
    assert list(prompt) == ["kind", "seat", "en", "zh", "data"] and prompt["en"] == st.prompt.en
    back = decode(encode(st))
    assert back == st and back.stack[-1].prog == 1 and type(back.prompt.said) is Words
    assert back.prompt.text("zh") == st.prompt.zh


def test_the_progress_read_from_its_words_is_the_number_they_say():
    assert prog_of_words((1, 2, 3, 4, 5), 3, " — 3 of 5") == 3  # a frame whose window named an earlier target
    assert prog_of_words((1, 2, 3, 4, 5), 3, "") == 0
    assert prog_of_words((2,), 0, " — 1 of 1") == 0
    assert prog_of_words((1, 2, 3), 1, "another wording") == 2  # words it does not say: the target being resolved
    f = Frame.from_json({"kind": "duel", "card": "duel", "user": 1, "targets": [2, 3], "i": 1, "prog_en": " — 2 of 2",
                         "prog_zh": "——第2/2个目标"})
    assert f.prog == 2 and f.progress().zh == "——第2/2个目标"


def test_a_question_given_as_words_keeps_them():
    p = Prompt("judge", 3, "flip", "翻开", {"card": "indulgence"})
    assert (p.en, p.zh, p.text("en"), p.text("zh")) == ("flip", "翻开", "flip", "翻开")
    assert p == Prompt("judge", 3, Words("flip", "翻开"), data={"card": "indulgence"})
    assert p != Prompt("judge", 3, "flip", "别的", {"card": "indulgence"})
