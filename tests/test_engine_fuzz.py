"""Random command sequences: only Refused/CommandError may be raised, and the state stays sane."""

from __future__ import annotations

from engine_support import table
from hypothesis import given, settings
from hypothesis import strategies as hs

from companion.rules.errors import CommandError, Refused
from companion.script import execute

N = 5
seat = hs.integers(1, N).map(str)
card = hs.sampled_from(["slash", "jink", "peach", "chitu", "jueying", "crossbow", "qinggang_sword", "indulgence",
                        "lightning", "duel", "snatch", "eight_diagram", "nullification", "savage_assault",
                        "archery_attack", "amazing_grace", "god_salvation", "ex_nihilo", "dismantlement", "collateral",
                        "ice_sword", "kylin_bow", "axe", "blade", "spear", "halberd", "double_swords", "nioh_shield"])
face = hs.sampled_from(["♠2", "♠5", "♥K", "♣3", "♦9", "♠10"])
line = hs.one_of(
    hs.just("next"), hs.just("next"), hs.just("next"), hs.just("end"), hs.just("take"), hs.just("pass"),
    hs.just("peach"), hs.just("jink"), hs.just("pass all"), hs.just("pick"), hs.just("pick hand"), hs.just("杀"),
    hs.just("discard 1"), hs.just("discard 2"), hs.builds(lambda s: f"pass {s}", hs.integers(0, 7)),
    hs.builds(lambda s: f"{s} pick weapon", hs.integers(0, 7)), hs.builds(lambda s: f"discard {s} 1", hs.integers(0, 7)),
    hs.builds(lambda s: f"{s} 杀 3 using weapon", seat), hs.builds(lambda s: f"{s} spear 2", seat),
    hs.builds(lambda s, t: f"1 collateral {s} {t}", seat, seat),
    hs.builds(lambda s, c, t: f"{s} {c} {t}", seat, card, seat),
    hs.builds(lambda s, c: f"{s} {c}", seat, card),
    hs.builds(lambda f: f"judge {f}", face),
    hs.builds(lambda s, n: f"damage {s} {n} from {s}", seat, hs.integers(1, 3)),
    hs.builds(lambda s, n: f"discard {n}", seat, hs.integers(1, 3)),
    hs.builds(lambda r: f"reveal {r}", hs.sampled_from(["loyalist", "rebel", "renegade"])),
    hs.builds(lambda s: f"place {s} lightning", seat),
    hs.builds(lambda s: f"hand {s} 0", seat),
    hs.builds(lambda s: f"force {s} slash 1", seat),
)


@settings(max_examples=80, deadline=None)
@given(hs.lists(line, min_size=1, max_size=60))
def test_random_sequences(lines):
    st = table(N)
    for text in lines:
        try:
            st = execute(st, text).state
        except (Refused, CommandError):
            continue
        for s in st.seats:
            assert s.hp <= s.max_hp and s.hand >= 0
            if not s.alive:
                assert s.hand == 0 and s.judgement == [] and not any(s.equipment.values())
        if not st.over:
            assert st.seat(st.turn_seat).alive
            assert all(st.seat(p.seat).alive for p in st.prompts if p.kind != "reveal")
            # the engine never waits: a trick in resolution always has a question pending
            assert st.prompts or not st.stack
        else:
            assert st.winner in ("lord", "rebel", "renegade") and st.prompts == []
