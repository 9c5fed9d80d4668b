"""Check the project's own card and general data against the team's oracle.

The oracle lives outside the repository, in ``../shared/reference`` next to the
worktree: ``standard_deck.json`` (108 cards) and ``standard_generals.json``
(25 generals), compiled from the FreeKill, QSanguosha-v2 and noname sources.
Every field is compared one by one so a failure names the exact card/skill.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from companion.rules.deck import KINDS, CardType, Slot, card_kind, maneuvering_cards, standard_deck
from companion.rules.generals import GENERALS, LORD_CANDIDATES, general, skill

# the team's shared folder (not in the repository): ../shared next to the clone, or $COMPANION_SHARED
REFERENCE = Path(os.environ.get("COMPANION_SHARED") or Path(__file__).resolve().parents[1].parent / "shared") / "reference"


def _oracle(name: str) -> dict:
    path = REFERENCE / name
    if not path.is_file():
        pytest.skip(f"{REFERENCE} not found: the oracle check needs the team's shared folder "
                    "(../shared next to the clone, or set COMPANION_SHARED)")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def deck_oracle() -> dict:
    return _oracle("standard_deck.json")


@pytest.fixture(scope="module")
def generals_oracle() -> dict:
    return _oracle("standard_generals.json")


def _oracle_kinds(deck_oracle: dict) -> dict[str, dict]:
    """One oracle record per kind id; the per-kind fields must agree across copies."""
    kinds: dict[str, dict] = {}
    for card in deck_oracle["cards"]:
        fields = {k: v for k, v in card.items() if k not in ("suit", "rank", "ex")}
        previous = kinds.setdefault(card["id"], fields)
        assert previous == fields, f"oracle itself is inconsistent for {card['id']}"
    return kinds


# ----------------------------------------------------------------------------- cards


def test_card_multiset_matches_oracle(deck_oracle):
    theirs = Counter((c["id"], c["suit"], c["rank"], c["ex"]) for c in deck_oracle["cards"])
    ours = Counter((c.kind, str(c.suit), c.rank, c.ex) for c in standard_deck())
    assert len(deck_oracle["cards"]) == 108
    missing = theirs - ours
    extra = ours - theirs
    assert not missing and not extra, f"missing from deck.toml: {dict(missing)}; extra in deck.toml: {dict(extra)}"


def test_card_multiset_without_ex(deck_oracle):
    theirs = Counter((c["id"], c["suit"], c["rank"]) for c in deck_oracle["cards"] if not c["ex"])
    ours = Counter((c.kind, str(c.suit), c.rank) for c in standard_deck(ex=False))
    assert ours == theirs


def test_standard_kind_ids_match_oracle(deck_oracle):
    theirs = set(_oracle_kinds(deck_oracle))
    ours = {k.id for k in KINDS.values() if k.package == "standard"}
    assert ours == theirs


_TARGETS = {"all_other_players": "all_others", "all_players": "all"}
_HORSE_SLOT = {"defensive_horse": Slot.PLUS_HORSE, "offensive_horse": Slot.MINUS_HORSE}
_HORSE_EFFECT = {Slot.PLUS_HORSE: 1, Slot.MINUS_HORSE: -1}


def _check_kind(kid: str, ref: dict) -> None:
    kind = KINDS[kid]
    assert kind.zh == ref["zh"], kid
    assert kind.package == "standard", kid
    assert kind.subtype == ref["subtype"], kid
    # Our type splits delayed tricks off; the oracle keeps type "trick" + subtype.
    expected_type = CardType.DELAYED_TRICK if ref["subtype"] == "delayed_trick" else CardType(ref["type"])
    assert kind.type is expected_type, kid
    assert kind.range == ref.get("range"), f"{kid}: weapon range"
    assert kind.distance_limit == ref.get("distance_limit"), f"{kid}: distance limit"
    if "targets" in ref:
        assert kind.targets == _TARGETS[ref["targets"]], f"{kid}: targets"
    sub = ref["subtype"]
    if ref["type"] == "equip":
        expected_slot = _HORSE_SLOT.get(sub, Slot(sub) if sub in ("weapon", "armor") else None)
        assert kind.slot is expected_slot, f"{kid}: slot"
    else:
        assert kind.slot is None, f"{kid}: slot"
    if "horse_effect" in ref:
        assert _HORSE_EFFECT[kind.slot] == ref["horse_effect"], f"{kid}: horse kind"
        assert kind.zh == ref["horse_name"], kid
    if kind.slot is Slot.WEAPON:
        assert kind.range is not None, f"{kid}: weapon without range"
    # Every engine spelling the oracle records is accepted by our lookup.
    for engine, alias in ref["aliases"].items():
        assert card_kind(alias) is kind, f"{kid}: {engine} alias {alias!r}"
        assert alias == kid or alias in kind.aliases, f"{kid}: alias {alias!r} missing from cards.toml"
    assert card_kind(ref["zh"]) is kind


def test_every_kind_matches_oracle(deck_oracle):
    kinds = _oracle_kinds(deck_oracle)
    assert len(kinds) == 32
    failures = []
    for kid, ref in kinds.items():
        try:
            _check_kind(kid, ref)
        except (AssertionError, KeyError) as exc:
            failures.append(f"{kid}: {exc}")
    assert not failures, "\n".join(failures)


def test_maneuvering_cards_match_oracle_note(deck_oracle):
    note = deck_oracle["not_in_standard_deck"]
    theirs = Counter(
        (kid, c["suit"], c["rank"]) for kid in ("supply_shortage", "analeptic") for c in note[kid]
    )
    ours = Counter((c.kind, str(c.suit), c.rank) for c in maneuvering_cards())
    assert ours == theirs
    assert {c["id"] for c in deck_oracle["cards"]}.isdisjoint({"supply_shortage", "analeptic"})
    assert KINDS["supply_shortage"].package == KINDS["analeptic"].package == "maneuvering"


# ----------------------------------------------------------------------------- generals


def test_general_ids_in_order(generals_oracle):
    assert list(GENERALS) == [g["id"] for g in generals_oracle["generals"]]


def test_every_general_matches_oracle(generals_oracle):
    failures = []
    for ref in generals_oracle["generals"]:
        gid = ref["id"]
        g = GENERALS.get(gid)
        if g is None:
            failures.append(f"{gid}: missing")
            continue
        for field in ("zh", "max_hp"):
            if getattr(g, field) != ref[field]:
                failures.append(f"{gid}.{field}: {getattr(g, field)!r} != {ref[field]!r}")
        if str(g.kingdom) != ref["kingdom"]:
            failures.append(f"{gid}.kingdom: {g.kingdom} != {ref['kingdom']}")
        if str(g.gender) != ref["gender"]:
            failures.append(f"{gid}.gender: {g.gender} != {ref['gender']}")
        if g.is_lord_candidate != ref["lord_candidate"]:
            failures.append(f"{gid}.is_lord_candidate")
        ours_ids = [s.id for s in g.skills]
        theirs_ids = [s["id"] for s in ref["skills"]]
        if ours_ids != theirs_ids:
            failures.append(f"{gid}.skills: {ours_ids} != {theirs_ids}")
            continue
        for s, rs in zip(g.skills, ref["skills"], strict=True):
            for field in ("zh", "kind", "compulsory", "lord_skill"):
                if getattr(s, field) != rs[field]:
                    failures.append(f"{gid}/{s.id}.{field}: {getattr(s, field)!r} != {rs[field]!r}")
            if list(s.tags) != rs["tags"]:
                failures.append(f"{gid}/{s.id}.tags: {list(s.tags)} != {rs['tags']}")
            for alias in (rs.get("aliases") or {}).values():
                if skill(alias) is not s:
                    failures.append(f"{gid}/{s.id}: alias {alias!r} not resolved")
        for alias in (ref.get("aliases") or {}).values():
            if general(alias) is not g:
                failures.append(f"{gid}: alias {alias!r} not resolved")
    assert not failures, "\n".join(failures)


def test_lord_candidates_match_oracle(generals_oracle):
    assert set(LORD_CANDIDATES) == {g["id"] for g in generals_oracle["generals"] if g["lord_candidate"]}


def test_summaries_are_our_own_wording(generals_oracle):
    """The oracle's summaries must not be copied into generals.toml."""
    copied = [
        ref_skill["id"]
        for ref in generals_oracle["generals"]
        for ref_skill in ref["skills"]
        if skill(ref_skill["id"]).summary_en.strip() == ref_skill["summary"].strip()
    ]
    assert not copied
