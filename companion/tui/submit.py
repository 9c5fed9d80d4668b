"""The command bar's lines: completion, Enter, a paste of several lines, and what a refused or unreadable
line says.

:class:`SubmitMixin` is mixed into :class:`companion.tui.app.CompanionApp`.  ``submit_line`` is the one way a
line reaches the session (typed, pasted, picked as a choice or in the palette); a refusal or an unreadable
command changes nothing and says why in the message line, a bug goes to the crash log (the game goes on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from companion.journal import JournalError
from companion.rules.errors import CommandError, Refused

from .text import accepts_judge_face, label, line_is_secret
from .widgets.command import CommandBar, last_token

if TYPE_CHECKING:
    from .host import AppMixin
else:
    AppMixin = object  # the mixins' one base (companion/tui/host.py) adds nothing at run time

__all__ = ["SubmitMixin", "UNDO_WORDS", "REDO_WORDS"]

_COMMON_VERBS = ("next", "end", "take", "pass", "judge", "discard", "damage", "heal", "lose", "draw", "give",
                 "hand", "equip", "place", "remove", "reveal", "yes", "no", "pick", "skill", "use")
"""An unknown command's short list during a game, the moderator's most used first (F1 has all)."""
_SETUP_VERBS = ("players", "name", "lord", "general", "offer", "deal", "variant", "track", "start", "swap", "role")
"""… and before ``start``."""

UNDO_WORDS = ("undo", "撤销")
REDO_WORDS = ("redo", "重做")
"""Typed in the command bar, the undo / redo keys' words (either language)."""


def _cjk(word: str) -> bool:
    """``word`` begins with a CJK character (贯石斧, 仁德), not a Latin one (axe, rende)."""
    return bool(word) and "\u3400" <= word[0] <= "\u9fff"


class SubmitMixin(AppMixin):
    """The command bar's completion and submission (see the module docstring)."""

    # -- completion -----------------------------------------------------------
    def _same_words(self, text: str, before: str) -> bool:
        """``text`` is ``before`` as typed in either language's command words (``1 杀 `` is ``1 slash ``)."""
        if text == before:
            return True
        from companion.rules.choices import command_words  # noqa: PLC0415

        return command_words(text, "en") == command_words(before, "en")

    def completions(self, text: str) -> list[str]:
        """Whole-line completions for the command bar (a partial choice's legal seats first); before any
        letter of the word is typed, the words in the screen's language first (newcomer trial, issue 16,
        3 Dec: in Chinese the equipment choice's bar showed the ghost ``1 axe`` under a list of Chinese names)."""
        c = self._partial
        if c is not None and c.options and not c.after and self._same_words(text, c.before):
            return [text + str(o) for o in c.options]  # '1 slash ' (or '1 杀 ') suggests '1 slash 2', a legal target
        try:
            cands = list(self.script.completions(self.state, text))
        except Exception:  # noqa: BLE001 - completion must never break typing
            cands = []
        head = text[: len(text) - len(last_token(text))]
        out = []
        for cand in cands:
            full = cand if cand.startswith(text) else head + cand
            if full.startswith(text) and full != text:
                out.append(full)
        if not last_token(text):  # nothing of the word typed yet: the screen's language first (zh 贯石斧, en axe)
            out.sort(key=lambda line: _cjk(last_token(line)) != (self.lang == "zh"))
        if c is not None and c.needs == "card" and c.params.get("cards") and text.startswith(c.before):
            out = self._equipment_first(out, c.before, c.params["cards"])
        return out

    @staticmethod
    def _equipment_first(out: list[str], before: str, cards: tuple[str, ...]) -> list[str]:
        """The equipment choice's bar (``S `` …): the completions that name an equipment card it may equip
        (``choices._equipment``), the others after them."""
        from companion.rules.deck import CardError, card_kind  # noqa: PLC0415

        def equip(line: str) -> bool:
            word = line[len(before):].split()
            try:
                return len(word) == 1 and card_kind(word[0]).id in cards
            except CardError:
                return False
        return [x for x in out if equip(x)] + [x for x in out if not equip(x)]

    # -- Enter and paste ------------------------------------------------------
    def submit_bar(self, bar: CommandBar, value: str) -> None:
        """Enter in the command bar with ``value`` in it (called by the bar as the key arrives, so a paste
        delivered as keys submits its lines one by one, in order)."""
        line = value.strip()
        if not line:
            self.empty_enter()  # at a 无懈可击 window: nobody
            return
        if self.readonly:
            self.say(label("read_only_open", self.lang), error=True)
            bar.select_all()
            return
        if self.numbered_enter(line):  # a number alone: the numbered choice
            bar.value = "" if self._partial is None else bar.value
            return
        self._hide_preview()  # the filled-in card is submitted (or replaced by what was typed)
        # a line naming a hidden role is neither kept in the bar nor in the history
        secret = line_is_secret(line, self.state)
        if not secret:
            bar.remember(line)
        if self.submit_line(line) or secret or self.asking:  # asked (light mode): sent again after the answer
            bar.value = ""
        else:
            bar.cursor_position = len(bar.value)  # kept to correct (not selected: a typed key edits it; Esc empties it)

    def submit_lines(self, pasted: list[str]) -> None:
        """A paste of several lines: each is submitted in order, visibly; the first refused line stops
        the rest (they may depend on it) and stays in the bar to correct, with what was not sent."""
        lines = [ln.strip() for ln in pasted]
        bar = self.query_one(CommandBar)
        if self.readonly:
            self.say(label("read_only_open", self.lang), error=True)
            return
        done = 0
        todo = [ln for ln in lines if ln]
        for i, line in enumerate(todo):
            ok = self.submit_line(line)
            if not ok:
                refused = self.message
                rest = len(todo) - i - 1
                bar.value = line
                bar.select_all()
                self.say(label("paste_stopped", self.lang, n=i + 1, total=len(todo), done=done, rest=rest)
                         + "\n" + refused, error=True)
                return
            if not line_is_secret(line, self.state):
                bar.remember(line)
            done += 1
        self.say(label("paste_done", self.lang, n=done))

    def submit_line(self, line: str, *, typed: bool = True, quiet: bool = True) -> bool:
        """Submit one line; True when applied.  ``quiet``: an answered question that leaves a quiet
        phase goes on by itself (``QuickMixin.after_answer``)."""
        words = line.split()
        if words and words[0].lower() == "serve" and len(words) <= 2:  # the players' view: URL and QR code (F10)
            self.action_serve(words[1] if len(words) == 2 else "")
            return True
        if line.strip().lower() in UNDO_WORDS + REDO_WORDS:  # the keys' words work too
            (self.action_undo if line.strip().lower() in UNDO_WORDS else self.action_redo)()
            return True
        if self.step_setting(line):  # 'step every phase on|off': a screen setting, not journaled
            return True
        line = self._face_alone(line)
        if typed:
            expanded = self.card_beginning(line)  # a unique beginning of an equipment card's name (quick.py)
            if expanded is None:
                return False  # several cards begin so: the message names them
            line = expanded
        before = self.state
        ok = self._submit(line, typed=typed)
        if ok and quiet:
            self.after_answer(before)
        return ok

    def _face_alone(self, line: str) -> str:
        """A card face alone (``9h``, ``♥9``) at a prompt that takes ``judge FACE`` is that answer: ``judge 9h``.
        A colour and a rank (``红10``) is one too, so that ``judge`` refuses it naming both suits."""
        if not accepts_judge_face(self.state.prompt) or " " in line.strip():
            return line
        from companion.rules.deck import CardError, CardSyntaxError, parse_face  # noqa: PLC0415

        try:
            parse_face(line.strip())
        except CardSyntaxError as e:
            return f"judge {line.strip()}" if e.reason else line
        except (CardError, ValueError):
            return line
        return f"judge {line.strip()}"

    # -- what the message line says -------------------------------------------
    def _fitted(self, text: str, e: CommandError) -> str:
        """An unknown command's message in the message line's two lines: the whole verb list when it fits,
        else the common verbs that fit and "F1 lists all" (the help screen has every verb)."""
        head = e.unknown
        inner = max(20, (self.size.width or 80) - 2)
        if head is None or len(Text(text).wrap(self.console, inner)) <= 2:
            return text
        verbs = list(self.script.VERBS)
        order = [v for v in (_COMMON_VERBS if self.state.started else _SETUP_VERBS) if v in verbs]
        sep = "、" if self.lang == "zh" else ", "
        shown: list[str] = []
        for v in order:
            line = f"✗ {label('unknown_command', self.lang, head=head, n=len(verbs), verbs=sep.join(shown + [v]))}"
            if len(Text(line).wrap(self.console, inner)) > 2:
                break
            shown.append(v)
        return f"✗ {label('unknown_command', self.lang, head=head, n=len(verbs), verbs=sep.join(shown))}"

    def refusal_text(self, r: Refused, *, typed: bool = True, kept: bool = False) -> str:
        """A refusal as the message line says it: its words, rule and source (and, typed, the force hint;
        ``kept``: the line stays in the command bar to correct, and Esc clears it)."""
        lang = self.lang
        words = r.zh if lang == "zh" else r.en
        hint = " " + label("force_hint", lang) if typed and r.forceable else ""
        if kept:
            hint += " " + label("esc_clears", lang)
        return f"✗ {label('refused', lang)}: {words} {r.citation(lang)}{hint}"

    def _submit(self, line: str, *, typed: bool = True) -> bool:
        """Send one command line to the session; True when it was applied.

        A refusal or an unreadable command shows the reason and changes nothing;
        ``typed`` is False for lines sent by a key (no "prefix with force" hint).
        """
        lang = self.lang
        try:
            self.session.submit(line)
        except Refused as r:
            self.hand_asked(r, line)  # light mode: a yes / no question instead (companion/tui/quick.py)
            # a typed line stays in the bar to correct (submit_bar), unless it names a hidden role or was asked
            kept = typed and not self.asking and not line_is_secret(line, self.state)
            self.say(self.refusal_text(r, typed=typed, kept=kept), error=True)
            self.refresh_view()
            return False
        except CommandError as e:
            text = e.zh if lang == "zh" and e.zh else str(e)
            self.say(self._fitted(f"✗ {label('bad_command', lang)}: {text}", e), error=True)
            return False
        except JournalError as e:  # disk full, read-only, another window: said as what it is
            self.say(f"✗ {e.text(lang)}", error=True)
            self.refresh_view()
            return False
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, "submit")
            return False
        self._drop_scan()  # the judgement is answered (or the game moved on): its scan ends here
        self.say("")
        self.refresh_view()
        return True

    def _internal(self, error: Exception, where: str) -> None:
        """A bug: the details go to the crash log (companion.crashlog), the screen says where; no game state."""
        from companion.crashlog import record_crash  # noqa: PLC0415

        path = record_crash(error, where)
        self.say(f"✗ {label('internal', self.lang)} ({type(error).__name__}) — "
                 + label("internal_tail", self.lang, path=path or "?"), error=True)
        self.refresh_view()
