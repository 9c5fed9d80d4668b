"""The delayed tricks: 乐不思蜀 indulgence, 闪电 lightning, 兵粮寸断 supply_shortage (军争) — placed in a
judgement area, judged in the judge phase (last placed first: :func:`companion.rules.flow.push_next_judge`),
cancelled by 无懈可击 before the judgement.

Sources: RULES_NOTES: Judgements (闪电 moves on to the next living seat without one; cancelled, it moves on
too), Other facts (no two cards of the same name in one area); QS standard-cards.cpp (Indulgence, Lightning),
FK standard_cards.
"""

from __future__ import annotations

from typing import cast

from .. import outcome as oc
from ..deck import Face
from ..distance import card_kind_of
from ..errors import Refused
from ..flow import JUDGED, Action, Ctx, card_name, judgement, push_next_judge, skill_target
from ..judgement import Judgement
from ..messages import Words, say
from ..outcome import who
from ..prompts import JudgementJob
from ..state import JudgePrompt, Seat
from ..vocab import Rule
from .common import SRC_AREA, SRC_PLAY, Use, check_target, distance_limit, own_play, uses

HANDLES = frozenset({"indulgence", "lightning", "supply_shortage"})
"""The card ids whose rules live here."""

SRC_JUDGE = "RULES_NOTES: Judgements"


@uses(*HANDLES)
def use_delayed(ctx: Ctx, u: Use) -> None:
    """A delayed trick in its user's play phase: 闪电 into the user's own judgement area, the others into one
    other seat's (兵粮寸断: distance 1).  Raises Refused ``lightning.target``, ``trick.target``, ``trick.self``,
    ``skill.target``, ``trick.distance``, ``judgement.duplicate``, ``card.phase``."""
    st, n, s, kind, targets = ctx.st, u.n, u.s, u.kind, u.targets
    own_play(ctx, u)
    if kind.id == "lightning":
        ctx.check(not targets or targets == [n], Rule.LIGHTNING_TARGET, source="RULES_NOTES: Judgements (闪电)",
                  forceable=False)
        t = n
    else:
        if len(targets) != 1:
            raise Refused(Rule.TRICK_TARGET, source=SRC_PLAY, forceable=False, msg="needs_one_target", kind=kind)
        t = targets[0]
        ctx.check(t != n, Rule.TRICK_SELF, source=SRC_PLAY, msg="targets_another_seat", kind=kind)
        skill_target(ctx, n, t, kind.id)
        if kind.distance_limit:
            distance_limit(ctx, kind, n, t)
        check_target(ctx, kind.id, n, t)
    ts = st.seat(t)
    ctx.check(not any(card_kind_of(c) == kind.id for c in ts.judgement), Rule.JUDGEMENT_DUPLICATE, source=SRC_AREA,
              msg="seat_already_has", t=t, kind=kind)
    u.pay()
    ts.judgement.append(u.ref)
    ne, nz = who(st, n)
    te, tz = who(st, t)
    ctx.event("use", say("use/places_judgement_area", who=Words(ne, nz), kind=kind, target=Words(te, tz), hand=s.hand),
              seat=n, card=u.ref, targets=[t])


def v_judge(ctx: Ctx, a: Action) -> None:
    """``judge FACE`` at a ``judge`` question: the delayed trick's judgement card is flipped (鬼才 may
    replace it first).  Source: RULES_NOTES Judgements."""
    st = ctx.st
    face: Face = a.args["face"]
    top = cast("JudgePrompt | None", st.prompt)  # the engine sends 'judge' here at a judge question only
    assert top is not None
    st.prompts.pop()
    ref = top.data.card
    st.extra["judged"] = [*st.extra.get("judged", []), ref]
    judgement(ctx, {"kind": "delayed", "subject": card_kind_of(ref), "seat": top.seat, "card": ref}, face)


def _delayed_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    st = ctx.st
    s = st.seat(job["seat"])
    ref = job["card"]
    kind = card_kind_of(ref)
    ne, nz = who(st, s.seat)
    if ref in s.judgement:
        s.judgement.remove(ref)
    if kind == "lightning" and not j.effect:
        lightning_moves(ctx, s, ref)
    else:
        ctx.event("discard_card", say("discard_card/leaves_judgement_area", card_name=card_name(ref), who=Words(ne, nz)),
                  seat=s.seat)
    push_next_judge(ctx, s)
    if j.effect:
        if kind == "indulgence":
            s.flags["skip_play"] = True
        elif kind == "supply_shortage":
            s.flags["skip_draw"] = True
        elif kind == "lightning":
            oc.deal_damage(st, ctx.ev, s.seat, 3, None, "thunder", "闪电")


def lightning_moves(ctx: Ctx, s: Seat, ref: str) -> None:
    """闪电 (already out of ``s``'s area) moves to the next living seat without a 闪电; stays when none."""
    st = ctx.st
    dest = None
    m = s.seat
    for _ in range(len(st.seats)):
        nxt = st.next_alive(m)
        if nxt is None or nxt == s.seat:
            break
        m = nxt
        if not any(card_kind_of(c) == "lightning" for c in st.seat(m).judgement):
            dest = m
            break
    if dest is None:
        s.judgement.append(ref)
        ctx.event("move", say("move/stays_other_seat"), seat=s.seat)
    else:
        st.seat(dest).judgement.append(ref)
        de, dz = who(st, dest)
        ctx.event("move", say("move/moves", dest=Words(de, dz)), seat=dest)


def nullified_judgement(ctx: Ctx, holder: int, ref: str) -> None:
    """A delayed trick cancelled by 无懈可击 before its judgement: 闪电 moves on, others are discarded;
    then the next delayed trick is asked.  Source: RULES_NOTES Judgements (闪电 cancelled moves on)."""
    st = ctx.st
    s = st.seat(holder)
    st.extra.setdefault("judged", []).append(ref)
    if ref in s.judgement:
        s.judgement.remove(ref)
    ne, nz = who(st, holder)
    ctx.event("nullified", say("nullified/judgement_area_cancelled", card_name=card_name(ref), who=Words(ne, nz)),
              seat=holder)
    if card_kind_of(ref) == "lightning":
        lightning_moves(ctx, s, ref)
    push_next_judge(ctx, s)


JUDGED["delayed"] = _delayed_judged
