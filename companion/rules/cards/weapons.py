"""Weapons, each at the moment the rules give it (armor: :mod:`companion.rules.cards.armor`).

The engine calls these hook points (nothing else of the engine is needed here):

* :func:`convert` — before a card is paid: 丈八蛇矛 (two hand cards as a 杀,
  ``S spear T`` or ``S 杀 T via spear``) and ``using SLOT`` (an equipped card
  turned into the card by a skill: it leaves its slot first, so it lends no
  range or distance to that use);
* :func:`max_slash_targets` — 方天画戟 (the last hand card(s) as a 杀: up to 3 targets);
* :func:`slash_at` — a 杀 is aimed: 雌雄双股剑, 仁王盾, 青釭剑 (ignores armor), then
  the target is asked for 闪 (``respond`` prompt, ``RespondData.slash`` True);
* :func:`after_dodge` — the 杀 was dodged: 青龙偃月刀 (may 杀 again), 贯石斧 (discard 2 to hit);
* :func:`slash_hit` — the 杀 hits: 寒冰剑 (instead of damage, discard 2), 麒麟弓 (discard a horse), damage;

Optional effects are prompts (kind ``weapon.<id>``) answered with one word
(``pass`` declines).  诸葛连弩 is in :data:`SLASH_LIMIT_LIFTS`.

Sources: QSanguosha-v2 ``standard-cards.cpp`` / ``standard-ex-cards`` (Crossbow,
QinggangSword, DoubleSword, Blade, Spear, Axe, Halberd, KylinBow, IceSword); FreeKill
``standard_cards/pkg/skills``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import outcome as oc
from ..deck import KINDS, CardKind, Face
from ..distance import card_kind_of
from ..errors import Refused
from ..flow import RESPONDED, Action, Ctx
from ..generals import GENERALS
from ..messages import Message, Words, say, text
from ..outcome import who
from ..prompts import DoubleSwordsData, RespondData, TargetData, WeaponHitData
from ..state import SLOTS, AnyPrompt, BladePrompt, GameState, Prompt, RespondPrompt, Seat, WeaponHitPrompt
from ..vocab import PromptKind, Rule
from ..zones import SLOT_ZH, take_zone, zone_label
from .armor import SRC_WEAPON, armor_works, nioh_shield
from .common import use_equipment, uses

__all__ = ["SRC_WEAPON", "WEAPON_PROMPTS", "weapon_of", "convert", "max_slash_targets", "slash_at", "after_dodge",
           "slash_hit", "answers", "SLASH_LIMIT_LIFTS", "HANDLES", "weapon_pick", "weapon_pass", "weapon_use", "weapon_discard"]

WEAPON_PROMPTS = frozenset({"weapon.double_swords", "weapon.blade", "weapon.axe", "weapon.ice_sword", "weapon.kylin_bow"})
"""Prompt kinds created here."""


HANDLES = frozenset({"crossbow", "qinggang_sword", "double_swords", "blade", "spear", "axe", "halberd", "kylin_bow",
                     "ice_sword"})
"""The card ids whose rules live here (equipped with ``S CARD``: :func:`companion.rules.cards.common.equip`)."""


def weapon_of(s: Seat) -> str | None:
    """Kind id of the seat's weapon, or None."""
    return card_kind_of(s.equipment.get("weapon")) if s.alive else None





def _zh(kind_id: str) -> CardKind:
    """The card kind ``kind_id``: a message shows its name in its own language (messages.Named)."""
    return KINDS[kind_id]


def _lift_crossbow(st: GameState, seat: Seat) -> Words | None:
    k = KINDS['crossbow']
    return Words(k.en, k.zh) if card_kind_of(seat.equipment.get("weapon")) == "crossbow" else None


SLASH_LIMIT_LIFTS: list[Callable[[GameState, Seat], Words | None]] = [_lift_crossbow]
"""Functions ``(state, seat) -> reason | None``: a non-None reason (its name in both languages, as the 杀's log
line says it) lifts the one-杀 limit (诸葛连弩 here;
咆哮 registers itself in :mod:`companion.rules.skills.shu`)."""


# --------------------------------------------------------------------------- before paying


def convert(ctx: Ctx, s: Seat, kind_id: str, args: dict[str, Any]) -> tuple[str, int, str | None]:
    """``(kind_id, hand cost, via)`` of a card use.

    * 丈八蛇矛: ``S spear [T]`` while the spear is equipped, or ``… via spear``:
      a 杀 made of 2 hand cards (refused ``spear.hand`` with fewer, ``spear.none`` without the spear);
    * ``using SLOT``: the equipped card of SLOT is the card used (it leaves the slot at
      once, so its range or distance no longer counts); hand cost 0.
    Source: QS Spear (ViewAsSkill of 2 hand cards); rules text on cards used as other cards.
    """
    via = args.get("via")
    using = args.get("using")
    if kind_id == "spear" and weapon_of(s) == "spear":
        kind_id, via = "slash", "spear"
    if via == "spear":
        ctx.check(weapon_of(s) == "spear", Rule.SPEAR_NONE, source=SRC_WEAPON, forceable=False, seat=s.seat)
        ctx.check(s.hand >= 2, Rule.SPEAR_HAND, source=SRC_WEAPON, seat=s.seat, hand=s.hand)
        return kind_id, 2, "spear"
    if using:
        old = s.equipment.get(using) if using in SLOTS else None
        if not old:
            raise Refused(Rule.USING_EMPTY, source=SRC_WEAPON, forceable=False, seat=s.seat, using=using, zh_=_zh(kind_id),
                          get=SLOT_ZH.get(using, using))
        s.equipment[using] = None
        ne, nz = who(ctx.st, s.seat)
        ctx.event(
            "unequip", say("unequip/uses_equipped_leaves", who=Words(ne, nz), zh_=_zh(card_kind_of(old)), zh_2=_zh(kind_id),
                        using=using),
            seat=s.seat)
        return kind_id, 0, f"using:{using}"
    return kind_id, 1, via


def max_slash_targets(st: GameState, s: Seat, cost: int) -> tuple[int, Message | str]:
    """(max targets of this 杀, reason): 3 with 方天画戟 when it uses the last hand card(s), else 1."""
    if weapon_of(s) == "halberd" and cost >= 1 and s.hand == cost:
        return 3, text("cards.weapons.max_slash_targets/halberd")
    return 1, ""


def _gender(st: GameState, s: Seat) -> str | None:
    if "no_generals" in st.variants or s.general is None:
        return None
    g = GENERALS.get(s.general)
    return str(g.gender) if g else None


# --------------------------------------------------------------------------- aiming


def slash_at(ctx: Ctx, n: int, targets: list[int], ref: str, face: Face | None, via: str | None = None,
             colour: str | None = None) -> None:
    """Aim seat ``n``'s 杀 at ``targets`` (already checked and paid): weapon/armor triggers, then
    one ``respond`` prompt per target, answered in the order given.  ``colour`` (``"red"``, ``"black"``,
    ``"none"`` for a colourless 杀 of two cards) overrides the face's colour; None: the face's, if any."""
    st = ctx.st
    s = st.seat(n)
    w = weapon_of(s)
    ignore = w == "qinggang_sword"
    color = colour if colour is not None else (face.color if face is not None else None)
    ne, nz = who(st, n)
    for t in reversed(targets):
        ts = st.seat(t)
        te, tz = who(st, t)
        data = RespondData(source=n, card=ref, slash=True, need="jink", ignore_armor=ignore, cause="杀")
        if ignore and ts.equipment.get("armor"):
            ctx.event("weapon", say("weapon/armor_ignored", target=Words(te, tz)), seat=n)
        shield = armor_works(st, data, ts) == "nioh_shield" and color == "black"
        if not shield:
            d = oc.expected_damage(st, t, n, "杀")
            st.prompts.append(Prompt(
                                  PromptKind.RESPOND, t, text("prompt.respond/play_take_damage_from", target=Words(te, tz), d=d,
                                            who=Words(ne, nz)),
                                  data=data))
        # 雌雄双股剑 acts when the 杀 is aimed (TargetSpecified), before 仁王盾 cancels a black 杀 as it takes
        # effect (QS DoubleSword / RenwangShield; FK double_swords_skill / nioh_shield_skill; issue 13 §3)
        swords = w == "double_swords" and _double_swords(ctx, s, ts, shield)
        if shield and not swords:
            nioh_shield(ctx, t)


def _double_swords(ctx: Ctx, s: Seat, ts: Seat, shield: bool) -> bool:
    """雌雄双股剑 on aiming at ``ts`` (other gender): True when its question was pushed (the target chooses;
    ``shield``: 仁王盾 is logged once it is answered), False when it did not ask (same gender: nothing; no hand
    card: the user draws at once)."""
    st = ctx.st
    g1, g2 = _gender(st, s), _gender(st, ts)
    if not (g1 and g2 and g1 != g2):
        return False
    ne, nz = who(st, s.seat)
    te, tz = who(st, ts.seat)
    if ts.hand == 0:
        s.hand += 1
        ctx.event("draw", say("draw/has_hand_card", target=Words(te, tz), who=Words(ne, nz), hand=s.hand), seat=s.seat)
        return False
    st.prompts.append(Prompt(PromptKind.DOUBLE_SWORDS, ts.seat,
                             text("prompt.weapon.double_swords", target=Words(te, tz), who=Words(ne, nz)),
                             data=DoubleSwordsData(user=s.seat, nioh=ts.seat if shield else None)))
    return True


def after_dodge(ctx: Ctx, data: RespondData, t: int) -> None:
    """The 杀 of ``data`` was dodged by seat ``t``: 青龙偃月刀 / 贯石斧 may follow (prompts)."""
    st = ctx.st
    n = data.source
    if n is None:
        return
    s = st.seat(n)
    w = weapon_of(s)
    if w is None or not st.seat(t).alive:
        return
    ne, nz = who(st, n)
    te, tz = who(st, t)
    if w == "blade" and s.hand >= 1:
        st.prompts.append(Prompt(PromptKind.BLADE, n,
                                 text("prompt.weapon.blade", who=Words(ne, nz), target=Words(te, tz), n=n),
                                 data=TargetData(target=t)))
    elif w == "axe" and s.hand >= 2:  # hand cards (equipment discards are entered with 'unequip')
        st.prompts.append(Prompt(PromptKind.AXE, n, text("prompt.weapon.axe", who=Words(ne, nz), target=Words(te, tz)),
                                 data=data.hit(t)))


def slash_hit(ctx: Ctx, data: RespondData, t: int) -> None:
    """The 杀 of ``data`` hits seat ``t``: 寒冰剑 and 麒麟弓 are offered (prompts), else 1 damage."""
    st = ctx.st
    n = data.source
    src = n if n is not None and st.seat(n).alive else None
    ts = st.seat(t)
    w = weapon_of(st.seat(src)) if src is not None else None
    ne, nz = who(st, src)
    te, tz = who(st, t)
    hit = data if isinstance(data, WeaponHitData) else None  # a weapon's question already asked of this hit
    if src is not None and w == "ice_sword" and not (hit and hit.ice_done) and (ts.hand > 0 or any(ts.equipment.values())):
        st.prompts.append(Prompt(PromptKind.ICE_SWORD, src,
                                 text("prompt.weapon.ice_sword", who=Words(ne, nz), target=Words(te, tz)),
                                 data=data.hit(t, ice_done=True)))
        return
    if (src is not None and w == "kylin_bow" and not (hit and hit.kylin_done)
            and (ts.equipment.get("plus_horse") or ts.equipment.get("minus_horse"))):
        have = [sl for sl in ("plus_horse", "minus_horse") if ts.equipment.get(sl)]
        horses = Words(" / ".join(have), " / ".join(SLOT_ZH[sl] for sl in have))  # 'pick -1马' is read too (zones)
        st.prompts.append(Prompt(PromptKind.KYLIN_BOW, src,
                                 text("prompt.weapon.kylin_bow", who=Words(ne, nz), target=Words(te, tz), horses=horses),
                                 data=data.hit(t, kylin_done=True)))
        return
    oc.deal_damage(st, ctx.ev, t, 1, src, "normal", "杀")


# --------------------------------------------------------------------------- answers


def answers(p: AnyPrompt, a: Action) -> bool:
    """Whether action ``a`` answers the weapon prompt ``p``."""
    v = a.verb
    k = p.kind
    if v in ("pass", "take"):
        return True
    if k in ("weapon.ice_sword", "weapon.kylin_bow"):
        return v == "pick"
    if k == "weapon.double_swords":
        return v == "discard"
    if k == "weapon.axe":
        return v == "discard" or (v == "use" and a.args["card"] == "axe")
    if k == "weapon.blade":
        return v == "use" and a.args["card"] in ("slash", "spear")
    return False


def weapon_pass(ctx: Ctx, top: AnyPrompt) -> None:
    """``pass`` at a weapon prompt: the option is declined (雌雄双股剑: the user draws 1)."""
    st = ctx.st
    st.prompts.pop()
    k = top.kind
    pe, pz = who(st, top.seat)
    if top.kind == PromptKind.DOUBLE_SWORDS:
        u = st.seat(top.data.user)
        u.hand += 1
        ue, uz = who(st, u.seat)
        ctx.event("draw", say("draw/draws_hand2", user=Words(ue, uz), hand=u.hand), seat=u.seat)
        nioh = top.data.nioh
        if nioh is not None:
            nioh_shield(ctx, nioh)
    elif top.kind == PromptKind.ICE_SWORD or top.kind == PromptKind.KYLIN_BOW:
        ctx.event("pass", say("pass/does_use", asked=Words(pe, pz), zh_=_zh(k[7:])), seat=top.seat)
        slash_hit(ctx, top.data, top.data.target)
    else:
        ctx.event("pass", say("pass/does_use", asked=Words(pe, pz), zh_=_zh(k[7:])), seat=top.seat)


def weapon_discard(ctx: Ctx, top: AnyPrompt, n: int, k: int) -> None:
    """``discard [S] N`` at a 雌雄双股剑 (the target, N = 1) or 贯石斧 (the user, N = 2) prompt.

    Raises Refused ``weapon.discard`` for the wrong seat or count."""
    st = ctx.st
    need = 1 if top.kind == PromptKind.DOUBLE_SWORDS else 2
    wz = _zh(top.kind[7:])
    ctx.check(n == top.seat, Rule.WEAPON_DISCARD, source=SRC_WEAPON, forceable=False, msg="seat_discards_seat", wielder=wz,
              seat=top.seat, n=n)
    ctx.check(k == need, Rule.WEAPON_DISCARD, source=SRC_WEAPON, forceable=False, msg="discard_exactly_card", wielder=wz,
              need=need, k=k, value='s' if need > 1 else '')
    s = st.seat(n)
    ctx.check(s.hand >= k, Rule.HAND_COUNT, source=SRC_WEAPON, forceable=False, msg="seat_has_only", n=n,
              hand_cards=oc.hand_cards(s.hand), k=k, hand=s.hand)
    s.hand -= k
    st.prompts.pop()
    ne, nz = who(st, n)
    ctx.event("discard", say("discard/discards_hand", who=Words(ne, nz), k=k, zh_=_zh(top.kind[7:]), hand=s.hand), seat=n)
    nioh = top.data.nioh if top.kind == PromptKind.DOUBLE_SWORDS else None
    if nioh is not None:
        nioh_shield(ctx, nioh)
    if top.kind == PromptKind.AXE:
        te, tz = who(st, top.data.target)
        ctx.event("weapon", say("weapon/hits_anyway", target=Words(te, tz)), seat=n)
        slash_hit(ctx, top.data, top.data.target)


def weapon_use(ctx: Ctx, s: Seat, kind_id: str, ref: str, face: Face | None, a: Action) -> bool:
    """A card named at a weapon prompt: ``S axe`` (= discard 2 hand cards) at 贯石斧; ``S 杀 [T]`` at
    青龙偃月刀 (another 杀 at the same target: no range check, not counted).  True when handled."""
    st = ctx.st
    top = st.prompt
    if top is None or top.kind not in ("weapon.axe", "weapon.blade") or s.seat != top.seat:
        return False
    if top.kind == PromptKind.AXE:
        weapon_discard(ctx, top, s.seat, 2)
        return True
    t = cast(BladePrompt, top).data.target
    tg = list(a.args.get("targets") or [t])
    ctx.check(tg == [t], Rule.BLADE_TARGET, source=SRC_WEAPON, forceable=False, t=t)
    cost = 1
    via = a.args.get("via")
    if kind_id == "spear" or via == "spear":
        kind_id, cost, via = convert(ctx, s, kind_id, a.args)
    ctx.check(s.hand >= cost, Rule.HAND_EMPTY, source="companion: hand count", msg="seat_has", seat=s.seat,
              hand_cards=oc.hand_cards(s.hand))
    st.prompts.pop()
    s.hand -= cost
    ne, nz = who(st, s.seat)
    te, tz = who(st, t)
    ctx.event("use", say("use/uses_again_hand", who=Words(ne, nz), target=Words(te, tz), hand=s.hand), seat=s.seat,
              card=ref, targets=[t])
    slash_at(ctx, s.seat, [t], ref, face, via)
    return True


def weapon_pick(ctx: Ctx, top: AnyPrompt, what: list[str]) -> None:
    """``pick ZONE [ZONE]`` at 寒冰剑 (two cards of the target: hand / slots) or 麒麟弓 (a horse).

    Raises Refused ``pick.zone`` naming the zones that hold cards."""
    st = ctx.st
    t = st.seat(cast(WeaponHitPrompt, top).data.target)  # 寒冰剑 / 麒麟弓: the seat the 杀 hits
    if top.kind == PromptKind.KYLIN_BOW:
        horses = [sl for sl in ("plus_horse", "minus_horse") if t.equipment.get(sl)]
        z = what[0] if what else (horses[0] if len(horses) == 1 else "")
        ctx.check(z in horses, Rule.PICK_ZONE, source=SRC_WEAPON, forceable=False, msg="choose_one",
                  horses_list=Words(', '.join(horses), '、'.join(horses)))
        st.prompts.pop()
        take_zone(ctx, t, z, None, "麒麟弓")
        slash_hit(ctx, top.data, t.seat)
        return
    avail_total = t.hand + sum(1 for sl in SLOTS if t.equipment.get(sl))
    want = min(2, avail_total)
    picks = list(what) or (["hand"] * min(want, t.hand) + [sl for sl in SLOTS if t.equipment.get(sl)])[:want]
    hand_left = t.hand
    ok = len(picks) == want
    for z in picks:
        if z == "hand":
            ok = ok and hand_left > 0
            hand_left -= 1
        else:
            ok = ok and z in SLOTS and bool(t.equipment.get(z)) and picks.count(z) == 1
    zs = (["hand"] if t.hand else []) + [sl for sl in SLOTS if t.equipment.get(sl)]
    have = ", ".join(zone_label(t, z)[0] for z in zs)
    have_zh = "、".join(zone_label(t, z)[1] for z in zs)
    ctx.check(ok, Rule.PICK_ZONE, source=SRC_WEAPON, forceable=False, msg="choose_card_seat", want=want, seat=t.seat,
              have=Words(have, have_zh), picks_list=' '.join(picks))
    st.prompts.pop()
    te, tz = who(st, t.seat)
    ctx.event("weapon", say("weapon/damage_prevented", target=Words(te, tz)), seat=top.seat)
    for z in picks:
        take_zone(ctx, t, z, None, "寒冰剑")


def _after_dodge(ctx: Ctx, top: RespondPrompt, played: bool) -> None:
    if played and top.data.slash:
        after_dodge(ctx, top.data, top.seat)


RESPONDED.append(_after_dodge)


uses(*HANDLES, owner=__name__)(use_equipment)
