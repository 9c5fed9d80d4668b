"""A stateful property test of session + journal + rules (issue 12, acceptance).

Hypothesis' RuleBasedStateMachine plays random real lines and mutated ones (extra words, huge or
negative numbers, line breaks, lone surrogates, force prefixes), undoes and redoes, in random game
states of a dealt 5-seat game.  After each step: no internal error (only Refused, CommandError or
JournalError may be raised, and then nothing changed), and the invariants hold: 0 ≤ HP ≤ max HP unless a
dying question is open for that seat, hands ≥ 0, the turn seat alive, exactly one lord, over iff a
winner; at the end the journal replays (resume from the file) to the same state.
"""

from __future__ import annotations

import hypothesis.strategies as stg
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.journal import JournalError
from companion.rules.errors import CommandError, Refused
from companion.session import Session

CARDS = ["杀", "闪", "桃", "无中生有", "过河拆桥", "顺手牵羊", "决斗", "南蛮入侵", "万箭齐发", "桃园结义", "乐不思蜀",
         "闪电", "诸葛连弩", "八卦阵", "赤兔", "酒"]
SEAT = stg.integers(1, 5)


@stg.composite
def real_line(draw) -> str:
    kind = draw(stg.sampled_from(["next", "next", "end", "card", "card", "take", "pass", "pass all", "peach",
                                  "damage", "heal", "draw", "discard", "judge", "yes", "no", "lose", "give"]))
    s, t = draw(SEAT), draw(SEAT)
    n = draw(stg.integers(1, 3))
    return {
        "card": f"{s} {draw(stg.sampled_from(CARDS))} {t}", "take": "take", "pass": f"pass {s}",
        "peach": f"{s} 桃", "damage": f"damage {t} {n}", "heal": f"heal {t} {n}", "draw": f"draw {s} {n}",
        "discard": f"discard {n}", "judge": f"judge {draw(stg.sampled_from(['♠7', '♥5', '♣K', '♦A']))}",
        "lose": f"lose {t} {n}", "give": f"give {s} {t} {n}",
    }.get(kind, kind)


@stg.composite
def mutated_line(draw) -> str:
    line = draw(real_line())
    how = draw(stg.sampled_from(["junk", "force", "huge", "negative", "zero", "crlf", "surrogate", "cut", "text"]))
    if how == "junk":
        return line + " " + draw(stg.text(min_size=1, max_size=8).filter(lambda x: x.strip()))
    if how == "force":
        return "force " + line
    if how == "huge":
        return line.rsplit(" ", 1)[0] + " " + "9" * draw(stg.integers(10, 5000))
    if how == "negative":
        return line.rsplit(" ", 1)[0] + " -" + str(draw(stg.integers(1, 9)))
    if how == "zero":
        return line.rsplit(" ", 1)[0] + " 0"
    if how == "crlf":
        return line + draw(stg.sampled_from(["\n", "\r", "\r\n"])) + line
    if how == "surrogate":
        return line + " \ud800"
    if how == "cut":
        return line[: draw(stg.integers(0, max(0, len(line) - 1)))]
    return draw(stg.text(max_size=20))


class JournalGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        import tempfile
        from pathlib import Path

        self._dir = tempfile.TemporaryDirectory()
        self.db = Path(self._dir.name) / "j.sqlite3"
        self.s: Session | None = None
        self.base = 0  # the tip once the game has started: undo stops there

    @initialize(seed=stg.integers(0, 50))
    def setup(self, seed: int) -> None:
        self.s = Session.new(self.db)
        for line in ["players 5", "lord 1", f"deal roles seed={seed}", "general 1 liubei", "general 2 guanyu",
                     "general 3 zhangfei", "general 4 zhaoyun", "general 5 huatuo", "start"]:
            self.s.submit(line)
        self.base = self.s.tip

    def _submit(self, line: str) -> None:
        s = self.s
        before, tip, n = s.state.to_dict(reveal=True), s.tip, len(s.log)
        try:
            s.submit(line)
        except (Refused, CommandError, JournalError):
            assert s.state.to_dict(reveal=True) == before and s.tip == tip and len(s.log) == n

    @rule(line=real_line())
    def real(self, line: str) -> None:
        self._submit(line)

    @rule(line=mutated_line())
    def mutated(self, line: str) -> None:
        self._submit(line)

    @precondition(lambda self: self.s is not None and self.s.can_undo and self.s.tip > self.base)
    @rule()
    def undo(self) -> None:
        assert self.s.undo()

    @precondition(lambda self: self.s is not None and self.s.can_redo)
    @rule()
    def redo(self) -> None:
        assert self.s.redo()

    @invariant()
    def consistent(self) -> None:
        if self.s is None:
            return
        st = self.s.state
        dying = {p.data.get("victim") for p in st.prompts if p.kind in ("dying", "reveal")}
        for seat in st.seats:
            assert seat.hand >= 0, seat
            if seat.alive:
                assert seat.hp <= seat.max_hp, seat
                assert seat.hp >= 1 or seat.seat in dying, (seat, st.prompts)
        if st.started and not st.over and st.turn_seat is not None:
            assert st.seat(st.turn_seat).alive or st.prompts, st.turn_seat
        assert sum(1 for x in st.seats if x.role == "lord") == 1
        assert st.over == (st.winner is not None)

    def teardown(self) -> None:
        if self.s is not None:
            final = self.s.state.to_dict(reveal=True)
            self.s.close()
            r = Session.resume(self.db, game_id=self.s.game_id)
            try:
                assert r.problem is None, r.problem
                assert r.state.to_dict(reveal=True) == final  # the journal replays to the same state
            finally:
                r.close()
        self._dir.cleanup()


JournalGame.TestCase.settings = settings(max_examples=15, stateful_step_count=30, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_journal_state_machine = JournalGame.TestCase
