"""A refusal's citation, the ``[rule; source]`` after its words, in the language of the screen (issue 14: "the UI
speaks Chinese and English, completely in each").

English keeps the line the journal, the transcripts and the docs know byte for byte: ``[slash.range; RULES_NOTES:
Distance and attack range]``.  Chinese cites the same rule id (an identifier, kept deliberately: the journal's
forced-refusal line, docs/rules.md and the tests name a rule by it) and each document by its ``[source]`` entry:
``[slash.range；规则笔记：距离与攻击范围]``.  The refusals are every ``Refused`` /
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
        assert cite.startswith(f"[{site.rule}") and not ASCII_WORD.search(cite.replace(site.rule, "", 1)), (site, cite)
        r = _refusal(site)
        if r is None:
            continue
        zh = describe_error(r, "zh")
        assert zh == r.line("zh") and zh.endswith(" " + cite)
        stray = set(ASCII_WORD.findall(zh.replace(cite, ""))) - COMMAND_WORDS
        assert not stray, (site, zh)


def test_every_cited_document_has_a_catalogue_entry():
    documents = set(messages.catalogue("en")["source"].values())
    assert cited_documents() - documents == set()
    for lang in messages.LANGS:
        assert set(messages.catalogue(lang)["source"]) == set(messages.catalogue("en")["source"])


def test_the_english_line_is_the_one_the_journal_knows():
    r = Refused(Rule.SEAT_DEAD, source="RULES_NOTES: Death", forceable=False, n=4)
    assert r.message == r.line("en") == str(r) == describe_error(r) == "seat 4 is dead [seat.dead; RULES_NOTES: Death]"
    assert r.line("zh") == "4号位已阵亡 [seat.dead；规则笔记：死亡]"
    two = Refused(Rule.SKILL_ARGS, source="standard_generals.json (FK standard, original texts); rulebook 003 (old FAQ)",
                  msg="rende", n=2)
    assert two.citation() == "[skill.args; standard_generals.json (FK standard, original texts); rulebook 003 (old FAQ)]"
    assert two.citation("zh") == "[skill.args；新月杀标准包武将原文；规则书003（旧版常见问题）]"
    bare = Refused(Rule.SKILL_ARGS, source="", msg="rende")
    assert (bare.citation(), bare.citation("zh")) == ("[skill.args]", "[skill.args]")


def test_what_the_catalogue_lacks_is_cited_as_given():
    r = Refused("x.y", "seat 2 is dead", "2号位已阵亡", "engine; RULES_NOTES: Death")
    assert r.line("zh") == "2号位已阵亡 [x.y；engine；规则笔记：死亡]"
    assert r.line("en") == "seat 2 is dead [x.y; engine; RULES_NOTES: Death]"


def test_the_dashboard_and_the_session_say_the_citation_in_the_screen_language():
    from companion.tui.submit import SubmitMixin

    r = Refused(Rule.SLASH_RANGE, "seat 2 → seat 5: distance 3 > attack range 1", "2号位 → 5号位：距离3 > 攻击范围1",
                "RULES_NOTES: Distance and attack range")
    host = type("Host", (), {"lang": "zh"})()
    line = SubmitMixin.refusal_text(host, r, typed=False)  # type: ignore[arg-type]
    assert line.endswith("[slash.range；规则笔记：距离与攻击范围]") and "RULES_NOTES" not in line
    host.lang = "en"
    assert SubmitMixin.refusal_text(host, r, typed=False).endswith("[slash.range; RULES_NOTES: Distance and attack range]")


def test_a_role_table_cites_its_sources_in_the_language_of_the_screen():
    from companion.rules.setup import ROLE_VARIANTS, VARIANTS

    for name, (_players, _counts, source) in ROLE_VARIANTS.items():
        assert VARIANTS[name].en.endswith(f"({source})")  # English: as before
        zh = VARIANTS[name].zh
        assert not ASCII_WORD.search(zh), zh
