"""Hidden roles never reach the shared screen (issue 12 §4): redaction follows the role, not the seat
number; an undone reveal is not public; refusals do not name a hidden role.

Every transcript of tests/data is replayed with its roles dealt at the start (``role S R`` lines, what
``deal roles`` journals); at every step, every dashboard text (seat cards, header, banner, log titles
and events, F7 skill texts, F3 reasons, the refusal of ``role S ROLE``) in both languages holds no role
name that only living seats with a hidden role hold.  A dashboard run covers the screens themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.errors import Refused
from companion.rules.setup import role_table
from companion.script import execute
from companion.session import Session
from companion.tui.text import ROLE_NAMES, event_words, header_text, prompt_text, redact_line, seat_lines

DATA = Path(__file__).resolve().parents[1] / "data"
TRANSCRIPTS = sorted(p.name for p in DATA.glob("*.sgs"))
EXPECT = re.compile(r"#\s*expect-refused\s+(\S+):\s*(.+)$")
_EN = {"loyalist": r"loyalists?", "rebel": r"rebels?", "renegade": r"renegades?"}


def _names(text: str, role: str) -> bool:
    zh, _en = ROLE_NAMES[role]
    return zh in text or re.search(rf"\b{_EN[role]}\b", text, re.IGNORECASE) is not None


def _leaks(text: str, state) -> set[str]:
    """Hidden roles ``text`` ties to someone: a ``role S ROLE`` line naming a role some living seat hides
    (the seat number is not trusted: swap moves roles), or a text naming a living hidden seat (seat N,
    N号位, or the player's name) together with that seat's role."""
    out = set()
    for victim in ("killed a rebel", "杀死反贼", "killed a loyalist", "杀死忠臣"):  # the dead seat's role, public
        text = text.replace(victim, "")
    hidden = [s for s in state.seats if s.alive and s.role not in (None, "lord") and s.public_role is None]
    m = re.match(r"^(?:force\s+)?role\s+\S+\s+(\S+)", text.strip(), re.IGNORECASE)
    if m and any(_names(m[1], s.role) for s in hidden):
        out.add(m[1])
    for s in hidden:
        if state.over and state.winner == s.role == "renegade":
            continue  # the renegade wins as the only one alive: the outcome itself names that seat
        ident = re.search(rf"\bseat {s.seat}\b", text) or f"{s.seat}号位" in text or (s.name and s.name in text)
        if ident and _names(text, s.role):
            out.add(s.role)
    return out


def _texts(session, lang: str) -> list[str]:
    st = session.state
    out = [header_text(st, lang), prompt_text(st, lang)]
    for seat in st.seats:
        out += seat_lines(seat, lang, state=st) + seat_lines(seat, lang, state=st, long=True)
    for e in session.log_tail(12):
        out.append(" ; ".join(redact_line(x, st) for x in e.lines))
        out += [event_words(ev, st, lang, undone=e.undone) for ev in e.events or ()]
    from companion.tui.screens import skill_lines

    out += skill_lines(st, lang)
    return out


def _roles_of(name: str) -> tuple[list[str], dict[int, str]]:
    """The transcript's lines and its seats' roles: the revealed ones, the rest dealt from the role table."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    s = Session.replay_lines([ln for ln in lines if not EXPECT.match(ln.strip())])
    st = s.state
    roles = {x.seat: x.role for x in st.seats if x.role and x.role != "lord"}
    left = dict(role_table(st.players, st.variants))
    left["lord"] -= 1
    for r in roles.values():
        left[r] -= 1
    pool = [r for r, k in left.items() for _ in range(k) if r != "lord"]
    for x in st.seats:
        if x.seat not in roles and x.role != "lord":
            roles[x.seat] = pool.pop()
    return lines, roles


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_no_hidden_role_on_any_dashboard_text_through_every_transcript(name):
    lines, roles = _roles_of(name)
    s = Session(None, None)
    dealt = False
    checked = 0
    for raw in lines:
        line = raw.split("#")[0].strip() if not EXPECT.match(raw.strip()) else EXPECT.match(raw.strip())[2]
        if not line or line.startswith("reveal "):
            continue  # a dealt role is turned up by itself at death
        try:
            s.submit(line)
        except (Refused, ValueError) as e:
            for lang in ("zh", "en"):
                text = (e.zh if lang == "zh" else e.en) if isinstance(e, Refused) else str(e)
                assert not _leaks(text, s.state), (name, line, text)
        if not dealt and s.state.lord_seat is not None:
            for seat, role in sorted(roles.items()):
                s.submit(f"role {seat} {role}")  # what `deal roles` journals
            dealt = True
        st = s.state
        for lang in ("zh", "en"):
            for text in _texts(s, lang):
                assert not _leaks(text, st), (name, line, lang, text)
        for seat in st.seats:  # the refusal of a role line names no hidden role but the one it was given
            probe = "loyalist" if seat.role != "loyalist" else "rebel"
            try:
                execute(st, f"role {seat.seat} {probe}")
            except Refused as r:
                for text in (r.en, r.zh):
                    assert not _leaks(text, st) - {probe}, (name, line, text)
            except ValueError:
                pass
        checked += 1
    assert dealt and checked > 50


def _dealt(seed: int = 5) -> Session:
    s = Session.replay_lines(["players 6", "lord 1", f"deal roles seed={seed}"])
    return s


def test_swap_after_deal_follows_the_role_not_the_seat_number():
    s = _dealt()
    s.submit("swap 1 2")  # the lord is now at seat 2; seat 1 holds what was dealt to seat 2
    st = s.state
    for e in s.log:
        for x in e.lines:
            shown = redact_line(x, st)
            if x.startswith("role "):
                assert shown.endswith("••"), shown
    for lang in ("zh", "en"):
        for text in _texts(s, lang):
            assert not _leaks(text, st), text


def test_an_undone_death_does_not_show_the_role():
    s = _dealt()
    for g, seat in zip(["liubei", "guanyu", "zhangfei", "zhaoyun", "lvmeng", "huatuo"], range(1, 7), strict=True):
        s.submit(f"general {seat} {g}")
    s.submit("start")
    role2 = s.state.seat(2).role
    s.submit(f"damage 2 {s.state.seat(2).hp}")
    while s.state.seat(2).alive and s.state.prompt is not None and s.state.prompt.kind == "dying":
        s.submit("pass all")
    assert not s.state.seat(2).alive
    zh, en = ROLE_NAMES[role2]
    died = [ev for e in s.log for ev in e.events or () if ev.kind == "role" and ev.seat == 2]
    assert died and any(en.lower() in event_words(ev, s.state, "en") for ev in died)  # public while dead
    while not s.state.seat(2).alive or s.state.seat(2).hp <= 0:
        s.undo()
    st = s.state
    undone = [e for e in s.log if e.undone]
    for lang, word in (("zh", zh), ("en", en.lower())):
        words = [event_words(ev, st, lang, undone=e.undone) for e in undone for ev in e.events or ()]
        assert words and not any(word in w.lower() for w in words), words


def test_refusal_after_game_over_does_not_name_the_recorded_role():
    s = _dealt()
    st = s.state.clone()
    st.over, st.winner = True, "rebel"  # a finished game; survivors not yet revealed
    hidden = [x for x in st.seats if x.alive and x.role != "lord" and x.public_role is None]
    with pytest.raises(Refused) as ei:
        execute(st, f"role {hidden[0].seat} loyalist")
    zh, en = ROLE_NAMES[hidden[0].role]
    assert en.lower() not in ei.value.en.lower() and zh not in ei.value.zh


async def test_dashboard_screens_show_no_hidden_role():
    """The dashboard itself, both languages: main screen, F1, F3, F7, a refusal and the game-over screen."""
    from screen import screen_text, type_line

    from companion.tui.app import CompanionApp

    s = _dealt(7)
    s.submit("swap 1 2")
    gens = ["liubei", "guanyu", "zhangfei", "zhaoyun", "lvmeng", "huatuo"]
    for seat, g in zip(range(1, 7), gens, strict=True):
        s.submit(f"general {seat} {g}")
    s.submit("start")
    victim = next(x.seat for x in s.state.seats if x.role != "lord")
    s.submit(f"damage {victim} {s.state.seat(victim).hp}")
    s.submit("pass all")
    s.undo()
    s.undo()  # the death is undone: the struck-through entry must not show the role
    app = CompanionApp(s, lang="en")

    def check(where: str) -> None:
        for line in screen_text(app).splitlines():
            assert not _leaks(line, s.state), (where, app.lang, line)

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for lang in ("en", "zh"):
            if app.lang != lang:
                await pilot.press("f4")
                await pilot.pause()
            check("main")
            for key in ("f1", "f3", "f7"):
                await pilot.press(key)
                await pilot.pause()
                check(key)
                await pilot.press("escape")
                await pilot.pause()
        lord = s.state.lord_seat
        await type_line(pilot, f"damage {lord} 9")
        await type_line(pilot, "pass all")
        assert s.state.over
        for lang in ("zh", "en"):
            if app.lang != lang:
                await pilot.press("f4")
                await pilot.pause()
            hidden = [x for x in s.state.seats if x.alive and x.role != "lord" and x.public_role is None]
            probe = "loyalist" if hidden[0].role != "loyalist" else "rebel"
            await type_line(pilot, f"role {hidden[0].seat} {probe}")
            assert "role.known" in app.message
            check("game over")
