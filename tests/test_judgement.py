"""resolve_judgement: every registered subject over the whole deck, and the registry."""

from __future__ import annotations

import pytest

from companion.rules.deck import Face, Suit, parse_face, standard_deck
from companion.rules.judgement import JUDGEMENTS, JudgementRule, register, resolve_judgement


@pytest.mark.parametrize("card", standard_deck(), ids=lambda c: c.id)
def test_subjects_over_the_deck(card):
    f = card.face
    assert resolve_judgement("indulgence", f).effect is (f.suit != Suit.HEART)
    assert resolve_judgement("supply_shortage", f).effect is (f.suit != Suit.CLUB)
    assert resolve_judgement("eight_diagram", f).effect is (f.color == "red")
    assert resolve_judgement("lightning", f).effect is (f.suit == Suit.SPADE and f.rank in range(2, 10))


def test_lightning_edges():
    assert resolve_judgement("lightning", parse_face("♠2")).effect
    assert resolve_judgement("lightning", parse_face("♠9")).effect
    assert not resolve_judgement("lightning", parse_face("♠A")).effect
    assert not resolve_judgement("lightning", parse_face("♠10")).effect
    assert not resolve_judgement("lightning", parse_face("♣5")).effect


def test_sentences_name_the_face():
    j = resolve_judgement("indulgence", parse_face("S7"))
    assert "♠7" in j.en and "♠7" in j.zh and "skipped" in j.en
    assert j.subject == "indulgence" and j.face == Face(Suit.SPADE, 7)


def test_unknown_subject_lists_known():
    with pytest.raises(ValueError) as e:
        resolve_judgement("nope", parse_face("S7"))
    for k in ("indulgence", "lightning", "supply_shortage", "eight_diagram"):
        assert k in str(e.value)


def test_registry_accepts_new_subjects():
    rule = register(JudgementRule("test_odd", "测试", lambda f: f.rank % 2 == 1, "odd", "even", "奇", "偶", "test"))
    try:
        assert resolve_judgement("test_odd", parse_face("H3")).effect
        assert not resolve_judgement("test_odd", parse_face("H4")).effect
    finally:
        JUDGEMENTS.pop(rule.subject)


def test_skill_subjects_in_the_cli(capsys):
    import json

    from companion.cli import main
    for subject, card, effect in [("tieji", "♦A", True), ("tieqi", "♣K", False), ("铁骑", "♥2", True),
                                  ("ganglie", "♥A", False), ("ganglie", "♦K", True),
                                  ("luoshen", "♠2", True), ("luoshen", "♦Q", False)]:
        assert main(["judge", subject, card, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["effect"] is effect, (subject, card)
