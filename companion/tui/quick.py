"""Moderating at the speed of the table (issue 16): numbered choices, quiet phases, seat clicks.

:class:`QuickMixin` is mixed into :class:`companion.tui.app.CompanionApp`; it needs the app's
``session``, ``lang``, ``say``, ``refresh_view``, ``submit_line`` and the ``CommandBar``.

* **Choices** — ``companion.rules.choices.choices(state)``, shown numbered under the banner
  (:class:`~companion.tui.widgets.choices.ChoicesBar`).  A number and Enter picks one: a bar holding
  only a number is never a command (``3`` alone: "seat 3: what does it do?"), so typed lines such as
  ``3 peach`` stay exactly as they were (a number alone picking at once would turn the typist's
  ``3 peach`` into choice 3).  A click on a choice picks it too.  A complete choice is submitted
  as its command line (journaled as if typed); a partial one fills the bar around the cursor and waits (a digit that is the only legal seat
  starting with it, or a click on a legal seat card, completes and submits it).
* **Enter on the empty bar at a 无懈可击 window** submits ``pass all`` ("nobody").
* **Quiet phases** — F2 in the play phase submits ``end`` (the rules core's one mechanism that carries a
  turn through its remaining phases, ``engine.advance_until_decision``), elsewhere ``next``; then it keeps
  submitting ``next`` while ``companion.rules.quiet.is_quiet(state)``; an answer to a question that leaves a quiet phase
  goes on the same way.  Each ``next`` is its own journal line (a replay is unchanged); ctrl+z
  right after a run undoes the whole run.  The setting ``step every phase`` (typed
  ``step every phase on|off``, or the command palette) turns it off; it is a preference of the
  moderator's screen, saved with the language (``companion.settings``), not journaled: it
  changes nothing in the game, and the journal holds the same ``next`` lines either way.
* **Seat clicks** — a click on a seat card puts its number in the command bar at the cursor
  (the target of what is being typed), or on an empty bar ``S `` (the seat as the actor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.rules.errors import CommandError, Refused
from companion.rules.messages import Message, Names, render, text
from companion.rules.vocab import PromptKind, Rule

from .text import Templates

if TYPE_CHECKING:
    from collections.abc import Callable

    from .host import AppMixin
else:
    AppMixin = object  # the mixins' one base (companion/tui/host.py) adds nothing at run time

__all__ = ["QuickMixin", "QUICK_LABELS", "STEP_WORDS"]

QUICK_LABELS = Templates("tui.quick.")
"""The texts of the choices and quiet phases, ``key → (zh, en)``: the catalogue's ``[text] "tui.quick.<key>"`` entries,
rendered by :func:`qlabel`."""

ARG_PARTS: dict[str, tuple[tuple[Message, bool], ...]] = {
    "zhiheng": ((text("tui.arg_part.zhiheng/1"), False), (text("tui.arg_part.zhiheng/2"), True)),
    "rende": ((text("tui.arg_part.rende/1"), False), (text("tui.arg_part.rende/2"), False)),
    "fanjian": ((text("tui.arg_part.fanjian/1"), False), (text("tui.arg_part.fanjian/2"), False),
                (text("tui.arg_part.fanjian/3"), False)),
    "lijian": ((text("tui.arg_part.lijian/1"), False), (text("tui.arg_part.lijian/2"), False),
               (text("tui.arg_part.lijian/3"), True)),
    "yiji": ((text("tui.arg_part.yiji/1"), False),),
}
"""What a skill's words are, in order (``(words, optional)``, the words the catalogue's ``[text] "tui.arg_part.*"``;
the forms of docs/commands.md, Skills, and the skills' own checks: ``shu._rende`` T N, ``wu._fanjian`` T SUIT FACE,
``qun._lijian`` A B [SLOT], ``wu._zhiheng`` N [SLOT …], ``wei._yiji_ans`` seat / count pairs): a partial choice's hint
names those still missing."""

STEP_WORDS = {"step every phase on": True, "step every phase off": False, "step on": True, "step off": False,
              "逐阶段 开": True, "逐阶段 关": False}
"""Typed settings words (not command-language lines: never journaled)."""

# The prompts a trick asks of each seat as it goes round the table (its answers keep their numbers across
# the seats: QuickMixin._question_key); any other question asked meanwhile is numbered on its own.
_RUN_KINDS = frozenset({PromptKind.RESPOND, PromptKind.NULLIFY, PromptKind.PICK})
_PHASE_ZH = Names("phase")
"""The phases' Chinese words (the catalogue's ``[name] phase.*``)."""


def _starting(options: Any, digit: str) -> list[int]:
    """The legal seats whose number starts with ``digit``."""
    return [o for o in options if str(o).startswith(digit)]


def _last_key(n: int) -> str:
    """The last of ``n`` choices' keys, as the range "1–{last}" says it (``9, 0`` from the 10th on)."""
    return str(n) if n < 10 else "9, 0"


def _ident(c: Any) -> tuple:
    """What makes two listings' choices the same choice (its line and what it fills in, its kind, its seat)."""
    return (c.key, c.verb, c.line, c.before, c.after, c.seat)


def _keep_places(order: list[Any], chs: list[Any], same: Callable[[Any], tuple]) -> tuple[list[Any], set[int]]:
    """``chs`` laid out on the places of ``order`` (an earlier listing): each choice that ``same`` says is
    an earlier one takes its place; an earlier one gone keeps its place and its index is returned as spent;
    a new one goes after.  Returns (the listing, the spent indices)."""
    now = {same(c): c for c in chs}
    out: list[Any] = []
    spent: set[int] = set()
    for old in order:
        c = now.pop(same(old), None)
        if c is None:
            spent.add(len(out))
            out.append(old)
        else:
            out.append(c)
    out += [c for c in chs if same(c) in now]
    return out, spent


def _answer(c: Any) -> tuple:
    """What makes two seats' answers to one trick the same answer: its kind, verb, card, skill and zone (not
    its seat or its line)."""
    return (c.key, c.verb, *(repr(c.params.get(k)) for k in ("card", "skill", "zone", "role")))


def qlabel(key: str, lang: str, **kw: Any) -> str:
    """The text ``key`` of the choices (the catalogue's ``[text] "tui.quick.<key>"``) in ``lang`` with the values
    ``kw``."""
    return render(lang, "text", "tui.quick." + key, kw)


class QuickMixin(AppMixin):
    """Choices, quiet-phase runs and seat clicks for the dashboard (see the module docstring)."""

    step_every_phase: bool = False
    _picked: int | None = None  # the choice a lone number in the bar points at (Enter picks it)
    _partial: Any = None  # the partial Choice whose line is in the bar
    _args_at: tuple | None = None  # (the partial skill choice, its words done) the message's hint was said for
    _run: tuple[Any, int] | None = None  # (state after the run, journal entries in it)
    _redo_run: tuple[Any, int] | None = None  # (state after a run was undone, its entries)
    _ask: tuple[Any, int, str] | None = None  # (state, seat, line) of a hand.ask refusal: its yes / no choices

    # -- choices --------------------------------------------------------------
    def current_choices(self, *, full: bool = False) -> list[Any]:
        """The choices as numbered on screen: ``choices(state)``; with nothing pending, without
        ``next`` / ``end`` (F2 and the typed word) and at most 10 (one digit each: ``0`` is the 10th);
        ``full``: all of them, the 11th and later after the numbered ten (the command palette lists them).  In a play phase the
        numbers stay where they were when the phase began (:meth:`_stable`): a choice no longer possible
        keeps its number, greyed (``spent``); so does an answer while one trick goes round the table
        (:meth:`_stable_question`)."""
        st = self.state
        if not st.started or st.over:
            chs: list[Any] = []  # choices(): "empty before start and after the game is over" (its docstring);
            # a new game's first paint need not import the rules engine for it (issue 15)
        else:
            from companion.rules.choices import choices  # noqa: PLC0415 - the dashboard opens without it

            try:
                chs = choices(st)
            except Exception:  # noqa: BLE001 - a listing must never stop the game
                return []
        ask = self._ask
        if ask is not None and ask[0] is self.state:
            return self._ask_choices(ask[1], ask[2])
        if self.state.prompt is None:
            chs = [c for c in chs if c.key not in ("next", "end")]
            chs = self._stable(chs)
            chs = chs if full else chs[:10]  # numbered by the lines as the rules core writes them (any language)
        else:
            chs = self._stable_question(chs)
        return [c.speaking(self.lang) for c in chs]  # the bar is filled in the screen's language (4 slash 3 / 4 杀 3)

    def hand_asked(self, r: Refused, line: str) -> None:
        """A line refused ``hand.ask`` (light mode: a rule needs to know whether seat ``r.seat`` holds a hand
        card — 空城): the choices become its yes / no; the answer is journaled as ``hand S 1`` / ``hand S 0``
        and the line is sent again (``flow.skill_target``)."""
        self._ask = (self.state, r.seat, line) if r.rule == Rule.HAND_ASK and r.seat is not None else None

    @property
    def asking(self) -> bool:
        """A hand.ask question is up (light mode): its yes / no are the choices; the bar is left empty for them."""
        return self._ask is not None and self._ask[0] is self.state

    def _ask_choices(self, seat: int, line: str) -> list[Any]:
        from companion.rules.choices import Choice  # noqa: PLC0415

        yes = Choice(f"hand {seat} 1", "hand_yes", qlabel("hand_yes", "en", n=seat), qlabel("hand_yes", "zh", n=seat),
                     "hand", seat, params={"then": line})
        no = Choice(f"hand {seat} 0", "hand_no", qlabel("hand_no", "en", n=seat), qlabel("hand_no", "zh", n=seat),
                    "hand", seat, params={"then": line})
        return [yes, no]

    @property
    def spent(self) -> frozenset[int]:
        """The numbers (0-based) of the play phase's choices no longer possible now, kept greyed in place."""
        key = self._phase_key() or self._question_key()
        slots = self._slots.get(key) if key is not None and not self.asking else None  # asked: its own yes / no
        return frozenset(slots[1]) if slots is not None else frozenset()

    def _phase_key(self) -> tuple | None:
        st = self.state
        if not st.started or st.over or st.prompt is not None or st.phase != "play":
            return None
        game = self.journaled.game_id if self.journaled is not None else None
        return (game, len(st.seats), st.round, st.turn_seat)

    def _stable(self, chs: list[Any]) -> list[Any]:
        """Play-phase choices numbered as when the phase began (a moderator's fingers remember that 1 is
        杀): the numbering is that of the phase's first listing with its per-phase counters cleared (the
        杀 and the once-a-phase skills not used yet: the same after an undo or a resume mid-phase); a
        choice that is no longer possible (the 杀 used up, 桃 at full HP, a skill used, no target left)
        keeps its place, marked spent — picking it says the engine's refusal (:meth:`explain_spent`); a
        choice that became possible takes the next free number.  Outside a play phase (a question,
        another phase) the list is as ``choices`` gives it."""
        key = self._phase_key()
        if key is None:
            return chs
        if self._slots.get(key) is None:
            self._slots[key] = (self._fresh_phase(chs), set())
            while len(self._slots) > 16:  # the phases an undo may go back to; older ones are forgotten
                del self._slots[next(iter(self._slots))]
        out, spent = _keep_places(self._slots[key][0], chs, _ident)
        self._slots[key] = (out, spent)
        return out

    def _question_key(self) -> tuple | None:
        """The question run the pending question belongs to: one dying seat's 桃 round, or one trick going
        round the table (the engine's bottom stack frame, ``state.stack``: 万箭齐发 / 南蛮入侵 / 桃园结义
        … with its user and targets, the 无懈可击 window before each target included) while the question is
        one of the trick's own (``_RUN_KINDS``: an answer, a window, a pick); None otherwise — a question
        nested in the run (a dying seat, a role reveal, a skill's yes / no, a judgement) is numbered on its
        own from 1 (newcomer trial, issue 16, 3 Dec: a reveal after 离间's 决斗 showed ``8 loyalist · 9 rebel ·
        0 renegade`` behind seven greyed answers of the questions before it)."""
        st = self.state
        p = st.prompt
        if not st.started or st.over or p is None:
            return None
        stack = st.stack
        if p.kind == PromptKind.DYING:  # its own run, also inside a trick's (a seat dying of an arrow)
            run: tuple = ("dying", p.seat)
        elif stack and p.kind in _RUN_KINDS:
            f = stack[0]
            run = ("trick", f.kind, f.user, f.targets)
        else:
            return None
        game = self.journaled.game_id if self.journaled is not None else None
        return ("question", game, len(st.seats), st.round, st.turn_seat, str(st.phase), *run)

    def _stable_question(self, chs: list[Any]) -> list[Any]:
        """While one trick goes round the table (:meth:`_question_key`), each answer keeps the number it first
        had, whichever seat answers (newcomer trial, issue 16: ``take`` was 2 for one seat, 1 for the next): an
        answer is the same by its kind, verb, card and skill, not its seat (``2 闪`` and ``4 闪``); one this seat
        lacks (闪 without a hand card) keeps its place greyed (``spent``: picking it says "not possible now"),
        unless nothing after it is shown; a new one (八卦阵, a skill) takes the next free number."""
        key = self._question_key()
        if key is None:
            return chs
        out, spent = _keep_places(self._slots.get(key, ([], set()))[0], chs, _answer)
        self._slots[key] = (out, spent)
        while len(self._slots) > 16:  # the runs an undo may go back to; older ones are forgotten
            del self._slots[next(iter(self._slots))]
        shown = len(out)
        while shown and shown - 1 in spent:  # trailing greyed ones hold no number for anything: not drawn
            shown -= 1
        return out[:shown]

    def _fresh_phase(self, chs: list[Any]) -> list[Any]:
        """The play phase's choices as at its start: ``choices`` on a copy with the per-phase counters
        (``GameState.counters``: the 杀 used, the skills used) cleared, then what is possible only now."""
        from companion.rules.choices import choices  # noqa: PLC0415

        st = self.state
        if not st.counters:
            return list(chs)
        fresh = st.clone()
        fresh.counters = {}
        try:
            first = [c for c in choices(fresh) if c.key not in ("next", "end")]
        except Exception:  # noqa: BLE001 - a listing must never stop the game
            return list(chs)
        seen = {_ident(c) for c in first}
        return first + [c for c in chs if _ident(c) not in seen]

    def explain_spent(self, c: Any) -> None:
        """A spent choice picked: the engine's refusal of its line, with its rule (nothing is applied:
        the line is tried on a copy of the state); a line the engine would take goes into the bar."""
        from .app import CommandBar  # noqa: PLC0415

        script = self.script
        tries = [c.line] if c.complete else [c.before + str(o) + c.after for o in c.options[:1]] + [c.before + "1" + c.after]
        for line in tries:
            try:
                script.execute(self.state, line)
            except Refused as r:
                self.say(self.refusal_text(r, typed=False), error=True)
                return
            except CommandError:
                continue
            except Exception:  # noqa: BLE001 - an explanation must never stop the game
                break
            bar = self.query_one(CommandBar)  # the engine would take it (a rule the listing is stricter on)
            bar.value = c.before + c.after if not c.complete else c.line
            bar.cursor_position = len(c.before) if not c.complete else len(bar.value)
            bar.focus()
            return
        self.say(qlabel("choice_spent", self.lang, label=c.label(self.lang)), error=True)

    def draw_choices(self) -> None:
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        bar = self.query_one(ChoicesBar)
        p = self.state.prompt
        shown = self.current_choices()
        more = len(self.current_choices(full=True)) - len(shown) if p is None and len(shown) >= 10 else 0
        bar.show(shown, self.lang, self._picked, window=p is not None and p.kind == PromptKind.NULLIFY,
                 spent=self.spent, more=more)

    @property
    def choices_text(self) -> str:
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        return self.query_one(ChoicesBar).plain

    def bar_changed(self, value: str) -> None:
        """The command bar holds ``value``: a lone number marks the choice Enter will pick; while a skill's
        partial choice is being completed, the message says which of its words are still missing."""
        c = self._partial
        if c is not None and c.needs == "args" and value.startswith(c.before):
            at = (_ident(c), self._args_done(value[len(c.before):]))
            if at != self._args_at:  # a word was ended or taken back: what is missing changed
                self._args_at = at
                self.say(self._args_hint(c, value[len(c.before):]))
        from .widgets.choices import index_of  # noqa: PLC0415

        picked = index_of(value)
        if picked is not None and picked >= len(self.current_choices()):
            picked = None
        if picked != self._picked:
            self._picked = picked
            self.draw_choices()

    def numbered_enter(self, line: str) -> bool:
        """Enter on a bar holding only a number N (never a command by itself): pick choice N (``0``: the 10th)."""
        from .widgets.choices import index_of  # noqa: PLC0415

        i = index_of(line)
        if i is None:
            return False
        n = len(self.current_choices())
        if i >= n:
            if not n:
                return False  # the command language explains ("seat 3: what does it do?")
            self.say(qlabel("choice_none", self.lang, n=line.strip(), last=_last_key(n)), error=True)
            return True  # a number past the choices: which there are, not a parse error
        self.action_choose(i)
        return True

    def abandon_line(self) -> None:
        """Esc / ctrl+u emptied the command bar: a half-filled choice is dropped, its hint cleared."""
        self._partial = None
        self._args_at = None
        self._picked = None
        self.say("")
        self.draw_choices()

    def choice_key(self, ch: str, bar: Any) -> bool:
        """A key typed on the command bar; True when it completed (and submitted) a partial choice, or was refused
        as a seat no legal one starts with (said in the message, not typed)."""
        if bar.value and self._partial is not None:
            return self._complete_partial(ch, bar)
        return False

    def action_choose(self, i: int) -> None:
        """Pick choice ``i`` (0-based): submit a complete one, fill the bar with a partial one."""
        from .app import CommandBar  # noqa: PLC0415

        self._picked = None
        chs = self.current_choices(full=True)  # the palette reaches the 11th and later
        if not 0 <= i < len(chs):
            self.say(qlabel("choice_none", self.lang, n=i + 1, last=_last_key(len(chs))), error=True)
            return
        c = chs[i]
        if i in self.spent:
            if self._question_key() is not None:  # another seat's answer, kept in place: not this seat's now
                self.say(qlabel("choice_spent", self.lang, label=c.label(self.lang)), error=True)
                return
            self.explain_spent(c)
            return
        bar = self.query_one(CommandBar)
        if c.complete:
            self._partial = None
            self._ask = None
            if self.submit_line(c.line, typed=False):
                bar.value = ""
                then = c.params.get("then")  # a hand.ask answer: the line it was asked for, sent again
                if then and self.submit_line(then, typed=False):
                    bar.value = ""
            return
        bar.value = c.before + c.after
        bar.cursor_position = len(c.before)
        self._partial = c
        self._args_at = (_ident(c), 0)
        self.say(self._partial_hint(c))
        self.draw_choices()
        bar.focus()

    def _partial_hint(self, c: Any) -> str:
        """What to type for a partial choice, saying what really happens: a seat's digit that no other legal
        seat starts with applies at once (:meth:`_complete_partial`); the others (1 when 10 is legal) wait
        for Enter; faces, several seats and words wait for Enter."""
        opts = " ".join(map(str, c.options))
        if c.needs in ("seat", "target") and c.options:
            wait = [str(o) for o in c.options if len(str(o)) > 1 or len(_starting(c.options, str(o)[0])) > 1]
            if not wait:
                return qlabel("choice_seat_at_once", self.lang, options=opts)
            return qlabel("choice_seat_some_enter", self.lang, options=opts, wait=" ".join(wait))
        if c.needs == "args" and c.params.get("skill") in ARG_PARTS:
            return self._args_hint(c, "")
        opts = opts or "…"
        if c.needs == "face":
            return qlabel("choice_needs_face", self.lang)
        if c.needs in ("seat", "target"):
            return qlabel("choice_needs_seat", self.lang, options=opts)
        if c.needs == "seats":
            return qlabel("choice_needs_seats", self.lang, options=opts)
        if c.needs == "face_seat":
            return qlabel("choice_needs_face_seat", self.lang, options=opts, first=c.options[0] if c.options else "")
        if c.needs == "card":
            return qlabel("choice_needs_card", self.lang, cards=self._card_words(c.params.get("cards", ())))
        return qlabel("choice_needs_any", self.lang)

    def _card_words(self, kinds: Any) -> str:
        """Card kinds as the screen types them: their Chinese names in zh (青釭剑、…), their ids in en
        (``qinggang_sword blade …``: one word each, as typed)."""
        from companion.rules.deck import KINDS  # noqa: PLC0415

        return "、".join(KINDS[k].zh for k in kinds) if self.lang == "zh" else " ".join(kinds)

    def _begun(self, word: str, kinds: tuple[str, ...]) -> str:
        """``kinds`` as :meth:`_card_words` says them, each with the name that begins with ``word`` when that is
        another (en ``blade (qinglong)``, zh ``青龙偃月刀（qinglong）``)."""
        from companion.rules.deck import KINDS  # noqa: PLC0415
        from companion.rules.names import norm  # noqa: PLC0415

        out = []
        for k in kinds:
            shown = KINDS[k].zh if self.lang == "zh" else k
            kind = KINDS[k]
            name = next((n for n in (kind.id, kind.zh, kind.en, *kind.aliases) if norm(n).startswith(norm(word))), shown)
            out.append(shown if norm(name) == norm(shown) else
                       f"{shown}（{name}）" if self.lang == "zh" else f"{shown} ({name})")
        return ("、" if self.lang == "zh" else ", ").join(out)

    def card_beginning(self, line: str) -> str | None:
        """``S WORD…`` where WORD names no card or skill but begins the name of exactly one card that seat ``S``'s
        equipment choice takes (``params["cards"]``): the line with the card's id (``1 qingg`` → ``1 qinggang_sword``,
        so the journal names it whole); several such cards: None, the message names them (nothing is sent);
        anything else: ``line`` unchanged (the command language reads or refuses it)."""
        words = line.split()
        if len(words) < 2 or not words[0].isdigit():
            return line
        head, colon, face = words[1].replace("：", ":").partition(":")
        from companion.rules.deck import CardError, card_kind, kinds_starting  # noqa: PLC0415
        from companion.rules.skills.base import skill_word  # noqa: PLC0415

        try:
            card_kind(head)
            return line
        except CardError:
            pass
        if not head or skill_word(head) is not None:
            return line
        seat = int(words[0])
        equip = next((c for c in self.current_choices(full=True)
                      if c.needs == "card" and c.seat == seat and c.params.get("cards")), None)
        if equip is None:
            return line
        found = kinds_starting(head, tuple(equip.params["cards"]))
        if len(found) == 1:
            return " ".join([words[0], found[0] + colon + face, *words[2:]])
        if not found:
            return line
        self.say("✗ " + qlabel("card_beginning", self.lang, word=head, n=len(found),
                                      cards=self._begun(head, found)), error=True)
        return None

    @staticmethod
    def _args_done(typed: str) -> int:
        """Words typed (the one being typed counts: the hint moves on at its first character)."""
        return len(typed.split())

    def _args_hint(self, c: Any, typed: str) -> str:
        """A skill's partial choice with ``typed`` after its ``before``: its words still missing (``ARG_PARTS``),
        with an example line."""
        from companion.rules.generals import SKILLS  # noqa: PLC0415

        sid = c.params.get("skill", "")
        parts = ARG_PARTS.get(sid)
        if parts is None:
            return qlabel("choice_needs_any", self.lang)
        zh = self.lang == "zh"
        k = SKILLS.get(sid)
        name = (k.zh if zh else k.en) if k is not None else sid
        done = self._args_done(typed)
        if sid == "yiji":  # pairs, as many as wanted: a seat waits for its count
            left = parts if done == 0 else (((text("tui.arg_part.yiji/count"), False),) if done % 2
                                           else ((text("tui.arg_part.yiji/more"), True),))
        else:
            left = parts[min(done, len(parts)):]
        sep = "、" if zh else ", "
        words = sep.join(w.text(self.lang) for w, _opt in left)
        if any(not opt for _w, opt in left):
            return qlabel("args_needed", self.lang, name=name, parts=words, example=self._args_example(c, sid))
        if left:
            return qlabel("args_optional", self.lang, name=name, parts=words)
        return qlabel("args_done", self.lang, name=name)

    def _args_example(self, c: Any, sid: str) -> str:
        """An example line for a skill's partial choice, with seats of this table (other living seats)."""
        others = [t for t in self.state.alive if t != c.seat] or [2, 3]
        a, b = others[0], others[1 % len(others)]
        tail = {"zhiheng": "2", "rende": f"{a} 2", "fanjian": f"{a} heart ♠5", "lijian": f"{a} {b}",
                "yiji": f"{a} 1 {b} 1"}.get(sid, "")
        return (c.before + tail).strip()

    def _complete_partial(self, ch: str, bar: Any) -> bool:
        """A digit typed into a partial choice's bar: submit at once when it names the only legal seat."""
        c = self._partial
        if not (ch.isdigit() and c.needs in ("seat", "target") and c.options
                and bar.value == c.before + c.after and bar.cursor_position == len(c.before)):
            return False
        starting = _starting(c.options, ch)
        if not starting and self._shield_switch(c, int(ch)):
            return True
        if not starting:  # no legal seat starts with it: said, not typed silently
            self.say(qlabel("seat_not_option", self.lang, n=ch, options=" ".join(map(str, c.options))), error=True)
            return True
        if str(int(ch)) not in map(str, c.options) or len(starting) != 1:
            return False  # 1 of 10: wait for the rest and Enter
        return self._submit_partial(c, int(ch), bar)

    def _submit_partial(self, c: Any, seat: int, bar: Any) -> bool:
        line = c.before + str(seat) + c.after
        self._partial = None
        if self.submit_line(line, typed=False) or self.asking:  # asked: the line is sent again after the answer
            bar.value = ""
        else:
            bar.value = line
            bar.cursor_position = len(line)
        return True

    def _shield_switch(self, c: Any, seat: int) -> bool:
        """Seat ``seat`` named (a digit, a click) for a partial 杀 choice ``c`` it is not a target of because it wears
        仁王盾: that seat's own 杀 choice is taken instead (same user, skill and equipped card; it fills ``1 杀:▏ 2``
        and waits for the face, which decides: ``choices.COLOUR_ARMOUR``, cards.toml 仁王盾).  False when there is none."""
        if c.params.get("card") != "slash":
            return False
        chs = self.current_choices(full=True)
        same = ("skill", "using")
        for i, x in enumerate(chs):
            if x.params.get("shield") == seat and x.seat == c.seat and i not in self.spent \
                    and all(x.params.get(k) == c.params.get(k) for k in same):
                self.action_choose(i)
                return True
        return False

    def seat_clicked(self, n: int, line: int | None = None, button: int = 1) -> None:
        """A click on seat card ``n`` (``line``: the card's content line clicked, 0 = the top; ``button``
        3 = right): the seat goes into the command bar (a partial choice's legal seat completes and
        submits it); on an empty bar a click on the general's line opens the skills list at this seat;
        a right-click opens the distance matrix on this seat's row."""
        from .app import CommandBar  # noqa: PLC0415

        bar = self.query_one(CommandBar)
        if len(self.screen_stack) > 1:  # a dialog is open
            return
        if button == 3:
            self.open_distances(n)
            return
        c = self._partial
        if c is not None and c.needs in ("seat", "target") and bar.value == c.before + c.after \
                and (not c.options or n in c.options):
            self._submit_partial(c, n, bar)
            return
        if c is not None and c.needs in ("seat", "target") and bar.value == c.before + c.after \
                and self._shield_switch(c, n):
            return
        st = self.state
        if line == 1 and not bar.value.strip() and 1 <= n <= len(st.seats) and st.seat(n).general is not None:
            self.open_skills(n)
            return
        if not bar.value.strip():
            bar.value = f"{n} "
            bar.cursor_position = len(bar.value)
            self.say(qlabel("seat_actor", self.lang, n=n))
        else:
            pos = bar.cursor_position
            before, after = bar.value[:pos], bar.value[pos:]
            word = ("" if not before or before.endswith(" ") else " ") + str(n)
            word += "" if after.startswith(" ") else " "
            bar.value = before + word + after
            bar.cursor_position = pos + len(word)
        bar.focus()

    def empty_enter(self) -> bool:
        """Enter on the empty bar: at a 无懈可击 window, "nobody" (``pass all``)."""
        p = self.state.prompt
        if p is not None and p.kind == PromptKind.NULLIFY:
            self.submit_line("pass all", typed=False)
            return True
        return False

    # -- quiet phases ---------------------------------------------------------
    def step_setting(self, line: str) -> bool:
        """``step every phase on|off`` typed: a screen setting, saved, never journaled."""
        on = STEP_WORDS.get(" ".join(line.split()).casefold())
        if on is None:
            return False
        self.set_step_every_phase(on)
        return True

    def set_step_every_phase(self, on: bool) -> None:
        self.step_every_phase = on
        from companion.settings import save  # noqa: PLC0415

        save(step_every_phase=on)  # a failed write is ignored: a preference never stops the game
        self.say(qlabel("step_on" if on else "step_off", self.lang))

    def action_next_phase(self) -> None:
        """F2: in the play phase with nothing pending, ``end`` — the rules core carries the turn through its
        remaining phases (``engine.advance_until_decision``: the discard owed and finish-phase skills still
        ask, and the turn goes on by itself once they are answered); elsewhere ``next``.  Then ``next`` through
        every quiet phase of the next seat up to the first decision.  With ``step every phase``: ``next`` only."""
        st = self.state
        line = "end" if (not self.step_every_phase and st.started and not st.over and st.prompt is None
                         and st.phase == "play") else "next"
        if self.submit_line(line, typed=False, quiet=False):
            self.pass_quiet(st, 1)

    def pass_quiet(self, before: Any, entries: int) -> int:
        """Submit ``next`` while the state is quiet; one log line per phase, one message for the run.
        ``entries``: journal entries already in this run (ctrl+z undoes them together).  Returns the
        number of ``next`` submitted."""
        from companion.rules.quiet import MAX_STEPS, is_quiet  # noqa: PLC0415

        if self.step_every_phase:
            return 0
        n = 0
        while n < MAX_STEPS and is_quiet(self.state):
            try:
                self.session.submit("next")
            except (Refused, CommandError):
                break
            except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
                from .text import label  # noqa: PLC0415

                self.say(f"✗ {label('internal', self.lang)}: {type(e).__name__}: {e}", error=True)
                break
            n += 1
        if n:
            self._drop_scan()
            self.refresh_view()
        passed = self._phases_entered(n + entries)[:-1]  # the last one entered is where the table is now
        if passed:
            self.say(qlabel("passed", self.lang, phases=", ".join(passed), now=self._phase_name(self.state)))
        if n or entries > 1:
            self._run = (self.state, n + entries)
        return n

    def _phases_entered(self, k: int) -> list[str]:
        """The phases entered by the last ``k`` journal entries, in order (from their ``phase`` events)."""
        log = list(self.session.log)[-k:] if k else []
        out = []
        for e in log:
            for ev in e.events or []:
                if ev.kind == "phase":
                    ph = ev.data.get("phase")
                    seat = ev.seat
                    out.append(qlabel("seat_phase", self.lang, n=seat,
                                      phase=_PHASE_ZH.get(str(ph), ph) if self.lang == "zh" else ph))
        return out

    def _phase_name(self, st: Any) -> str:
        if st.turn_seat is None or st.phase is None:
            return ""
        return qlabel("seat_phase", self.lang, n=st.turn_seat,
                      phase=_PHASE_ZH.get(st.phase, st.phase) if self.lang == "zh" else st.phase)

    def after_answer(self, before: Any) -> None:
        """After an applied line: an answered question that leaves a quiet phase goes on by itself."""
        if before.prompt is not None and self.state.prompt is None:
            self.pass_quiet(before, 1)

    def undo_run(self) -> int:
        """ctrl+z right after a run: undo all of it; returns the entries undone (0: not after a run)."""
        run = self._run
        self._run = None
        self._redo_run = None
        if run is None or run[0] is not self.state:
            return 0
        n = 0
        while n < run[1] and self.session.undo():
            n += 1
        if n:
            self._redo_run = (self.state, n)
        return n

    def redo_run(self) -> int:
        """ctrl+y right after a run was undone: redo all of it; returns the entries redone (0: not then)."""
        run = self._redo_run
        self._redo_run = None
        if run is None or run[0] is not self.state:
            return 0
        n = 0
        while n < run[1] and self.session.redo():
            n += 1
        if n:
            self._run = (self.state, n)
        return n
