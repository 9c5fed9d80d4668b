"""Words and layout of the dashboard, without Textual (plain functions, easy to test).

Everything the dashboard prints about a seat or the game goes through here, in
Chinese (``"zh"``) or English (``"en"``).  Roles are printed only through
:attr:`Seat.public_role` unless the caller passes ``reveal=True`` (the moderator
asked and confirmed).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import ceil
from typing import TYPE_CHECKING, Any

from companion.rules.deck import KINDS
from companion.rules.messages import Names, render
from companion.rules.state import SLOTS, AnyPrompt, GameState, Seat, win_words
from companion.rules.vocab import PromptKind

if TYPE_CHECKING:
    from rich.text import Text

    from companion.rules.errors import Event
    from companion.tui.protocols import ScanStatusLike

__all__ = [
    "ROLE_NAMES", "PHASE_NAMES", "LABELS", "label", "role_name", "phase_name",
    "kind_of", "card_short", "redact_line", "hidden_roles", "line_is_secret", "event_words",
    "hp_marks", "seat_lines", "header_text", "prompt_text",
    "skill_answer_verbs", "start_max_hp",
    "ring_layout", "seat_label",
]

class _Pairs(Mapping[str, tuple[str, str]]):
    """``{id: (zh, en)}`` of a vocabulary of the catalogue's ``[name]`` table (``Names``), read on first use."""

    __slots__ = ("_zh", "_en")

    def __init__(self, zh: Names, en: Names) -> None:
        self._zh, self._en = zh, en

    def __getitem__(self, ident: str) -> tuple[str, str]:
        return self._zh[ident], self._en[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(self._zh)

    def __len__(self) -> int:
        return len(self._zh)


ROLE_NAMES = _Pairs(Names("role_title", "zh"), Names("role_title", "en"))
"""``role → (zh, en)`` as the seat cards and the header write it (主公 / Lord): ``[name] "role_title.*"``."""
PHASE_NAMES = _Pairs(Names("phase_title", "zh"), Names("phase_title", "en"))
"""``phase → (zh, en)`` with the word "phase" (出牌阶段 / play phase): ``[name] "phase_title.*"``."""

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
    "lightning": ("闪电", "Lightning"),  # not "Light": read as light mode (newcomer finding, 4 Dec)
    "supply_shortage": ("兵粮", "Supply"),
}

_SLOT_MARK = {
    "weapon": ("武", "W"),
    "armor": ("防", "A"),
    "plus_horse": ("+1", "+1"),
    "minus_horse": ("-1", "-1"),
}

class Templates(Mapping[str, tuple[str, str]]):
    """``{key: (zh, en)}``: the catalogue's ``[text]`` templates whose key starts with ``prefix``, the prefix left
    out (``Templates("tui.text.")["round"] == ("第{n}轮", "round {n}")``).  Read on first use; for tests and
    reviews of the dashboard's texts — the code renders them with :func:`label`."""

    __slots__ = ("prefix",)

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def _table(self) -> dict[str, tuple[str, str]]:
        from companion.rules.messages import catalogue  # noqa: PLC0415

        zh, en = catalogue("zh")["text"], catalogue("en")["text"]
        n = len(self.prefix)
        return {k[n:]: (zh.get(k, v), v) for k, v in en.items() if k.startswith(self.prefix)}

    def __getitem__(self, key: str) -> tuple[str, str]:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


LABELS = Templates("tui.text.")
"""The dashboard's own texts, ``key → (zh, en)``: the catalogue's ``[text] "tui.text.<key>"`` entries
(companion/data/messages/*.toml, docs/messages.md)."""


def label(key: str, lang: str, **kw: Any) -> str:
    """The dashboard text ``key`` (the catalogue's ``[text] "tui.text.<key>"``) in ``lang`` with the values ``kw``.
    ``KeyError`` for a key the catalogue lacks (tests/test_messages.py checks every key the code names)."""
    return render(lang, "text", "tui.text." + key, kw)


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


def kind_of(ref: str) -> str:
    """``"qinggang_sword-spade-6"`` → ``"qinggang_sword"``; ``"chitu"`` → ``"chitu"``."""
    return ref.split("-", 1)[0]


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


if TYPE_CHECKING:
    from companion.rules.generals import General

# The generals' table and the setup rules are imported by the functions below that need them, when a seat has
# a general (or generals are on offer): a new game's first paint has none (issue 15, docs/performance.md).


def _general(gid: str | None) -> General | None:
    """The general ``gid`` from ``companion.rules.generals.GENERALS``; None for None, "" or an unknown id."""
    if not gid:
        return None
    from companion.rules.generals import GENERALS  # noqa: PLC0415 - see above

    return GENERALS.get(gid)


def general_name(seat: Seat, lang: str) -> tuple[str, str]:
    """(general name, kingdom) in the language, or a placeholder."""
    g = _general(seat.general)
    if g is None:
        return (seat.general or label("no_general", lang), "")
    name = g.zh if lang == "zh" else g.en
    kingdom = g.kingdom.words(lang)  # 蜀 / Shu, never the id shu
    return name, kingdom


def offer_lines(seat: Seat, state: GameState | None, lang: str, width: int, lines: int = 3) -> list[str]:
    """The generals offered to ``seat`` while they are being picked (``offer`` / ``deal generals``,
    before ``start`` and before the seat has a general): ``候选：曹操 刘备 孙权`` /
    ``offered: Cao Cao, Liu Bei, Sun Quan``, wrapped between names at ``width`` cells onto at
    most ``lines`` lines (a name is never cut; with too little room the last names fold into the
    last line, which may then be wider than ``width``).  [] when nothing is on offer."""
    if state is None or state.started or seat.general is not None:
        return []
    ids = state.offers.get(seat.seat) or []
    if not ids:
        return []
    names = []
    for gid in ids:
        g = _general(gid)
        names.append(gid if g is None else (g.zh if lang == "zh" else g.en))
    from rich.cells import cell_len  # noqa: PLC0415 - rich only when drawing (text.py stays importable without it)

    sep = " " if lang == "zh" else ", "
    out = [label("offered", lang) + names[0]]
    for name in names[1:]:
        if cell_len(out[-1] + sep + name) <= width or len(out) >= lines:
            out[-1] += sep + name
        else:
            out.append(name)
    return out


def seat_label(n: int, lang: str) -> str:
    return label("seat", lang, n=n)


def start_max_hp(seat: Seat, state: GameState | None) -> int | None:
    """Before ``start``: the max HP the seat will start with (its general's, +1 for the lord
    when the rules give it: setup.max_hp), or None while it has no general.  Once started
    (or without a state): the seat's own ``max_hp``."""
    if state is None or state.started:
        return seat.max_hp
    if seat.general is None and "no_generals" not in state.variants:
        return None
    from companion.rules.setup import max_hp as setup_max_hp  # noqa: PLC0415 - see _general

    try:
        return setup_max_hp(seat.general, seat.role == "lord", state.players, state.variants)
    except Exception:  # noqa: BLE001 - an unknown general (forced): show what the seat holds
        return seat.max_hp


def seat_lines(seat: Seat, lang: str, *, reveal: bool = False, long: bool = False,
               state: GameState | None = None) -> list[str]:
    """The text lines of one seat card (plain text, no markup).

    1. number, name, role (public only, or all when ``reveal``)
    2. general and kingdom
    3. HP marks, HP/max, hand count
    4. equipment (4 slots)
    5. judgement area, oldest first

    ``long`` uses full card names (wide seat cards).  A weapon shows its range: ``武:青釭(2)``.
    With ``state`` before ``start``, line 3 shows the HP the seat will start with
    (:func:`start_max_hp`; "HP: pick a general" without a general), not the placeholder 4/4.
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
    if state is not None and not state.started:
        m = start_max_hp(seat, state)
        hp = f"{hp_marks(m, m)} {m}/{m}" if m is not None else f"— {label('hp_pending', lang)}"
    else:
        hp = f"{hp_marks(seat.hp, seat.max_hp)} {seat.hp}/{seat.max_hp}"
    if state is None or state.hands_tracked:  # light mode (track hands off): no hand count
        hp += f"  {label('hand', lang, n=seat.hand)}"
    name = card_full if long else card_short
    eq = []
    for slot in SLOTS:
        ref = seat.equipment.get(slot)
        if ref:
            text = f"{_pick(_SLOT_MARK[slot], lang)}:{name(ref, lang)}"
            k = KINDS.get(kind_of(ref))
            if slot == "weapon" and k is not None and k.range:
                text += f"({k.range})"
            eq.append(text)
    eline = " ".join(eq) if eq else "—"
    jl = " ".join(name(ref, lang) for ref in seat.judgement)
    jline = f"{label('judgement', lang)}: {jl}" if jl else ""
    return [top, gline, hp, eline, jline]


Segment = tuple[str, str]
"""``(text, style)`` of a seat card: style ``"bold"`` (the top line), ``"hp"`` (HP marks), ``"judge"``
(the judgement area) or ``""``."""


def _seat_groups(seat: Seat, lang: str, *, reveal: bool, state: GameState | None, mark: str, long: bool,
                 marks: bool, compact: bool, width: int, horses: bool = True, jlong: bool | None = None,
                 jcompact: bool = False) -> list[list[list[Segment]]]:
    """The seat card's content as groups of unbreakable items (each a list of segments), in order: the
    top line, the general (or the generals on offer), HP and hand, equipment, the judgement area.
    ``jlong``: full names in the judgement area (None: as ``long``); ``jcompact``: its short head (判 / J)."""
    role = seat.role if reveal else seat.public_role
    top: list[list[Segment]] = [[(f"{mark} {seat.seat}" if mark else str(seat.seat), "bold")]]
    if seat.name:
        top.append([(seat.name, "bold")])
    r = role_name(role, lang)
    if r:
        top.append([(f"[{r}]", "bold")])
    if not seat.alive:
        top.append([(f"✝{label('dead', lang)}", "bold")])
    elif seat.dying:
        top.append([(f"!{label('dying', lang)}", "bold")])
    groups = [top]
    offers = offer_lines(seat, state, lang, width, lines=4)
    if offers:
        groups += [[[(line, "")]] for line in offers]
    else:
        gen, kingdom = general_name(seat, lang)
        groups.append([[(f"{gen} {kingdom}".rstrip(), "")]])
    if state is not None and not state.started:
        m = start_max_hp(seat, state)
        hp = [[(hp_marks(m, m), "hp"), (f" {m}/{m}", "")]] if m is not None else \
            ([] if offers else [[(f"— {label('hp_pending', lang)}", "")]])
    else:
        hp = [[(hp_marks(seat.hp, seat.max_hp), "hp"), (f" {seat.hp}/{seat.max_hp}", "")]]
    if hp and not marks:
        hp = [[seg for seg in hp[0] if seg[1] != "hp"]]
        hp[0] = [(hp[0][0][0].lstrip(), "")]
    if (state is None or state.hands_tracked) and not offers:  # no hand count in light mode (track hands off), nor
        # under the generals on offer (before start: nobody holds a card yet, the card's room is for the names)
        hp.append([((f"手{seat.hand}" if lang == "zh" else f"h{seat.hand}") if compact
                    else label("hand", lang, n=seat.hand), "")])
    if hp:
        groups.append(hp)
    from rich.cells import cell_len  # noqa: PLC0415 - rich only when drawing

    def name(ref: str, extra: int = 0, full_names: bool = long) -> str:
        """The full card name where it fits the width (``long``), else the short one."""
        full = card_full(ref, lang)
        return full if full_names and cell_len(full) + extra <= width else card_short(ref, lang)

    eq: list[list[Segment]] = []
    for slot in SLOTS:
        ref = seat.equipment.get(slot)
        if ref:
            k = KINDS.get(kind_of(ref))
            rng = f"({k.range})" if slot == "weapon" and k is not None and k.range else ""
            head = f"{_pick(_SLOT_MARK[slot], lang)}{'' if compact else ':'}"
            text = head + name(ref, cell_len(head + rng)) + rng
            if not horses and slot in ("plus_horse", "minus_horse"):
                text = _pick(_SLOT_MARK[slot], lang)  # the last resort: a horse's rule is its sign
            eq.append([(text, "")])
    if eq or not (state is not None and not state.started and offers):
        groups.append(eq or [[("—", "")]])
    jhead = (("判" if lang == "zh" else "J") if compact or jcompact else label("judgement", lang)) + ": "
    jfull = long if jlong is None else jlong
    jud = [[(name(ref, cell_len(jhead) if i == 0 else 0, jfull), "judge")] for i, ref in enumerate(seat.judgement)]
    if jud:
        jud[0] = [(jhead, "judge"), *jud[0]]
        groups.append(jud)
    return groups


def _pack(groups: list[list[list[Segment]]], width: int, *, rows: bool, tall: bool = False) -> list[list[Segment]]:
    """Lay items out in lines of at most ``width`` cells, breaking only between items: ``rows`` starts each
    group on a new line (``tall``: each equipment item on its own line too), else items flow."""
    from rich.cells import cell_len  # noqa: PLC0415 - rich only when drawing

    lines: list[list[Segment]] = []
    used = 0
    for gi, group in enumerate(groups):
        if tall and gi >= 3 and len(group) > 1 and group[0][0][0] != "—" and group[0][0][1] != "judge":
            for item in group:
                lines.append(list(item))
            used = 0
            continue
        for ii, item in enumerate(group):
            w = sum(cell_len(t) for t, _ in item)
            new_line = not lines or (rows and ii == 0) or used + 1 + w > width or (tall and gi >= 3 and ii == 0)
            if new_line:
                lines.append(list(item))
                used = w
            else:
                lines[-1] += [(" ", ""), *item]
                used += 1 + w
    return lines


def seat_card(seat: Seat, lang: str, width: int, height: int, *, reveal: bool = False,
              state: GameState | None = None, mark: str = "") -> list[list[Segment]]:
    """The lines of one seat card that fit ``width`` × ``height`` cells, each a list of ``(text, style)``.

    Tried from the most readable to the most compact, the first that fits is used: one line per group
    with each equipment on its own line and full card names (tall cards, e.g. 120×40); one line per group
    with full names (the judgement area's head short, 判 / J, when its full names need it), then with short
    equipment names but full judgement names (a delayed trick's short name, ``Indul``, was read as cut: newcomer
    trial, issue 16), then with short names (青釭 / Qinggang) — a group longer than the width wrapping
    between its items; all items flowed; HP as numbers only; compact labels (``武青龙(3)``, ``手4``);
    horses by their sign alone (``+1 -1``: what the rules read).  A name is never cut inside; only when
    even the most compact layout does not fit are the last lines cut by the widget.
    ``mark``: ``▶`` (current seat) or ``⚠`` (asked), put before the seat number."""
    from rich.cells import cell_len  # noqa: PLC0415

    tries = [dict(long=True, rows=True, tall=True), dict(long=True, rows=True), dict(long=True, rows=True, jcompact=True),
             dict(long=False, rows=True, jlong=True), dict(long=False, rows=True, jlong=True, jcompact=True),
             dict(long=False, rows=True), dict(long=False, rows=False, jlong=True),
             dict(long=False, rows=False), dict(long=False, rows=False, marks=False),
             dict(long=False, rows=False, marks=False, compact=True),
             dict(long=False, rows=False, marks=False, compact=True, horses=False)]
    lines: list[list[Segment]] = []
    for t in tries:
        groups = _seat_groups(seat, lang, reveal=reveal, state=state, mark=mark, long=bool(t["long"]),
                              marks=bool(t.get("marks", True)), compact=bool(t.get("compact")), width=width,
                              horses=bool(t.get("horses", True)), jlong=t.get("jlong"),
                              jcompact=bool(t.get("jcompact")))
        if not t["rows"]:  # flowed: no "—" for an empty equipment area
            groups = [g for g in groups if g != [[("—", "")]]]
        lines = _pack(groups, width, rows=bool(t["rows"]), tall=bool(t.get("tall")))
        if len(lines) <= height and all(sum(cell_len(x) for x, _ in ln) <= width for ln in lines):
            skills = _skill_lines(seat, lang, width, height - len(lines), blank=bool(t.get("tall")))
            bare = [ln for ln in lines if ln != [("—", "")]]
            if not skills and len(bare) < len(lines):  # no line to spare: the skills take the "no equipment" line
                skills = _skill_lines(seat, lang, width, height - len(bare), blank=False)
                lines = bare if skills else lines
            return lines + skills
    return lines


def _skill_lines(seat: Seat, lang: str, width: int, room: int, *, blank: bool = True) -> list[list[Segment]]:
    """The general's skills by name in the ``room`` lines a card has left (F7 or a click on the general's line
    gives their texts): after a blank line on tall cards (``blank``) with 2 lines or more to spare; else in the
    lines left, one is enough (80×24: newcomer finding, 4 Dec — the cards had a line to spare and hid the skills),
    without the "skills:" head when only the names fit.  English names are comma-separated (``Villainous Hero,
    Escort``: two skills, not one of three words).  [] when a name would be cut or they do not fit."""
    g = _general(seat.general)
    if g is None or room < 1 or not seat.alive:
        return []
    from rich.cells import cell_len  # noqa: PLC0415

    names = [(k.zh if lang == "zh" else k.en) for k in g.skills]
    if lang != "zh":
        names = [n + "," for n in names[:-1]] + names[-1:]
    head = f"{label('skills', lang)}:"
    if any(cell_len(x) > width for x in [head, *names]):
        return []  # a name would be cut: left to F7

    def packed(items: list[str]) -> list[list[Segment]]:
        return _pack([[[(x, "skill")] for x in items]], width, rows=False)

    if blank and room >= 2 and len(lines := packed([head, *names])) + 1 <= room:
        return [[("", "")]] + lines
    for items in ([head, *names], names):
        lines = packed(items)
        if len(lines) <= room:
            return lines
    return []


def hidden_roles(state: GameState) -> set[str]:
    """The roles (never the lord) that a living seat holds without it being public."""
    return {s.role for s in state.seats if s.alive and s.role not in (None, "lord") and s.public_role is None}


def _role_of_line(line: str) -> tuple[int, str | None] | None:
    """``(index of the role word, role id or None when unreadable)`` for a ``[force] role S ROLE`` line."""
    words = line.split()
    i = 1 if words[:1] and words[0].casefold() == "force" else 0
    if len(words) >= i + 3 and words[i].casefold() == "role":
        from companion.script import ROLE_WORDS  # noqa: PLC0415 - the command language's role words

        return i + 2, ROLE_WORDS.get(words[i + 2].casefold())
    return None


def redact_line(line: str, state: GameState, *, reveal: bool = False) -> str:
    """A journal line as the shared screen may show it.

    ``role S ROLE`` (typed, or expanded from ``deal roles``) names a role: it is
    replaced by ``••`` while any living seat holds that role hidden.  The seat
    number is not trusted (``swap`` moves a dealt role to another seat number), so
    the line shows only a role nobody alive still hides (or the lord).
    Everything else is returned unchanged.
    """
    if reveal:
        return line
    found = _role_of_line(line)
    if found is None:
        return line
    i, role = found
    if role == "lord":
        return line
    if role is None or role in hidden_roles(state) or not line.split()[i - 1].isdigit():  # unreadable: no role word
        return " ".join(line.split()[:i] + ["••"])
    return line


def line_is_secret(line: str, state: GameState) -> bool:
    """A typed line that names a hidden role (``role S ROLE`` before the game is over): it is kept
    neither in the command bar nor in its history."""
    found = _role_of_line(line)
    return found is not None and found[1] != "lord" and not state.over


_ROLE_PATTERNS = {"loyalist": r"loyalists?", "rebel": r"rebels?", "renegade": r"renegades?"}


def _scrub(text: str, roles: set[str]) -> str:
    import re  # noqa: PLC0415

    for role in roles:
        zh, _en = ROLE_NAMES.get(role, (role, role))
        text = text.replace(zh, "••")
        text = re.sub(rf"\b{_ROLE_PATTERNS.get(role, re.escape(role))}\b", "••", text, flags=re.IGNORECASE)
    return text


def event_words(ev: Event, state: GameState, lang: str, *, undone: bool = False, reveal: bool = False) -> str:
    """An event's sentence as the shared screen may show it (the log pane).

    A ``role`` event (a death's turned-up role card, a survivor's recorded role) shows its role only
    while that seat's role is public; an undone entry never happened, so it shows no role that a
    living seat hides (its death did not happen either)."""
    words = (ev.zh or ev.en) if lang == "zh" else ev.en
    if reveal:
        return words
    role = ev.data.get("role")
    if ev.kind == "role" and role and role != "lord":
        n = ev.seat
        public = (not undone and isinstance(n, int) and 1 <= n <= len(state.seats)
                  and state.seat(n).public_role == role)
        if not public:
            words = _scrub(words, {role})
    if undone:
        words = _scrub(words, hidden_roles(state))
    return words


def header_text(state: GameState, lang: str) -> str:
    """``第2轮 · 3号位 出牌阶段`` or the winner when the game is over."""
    if state.over:
        who = role_name(state.winner, lang) or (state.winner or "?")
        text = label("over", lang, winner=who)
        words = win_words(state)
        reason = None if words is None else words[1] if lang == "zh" else words[0]
        if reason:
            text += f"（{reason}）" if lang == "zh" else f" ({reason})"
        return text
    light = "" if state.hands_tracked else " · " + label("light_mode", lang)
    if not state.started:
        return label("setup", lang) + light
    parts = [label("round", lang, n=state.round)]
    if state.turn_seat is not None:
        try:
            name = state.seat(state.turn_seat).name
        except IndexError:
            name = ""
        name = (f"（{name}）" if lang == "zh" else f" ({name})") if name else ""
        parts.append(label("turn", lang, seat=state.turn_seat, name=name, phase=phase_name(state.phase, lang)))
    return " · ".join(parts) + light


def is_judgement_prompt(p: AnyPrompt | None) -> bool:
    """A judgement card is to be flipped: a delayed trick's, or a skill's (刚烈, 洛神, 铁骑)."""
    return p is not None and (p.kind == PromptKind.JUDGE or (p.kind == PromptKind.SKILL and p.data.get("step") == "judge"))


def accepts_judge_face(p: AnyPrompt | None) -> bool:
    """The pending prompt takes ``judge FACE`` (F6 scans for it; the banner offers it): a judgement prompt
    (delayed trick, 刚烈 / 洛神 / 铁骑), or one whose own text offers ``judge FACE`` — the text the banner
    shows, e.g. an unused 八卦阵 on a 闪 question (``八卦阵: 'judge FACE' (red counts as 闪)``; the rules
    core drops that hint once the armour was judged)."""
    return is_judgement_prompt(p) or (p is not None and "judge FACE" in (p.en or ""))


SCAN_SURE = 0.3
"""Below this confidence a frame's guess is not named on the scan line ("looking for a card…")."""


def scan_status_text(status: ScanStatusLike, lang: str) -> str:
    """The live scan line for a ``recognition.camera.ScanStatus`` (``state``, ``reading``, ``streak``) in
    ``lang``: "looking for a card…" while nothing is read or the guess is below ``SCAN_SURE``,
    "reading ♠7 (0.83)" (", 2 frames agree"), "accepted ♠7".  Built from the status' fields: its own
    ``text`` is English only."""
    reading = status.reading
    card = reading.label if reading is not None else None
    named = bool(card) and card != "?"
    state = status.state
    if state == "accepted" and named:
        return label("scan_read", lang, card=card)
    conf = reading.confidence if reading is not None else None
    if state == "searching" or not named or (isinstance(conf, (int, float)) and conf < SCAN_SURE):
        return label("scan_searching", lang)
    text = label("scan_reading", lang, card=card, conf=f"{conf:.2f}" if isinstance(conf, (int, float)) else "?")
    streak = status.streak or 0
    if isinstance(streak, int) and streak > 1:
        text += label("scan_agree", lang, n=streak)
    return text


def skill_answer_verbs(p: AnyPrompt | None) -> frozenset[str]:
    """The verbs that answer a ``skill`` prompt, as the rules core registers them
    (``skills.STEPS["<skill>:<step>"].verbs``): ``{"yes", "no", "skill"}`` for a yes / no
    question, ``{"discard", "take", "pass"}`` for 刚烈's choice...  Empty for another prompt or an
    unregistered step."""
    if p is None or p.kind != PromptKind.SKILL:
        return frozenset()
    from companion.rules.skills.base import STEPS  # noqa: PLC0415 - only when a skill question is up

    ans = STEPS.get(f"{p.data.get('skill')}:{p.data.get('step', 'ask')}")
    return ans.verbs if ans is not None else frozenset()


def prompt_text(state: GameState, lang: str) -> str:
    """The banner: ``⚠ 5号位：求桃 …``, with the scan hint for a judgement; the setup's next step before ``start``;
    at a start phase with nothing asked, what F2 does (newcomer finding, 4 Dec: the empty line said nothing there);
    "" when nothing is asked."""
    p = state.prompt
    if p is None:
        if state.started and not state.over and state.phase == "start":
            return label("hint_next_phase", lang)
        return setup_hint(state, lang)
    q = " ".join((((p.zh or p.en) if lang == "zh" else p.en) or "").split())  # no line break after the ⚠
    who = seat_label(p.seat, lang)
    if who.lower() in q.lower():
        text = f"⚠ {q}"
    else:
        text = f"⚠ {who}：{q}" if lang == "zh" else f"⚠ {who}: {q}"
    if accepts_judge_face(p):
        text += "  ·  " + label("judge_hint", lang)
    elif p.kind == PromptKind.SKILL:
        # F8 / F9 only where they answer: yes / no questions (not 刚烈's "discard 2 / take")
        verbs = skill_answer_verbs(p)
        text += "  ·  " + label("skill_hint" if {"yes", "no"} <= verbs else "skill_hint_no" if "no" in verbs
                                else "skill_hint_f7", lang)
    return text


def setup_hint(state: GameState, lang: str) -> str:
    """Before ``start``: the next setup step in words (docs/commands.md, Setup); "" once started."""
    if state.started:
        return ""
    if state.players == 0:
        return label("hint_players", lang)
    if state.lord_seat is None:
        return label("hint_lord", lang)
    missing = [s.seat for s in state.seats if s.general is None]
    if missing and "no_generals" not in state.variants:
        return label("hint_generals", lang, seats=" ".join(map(str, missing[:10])))
    return label("hint_start", lang)


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


def corner_preview(corner, width: int = 12) -> "Text | None":
    """A small terminal picture of the warped card corner (the reader's ``Reading.corner``).

    ``corner`` is an ``(H, W, 3)`` BGR uint8 array (or None); the result is a
    rich ``Text`` of half-block characters, ``width`` cells wide and about
    ``width * H / W / 2`` lines high (two pixels per cell, nearest-neighbour
    sampling), or None when there is nothing to show.
    """
    if corner is None or getattr(corner, "ndim", 0) != 3 or corner.shape[0] < 2 or corner.shape[1] < 2:
        return None
    from rich.text import Text  # noqa: PLC0415 - rich only when drawing (text.py stays importable without the UI stack)

    h, w = corner.shape[:2]
    rows = max(2, round(width * h / w)) // 2 * 2
    ys = [min(h - 1, int((r + 0.5) * h / rows)) for r in range(rows)]
    xs = [min(w - 1, int((c + 0.5) * w / width)) for c in range(width)]
    out = Text(no_wrap=True)
    for r in range(0, rows, 2):
        for x in xs:
            b1, g1, r1 = (int(v) for v in corner[ys[r], x][:3])
            b2, g2, r2 = (int(v) for v in corner[ys[r + 1], x][:3])
            out.append("▀", style=f"rgb({r1},{g1},{b1}) on rgb({r2},{g2},{b2})")
        if r + 2 < rows:
            out.append("\n")
    return out


PREVIEW_LINES = 12  # the scan preview's picture at most this many lines (fits beside the log at 80x24)
PREVIEW_WIDTH = 24


def index_preview(corner, caption: str | None = None) -> "Text | None":
    """The scan preview: the reader's picture of the card's index (``Reading.corner``, the
    rank and suit cropped from the warped corner, ``(H, W, 3)`` BGR uint8, or None) drawn by
    ``corner_preview`` as large as PREVIEW_LINES lines and PREVIEW_WIDTH cells allow, under a
    ``caption`` line (the reading, e.g. "♠7"). None when there is no picture."""
    if corner is None or getattr(corner, "ndim", 0) != 3 or corner.shape[0] < 2 or corner.shape[1] < 2:
        return None
    from rich.text import Text  # noqa: PLC0415 - rich only when drawing (text.py stays importable without the UI stack)

    h, w = corner.shape[:2]
    width = max(4, min(PREVIEW_WIDTH, int(2 * PREVIEW_LINES * w / h)))
    picture = corner_preview(corner, width)
    if picture is None or not caption:
        return picture
    return Text(caption.center(width), style="bold", no_wrap=True) + Text("\n") + picture


_NO_LINE_START = frozenset("）」』】》〉〕，。、；：！？…”’)]}>,.;:!?%")
"""Characters a line does not begin with (closing brackets and punctuation: GB/T 15834, the Chinese rule of
line breaking): they stay with the text before them."""
_NO_LINE_END = frozenset("（「『【《〈〔“‘([{<")
"""Characters a line does not end with (opening brackets): they go to the next line with the text after them."""


def _break_before(word: str, head: str) -> str:
    """``head`` (the start of ``word`` that fits a line) shortened so that the break neither leaves a closing
    bracket or punctuation to begin the next line, nor an opening bracket to end this one, nor splits a run of
    Latin letters and digits (``（Ann）``); ``head`` as it is when no such break is left in it."""
    if len(head) >= len(word):
        return head
    for cut in range(len(head), 0, -1):
        before, after = word[cut - 1], word[cut]
        if after in _NO_LINE_START or before in _NO_LINE_END or (before.isascii() and before.isalnum()
                                                                   and after.isascii() and after.isalnum()):
            continue
        return word[:cut]
    return head


def fold_cells(line: str, width: int, indent: int = 4) -> list[str]:
    """Fold a log line to ``width`` terminal cells: at spaces where there are any
    (English), by cells inside a long run without spaces (Chinese has none), never before a
    closing bracket or punctuation nor after an opening one (:func:`_break_before`);
    continuation lines are indented by ``indent``.  Returns at least one line."""
    from rich.cells import cell_len, chop_cells  # noqa: PLC0415 - rich only when drawing (text.py stays importable without the UI stack)

    line = " ".join(line.split("\n"))
    width = max(width, indent + 8)
    out: list[str] = []
    body = line.lstrip(" ")
    cur = line[: len(line) - len(body)]  # keep the line's own indentation
    avail = width
    for word in body.split(" "):
        piece = word if not cur.strip() else " " + word
        if cell_len(cur) + cell_len(piece) <= avail:
            cur += piece
            continue
        if cur.strip() and cell_len(word) <= width - indent:  # the word fits on a new line: break here
            out.append(cur)
            cur, avail = " " * indent, width
            piece = word
        while cell_len(cur) + cell_len(piece) > avail:  # a word longer than a line
            room = avail - cell_len(cur)
            head = _break_before(piece, chop_cells(piece, max(1, room))[0])
            out.append(cur + head)
            piece = piece[len(head):]
            cur, avail = " " * indent, width
        cur += piece
    if cur.strip() or not out:
        out.append(cur)
    return out
