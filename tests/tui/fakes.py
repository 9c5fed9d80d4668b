"""A small stand-in for companion.session.Session (which lives on another branch).

It holds a GameState built by hand and understands a few lines:

* ``damage SEAT [AMOUNT]`` — the seat loses AMOUNT (default 1) HP
* ``next`` — the next phase (finish → next living seat's start)
* ``role SEAT ROLE`` — a dealt (hidden) role, like the lines ``deal roles`` journals
* ``note TEXT`` — an event with that text, changing nothing
* ``slash SRC DST`` — refused with the real distance.in_range sentence when out of range
* anything else — CommandError

plus undo/redo over a state stack, and a ``log`` of entries like the real one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.distance import in_range
from companion.rules.errors import CommandError, Event, Refused
from companion.rules.state import PHASES, GameState, Prompt, Seat


@dataclass
class Applied:
    state: GameState
    events: list[Event]


@dataclass
class LogEntry:
    seq: int
    lines: list[str]
    forced: bool = False
    undone: bool = False
    events: list[Event] = field(default_factory=list)


def table_state() -> GameState:
    """Six seats, round 2, seat 2 in its play phase, seat 5 dying (asked for 桃), seat 6 dead."""
    seats = [
        Seat(1, "Alice", "caocao", "lord", True, True, 5, 5, 4,
             {"weapon": "qinggang_sword-spade-6", "armor": None, "plus_horse": None, "minus_horse": None}),
        Seat(2, "Bob", "simayi", "loyalist", False, True, 3, 3, 3,
             {"weapon": None, "armor": "eight_diagram-spade-2", "plus_horse": None, "minus_horse": None}),
        Seat(3, "Cara", "guanyu", "rebel", False, True, 4, 4, 4,
             {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": "chitu"},
             ["indulgence-heart-6", "lightning-spade-1"]),
        Seat(4, "Dan", "zhouyu", "rebel", False, True, 1, 3, 2,
             {"weapon": None, "armor": None, "plus_horse": "dilu-club-5", "minus_horse": None}),
        Seat(5, "Eve", "machao", "renegade", False, True, 0, 4, 1),
        Seat(6, "Finn", "huatuo", "rebel", True, False, 0, 3, 0),
    ]
    return GameState(
        players=6, seats=seats, started=True, round=2, turn_seat=2, phase="play",
        prompts=[Prompt("dying", 5, en="seat 5 is dying: asking seat 2 for a Peach (桃)",
                        zh="5号位濒死：求桃（询问2号位）", data={"victim": 5, "source": None, "order": [2], "i": 0})],
    )


def judge_state() -> GameState:
    """Seat 3's judge phase with a judgement prompt for 乐不思蜀."""
    s = table_state()
    s.prompts = [Prompt("judge", 3, en="seat 3: flip a judgement card for Indulgence",
                        zh="3号位：为乐不思蜀翻判定牌")]
    s.turn_seat, s.phase = 3, "judge"
    s.seats[4].hp = 2
    return s


class FakeSession:
    def __init__(self, state: GameState | None = None) -> None:
        self._states = [state or table_state()]
        self._pos = 0  # index of the current state
        self.log: list[LogEntry] = []
        self.submitted: list[str] = []
        self._redo: list[LogEntry] = []

    @property
    def state(self) -> GameState:
        return self._states[self._pos]

    def submit(self, line: str) -> Applied:
        self.submitted.append(line)
        words = line.split()
        s = self.state.clone()
        if words[:1] == ["damage"] and len(words) in (2, 3):
            n = int(words[1])
            amount = int(words[2]) if len(words) == 3 else 1
            seat = s.seat(n)
            seat.hp -= amount
            events = [Event("damage", f"seat {n} takes {amount} damage ({seat.hp}/{seat.max_hp} HP)",
                            f"{n}号位受到{amount}点伤害（体力{seat.hp}/{seat.max_hp}）", n)]
        elif words == ["next"]:
            i = PHASES.index(s.phase)
            if i + 1 < len(PHASES):
                s.phase = PHASES[i + 1]
            else:
                s.turn_seat = s.next_alive(s.turn_seat)
                s.phase = PHASES[0]
            events = [Event("phase", f"seat {s.turn_seat}: {s.phase} phase",
                            f"{s.turn_seat}号位进入{s.phase}阶段", s.turn_seat)]
        elif words[:1] == ["slash"] and len(words) == 3:
            a, b = int(words[1]), int(words[2])
            rc = in_range(s, a, b)
            if not rc.ok:
                raise Refused("slash.range", rc.en, rc.zh, "RULES_NOTES: Distance")
            events = [Event("slash", f"seat {a} uses Slash on seat {b}", f"{a}号位对{b}号位使用杀", a)]
        elif words[:1] == ["role"] and len(words) == 3:
            n = int(words[1])
            s.seat(n).role = words[2]
            events = [Event("role", f"seat {n}'s role is dealt (hidden)", f"{n}号位的身份已发（保密）", n)]
        elif words[:1] == ["note"] and len(words) >= 2:
            text = line.split(None, 1)[1]
            events = [Event("note", text, text)]
        else:
            raise CommandError(f"unknown command {line!r}", hint="damage SEAT [N] | next | slash SRC DST")
        # a new action drops the redo tail
        del self._states[self._pos + 1:]
        self._redo.clear()  # undone entries stay in the log (audit trail), marked undone
        self._states.append(s)
        self._pos += 1
        self.log.append(LogEntry(len(self.log) + 1, [line], events=events))
        return Applied(s, events)

    def undo(self) -> bool:
        if self._pos == 0:
            return False
        self._pos -= 1
        entry = [e for e in self.log if not e.undone][-1]
        entry.undone = True
        self._redo.append(entry)
        return True

    def redo(self) -> bool:
        if self._pos + 1 >= len(self._states):
            return False
        self._pos += 1
        self._redo.pop().undone = False
        return True


def scripted_camera(statuses):
    """A stand-in for the ``recognition.camera`` module whose CameraScanner yields ``statuses`` (objects with
    state/reading/text/streak, readings with label/confidence/corner: companion.tui.protocols) and ends, with
    no vote; install with ``monkeypatch.setitem(sys.modules, "recognition.camera", ...)``."""
    import types

    class NoVote:
        def best_guess(self):
            return None

    class Scanner:
        def __init__(self, source, **kw):
            self.voter = NoVote()
            self.ended = None

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return None

        def updates(self):
            yield from statuses

    return types.SimpleNamespace(CameraScanner=Scanner)
