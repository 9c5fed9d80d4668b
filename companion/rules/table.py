"""The table's setup and the role cards: players, names, the lord, seats swapped, generals offered and chosen,
roles dealt, variants, ``start``; a dead seat's role turned up (``reveal``) and, after the game, roles recorded.

Sources: rulebook 游戏准备 (setup), 选将; RULES_NOTES: Roles per player count, Win conditions.
"""

from __future__ import annotations

from . import outcome as oc
from .errors import Refused
from .flow import Action, Ctx, enter, seat_at
from .generals import GENERALS, UnknownGeneralError
from .generals import general as find_general
from .outcome import who
from .setup import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, max_hp, role_table
from .state import ROLES, Seat

SRC_SETUP = "rulebook: 游戏准备 (setup); RULES_NOTES: Roles per player count"
SRC_SEATS = "companion: seats are numbered 1..N in the order of play"
SRC_PROMPT = "companion: answer the pending question first"
SRC_NO_PROMPT = "companion: answers only answer a pending question (docs/commands.md, Questions)"

NAME_MAX = 24  # characters in a player name (fits a seat card)


def v_reveal(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    role = a.args["role"]
    if top is None or top.kind != "reveal":
        raise Refused("prompt.none", "no role card to turn up now: no seat has just died", "现在不需要亮身份",
                      SRC_NO_PROMPT, forceable=False)
    victim = top.data["victim"]
    if a.seat is not None and a.seat != victim:
        raise Refused("prompt.seat", f"seat {victim}'s role is being asked, not seat {a.seat}'s",
                      f"正在亮{victim}号位的身份", SRC_PROMPT, forceable=False)
    check_role(ctx, victim, role)
    s = st.seat(victim)
    s.role, s.role_public = role, True
    st.prompts.pop()
    oc.finish_death(st, ctx.ev, victim, top.data.get("source"), discard=False)


def check_role(ctx: Ctx, n: int, role: str) -> None:
    st = ctx.st
    if role not in ROLES:
        raise Refused("role.unknown", f"unknown role {role!r}: one of {', '.join(ROLES)}", f"未知身份{role}",
                      SRC_SETUP, forceable=False)
    ctx.check(role != "lord", "role.lord", "the lord is set with 'lord S'", "主公用 lord 命令设置", SRC_SETUP, forceable=False)
    table = role_table(st.players, st.variants)
    left = oc.remaining_roles(st, exclude=n)
    # Not forceable: the role deck of this table (variants included) has no such card, so forcing would record a
    # card that cannot exist; a wrong earlier entry is corrected with `role S ROLE` for that seat instead.
    ctx.check(left[role] > 0, "role.count",
              f"no {role} card left: {st.players} players have {table[role]} {role} card(s), {table[role] - left[role]} already known"
              f" (if an earlier role was recorded wrong, correct it with 'role S ROLE')",
              f"{st.players}人局共{table[role]}张{oc.ROLE_ZH[role]}，已知{table[role] - left[role]}张"
              f"（若之前记录的身份有误，请用 role 座位 身份 更正）", SRC_SETUP, forceable=False)


def v_players(ctx: Ctx, a: Action) -> None:
    k = int(a.args["n"])
    ctx.check(MIN_PLAYERS <= k <= MAX_PLAYERS, "setup.players", f"{k} players: the companion supports {MIN_PLAYERS}..{MAX_PLAYERS}",
              f"{k}人：支持{MIN_PLAYERS}~{MAX_PLAYERS}人", SRC_SETUP, forceable=False)
    st = ctx.st
    old = {s.seat: s for s in st.seats}
    # seats beyond the new count lose what was typed for them: say so (names, generals, roles)
    lost_en, lost_zh = [], []
    for s in st.seats:
        if s.seat <= k:
            continue
        en, zh = [], []
        if s.name:
            en.append(f"name {s.name}")
            zh.append(f"名字{s.name}")
        g = GENERALS.get(s.general or "")
        if s.general:
            en.append(f"general {g.en if g else s.general}")
            zh.append(f"武将{g.zh if g else s.general}")
        if s.role == "lord":
            en.append("the lord")
            zh.append("主公")
        elif s.role is not None:
            en.append("a dealt role")  # never name a hidden role on the shared log
            zh.append("已发身份")
        if s.seat in st.offers:
            en.append("general offer")
            zh.append("候选武将")
        if en:
            lost_en.append(f"seat {s.seat} ({', '.join(en)})")
            lost_zh.append(f"{s.seat}号位（{'、'.join(zh)}）")
    st.players = k
    st.seats = [old[i].clone() if i in old else Seat(i) for i in range(1, k + 1)]
    st.offers = {s: v for s, v in st.offers.items() if s <= k}
    ctx.event("setup", f"table of {k} players", f"{k}人局")
    if lost_en:
        ctx.event("notice", f"removed seats dropped: {'; '.join(lost_en)}", f"移除的座位已删除：{'；'.join(lost_zh)}")


def v_name(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat, alive=False)
    text = " ".join(str(a.args["text"]).split())
    ctx.check(0 < len(text) <= NAME_MAX, "name.length", f"a player name has 1..{NAME_MAX} characters, not {len(text)}",
              f"玩家名为1..{NAME_MAX}个字符，不是{len(text)}个", SRC_SEATS, forceable=False)
    s.name = text
    ctx.event("name", f"seat {s.seat} is {s.name}", f"{s.seat}号位：{s.name}", s.seat)


def v_lord(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    for o in ctx.st.seats:
        if o.role == "lord":
            o.role, o.role_public = None, False
    s.role, s.role_public = "lord", True
    ctx.event("lord", f"seat {s.seat} is the lord", f"{s.seat}号位是主公", s.seat)


def v_swap(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    x, y = int(a.args["a"]), int(a.args["b"])
    seat_at(ctx, x), seat_at(ctx, y)
    st.seats[x - 1], st.seats[y - 1] = st.seats[y - 1], st.seats[x - 1]
    st.seats[x - 1].seat, st.seats[y - 1].seat = x, y
    ox, oy = st.offers.pop(x, None), st.offers.pop(y, None)
    if ox is not None:
        st.offers[y] = ox
    if oy is not None:
        st.offers[x] = oy
    ctx.event("swap", f"seats {x} and {y} swapped", f"{x}号位与{y}号位交换", None)


def v_general(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    try:
        g = find_general(a.args["general"])
    except UnknownGeneralError as e:
        raise Refused("general.unknown", e.en, e.zh, "generals.toml", forceable=False) from None
    for o in ctx.st.seats:
        ctx.check(o.seat == s.seat or o.general != g.id, "general.taken", f"{g.zh} {g.en} is already at seat {o.seat}",
                  f"{g.zh}已在{o.seat}号位", "rulebook: 选将")
    offer = ctx.st.offers.get(s.seat)
    ctx.check(not offer or g.id in offer, "general.offer", f"{g.zh} was not offered to seat {s.seat} (offered: {', '.join(offer or [])})",
              f"{g.zh}不在{s.seat}号位的候选武将中", "rulebook: 选将")
    s.general = g.id
    ctx.event("general", f"seat {s.seat} plays {g.en} ({g.zh})", f"{s.seat}号位选择{g.zh}", s.seat)


def v_role(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    if st.started and top is not None and top.kind == "reveal" and a.seat == top.data["victim"]:
        v_reveal(ctx, Action("reveal", a.seat, {"role": a.args["role"]}, a.forced))
        return
    s = seat_at(ctx, a.seat, alive=False)
    if st.over:
        _record_role(ctx, s, a.args["role"])
        return
    if st.started:
        ctx.check(False, "role.hidden", f"seat {s.seat}'s role is hidden until death", f"{s.seat}号位的身份在阵亡前保密", SRC_SETUP)
    if st.players and s.role == "lord" and not st.started:
        raise Refused("role.lord", "this seat is the lord; set another seat with 'lord S' first", "该座位是主公",
                      SRC_SETUP, forceable=False)
    check_role(ctx, s.seat, a.args["role"])
    s.role, s.role_public = a.args["role"], False
    ctx.event("role", f"seat {s.seat}'s role is dealt (hidden)", f"{s.seat}号位的身份已发（保密）", s.seat)


def _record_role(ctx: Ctx, s: Seat, role: str) -> None:
    """After the game: the role cards are turned up (rulebook 001 游戏结束; RULES_NOTES: Win conditions) and
    ``role S ROLE`` records a role the companion never learned (``role.known`` when it did)."""
    if s.role is not None:
        # the refusal names the role only when it is public (a survivor's role stays hidden until revealed)
        shown = s.public_role
        raise Refused("role.known",
                      f"seat {s.seat}'s role is already recorded" + (f": {shown}" if shown else
                                                                     " (hidden: F5 shows the roles)"),
                      f"{s.seat}号位的身份已记录" + (f"：{oc.ROLE_ZH.get(shown, shown)}" if shown else
                                                 "（保密：按 F5 显示身份）"), SRC_SETUP, forceable=False)
    check_role(ctx, s.seat, role)
    s.role, s.role_public = role, True
    se, sz = who(ctx.st, s.seat)
    left = oc.unrecorded(ctx.st)
    more_en = f"; still unrecorded: {oc.seats_en(left)}" if left else ""
    more_zh = f"；尚未记录：{'、'.join(map(str, left))}号位" if left else ""
    ctx.event("role", f"{se} — role: {role}{more_en}", f"{sz}——身份：{oc.ROLE_ZH[role]}{more_zh}", s.seat, role=role)


def v_offer(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    gens = []
    for name in a.args["generals"]:
        try:
            gens.append(find_general(name))
        except UnknownGeneralError as e:
            raise Refused("general.unknown", e.en, e.zh, "generals.toml", forceable=False) from None
    ids = [g.id for g in gens]
    ctx.st.offers[s.seat] = ids
    # zh lists the Chinese names (曹操、刘备…), en the ids that `general S ID` takes.
    ctx.event("offer", f"seat {s.seat} is offered {', '.join(ids)}",
              f"{s.seat}号位候选武将：{'、'.join(g.zh for g in gens)}", s.seat)


def v_variant(ctx: Ctx, a: Action) -> None:
    name, on = a.args["name"], a.args.get("on", True)
    if name not in VARIANTS:
        raise Refused("variant.unknown", f"unknown variant {name!r}; known: {', '.join(VARIANTS)}", f"未知变体{name}",
                      "docs/rules.md", forceable=False)
    (ctx.st.variants.add if on else ctx.st.variants.discard)(name)
    ctx.event("variant", f"variant {name} {'on' if on else 'off'}", f"变体{name}{'开启' if on else '关闭'}")


def v_start(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    ctx.check(st.players >= MIN_PLAYERS, "setup.players", "set the number of players first ('players N')",
              "请先设置人数（players N）", SRC_SETUP, forceable=False)
    lord = st.lord_seat
    if lord is None:
        raise Refused("setup.lord", "name the lord first ('lord S')", "请先指定主公（lord S）", SRC_SETUP, forceable=False)
    if "no_generals" not in st.variants:
        missing = [s.seat for s in st.seats if s.general is None]
        ctx.check(not missing, "setup.generals", f"seats without a general: {', '.join(map(str, missing))}",
                  f"未选武将的座位：{'、'.join(map(str, missing))}", SRC_SETUP)
    table = role_table(st.players, st.variants)
    for s in st.seats:
        s.max_hp = max_hp(s.general, s.role == "lord", st.players, st.variants)
        s.hp = s.max_hp
        s.hand = 4
    st.started, st.round, st.turn_seat = True, 1, lord
    st.counters = {}
    le, lz = who(st, lord)
    roles = "/".join(str(table[r]) for r in ROLES)
    ctx.event("start", f"the game starts: {st.players} players, roles {roles} (lord/loyalist/rebel/renegade); "
              f"{le} is the lord with {st.seat(lord).max_hp} HP", f"游戏开始：{st.players}人，{lz}为主公，体力{st.seat(lord).max_hp}")
    ctx.event("turn", f"round 1: {le}'s turn", f"第1轮：{lz}的回合", lord)
    enter(ctx, "start")
