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
from .messages import Words, append_en_zh, en_zh, say, text
from .outcome import who
from .setup import MAX_PLAYERS, MIN_PLAYERS, VARIANT_NAMES, VARIANTS, max_hp, role_table
from .state import ROLES, Seat
from .vocab import PromptKind, Rule

SRC_SETUP = "rulebook: 游戏准备 (setup); RULES_NOTES: Roles per player count"
SRC_SEATS = "companion: seats are numbered 1..N in the order of play"
SRC_PROMPT = "companion: answer the pending question first"
SRC_NO_PROMPT = "companion: answers only answer a pending question (docs/commands.md, Questions)"

NAME_MAX = 24  # characters in a player name (fits a seat card)


def v_reveal(ctx: Ctx, a: Action) -> None:
    """``reveal ROLE`` at a dead seat's reveal question: its role card is turned up and the death finishes (reward
    or penalty).  Raises Refused ``prompt.none`` with no such question, ``prompt.seat``, and those of :func:`check_role`."""
    st = ctx.st
    top = st.prompt
    role = a.args["role"]
    if top is None or top.kind != PromptKind.REVEAL:
        raise Refused(Rule.PROMPT_NONE, source=SRC_NO_PROMPT, forceable=False, msg="role_card_turn")
    victim = top.data.victim
    if a.seat is not None and a.seat != victim:
        raise Refused(Rule.PROMPT_SEAT, source=SRC_PROMPT, forceable=False, msg="seat_role_being", victim=victim,
                      seat=a.seat)
    check_role(ctx, victim, role)
    s = st.seat(victim)
    s.role, s.role_public = role, True
    st.prompts.pop()
    oc.finish_death(st, ctx.ev, victim, top.data.source, discard=False)


def check_role(ctx: Ctx, n: int, role: str) -> None:
    """``role`` may be seat ``n``'s card.  Raises Refused ``role.unknown``, ``role.lord`` (the lord is set by
    ``lord S``), ``role.count`` when the table's role deck has no such card left (rulebook 身份牌 tables)."""
    st = ctx.st
    if role not in ROLES:
        raise Refused(Rule.ROLE_UNKNOWN, source=SRC_SETUP, forceable=False, role=role, roles_list=', '.join(ROLES))
    ctx.check(role != "lord", Rule.ROLE_LORD, source=SRC_SETUP, forceable=False, msg="lord_set_lord")
    table = role_table(st.players, st.variants)
    left = oc.remaining_roles(st, exclude=n)
    # Not forceable: the role deck of this table (variants included) has no such card, so forcing would record a
    # card that cannot exist; a wrong earlier entry is corrected with `role S ROLE` for that seat instead.
    ctx.check(left[role] > 0, Rule.ROLE_COUNT, source=SRC_SETUP, forceable=False, players=st.players,
              table_role=table[role], table_role_minus_left_role=table[role] - left[role],
              role=Words(role, oc.ROLE_ZH[role]))


def v_players(ctx: Ctx, a: Action) -> None:
    """``players N``: the table has N seats (2..10; seats beyond N lose what was typed for them, said in the log).
    Raises Refused ``setup.players``."""
    k = int(a.args["n"])
    ctx.check(MIN_PLAYERS <= k <= MAX_PLAYERS, Rule.SETUP_PLAYERS, source=SRC_SETUP, forceable=False,
              msg="players_companion_supports", k=k, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)
    st = ctx.st
    old = {s.seat: s for s in st.seats}
    # seats beyond the new count lose what was typed for them: say so (names, generals, roles)
    lost_en: list[str] = []
    lost_zh: list[str] = []
    for s in st.seats:
        if s.seat <= k:
            continue
        en: list[str] = []
        zh: list[str] = []
        if s.name:
            append_en_zh(en, zh, en_zh("table.v_players/name", name=s.name))
        g = GENERALS.get(s.general or "")
        if s.general:
            append_en_zh(
                en, zh, en_zh("table.v_players/general",
                                       g=Words(g.en if g else s.general, g.zh if g else s.general)))
        if s.role == "lord":
            append_en_zh(en, zh, en_zh("table.v_players/lord"))
        elif s.role is not None:
            append_en_zh(en, zh, en_zh("table.v_players/dealt_role"))  # never name a hidden role on the shared log
        if s.seat in st.offers:
            append_en_zh(en, zh, en_zh("table.v_players/general_offer"))
        if en:
            append_en_zh(
                lost_en, lost_zh, en_zh("table.v_players/seat", seat=s.seat,
                                                 en_list=Words(', '.join(en), '、'.join(zh))))
    st.players = k
    st.seats = [old[i].clone() if i in old else Seat(i) for i in range(1, k + 1)]
    st.offers = {s: v for s, v in st.offers.items() if s <= k}
    ctx.event("setup", say("setup", k=k))
    if lost_en:
        ctx.event("notice", say("notice", lost_list=Words('; '.join(lost_en), '；'.join(lost_zh))))


def v_name(ctx: Ctx, a: Action) -> None:
    """``name S TEXT``: the player's name of seat S (spaces folded).  Raises Refused ``name.length``, ``seat.unknown``."""
    s = seat_at(ctx, a.seat, alive=False)
    text = " ".join(str(a.args["text"]).split())
    ctx.check(0 < len(text) <= NAME_MAX, Rule.NAME_LENGTH, source=SRC_SEATS, forceable=False, name_max=NAME_MAX,
              n_text=len(text))
    s.name = text
    ctx.event("name", say("name", seat=s.seat, name=s.name), seat=s.seat)


def v_lord(ctx: Ctx, a: Action) -> None:
    """``lord S``: seat S is the lord (its role public); a previous lord seat loses the role."""
    s = seat_at(ctx, a.seat)
    for o in ctx.st.seats:
        if o.role == "lord":
            o.role, o.role_public = None, False
    s.role, s.role_public = "lord", True
    ctx.event("lord", say("lord", seat=s.seat), seat=s.seat)


def v_swap(ctx: Ctx, a: Action) -> None:
    """``swap A B``: two seats trade places before the start.  Raises Refused ``seat.unknown``."""
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
    ctx.event("swap", say("swap", x=x, y=y), seat=None)


def v_general(ctx: Ctx, a: Action) -> None:
    """``general S G``: seat S plays general G (max HP is set at ``start``).  Raises Refused ``general.unknown``,
    ``general.taken`` (one of each: rulebook 选将), ``general.offer`` (not among the seat's offer)."""
    s = seat_at(ctx, a.seat)
    try:
        g = find_general(a.args["general"])
    except UnknownGeneralError as e:
        raise Refused(Rule.GENERAL_UNKNOWN, e.en, e.zh, "generals.toml", forceable=False) from None
    for o in ctx.st.seats:
        ctx.check(o.seat == s.seat or o.general != g.id, Rule.GENERAL_TAKEN, source="rulebook: 选将", g=g, seat=o.seat,
                  g_g=g.en)
    offer = ctx.st.offers.get(s.seat)
    ctx.check(not offer or g.id in offer, Rule.GENERAL_OFFER, source="rulebook: 选将", g=g, seat=s.seat,
              value_list=', '.join(offer or []))
    s.general = g.id
    ctx.event("general", say("general", seat=s.seat, g=Words(g.en, g.zh), g_g=g.zh), seat=s.seat)


def v_role(ctx: Ctx, a: Action) -> None:
    """``role S ROLE``: a role dealt by the companion, a dead seat's, or after the game a survivor's.  Raises Refused
    ``role.hidden`` (forceable: a living non-lord's role is not entered during the game), ``role.lord``, ``role.known``."""
    st = ctx.st
    top = st.prompt
    if st.started and top is not None and top.kind == PromptKind.REVEAL and a.seat == top.data.victim:
        v_reveal(ctx, Action("reveal", a.seat, {"role": a.args["role"]}, a.forced))
        return
    s = seat_at(ctx, a.seat, alive=False)
    if st.over:
        _record_role(ctx, s, a.args["role"])
        return
    if st.started:
        ctx.check(False, Rule.ROLE_HIDDEN, source=SRC_SETUP, seat=s.seat)
    if st.players and s.role == "lord" and not st.started:
        raise Refused(Rule.ROLE_LORD, source=SRC_SETUP, forceable=False, msg="this_seat_lord")
    check_role(ctx, s.seat, a.args["role"])
    s.role, s.role_public = a.args["role"], False
    ctx.event("role", say("role/seat_role_dealt", seat=s.seat), seat=s.seat)


def _record_role(ctx: Ctx, s: Seat, role: str) -> None:
    """After the game: the role cards are turned up (rulebook 001 游戏结束; RULES_NOTES: Win conditions) and
    ``role S ROLE`` records a role the companion never learned (``role.known`` when it did)."""
    if s.role is not None:
        # the refusal names the role only when it is public (a survivor's role stays hidden until revealed)
        shown = s.public_role
        if shown:
            raise Refused(Rule.ROLE_KNOWN, source=SRC_SETUP, forceable=False, msg="shown", seat=s.seat,
                          role=Words(shown, oc.ROLE_ZH.get(shown, shown)))
        raise Refused(Rule.ROLE_KNOWN, source=SRC_SETUP, forceable=False, msg="hidden", seat=s.seat)
    check_role(ctx, s.seat, role)
    s.role, s.role_public = role, True
    se, sz = who(ctx.st, s.seat)
    left = oc.unrecorded(ctx.st)
    more_en, more_zh = en_zh("table.record_role",
                             seats=oc.seat_list(left)) if left else ("", "")
    ctx.event("role",
              say("role/role2", src=Words(se, sz), more=Words(more_en, more_zh), role=Words(role, oc.ROLE_ZH[role])),
              seat=s.seat, role=role)


def v_offer(ctx: Ctx, a: Action) -> None:
    """``offer S G1 G2 …``: the generals offered to seat S.  Raises Refused ``general.unknown``."""
    s = seat_at(ctx, a.seat)
    gens = []
    for name in a.args["generals"]:
        try:
            gens.append(find_general(name))
        except UnknownGeneralError as e:
            raise Refused(Rule.GENERAL_UNKNOWN, e.en, e.zh, "generals.toml", forceable=False) from None
    ids = [g.id for g in gens]
    ctx.st.offers[s.seat] = ids
    # zh lists the Chinese names (曹操、刘备…), en the ids that `general S ID` takes.
    ctx.event("offer", say("offer", seat=s.seat, ids_list=Words(', '.join(ids), '、'.join(g.zh for g in gens))),
              seat=s.seat)


def v_variant(ctx: Ctx, a: Action) -> None:
    """``variant NAME on|off`` (and ``track hands on|off``).  Raises Refused ``variant.unknown`` (docs/rules.md)."""
    name, on = a.args["name"], a.args.get("on", True)
    if name not in VARIANTS:
        raise Refused(Rule.VARIANT_UNKNOWN, source="docs/rules.md", forceable=False, name=name,
                      variants_list=', '.join(VARIANTS))
    (ctx.st.variants.add if on else ctx.st.variants.discard)(name)
    ctx.event("variant", say("variant", name=VARIANT_NAMES.get(name, name),
                             value=text("table.variant/on") if on else text("table.variant/off")))


def v_start(ctx: Ctx, a: Action) -> None:
    """``start``: the game begins with the lord's first turn.  Raises Refused ``setup.players``, ``setup.lord``,
    ``setup.generals`` (a seat without a general unless variant no_generals)."""
    st = ctx.st
    ctx.check(st.players >= MIN_PLAYERS, Rule.SETUP_PLAYERS, source=SRC_SETUP, forceable=False, msg="set_number_players")
    lord = st.lord_seat
    if lord is None:
        raise Refused(Rule.SETUP_LORD, source=SRC_SETUP, forceable=False)
    if "no_generals" not in st.variants:
        missing = [s.seat for s in st.seats if s.general is None]
        ctx.check(not missing, Rule.SETUP_GENERALS, source=SRC_SETUP,
                  missing_list=Words(', '.join(map(str, missing)), '、'.join(map(str, missing))))
    table = role_table(st.players, st.variants)
    for s in st.seats:
        s.max_hp = max_hp(s.general, s.role == "lord", st.players, st.variants)
        s.hp = s.max_hp
        s.hand = 4
    st.started, st.round, st.turn_seat = True, 1, lord
    st.counters = {}
    le, lz = who(st, lord)
    roles = "/".join(str(table[r]) for r in ROLES)
    ctx.event("start", say("start", players=st.players, l_name=Words(le, lz), max_hp=st.seat(lord).max_hp, roles=roles))
    ctx.event("turn", say("turn/round_turn2", l_name=Words(le, lz)), seat=lord)
    enter(ctx, "start")
