"""Each catalogue speaks its own language (issue 14: the UI speaks Chinese and English, completely in each):
no Chinese in an English text but the words a moderator may type or a language's own name, no English prose in
a Chinese text but the command language (verbs, card, skill and general ids, the keywords of a command line),
key names and abbreviations (companion/data/messages/*.toml).

tests/test_messages.py checks that every key exists in both with the same placeholders and that no zh text is
English throughout; this checks the words inside each text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

MSG_DIR = Path(__file__).resolve().parents[1] / "companion" / "data" / "messages"
CJK_RUN = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]+")
"""A run of Chinese characters or Chinese (full-width) punctuation."""

EN_MAY_HOLD: dict[str, set[str]] = {
    "tui.action.toggle_lang": {"中文"},  # F4 names the language it switches to in that language
    "tui.key.toggle_lang": {"中文"},
    "cli.help.judge_about": {"黑桃", "方块"},  # faces one may type: 黑桃7, 方块A
    "deck.module/text": {"红桃", "方块"},  # the suits of a colour typed in Chinese (红10), in the words typed
    "deck.module/text2": {"黑桃", "梅花"},
    "deck.unknown_card/other": {"杀"},  # a card's Chinese name is what one may type
    # zhcite: the rules' citations as the code writes them (the English refusal line stays as the journal knows it):
    # a section of the Chinese rulebook by its title, a card by its name
    "rules_notes.deck/maneuvering": {"兵粮寸断", "酒", "军争"}, "rules_notes.judgements/lightning": {"闪电"},
    "rules_notes.other/one_slash": {"杀"}, "rulebook.001/discard_phase": {"弃牌阶段"}, "rulebook.hp": {"体力牌"},
    "rulebook.play_phase": {"出牌阶段"}, "rulebook.nullification": {"无懈可击"}, "rulebook.setup": {"游戏准备"},
    "rulebook.generals": {"选将"},
}
"""The en texts that may hold Chinese, and the Chinese each may hold: input, and a language's own name."""

WORD = re.compile(r"(?<![\w.\-=?/$'])[A-Za-z]+(?![\w.=/'])")
"""A word in Latin letters that is not part of an identifier (``faq_dying_skills``, ``Session.new``), an option
(``--db``), a URL's query (``?view=board``), or a quoted command line (``'track hands off'``)."""
KEYWORDS = {
    "all", "on", "off", "via", "using", "hands", "generals", "roles", "seed", "weapon", "spade", "force",  # commands
    "companion", "check", "replay", "resume", "new", "games", "serve", "distance", "dead", "game",  # the CLI's
    "Enter", "Esc", "Tab", "Ctrl", "ctrl", "Home",  # keys
    "English",  # F4: the language it switches to, in its own name
    "id", "issue",  # a card's id (slash); the issue a variant cites
    "SQLite",  # zhcite: the journal's file format, by its name (journal.not_sqlite: 不是 SQLite 数据库)
}
"""Latin words a Chinese text may hold besides the command language's verbs and the ids of cards, skills,
generals and variants; abbreviations in capitals are allowed too (JSON, UTC, FAQ, the seat letters S T N), and
single letters (the suits s h c d, ``ctrl+p``)."""


def _catalogue(lang: str) -> dict[str, dict[str, str]]:
    return tomllib.loads((MSG_DIR / f"{lang}.toml").read_text(encoding="utf-8"))


def _texts(lang: str):
    for section, entries in _catalogue(lang).items():
        for key, text in entries.items():
            yield section, key, re.sub(r"\{[^{}]*\}", "", text)  # a placeholder is the code's value, not a word


def chinese_in_english(texts) -> list[str]:
    return [f"[{sec}] {key}: {run}" for sec, key, text in texts for run in CJK_RUN.findall(text)
            if run not in EN_MAY_HOLD.get(key, set())]


def command_words() -> set[str]:
    from companion.rules.deck import KINDS
    from companion.rules.generals import GENERALS, SKILLS
    from companion.rules.setup import VARIANTS
    from companion.script import VERBS

    aliases = {a for k in KINDS.values() for a in k.aliases}
    return set(VERBS) | set(KINDS) | aliases | set(SKILLS) | set(GENERALS) | set(VARIANTS) | KEYWORDS


def english_in_chinese(texts, allowed: set[str]) -> list[str]:
    return [f"[{sec}] {key}: {w}" for sec, key, text in texts for w in WORD.findall(text)
            if len(w) > 1 and w not in allowed and not w.isupper()]


def test_the_english_catalogue_holds_no_chinese_but_input_and_a_language_name():
    assert chinese_in_english(_texts("en")) == []


def test_the_chinese_catalogue_holds_no_english_words_but_the_command_language():
    assert english_in_chinese(_texts("zh"), command_words()) == []


@pytest.mark.parametrize("text, found", [
    ("unknown card {name!r} (未知的牌) — use an id", ["[text] k: 未知的牌"]),
    ("seat {n}：draw", ["[text] k: ："]),
    ("a name like 杀", []),
])
def test_the_chinese_finder_finds_chinese(text, found, monkeypatch):
    monkeypatch.setitem(EN_MAY_HOLD, "k", {"杀"})
    assert chinese_in_english([("text", "k", text)]) == found


def test_the_english_finder_finds_prose_and_spares_the_command_language():
    texts = [("text", "a", "输入 pass all：无人出桃"), ("text", "b", "请用 Session.new 打开（?view=board）"),
             ("text", "c", "第3局 is over"), ("text", "d", "按 Enter 确认，S号位 JSON")]
    assert english_in_chinese(texts, {"pass", "all", "Enter"}) == ["[text] c: is", "[text] c: over"]


def test_the_seats_still_unrecorded_are_worded_by_the_catalogue():
    """companion/rules/outcome.py held its English plural in the code (``seats_en``); the words are the catalogue's
    now, the same as before in both languages."""
    from companion.rules.messages import catalogue
    from companion.rules.outcome import seat_list

    assert (seat_list([2]).en, seat_list([2]).zh) == ("seat 2", "2")
    assert (seat_list([2, 4]).en, seat_list([2, 4]).zh) == ("seats 2, 4", "2、4")
    assert catalogue("en")["text"]["outcome.seats/many"] == "seats {seats}"
