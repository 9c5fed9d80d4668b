"""Words and layout of the dashboard, without Textual (plain functions, easy to test).

Everything the dashboard prints about a seat or the game goes through here, in
Chinese (``"zh"``) or English (``"en"``).  Roles are printed only through
:attr:`Seat.public_role` unless the caller passes ``reveal=True`` (the moderator
asked and confirmed).
"""

from __future__ import annotations

from math import ceil

from companion.rules.cards import KINDS
from companion.rules.generals import GENERALS
from companion.rules.state import SLOTS, GameState, Seat

__all__ = [
    "ROLE_NAMES", "PHASE_NAMES", "LABELS", "label", "role_name", "phase_name",
    "kind_of", "card_short", "hp_marks", "seat_lines", "header_text", "prompt_text",
    "ring_layout", "seat_label",
]

ROLE_NAMES = {
    "lord": ("主公", "Lord"),
    "loyalist": ("忠臣", "Loyalist"),
    "rebel": ("反贼", "Rebel"),
    "renegade": ("内奸", "Renegade"),
}

PHASE_NAMES = {
    "start": ("准备阶段", "start phase"),
    "judge": ("判定阶段", "judge phase"),
    "draw": ("摸牌阶段", "draw phase"),
    "play": ("出牌阶段", "play phase"),
    "discard": ("弃牌阶段", "discard phase"),
    "finish": ("结束阶段", "finish phase"),
}

# Short names for the equipment slots of a seat card (the full name is in cards.KINDS).
_SHORT = {
    "crossbow": ("连弩", "Xbow"),
    "qinggang_sword": ("青釭", "Qinggang"),
    "ice_sword": ("寒冰", "Ice"),
    "double_swords": ("双股", "DblSw"),
    "blade": ("青龙", "Blade"),
    "spear": ("丈八", "Spear"),
    "axe": ("贯石", "Axe"),
    "halberd": ("画戟", "Halberd"),
    "kylin_bow": ("麒麟", "Kylin"),
    "eight_diagram": ("八卦", "8Diag"),
    "nioh_shield": ("仁王", "Nioh"),
    "dilu": ("的卢", "Dilu"),
    "jueying": ("绝影", "Jueying"),
    "zhuahuangfeidian": ("爪黄", "Zhuahuang"),
    "chitu": ("赤兔", "Chitu"),
    "dayuan": ("大宛", "Dayuan"),
    "zixing": ("紫骍", "Zixing"),
    "indulgence": ("乐", "Indul"),
    "lightning": ("闪电", "Light"),
    "supply_shortage": ("兵粮", "Supply"),
}

_SLOT_MARK = {
    "weapon": ("武", "W"),
    "armor": ("防", "A"),
    "plus_horse": ("+1", "+1"),
    "minus_horse": ("-1", "-1"),
}

LABELS: dict[str, tuple[str, str]] = {
    "round": ("第{n}轮", "round {n}"),
    "setup": ("准备中（未开始）", "setting up (not started)"),
    "turn": ("{seat}号位 {phase}", "seat {seat} {phase}"),
    "over": ("游戏结束 — 胜方：{winner}", "game over — winner: {winner}"),
    "hand": ("手牌{n}", "hand {n}"),
    "judgement": ("判定区", "judge"),
    "dead": ("阵亡", "dead"),
    "dying": ("濒死", "dying"),
    "seat": ("{n}号位", "seat {n}"),
    "no_general": ("（未选将）", "(no general)"),
    "judge_hint": ("输入：judge ♠7 — 或按 F6 扫描", "type: judge ♠7 — or press F6 to scan"),
    "skill_hint": ("F8 发动 · F9 不发动 · F7 技能说明", "F8 yes · F9 no · F7 skill texts"),
    "log": ("记录", "Log"),
    "undone": ("已撤销", "undone"),
    "forced": ("强制", "forced"),
    "nothing_undo": ("没有可撤销的操作", "nothing to undo"),
    "nothing_redo": ("没有可重做的操作", "nothing to redo"),
    "undo_done": ("已撤销一步", "undid one step"),
    "redo_done": ("已重做一步", "redid one step"),
    "refused": ("拒绝", "refused"),
    "bad_command": ("无法读取命令", "cannot read command"),
    "force_hint": ("（规则不允许；前加 force 可强制执行）", "(prefix with force to override)"),
    "roles_shown": ("身份已公开显示 — 按 F5 隐藏", "roles shown — press F5 to hide"),
    "roles_hidden": ("身份已隐藏", "roles hidden"),
    "placeholder": ("输入命令，例如 damage 3 1 · Tab 补全 · F1 帮助", "command, e.g. damage 3 1 · Tab completes · F1 help"),
    "no_judge": ("现在没有判定", "no judgement is pending"),
    "scan_unavailable": ("无法使用摄像头：{why} — 请手动输入：judge ♠7",
                         "camera not available: {why} — type it: judge ♠7"),
    "scan_start": ("正在扫描判定牌…（Esc 停止）", "scanning the judgement card… (Esc stops)"),
    "scan_accepted": ("读到 {card}，按 Enter 确认或修改", "read {card}: press Enter to confirm, or edit"),
    "internal": ("内部错误", "internal error"),
}


def label(key: str, lang: str, **kw) -> str:
    zh, en = LABELS[key]
    return (zh if lang == "zh" else en).format(**kw)


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "zh" else pair[1]


def role_name(role: str | None, lang: str) -> str:
    if role is None:
        return ""
    return _pick(ROLE_NAMES.get(role, (role, role)), lang)


def phase_name(phase: str | None, lang: str) -> str:
    if phase is None:
        return ""
    return _pick(PHASE_NAMES.get(phase, (phase, phase)), lang)


def kind_of(ref: str | None) -> str | None:
    """``"qinggang_sword-spade-6"`` → ``"qinggang_sword"``; ``"chitu"`` → ``"chitu"``."""
    return None if ref is None else ref.split("-", 1)[0]


def card_short(ref: str, lang: str) -> str:
    """A short card name for a seat card (青釭 / Qinggang); unknown kinds print as given."""
    kind = kind_of(ref)
    if kind in _SHORT:
        return _pick(_SHORT[kind], lang)
    k = KINDS.get(kind)
    if k is None:
        return ref
    return k.zh if lang == "zh" else k.en


def card_full(ref: str, lang: str) -> str:
    k = KINDS.get(kind_of(ref))
    return ref if k is None else (k.zh if lang == "zh" else k.en)


def hp_marks(hp: int, max_hp: int) -> str:
    """``●●●○`` for 3 of 4; a dying seat (HP ≤ 0) shows only empty marks."""
    full = max(0, min(hp, max_hp))
    return "●" * full + "○" * max(0, max_hp - full)


def general_name(seat: Seat, lang: str) -> tuple[str, str]:
    """(general name, kingdom) in the language, or a placeholder."""
    g = GENERALS.get(seat.general) if seat.general else None
    if g is None:
        return (seat.general or label("no_general", lang), "")
    name = g.zh if lang == "zh" else g.en
    kingdom = g.kingdom.zh if lang == "zh" else g.kingdom.value
    return name, kingdom


def seat_label(n: int, lang: str) -> str:
    return label("seat", lang, n=n)


def seat_lines(seat: Seat, lang: str, *, reveal: bool = False) -> list[str]:
    """The text lines of one seat card (plain text, no markup).

    1. number, name, role (public only, or all when ``reveal``)
    2. general and kingdom
    3. HP marks, HP/max, hand count
    4. equipment (4 slots)
    5. judgement area, oldest first
    """
    role = seat.role if reveal else seat.public_role
    r = role_name(role, lang)
    top = f"{seat.seat} {seat.name}".rstrip()
    if r:
        top += f" [{r}]"
    if not seat.alive:
        top += f" ✝{label('dead', lang)}"
    elif seat.dying:
        top += f" !{label('dying', lang)}"
    gen, kingdom = general_name(seat, lang)
    gline = f"{gen} {kingdom}".rstrip()
    hp = f"{hp_marks(seat.hp, seat.max_hp)} {seat.hp}/{seat.max_hp}  {label('hand', lang, n=seat.hand)}"
    eq = []
    for slot in SLOTS:
        ref = seat.equipment.get(slot)
        if ref:
            eq.append(f"{_pick(_SLOT_MARK[slot], lang)}:{card_short(ref, lang)}")
    eline = " ".join(eq) if eq else "—"
    jl = " ".join(card_short(ref, lang) for ref in seat.judgement)
    jline = f"{label('judgement', lang)}: {jl}" if jl else ""
    return [top, gline, hp, eline, jline]


def header_text(state: GameState, lang: str) -> str:
    """``第2轮 · 3号位 出牌阶段`` or the winner when the game is over."""
    if state.over:
        who = role_name(state.winner, lang) or (state.winner or "?")
        text = label("over", lang, winner=who)
        if state.win_reason:
            text += f" ({state.win_reason})"
        return text
    if not state.started:
        return label("setup", lang)
    parts = [label("round", lang, n=state.round)]
    if state.turn_seat is not None:
        parts.append(label("turn", lang, seat=state.turn_seat, phase=phase_name(state.phase, lang)))
    return " · ".join(parts)


def is_judgement_prompt(p) -> bool:
    """A judgement card is to be flipped: a delayed trick's, or a skill's (刚烈, 洛神, 铁骑)."""
    return p is not None and (p.kind == "judge" or (p.kind == "skill" and p.data.get("step") == "judge"))


def prompt_text(state: GameState, lang: str) -> str:
    """The banner: ``⚠ 5号位：求桃 …``, with the scan hint for a judgement; "" when nothing is asked."""
    p = state.prompt
    if p is None:
        return ""
    q = (p.zh or p.en) if lang == "zh" else p.en
    who = seat_label(p.seat, lang)
    if who.lower() in q.lower():
        text = f"⚠ {q}"
    else:
        text = f"⚠ {who}：{q}" if lang == "zh" else f"⚠ {who}: {q}"
    if is_judgement_prompt(p):
        text += "  ·  " + label("judge_hint", lang)
    elif p.kind == "skill":
        text += "  ·  " + label("skill_hint", lang)
    return text


def ring_layout(n: int) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """Place ``n`` seats around a table: ``(rows, cols, {seat: (row, col)})``.

    Seat 1 sits top left; play goes left to right along the top, down the
    right side, right to left along the bottom and up the left side, so the
    seating order reads as a ring.  Up to 6 seats use two rows; 7 to 10 add one
    seat on each side in a middle row.
    """
    if n <= 0:
        return 1, 1, {}
    if n <= 6:
        cols = max(1, ceil(n / 2))
        pos = {}
        for i in range(1, n + 1):
            if i <= cols:
                pos[i] = (0, i - 1)
            else:
                pos[i] = (1, cols - 1 - (i - cols - 1))
        rows = 1 if n == 1 else 2
        return rows, cols, pos
    rest = n - 2
    top = ceil(rest / 2)
    bottom = rest - top
    cols = top
    pos = {}
    s = 1
    for c in range(top):
        pos[s] = (0, c)
        s += 1
    pos[s] = (1, cols - 1)  # right side
    s += 1
    for k in range(bottom):
        pos[s] = (2, cols - 1 - k)
        s += 1
    pos[s] = (1, 0)  # left side
    return 3, cols, pos
