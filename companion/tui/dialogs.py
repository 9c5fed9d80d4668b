"""The keys that open a dialog or switch what the screen shows: F1 help, F3 distances, F7 skills, F8 / F9 a
skill's yes / no, F10 the players' view, ctrl+p the command palette and what is picked in it, F4 the language,
F5 the hidden roles (after a confirmation).

:class:`DialogsMixin` is mixed into :class:`companion.tui.app.CompanionApp`; the dialogs themselves are in
``screens.py`` and ``serve.py``, imported on first use (not at first paint).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from companion.rules.vocab import PromptKind

from .keys import KEYS
from .text import label, skill_answer_verbs
from .widgets.command import CommandBar

if TYPE_CHECKING:
    from .app import CompanionApp
    from .host import AppMixin
    from .protocols import UsageLike
else:
    AppMixin = object  # the mixins' one base (companion/tui/host.py) adds nothing at run time

__all__ = ["DialogsMixin"]


class DialogsMixin(AppMixin):
    """The dialogs' keys, the palette's picks, F4 and F5 (see the module docstring)."""

    # -- look-only dialogs ----------------------------------------------------
    def action_help(self) -> None:
        from .screens import HelpScreen  # noqa: PLC0415 - imported on first use

        self.push_screen(HelpScreen(self.help_sections(), self.lang))

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """F1's help as ``[(title, [(key or syntax, description), …]), …]`` in the screen's language: the keys,
        then the command language's verbs (``script.VERBS``: syntax, description and example)."""
        lang = self.lang
        keys = [(k.keys.upper(), k.described(lang)) for k in KEYS if k.show]
        keys += [("F7", label("help_f7", lang)), ("F8 / F9", label("help_f8_f9", lang)), ("F10", label("help_f10", lang)),
                 ("^P", label("help_palette", lang)), ("Tab / →", label("help_tab", lang))]
        verbs = []
        for verb, usage in self.script.VERBS.items():
            syntax, desc, example = self._usage(verb, usage)
            verbs.append((syntax, desc + (label("help_example", lang, example=example) if example else "")))
        return [(label("help_keys", lang), keys), (label("help_commands", lang), verbs)]

    def help_text(self) -> str:
        """F1's help as plain text, one row a line (``help_sections``)."""
        out: list[str] = []
        for title, rows in self.help_sections():
            if out:
                out.append("")
            out.append(title)
            width = 12 if not out[:-1] else 28
            out += [f"  {key:<{width}} {desc}" for key, desc in rows]
        return "\n".join(out)

    def _usage(self, verb: str, usage: UsageLike) -> tuple[str, str, str]:
        """(syntax, description in the screen's language, example) of a ``script.VERBS`` entry
        (``script.Usage``: usage, en, zh, example)."""
        from companion.rules.choices import command_words  # noqa: PLC0415 - the example in the screen's words

        return (usage.usage or verb, (usage.zh if self.lang == "zh" else usage.en) or usage.en,
                command_words(usage.example, self.lang))

    def action_distances(self) -> None:
        self.open_distances(None)

    def open_distances(self, seat: int | None) -> None:
        """The distance matrix (F3, or a right-click on seat card ``seat``: the cursor on its row)."""
        from .screens import DistanceScreen  # noqa: PLC0415 - imported on first use: faster first paint

        self.push_screen(DistanceScreen(self.state.clone(), self.lang, seat))

    def action_skills(self) -> None:
        top = self.state.prompt
        self.open_skills(top.seat if top is not None and top.kind == PromptKind.SKILL else None)

    def open_skills(self, seat: int | None) -> None:
        """The skills list (F7, or a click on a seat card's general: at that seat; None: all seats)."""
        from .screens import SkillsScreen  # noqa: PLC0415 - imported on first use

        self.push_screen(SkillsScreen(self.state.clone(), self.lang, seat))

    def action_skill_answer(self, word: str) -> None:
        """F8 / F9: answer the pending skill question with yes / no (one key)."""
        top = self.state.prompt
        if top is None and self._ask is not None and self._ask[0] is self.state:  # light mode's hand question
            self.action_choose(0 if word == "yes" else 1)
            return
        if top is None or top.kind != PromptKind.SKILL:
            self.say(label("no_skill_question", self.lang), error=True)
            return
        if word not in skill_answer_verbs(top):  # e.g. 刚烈's "discard 2 / take": not a yes / no question
            self.say(label("not_yes_no", self.lang), error=True)
            return
        self.submit_line(word)

    # -- the command palette and the players' view ----------------------------
    def action_command_palette(self) -> None:
        """ctrl+p: Textual's command palette with its search field in the dashboard's language (Textual's own
        ``App.action_command_palette`` says "Search for commands…" whatever the language)."""
        from textual.command import CommandPalette  # noqa: PLC0415 - imported on first use

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(CommandPalette(placeholder=label("palette_search", self.lang), id="--command-palette"))

    def palette_line(self, line: str) -> None:
        """A setting picked in the command palette: submitted as the typed line (``step every phase on``,
        ``track hands off``)."""
        if self.readonly and not line.startswith("step"):
            self.say(label("read_only_open", self.lang), error=True)
            return
        self.submit_line(line, typed=False)
        self.query_one(CommandBar).focus()

    def palette_verb(self, verb: str, syntax: str) -> None:
        """A verb picked in the command palette: the verb goes into the command bar (a seat-first form
        such as ``S CARD …`` leaves the bar as it is) and the message shows its usage."""
        bar = self.query_one(CommandBar)
        first = syntax.split()[0] if syntax.split() else verb
        if first == verb and not bar.value.strip():
            bar.value = verb + " "
            bar.cursor_position = len(bar.value)
        self.say(syntax)
        bar.focus()

    def action_serve(self, where: str = "") -> None:
        """F10 / ``serve [HOST][:PORT]``: start the players' view (once) and show its URL and QR code."""
        from .serve import open_serve  # noqa: PLC0415 - the web server is imported on first use

        self.run_worker(open_serve(cast("CompanionApp", self), where), group="serve", name="serve")

    # -- language and roles ---------------------------------------------------
    def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "zh" else "zh"  # redrawn by watch_lang, the footer by the reactive
        from companion.settings import save  # noqa: PLC0415

        save(lang=self.lang)  # now, not at exit: a killed terminal keeps the choice (a failed write is ignored)
        self.say("")

    def action_reveal_roles(self) -> None:
        if self.reveal:
            self.reveal = False  # redrawn by watch_reveal
            self.say(label("roles_hidden", self.lang))
            return

        if not any(s.role is not None and s.public_role is None for s in self.state.seats):
            self.say(label("no_hidden_roles", self.lang))  # nothing to reveal: do not claim "roles shown"
            return

        from .screens import ConfirmRevealScreen  # noqa: PLC0415 - imported on first use

        def done(ok: bool | None) -> None:
            if ok:
                self.reveal = True
                self.say(label("roles_shown", self.lang), error=True)
            self.query_one(CommandBar).focus()

        self.push_screen(ConfirmRevealScreen(self.lang), done)
