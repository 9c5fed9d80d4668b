"""Keys per scenario at the dashboard (issue 16): a pilot-driven script, not a timed test.

Run: ``python bench/keystrokes.py``.  Each scenario is played twice through the real dashboard
(``CompanionApp`` on a real ``Session``, headless, 80×24):

* **typed** — as before issue 16: ``step every phase`` on (F2 = one phase), every answer typed as the
  prompts suggest (ASCII words: ``1 sha 2``, ``take``, ``pass all``; a key per character, Enter
  included);
* **fast** — the defaults now: quiet phases pass by themselves, numbered choices (a number and
  Enter; a partial choice's only legal seat typed submits it).

It prints one line per scenario and way, e.g. ``ordinary turn: 6 keys, 4 commands (fast; 5 phases
passed by themselves)``.  A command is a key that submitted a line (its journal entry); phases passed by
themselves are the further ``next`` entries the dashboard added after it (F2 in the play phase submits
``end``, which carries the turn through its own remaining phases in one entry).  The fast way also says
the longest answer to a question that needed no card face and no seat (issue 16: ≤ 2 keys).  The
last scenario is light mode's 空城 question (``track hands off``: asked yes / no, one key).  Every scenario checks
that both ways end in the same game state, so the fast way is the same game.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.session import Session  # noqa: E402
from companion.tui.app import CompanionApp  # noqa: E402
from companion.tui.widgets.choices import key_of  # noqa: E402

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start"]
"""Six generals with no start / draw / finish question (the lord 孙权: 5 HP)."""


class Run:
    """One scenario on one app: counts keys, commands (entries caused by a key) and passed phases."""

    def __init__(self, app: CompanionApp, pilot) -> None:
        self.app, self.pilot = app, pilot
        self.keys = 0
        self.commands = 0
        self.passed = 0
        self.start = len(app.session.log)
        self.answers: list[tuple[int, bool]] = []  # (keys, needed a face or seats) of each answer to a question
        self._since = 0  # keys since the last command
        self._asked = False  # a question was pending when those keys began
        self._filled = False  # a partial choice (a face, a seat) was in the bar meanwhile

    async def press(self, *keys: str) -> None:
        for k in keys:
            self.keys += 1
            if self._since == 0:
                self._asked = self.app.state.prompt is not None or self.app._ask is not None
                self._filled = False
            self._since += 1
            n = self._live()
            await self.pilot.press(k)
            await self.pilot.pause()
            self._filled = self._filled or self.app._partial is not None
            added = self._live() - n
            if added > 0:  # the key's own line, and the phases the dashboard passed after it (its `next` lines)
                self.commands += 1
                later = [e for e in self.app.session.log[-added:][1:] if not getattr(e, "undone", False)]
                self.passed += sum(1 for e in later if list(e.lines) == ["next"])
                if self._asked:
                    self.answers.append((self._since, self._filled))
                self._since = 0

    def _live(self) -> int:
        return sum(1 for e in self.app.session.log[self.start:] if not getattr(e, "undone", False))

    async def type(self, text: str) -> None:
        await self.press(*text, "enter")

    def counts(self) -> tuple[int, int, int]:
        return self.keys, self.commands, self.passed

    def longest_answer(self) -> int:
        """The most keys an answer to a question took that needed no card face and no seat (target: ≤ 2)."""
        return max((k for k, filled in self.answers if not filled), default=0)


async def play(setup: list[str], fast: bool, body) -> tuple[tuple[int, int, int], dict, int]:
    # its own journal file: the user's default journal may be open in a dashboard (its lock)
    session = Session.new(Path(tempfile.mkdtemp(prefix="keystrokes-")) / "journal.sqlite3")
    for line in setup:
        session.submit(line)
    app = CompanionApp(session, lang="en")
    app.step_every_phase = not fast
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        run = Run(app, pilot)
        await body(run, fast)
        counts = run.counts()
        final = session.state.to_dict(reveal=True)
    return counts, final, run.longest_answer()


# --------------------------------------------------------------------------- scenarios


async def ordinary(run: Run, fast: bool) -> None:
    """Seat 1 (hand 7 after its draw): 杀 on seat 2, who takes it; discard 1; on to seat 2's play phase."""
    if fast:
        await run.press("1", "enter", "2")  # 杀 → seat 2 (the only legal seat starting with 2: submitted)
        await run.press("2", "enter")  # seat 2: take 1 damage
        await run.press("f2")  # discard phase: 1 owed → stops
        await run.press("1", "enter")  # discard 1 → finish, seat 2's start, judge, draw pass → play
    else:
        await run.type("1 sha 2")
        await run.type("take")
        await run.press("f2")  # discard phase
        await run.type("discard 1")
        await run.press("f2", "f2", "f2", "f2", "f2")  # finish, seat 2 start, judge, draw, play


async def quiet(run: Run, fast: bool) -> None:
    """Seat 1 plays nothing: from its play phase to seat 2's."""
    if fast:
        await run.press("f2")
    else:
        await run.press("f2", "f2", "f2", "f2", "f2", "f2")  # discard, finish, start, judge, draw, play


async def archery(run: Run, fast: bool) -> None:
    """Seat 1's 万箭齐发 at 6 seats: seats 3 and 5 play 闪, seats 2, 4, 6 take the damage; nobody plays 无懈可击."""
    answers = {2: "take", 3: "jink", 4: "take", 5: "jink", 6: "take"}
    if fast:
        chs = run.app.current_choices()
        i = next(k for k, c in enumerate(chs) if c.params.get("card") == "archery_attack")
        await run.press(key_of(i), "enter")  # its number (0 is the 10th)
        for s in (2, 3, 4, 5, 6):  # at each window the target's answers come first: 1 闪 · 2 take
            await run.press("1" if answers[s] == "jink" else "2", "enter")
    else:
        await run.type("1 wanjian")
        for s in (2, 3, 4, 5, 6):
            await run.type("pass all")
            await run.type(answers[s])


async def peach(run: Run, fast: bool) -> None:
    """Seat 2 (1 HP) takes seat 1's 杀 and is dying; seat 1 (asked first) gives no 桃, seat 3 gives one."""
    if fast:
        await run.press("1", "enter", "2")  # 杀 → seat 2
        await run.press("2", "enter")  # take
        t0 = run.keys
        await run.press("4", "enter", "3")  # 1 seat 1 桃 · 2 pass · 3 nobody · 4 another seat gives 桃… → seat 3
        run.rescue_keys = run.keys - t0
    else:
        await run.type("1 sha 2")
        await run.type("take")
        t0 = run.keys
        await run.type("3 peach")  # out of turn, as a table does it (typed: 'pass' three times would be longer)
        run.rescue_keys = run.keys - t0


async def indulgence(run: Run, fast: bool) -> None:
    """Seat 2 has 乐不思蜀: from seat 1's play phase, seat 2's judgement (♠3: no play phase), on to seat 3's play."""
    if fast:
        await run.press("f2")  # seat 1's discard, finish; seat 2's start → judge phase stops (a card to flip)
        await run.press("1", "enter", "s", "3", "enter")  # judge ♠3 → draw; play skipped; discard, finish; seat 3 … play
    else:
        await run.press("f2", "f2", "f2", "f2")  # seat 1 discard, finish; seat 2 start, judge
        await run.type("judge s3")
        await run.press("f2", "f2", "f2", "f2", "f2", "f2")  # draw (play skipped) discard finish; seat 3 start judge draw
        await run.press("f2")  # seat 3 play


async def light_kongcheng(run: Run, fast: bool) -> None:
    """Light mode (``track hands off``): seat 1's 杀 on 诸葛亮 asks whether he holds a hand card (空城); he does,
    and takes the damage."""
    if fast:
        await run.press("1", "enter", "2")  # 杀 → seat 2: asked (hand.ask) — 1 yes · 2 no
        await run.press("1", "enter")  # yes: 'hand 2 1', then the 杀 again
        await run.press("2", "enter")  # take 1 damage
    else:
        await run.type("hand 2 1")  # the refusal says what to type first
        await run.type("1 sha 2")
        await run.type("take")


LIGHT = ["players 4", "track hands off", "lord 1", "general 1 孙权", "general 2 诸葛亮", "general 3 陆逊",
         "general 4 吕布", "start", "next", "next", "next"]


def to_play(extra: list[str]) -> list[str]:
    """The six-seat table, seat 1 in its play phase, then ``extra`` corrections."""
    return SIX + ["next", "next", "next"] + extra


SCENARIOS = [
    ("ordinary turn", to_play(["hand 1 7"]), ordinary),
    ("quiet turn", to_play(["hand 1 5"]), quiet),
    ("archery attack", to_play([]), archery),
    ("peach rescue", to_play(["lose 2 3"]), peach),
    ("indulgence judgement", to_play(["place 2 乐不思蜀", "hand 1 5", "hand 2 2"]), indulgence),
    ("light-mode 空城 question", LIGHT, light_kongcheng),
]


async def main() -> None:
    for name, setup, body in SCENARIOS:
        results = {}
        for fast in (False, True):
            holder = {}

            async def wrapped(run, f, body=body, holder=holder):
                await body(run, f)
                holder["rescue"] = getattr(run, "rescue_keys", None)

            counts, final, longest = await play(setup, fast, wrapped)
            results[fast] = (counts, final, holder.get("rescue"), longest)
        same = results[False][1] == results[True][1]
        for fast in (False, True):
            (keys, cmds, passed), _, rescue, longest = results[fast]
            way = "fast" if fast else "typed"
            more = f"; {passed} phases passed by themselves" if passed else ""
            more += f"; the rescue itself: {rescue} keys" if rescue is not None else ""
            more += f"; longest answer without a face or seat: {longest} keys" if fast and longest else ""
            print(f"{name}: {keys} keys, {cmds} commands ({way}{more})")
        if not same:
            print(f"  ! {name}: the two ways ended in different states")


if __name__ == "__main__":
    asyncio.run(main())
