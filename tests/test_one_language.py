"""The screen speaks one language at a time, completely (issue 16; DEVELOPERS.md "The UI speaks Chinese and English,
COMPLETELY in each").

Every transcript in tests/data is replayed line by line; after each line, everything the dashboard and the public
view show of the game is rendered in English and in Chinese: the log (each event's sentence), the question, the
numbered choices and what a choice fills the command bar with, the header, the seat cards, the refusals the
transcripts expect, and the public view's texts.  In English no Chinese character may appear; in Chinese no raw
id of a card, a general, an equipment slot or a kingdom (``minus_horse``, ``eight_diagram``, ``liubei``, ``shu``).
Command words stay as the command language spells them in both (``take``, ``pass``, ``judge FACE``, a skill's verb
such as ``fankui``): they are what the moderator types.  A choice's English command line parses to the same action
as its Chinese one, so either is the same journal entry for the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.public import public_view
from companion.rules.choices import choices
from companion.rules.deck import KINDS
from companion.rules.errors import Refused
from companion.rules.generals import GENERALS
from companion.rules.messages import text
from companion.rules.setup import VARIANTS, variant_name
from companion.rules.state import SLOTS, GameState
from companion.rules.vocab import Kingdom
from companion.script import execute, parse
from companion.tui.screens import skill_lines
from companion.tui.text import event_words, header_text, prompt_text, seat_card, seat_lines

DATA = Path(__file__).parent / "data"
TRANSCRIPTS = sorted(p.name for p in DATA.glob("*.sgs"))
EXPECT = re.compile(r"#\s*expect-refused\s+(\S+):\s*(.+)$")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff01-\uff5e]")
"""Chinese ideographs and the full-width punctuation that comes with them (（）：，、。)."""
_IDS = sorted({*KINDS, *GENERALS, *SLOTS, *(k.value for k in Kingdom)}, key=len, reverse=True)
RAW_ID = re.compile(r"(?<![A-Za-z_])(" + "|".join(map(re.escape, _IDS)) + r")(?![A-Za-z_])")
"""A card, general, slot or kingdom id as a whole word (``minus_horse``, ``shu``)."""


@cache
def shown(name: str) -> list[tuple[str, str, str]]:
    """``(where, english, chinese)`` for everything shown while ``name`` is replayed, line by line."""
    out: list[tuple[str, str, str]] = []
    st = GameState()
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        m = EXPECT.match(raw.strip())
        if m:
            with pytest.raises(Refused) as exc:
                execute(st, m[2])
            out.append(("refusal", exc.value.en, exc.value.zh))
            continue
        r = execute(st, raw)
        st = r.state
        for ev in r.events:
            out.append(("log", event_words(ev, st, "en", reveal=True), event_words(ev, st, "zh", reveal=True)))
        out.append(("question", prompt_text(st, "en"), prompt_text(st, "zh")))
        out.append(("header", header_text(st, "en"), header_text(st, "zh")))
        for s in st.seats:
            out.append(("seat", " ".join(seat_lines(s, "en", state=st)), " ".join(seat_lines(s, "zh", state=st))))
            out.append(("seat card", _card(s, "en", st), _card(s, "zh", st)))
        for c in choices(st):
            out.append(("choice", c.label("en"), c.label("zh")))
            line, before, after = c.command("en")
            out.append(("command bar", f"{line} | {before}{after}", ""))
        out += [(f"public {k}", en, zh) for k, en, zh in _texts(public_view(st))]
        out.append(("skills list", "\n".join(skill_lines(st, "en")), "\n".join(skill_lines(st, "zh"))))
    return out


def _card(seat: Any, lang: str, st: GameState) -> str:
    return " ".join(t for line in seat_card(seat, lang, 40, 9, state=st) for t, _ in line)


def _texts(view: Any, key: str = "") -> Iterator[tuple[str, str, str]]:
    """The ``{"en": …, "zh": …}`` pairs of the public view (names, phases, the header, the question, the log)."""
    if isinstance(view, dict):
        if isinstance(view.get("en"), str) and isinstance(view.get("zh"), str):
            yield key, view["en"], view["zh"]
        for k, v in view.items():
            yield from _texts(v, k)
    elif isinstance(view, list):
        for v in view:
            yield from _texts(v, key)


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_english_shows_no_chinese(name: str) -> None:
    bad = [(where, en) for where, en, _zh in shown(name) if CJK.search(en)]
    assert not bad, f"{len(bad)} English texts hold Chinese, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_chinese_shows_no_raw_ids(name: str) -> None:
    bad = [(where, zh, RAW_ID.findall(zh)) for where, _en, zh in shown(name) if RAW_ID.search(zh)]
    assert not bad, f"{len(bad)} Chinese texts hold raw ids, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_english_kingdoms_are_names(name: str) -> None:
    """A seat card says ``Shu`` / ``Wu`` / ``Qun`` / ``Wei`` in English, never the lower-case id."""
    ids = re.compile(r"\b(" + "|".join(k.value for k in Kingdom) + r")\b")
    bad = [en for where, en, _zh in shown(name) if where.startswith("seat") and ids.search(en)]
    assert not bad, bad[:5]


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and (a.verb, a.seat, a.args, a.forced) == (b.verb, b.seat, b.args, b.forced)


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_a_choice_reads_the_same_in_both_languages(name: str) -> None:
    """A complete choice's English line parses to the action of its Chinese line; a partial one waiting for a
    seat, once the seat is filled, too."""
    st = GameState()
    checked = 0
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        if EXPECT.match(raw.strip()):
            continue
        st = execute(st, raw).state
        for c in choices(st):
            en_line, en_before, en_after = c.command("en")
            zh_line, zh_before, zh_after = c.command("zh")
            pairs = [(en_line, zh_line)] if c.complete else \
                [(en_before + str(o) + en_after, zh_before + str(o) + zh_after) for o in c.options[:1]
                 if c.needs in ("seat", "target", "seats")]
            for en, zh in pairs:
                assert not CJK.search(en), en
                assert _same(parse(en), parse(zh)), (en, zh)
                checked += 1
    assert checked > 0


def test_english_command_words_are_ids() -> None:
    """Examples: what a choice puts in the bar in English (issue 16: "4 杀 3" in an English screen)."""
    from companion.rules.choices import command_words

    assert command_words("4 杀 3", "en") == "4 slash 3"
    assert command_words("1 杀:♠7 3", "en") == "1 slash:♠7 3"
    assert command_words(" 桃", "en") == " peach"
    assert command_words("5 过河拆桥:", "en") == "5 dismantlement:"
    assert command_words("4 杀 3", "zh") == "4 杀 3"


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_a_chinese_choice_does_not_begin_with_a_digit(name: str) -> None:
    """The choices bar writes each choice after its key (``4 …``): a Chinese label that began with a seat number
    read as one number with the key (``4 3号位不出无懈可击`` as seat 43; issue 16 F7)."""
    bad = [zh for where, _en, zh in shown(name) if where == "choice" and zh[:1].isdigit()]
    assert not bad, bad[:5]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_variant_switched_is_logged_by_its_name_not_its_id(name):
    st = GameState()
    for on, word in (("on", text("table.variant/on")), ("off", text("table.variant/off"))):
        (ev,) = execute(st, f"variant {name} {on}").events
        assert variant_name(name, "zh") in ev.zh and word.zh in ev.zh and not re.search(r"[a-z]{2}_[a-z]", ev.zh)
        assert variant_name(name, "en") in ev.en and word.en in ev.en and not CJK.search(ev.en)
    assert len({variant_name(v, lang) for v in VARIANTS for lang in ("en", "zh")}) == 2 * len(VARIANTS)
