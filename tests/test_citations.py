"""A refusal's citation, the ``[rule; source]`` after its words, in the language of the screen (issue 14: "the UI
speaks Chinese and English, completely in each").

English keeps the line the journal, the transcripts and the docs know byte for byte: ``[slash.range; RULES_NOTES:
Distance and attack range]``.  Chinese cites the rule by its short name (``[name] "rule.<id>"``) and each document
by its ``[source]`` entry: ``[杀·攻击范围；规则笔记：距离与攻击范围]``.  The refusals are every ``Refused`` /
``refuse`` / ``ctx.check`` call of the code (tests/citation_support.py).
"""

from __future__ import annotations

import re
import string

import pytest
from citation_support import cited_documents, refusal_sites

from companion.rules import messages
from companion.rules.errors import Refused
from companion.rules.generals import SKILLS
from companion.rules.setup import VARIANTS
from companion.rules.vocab import Rule
from companion.script import VERBS
from companion.session import describe_error

ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z_0-9]*")
COMMAND_WORDS = {*VERBS, *SKILLS, *VARIANTS, "force", "via", "using", "spear", "all", "F5", "S", "T", "N", "A", "B"}
"""What a Chinese refusal's words may hold in ASCII: the command language as typed (``pass all``, ``via spear``, a
skill's verb ``rende``, a variant's name ``maneuvering``), a usage line's placeholders (``S``, ``T``) and the key
that shows the roles (F5) — never in its citation."""


def _refusal(site) -> Refused | None:
    """The refusal a call site raises, its values all ``1``; None when the call gives its texts as strings (the
    older form: only the citation is the catalogue's)."""
    key = f"{site.rule}/{site.case}" if site.case else site.rule
    tmpl = messages.catalogue("en")["refused"].get(key)
    if tmpl is None:
        return None
    fields = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(tmpl) if f is not None}
    return Refused(site.rule, source=site.source, msg=site.case, **dict.fromkeys(fields, 1))


def test_the_scan_finds_every_rule_and_every_refusing_call():
    sites, unread = refusal_sites()
    assert {s.rule for s in sites} == {r.value for r in Rule}
    # the helpers that pass a caller's rule and source through, and the target filters' answers
    assert len(unread) == 3 and len(sites) > 150


@pytest.mark.parametrize("rule", sorted(Rule))
def test_a_chinese_refusal_line_has_no_english(rule: Rule):
    sites = [s for s in refusal_sites()[0] if s.rule == rule]
    assert sites
    for site in sites:
        cite = messages.citation(site.rule, site.source, "zh")
        assert not ASCII_WORD.search(cite), (site, cite)
        r = _refusal(site)
        if r is None:
            continue
        zh = describe_error(r, "zh")
        assert zh == r.line("zh") and zh.endswith(" " + cite)
        stray = set(ASCII_WORD.findall(zh)) - COMMAND_WORDS
        assert not stray, (site, zh)


def test_every_cited_document_has_a_catalogue_entry():
    documents = set(messages.catalogue("en")["source"].values())
    assert cited_documents() - documents == set()
    for lang in messages.LANGS:
        assert set(messages.catalogue(lang)["source"]) == set(messages.catalogue("en")["source"])


def test_the_english_line_is_the_one_the_journal_knows():
    r = Refused(Rule.SEAT_DEAD, source="RULES_NOTES: Death", forceable=False, n=4)
    assert r.message == r.line("en") == str(r) == describe_error(r) == "seat 4 is dead [seat.dead; RULES_NOTES: Death]"
    assert r.line("zh") == "4号位已阵亡 [座位已阵亡；规则笔记：死亡]"
    two = Refused(Rule.SKILL_ARGS, source="standard_generals.json (FK standard, original texts); rulebook 003 (old FAQ)",
                  msg="rende", n=2)
    assert two.citation() == "[skill.args; standard_generals.json (FK standard, original texts); rulebook 003 (old FAQ)]"
    assert two.citation("zh") == "[技能·参数；新月杀标准包武将原文；规则书003（旧版常见问题）]"
    bare = Refused(Rule.SKILL_ARGS, source="", msg="rende")
    assert (bare.citation(), bare.citation("zh")) == ("[skill.args]", "[技能·参数]")


def test_each_rule_has_one_chinese_short_name_and_english_cites_the_id():
    en, zh = messages.Names("rule", "en"), messages.Names("rule", "zh")
    assert set(en) == set(zh) == {r.value for r in Rule}
    assert all(en[r] == r for r in en)  # the English line stays as the journal and docs/rules.md spell it
    assert all(not ASCII_WORD.search(w) for w in zh.values())
    assert len(set(zh.values())) == len(zh)  # a short name names one rule: it says which rule as well as the id


def test_what_the_catalogue_lacks_is_cited_as_given():
    r = Refused("x.y", "seat 2 is dead", "2号位已阵亡", "engine; RULES_NOTES: Death")
    assert r.line("zh") == "2号位已阵亡 [x.y；engine；规则笔记：死亡]"
    assert r.line("en") == "seat 2 is dead [x.y; engine; RULES_NOTES: Death]"


def test_a_forced_refusal_logs_the_rule_in_each_language():
    from companion.rules.flow import Ctx
    from companion.rules.state import GameState

    ctx = Ctx(GameState(), forced=True)
    ctx.check(False, Rule.SEAT_DEAD, source="RULES_NOTES: Death", n=3)
    (ev,) = ctx.ev
    assert ev.en == "forced past: seat 3 is dead [seat.dead]" and ev.data == {"rule": "seat.dead"}
    assert ev.zh == "强制执行：3号位已阵亡 [座位已阵亡]"
