"""Weapons, each at the moment the rules give it (armor: :mod:`companion.rules.cards.armor`).

The engine calls these hook points (nothing else of the engine is needed here):

* :func:`convert` — before a card is paid: 丈八蛇矛 (two hand cards as a 杀,
  ``S spear T`` or ``S 杀 T via spear``) and ``using SLOT`` (an equipped card
  turned into the card by a skill: it leaves its slot first, so it lends no
  range or distance to that use);
* :func:`max_slash_targets` — 方天画戟 (the last hand card(s) as a 杀: up to 3 targets);
* :func:`slash_at` — a 杀 is aimed: 雌雄双股剑, 仁王盾, 青釭剑 (ignores armor), then
  the target is asked for 闪 (``respond`` prompt, ``data["slash"] = True``);
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
from typing import Any

from .. import outcome as oc
from ..deck import KINDS, Face
from ..distance import card_kind_of
from ..errors import Refused
from ..flow import RESPONDED, Action, Ctx
from ..generals import GENERALS
from ..outcome import who
from ..state import SLOTS, GameState, Prompt, Seat
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





def _zh(kind_id: str) -> str:
    return KINDS[kind_id].zh


def _lift_crossbow(st: GameState, seat: Seat) -> str | None:
    return "诸葛连弩 crossbow" if card_kind_of(seat.equipment.get("weapon")) == "crossbow" else None


SLASH_LIMIT_LIFTS: list[Callable[[GameState, Seat], str | None]] = [_lift_crossbow]
"""Functions ``(state, seat) -> reason | None``: a non-None reason lifts the one-杀 limit (诸葛连弩 here;
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
        ctx.check(weapon_of(s) == "spear", "spear.none", f"seat {s.seat} has no 丈八蛇矛 equipped",
                  f"{s.seat}号位没有装备丈八蛇矛", SRC_WEAPON, forceable=False)
        ctx.check(s.hand >= 2, "spear.hand", f"丈八蛇矛 needs 2 hand cards; seat {s.seat} has {s.hand}",
                  f"丈八蛇矛需要两张手牌：{s.seat}号位有{s.hand}张", SRC_WEAPON)
        return kind_id, 2, "spear"
    if using:
        old = s.equipment.get(using) if using in SLOTS else None
        if not old:
            raise Refused("using.empty", f"seat {s.seat} has nothing in the {using} slot to use as {_zh(kind_id)}",
                          f"{s.seat}号位的{SLOT_ZH.get(using, using)}栏没有牌", SRC_WEAPON, forceable=False)
        s.equipment[using] = None
        ne, nz = who(ctx.st, s.seat)
        ctx.event("unequip", f"{ne} uses the equipped {_zh(card_kind_of(old))} as {_zh(kind_id)}: it leaves the {using} slot "
                  "(no range or distance from it for this use)",
                  f"{nz}将装备的{_zh(card_kind_of(old))}当{_zh(kind_id)}使用（不再计算其距离）", s.seat)
        return kind_id, 0, f"using:{using}"
    return kind_id, 1, via


def max_slash_targets(st: GameState, s: Seat, cost: int) -> tuple[int, str]:
    """(max targets of this 杀, reason): 3 with 方天画戟 when it uses the last hand card(s), else 1."""
    if weapon_of(s) == "halberd" and cost >= 1 and s.hand == cost:
        return 3, "方天画戟: the last hand card"
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
        data = {"source": n, "card": ref, "slash": True, "need": "jink", "ignore_armor": ignore, "cause": "杀"}
        if ignore and ts.equipment.get("armor"):
            ctx.event("weapon", f"青釭剑: {te}'s armor is ignored", f"青釭剑：无视{tz}的防具", n)
        shield = armor_works(st, data, ts) == "nioh_shield" and color == "black"
        if not shield:
            d = oc.expected_damage(st, t, n, "杀")
            st.prompts.append(Prompt("respond", t, f"{te}: play 闪 or take {d} damage from {ne}'s 杀 (jink / take)",
                                     f"{tz}：打出闪或受到{nz}的杀造成的{d}点伤害（jink / take）", data))
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
        ctx.event("draw", f"雌雄双股剑: {te} has no hand card, {ne} draws 1 (hand {s.hand})",
                  f"雌雄双股剑：{tz}没有手牌，{nz}摸一张牌（手牌{s.hand}）", s.seat)
        return False
    st.prompts.append(Prompt(
        "weapon.double_swords", ts.seat,
        f"{te}: 雌雄双股剑 of {ne} — discard 1 hand card (discard 1) or {ne} draws 1 (pass)",
        f"{tz}：{nz}的雌雄双股剑——弃置一张手牌（discard 1）或令其摸一张牌（pass）",
        {"user": s.seat, "nioh": ts.seat if shield else None}))
    return True


def after_dodge(ctx: Ctx, data: dict[str, Any], t: int) -> None:
    """The 杀 of ``data`` was dodged by seat ``t``: 青龙偃月刀 / 贯石斧 may follow (prompts)."""
    st = ctx.st
    n = data.get("source")
    if n is None:
        return
    s = st.seat(n)
    w = weapon_of(s)
    if w is None or not st.seat(t).alive:
        return
    ne, nz = who(st, n)
    te, tz = who(st, t)
    if w == "blade" and s.hand >= 1:
        st.prompts.append(Prompt("weapon.blade", n, f"{ne}: 青龙偃月刀 — 杀 {te} again ({n} 杀) or pass",
                                 f"{nz}：青龙偃月刀——可以再对{tz}使用一张杀（{n} 杀）或 pass", {"target": t}))
    elif w == "axe" and s.hand >= 2:  # hand cards (equipment discards are entered with 'unequip')
        st.prompts.append(Prompt("weapon.axe", n, f"{ne}: 贯石斧 — discard 2 cards to make the 杀 hit {te} (discard 2) or pass",
                                 f"{nz}：贯石斧——弃置两张牌令杀依然命中{tz}（discard 2）或 pass", {**data, "target": t}))


def slash_hit(ctx: Ctx, data: dict[str, Any], t: int) -> None:
    """The 杀 of ``data`` hits seat ``t``: 寒冰剑 and 麒麟弓 are offered (prompts), else 1 damage."""
    st = ctx.st
    n = data.get("source")
    src = n if n is not None and st.seat(n).alive else None
    ts = st.seat(t)
    w = weapon_of(st.seat(src)) if src is not None else None
    ne, nz = who(st, src)
    te, tz = who(st, t)
    if src is not None and w == "ice_sword" and not data.get("ice_done") and (ts.hand > 0 or any(ts.equipment.values())):
        st.prompts.append(Prompt("weapon.ice_sword", src,
                                 f"{ne}: 寒冰剑 — instead of the damage, discard 2 of {te}'s cards (pick ZONE [ZONE]) or pass",
                                 f"{nz}：寒冰剑——防止伤害，改为弃置{tz}两张牌（pick 区域 [区域]）或 pass",
                                 {**data, "target": t, "ice_done": True}))
        return
    if (src is not None and w == "kylin_bow" and not data.get("kylin_done")
            and (ts.equipment.get("plus_horse") or ts.equipment.get("minus_horse"))):
        horses = " / ".join(sl for sl in ("plus_horse", "minus_horse") if ts.equipment.get(sl))
        st.prompts.append(Prompt("weapon.kylin_bow", src, f"{ne}: 麒麟弓 — discard a horse of {te} (pick {horses}) or pass",
                                 f"{nz}：麒麟弓——弃置{tz}的一匹马（pick {horses}）或 pass",
                                 {**data, "target": t, "kylin_done": True}))
        return
    oc.deal_damage(st, ctx.ev, t, 1, src, "normal", "杀")


# --------------------------------------------------------------------------- answers


def answers(p: Prompt, a: Action) -> bool:
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


def weapon_pass(ctx: Ctx, top: Prompt) -> None:
    """``pass`` at a weapon prompt: the option is declined (雌雄双股剑: the user draws 1)."""
    st = ctx.st
    st.prompts.pop()
    k = top.kind
    pe, pz = who(st, top.seat)
    if k == "weapon.double_swords":
        u = st.seat(top.data["user"])
        u.hand += 1
        ue, uz = who(st, u.seat)
        ctx.event("draw", f"雌雄双股剑: {ue} draws 1 (hand {u.hand})", f"雌雄双股剑：{uz}摸一张牌（手牌{u.hand}）", u.seat)
        if top.data.get("nioh") is not None:
            nioh_shield(ctx, top.data["nioh"])
    elif k in ("weapon.ice_sword", "weapon.kylin_bow"):
        ctx.event("pass", f"{pe} does not use {_zh(k[7:])}", f"{pz}不发动{_zh(k[7:])}", top.seat)
        slash_hit(ctx, top.data, top.data["target"])
    else:
        ctx.event("pass", f"{pe} does not use {_zh(k[7:])}", f"{pz}不发动{_zh(k[7:])}", top.seat)


def weapon_discard(ctx: Ctx, top: Prompt, n: int, k: int) -> None:
    """``discard [S] N`` at a 雌雄双股剑 (the target, N = 1) or 贯石斧 (the user, N = 2) prompt.

    Raises Refused ``weapon.discard`` for the wrong seat or count."""
    st = ctx.st
    need = 1 if top.kind == "weapon.double_swords" else 2
    wz = _zh(top.kind[7:])
    ctx.check(n == top.seat, "weapon.discard", f"{wz}: seat {top.seat} discards, not seat {n}",
              f"{wz}：应由{top.seat}号位弃牌，而不是{n}号位", SRC_WEAPON, forceable=False)
    ctx.check(k == need, "weapon.discard",
              f"{wz}: discard exactly {need} card{'s' if need > 1 else ''} ('discard {need}'), not {k} — or pass",
              f"{wz}：须弃置恰好{need}张牌（discard {need}），不是{k}张——或 pass", SRC_WEAPON, forceable=False)
    s = st.seat(n)
    ctx.check(s.hand >= k, "hand.count", f"seat {n} has only {oc.hand_cards(s.hand)}, cannot discard {k}",
              f"{n}号位只有{s.hand}张手牌", SRC_WEAPON, forceable=False)
    s.hand -= k
    st.prompts.pop()
    ne, nz = who(st, n)
    ctx.event("discard", f"{ne} discards {k} ({_zh(top.kind[7:])}) (hand {s.hand})",
              f"{nz}弃置{k}张牌（{_zh(top.kind[7:])}）（手牌{s.hand}）", n)
    if top.kind == "weapon.double_swords" and top.data.get("nioh") is not None:
        nioh_shield(ctx, top.data["nioh"])
    if top.kind == "weapon.axe":
        te, tz = who(st, top.data["target"])
        ctx.event("weapon", f"贯石斧: the 杀 hits {te} anyway", f"贯石斧：杀依然命中{tz}", n)
        slash_hit(ctx, top.data, top.data["target"])


def weapon_use(ctx: Ctx, s: Seat, kind_id: str, ref: str, face: Face | None, a: Action) -> bool:
    """A card named at a weapon prompt: ``S axe`` (= discard 2 hand cards) at 贯石斧; ``S 杀 [T]`` at
    青龙偃月刀 (another 杀 at the same target: no range check, not counted).  True when handled."""
    st = ctx.st
    top = st.prompt
    if top is None or top.kind not in ("weapon.axe", "weapon.blade") or s.seat != top.seat:
        return False
    if top.kind == "weapon.axe":
        weapon_discard(ctx, top, s.seat, 2)
        return True
    t = top.data["target"]
    tg = list(a.args.get("targets") or [t])
    ctx.check(tg == [t], "blade.target", f"青龙偃月刀: the new 杀 goes to seat {t}", f"青龙偃月刀：杀的目标须为{t}号位",
              SRC_WEAPON, forceable=False)
    cost = 1
    via = a.args.get("via")
    if kind_id == "spear" or via == "spear":
        kind_id, cost, via = convert(ctx, s, kind_id, a.args)
    ctx.check(s.hand >= cost, "hand.empty", f"seat {s.seat} has {oc.hand_cards(s.hand)}", f"{s.seat}号位手牌不足",
              "companion: hand count")
    st.prompts.pop()
    s.hand -= cost
    ne, nz = who(st, s.seat)
    te, tz = who(st, t)
    ctx.event("use", f"{ne} uses 杀 on {te} again (青龙偃月刀) (hand {s.hand})", f"{nz}发动青龙偃月刀，再对{tz}使用杀（手牌{s.hand}）",
              s.seat, card=ref, targets=[t])
    slash_at(ctx, s.seat, [t], ref, face, via)
    return True


def weapon_pick(ctx: Ctx, top: Prompt, what: list[str]) -> None:
    """``pick ZONE [ZONE]`` at 寒冰剑 (two cards of the target: hand / slots) or 麒麟弓 (a horse).

    Raises Refused ``pick.zone`` naming the zones that hold cards."""
    st = ctx.st
    t = st.seat(top.data["target"])
    if top.kind == "weapon.kylin_bow":
        horses = [sl for sl in ("plus_horse", "minus_horse") if t.equipment.get(sl)]
        z = what[0] if what else (horses[0] if len(horses) == 1 else "")
        ctx.check(z in horses, "pick.zone", f"麒麟弓: choose one of {', '.join(horses)}", f"麒麟弓：请选择{'、'.join(horses)}",
                  SRC_WEAPON, forceable=False)
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
    ctx.check(ok, "pick.zone", f"寒冰剑: choose {want} card(s) of seat {t.seat} from {have} (got {' '.join(picks)})",
              f"寒冰剑：请选择{t.seat}号位的{want}张牌：{have_zh}", SRC_WEAPON, forceable=False)
    st.prompts.pop()
    te, tz = who(st, t.seat)
    ctx.event("weapon", f"寒冰剑: the damage to {te} is prevented", f"寒冰剑：防止对{tz}的伤害", top.seat)
    for z in picks:
        take_zone(ctx, t, z, None, "寒冰剑")


def _after_dodge(ctx: Ctx, top: Prompt, played: bool) -> None:
    if played and top.data.get("slash"):
        after_dodge(ctx, top.data, top.seat)


RESPONDED.append(_after_dodge)


uses(*HANDLES, owner=__name__)(use_equipment)
