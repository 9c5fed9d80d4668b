"""The ``companion`` command.

::

    companion [--db PATH] [--game ID] [--lang zh|en]   dashboard on the latest unfinished game
    companion resume [--db PATH] [--game ID]          the same
    companion new [--db PATH] [--lang zh|en] [--title T]  dashboard on a new game
    companion games [--db PATH] [--json]              list the games of a journal
    companion replay FILE [--json] [--lang zh|en]     run a script headless, print the log
    companion distance --players N [...] [--json]     distance / attack-range matrix
    companion judge SUBJECT CARD [--json]             outcome of one judgement
    companion serve [--db J] [--game ID] [--host H] [--port P]  players' view of a journal, read-only
    companion scan ... / companion labels ...         card reader (recognition/cli.py)

:func:`main` returns the exit code: 0 success, 1 a refused script line or a
missing component, 2 a usage error or an unusable journal file.  Errors are
one clear line on stderr, never a traceback (set ``COMPANION_DEBUG=1`` to get
the traceback of an internal error).

Every command speaks the dashboard's language: ``--lang zh|en`` (before or after the command), else
the last one the dashboard used, else the locale's (``companion.settings.default_lang``).  ``distance`` and
``judge`` skip the saved choice: reading it costs platformdirs and json, and these two start on the
standard library and the rules core alone (issue 15); without ``--lang`` they follow the locale
(``settings.locale_lang``).  The texts and the help are the catalogue's ``[text] "cli.*"`` entries
(companion/data/messages/*.toml).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: `companion distance` starts without it (issue 15)
if TYPE_CHECKING:
    import re
    from typing import Any, NoReturn

__all__ = ["main", "build_parser"]

PROG = "companion"


class _UsageError(Exception):
    """A bad argument found after parsing (exit code 2)."""


_LANG: list[str] = []
"""The language of this run's texts once known (:func:`_lang`); :func:`main` sets it from ``--lang``."""
_LOCALE_ONLY: list[bool] = [False]
"""Without ``--lang``: the locale's language, not the saved one (``distance`` and ``judge``; see the module doc)."""
_HELP: list[bool] = [True]
"""Whether the parser being built gets its help texts (only a help request shows them: :func:`_wants_help`)."""


def _lang() -> str:
    """``zh`` or ``en``: ``--lang``, else the dashboard's choice (the saved setting, else the locale)."""
    if not _LANG:
        if _LOCALE_ONLY[0]:
            from .settings import locale_lang  # noqa: PLC0415

            _LANG.append(locale_lang())
        else:
            _LANG.append(_default_lang())
    return _LANG[0]


def _msg(key: str, /, **values: Any) -> str:
    """The command line's text ``key`` (the catalogue's ``[text] "cli.<key>"``) in :func:`_lang` with ``values``."""
    from .rules.messages import render  # noqa: PLC0415 - the catalogue only when a text is shown

    return render(_lang(), "text", "cli." + key, values)


def _help(key: str, /) -> str | None:
    """The help text ``key`` (``[text] "cli.help.<key>"``), or None while building a parser whose help nobody
    will read (a command's start need not render forty texts nor look up the language for them)."""
    return _msg("help." + key) if _HELP[0] else None


def _words(e: BaseException) -> str:
    """An error's text in :func:`_lang`: its ``text(lang)`` (a JournalError), its ``.zh`` / ``.en`` (the rules'
    errors), else ``str(e)``."""
    lang = _lang()
    if callable(getattr(e, "text", None)):
        return str(e.text(lang))  # type: ignore[attr-defined]
    return str(getattr(e, lang, None) or getattr(e, "en", None) or e)


def _err(msg: str) -> None:
    print(_msg("error", prog=PROG, msg=msg), file=sys.stderr)


# --------------------------------------------------------------------------- dashboard


def _db_arg(args) -> str | None:
    return getattr(args, "db", None)


def _camera(args) -> int | str:
    """``--camera N|PATH`` for the dashboard's scan key (default 0)."""
    cam = getattr(args, "camera", None)
    if cam is None:
        return 0
    return int(cam) if str(cam).isdigit() else cam


_YES_WORDS = ("y", "yes", "是", "好")
"""The answers that accept the offer to open a journal read-only (typed, either language)."""


def _default_lang() -> str:
    from .settings import default_lang  # noqa: PLC0415

    return default_lang()


def pause_gc_for_start_up() -> None:
    """Turn Python's cyclic garbage collector off while the dashboard starts (``companion new`` / ``resume``).

    The start-up builds ≈ 90,000 long-lived objects (Textual, the rules tables, the widgets) and little
    garbage (≈ 4,000 objects in cycles), and the collector walked them again and again while they were made:
    ≈ 30 ms of CPU before the first paint on the 2-core machine (issue 15, docs/performance.md).  The
    dashboard turns it back on after its first paint, with what exists then frozen out of later collections
    (``CompanionApp._start_gc``); ``cmd_new`` / ``cmd_resume`` turn it on when they return, whatever happened."""
    import gc  # noqa: PLC0415

    gc.disable()


def _gc_paused(cmd):
    """``cmd(args)`` with the collector paused for the dashboard's start-up and on again when it returns."""
    import functools  # noqa: PLC0415

    @functools.wraps(cmd)
    def run(args) -> int:
        import gc  # noqa: PLC0415

        pause_gc_for_start_up()
        try:
            return cmd(args)
        finally:
            gc.enable()

    return run


def _run_dashboard(make_session, lang: str, camera: int | str = 0) -> int:
    try:
        from .tui.app import run_dashboard  # noqa: PLC0415
    except ImportError as e:
        _err(_msg("dashboard_missing", why=e))
        return 1
    session = make_session()
    try:
        rc = run_dashboard(session, lang, camera=camera)
    finally:
        session.close()
    return rc if isinstance(rc, int) else 0


def _ask_read_only(error, lang: str) -> bool:
    """The journal cannot be written (read-only file, another window writes it): say so and, at a
    terminal, offer to open it read-only.  True when the moderator accepts."""
    _err(error.text(lang))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        answer = input(_msg("ask_read_only"))
    except EOFError:
        return False
    return answer.strip().casefold() in _YES_WORDS


@_gc_paused
def cmd_resume(args) -> int:
    """Dashboard on game --game, or the latest unfinished game (a new one when there is none).
    ``--read-only`` (or the answer to the offer when the journal cannot be written) opens it to watch."""
    from .journal import JournalError  # noqa: PLC0415 - sqlite3 only for the commands that use it
    from .session import Session  # noqa: PLC0415

    lang = _lang()
    readonly = bool(getattr(args, "read_only", False))
    game = getattr(args, "game", None)
    if not readonly:
        try:
            session = Session.resume(_db_arg(args), game)
        except JournalError as e:
            if e.kind not in ("readonly", "locked") or not _ask_read_only(e, lang):
                return 2 if e.kind in ("readonly", "locked") else _reraise(e)
            readonly = True
        else:
            return _run_dashboard(lambda: session, lang, _camera(args))
    return _run_dashboard(lambda: Session.resume(_db_arg(args), game, readonly=True), lang, _camera(args))


def _reraise(e: Exception) -> int:
    raise e


@_gc_paused
def cmd_new(args) -> int:
    """Dashboard on a new game."""
    from .session import Session  # noqa: PLC0415

    return _run_dashboard(lambda: Session.new(_db_arg(args), title=args.title),
                          _lang(), _camera(args))


def cmd_games(args) -> int:
    """List the games of the journal."""
    from .journal import Journal, default_path  # noqa: PLC0415 - sqlite3 and platformdirs for the commands that use them

    db = _db_arg(args)
    path = Path(db) if db else default_path()
    if not path.exists():
        if args.json:
            print("[]")
        else:
            print(_msg("games.no_journal", path=path))
        return 0
    with Journal(path, readonly=True) as j:  # listing writes nothing (not even into an empty file)
        games = j.games()
    if args.json:
        import json  # noqa: PLC0415 - only for --json

        print(json.dumps([{"id": g.id, "created": g.created, "updated": g.updated, "title": g.title,
                           "over": g.over, "winner": g.winner, "entries": g.entries} for g in games],
                         ensure_ascii=False))
        return 0
    if not games:
        print(_msg("games.none", path=path))
        return 0
    from rich.cells import cell_len  # noqa: PLC0415 - columns of Chinese words are counted in cells

    def pad(text: object, width: int, right: bool = False) -> str:
        fill = " " * max(0, width - cell_len(str(text)))
        return f"{fill}{text}" if right else f"{text}{fill}"

    from .rules.messages import Names  # noqa: PLC0415

    roles = Names("role", _lang())
    print(f"{pad(_msg('games.col_id'), 4, True)}  {pad(_msg('games.col_updated'), 19)}  "
          f"{pad(_msg('games.col_actions'), 7, True)}  {pad(_msg('games.col_status'), 22)}  {_msg('games.col_title')}")
    for g in games:
        winner = (roles[g.winner] if g.winner and _lang() == "zh" and g.winner in roles else g.winner) or "?"
        status = _msg("games.over", winner=winner) if g.over else _msg("games.in_progress")
        print(f"{g.id:>4}  {g.updated[:19].replace('T', ' '):19}  {g.entries:>7}  {pad(status, 22)}  {g.title}")
    return 0


# --------------------------------------------------------------------------- check


def cmd_check(args) -> int:
    """Replay each game (or --game) from its first entry; compare every checkpoint with that replay.

    Exit 0 when all match, 1 when one differs or cannot be read (the entries are the truth:
    a bad checkpoint only makes resumes slower once it is dropped), 2 for a missing journal."""
    from .journal import Journal, default_path  # noqa: PLC0415 - see cmd_games
    from .session import Session  # noqa: PLC0415
    from .snapshot import SnapshotError, decode, rules_fingerprint  # noqa: PLC0415

    db = _db_arg(args)
    path = Path(db) if db else default_path()
    if not path.exists():
        raise _UsageError(_msg("check.no_journal", path=path))
    fp = rules_fingerprint()
    bad = 0
    # read-only: a check writes nothing (a 0-byte file stays empty, a damaged entry is not set aside) and
    # runs while a dashboard writes the journal, or on a read-only one
    with Journal(path, readonly=True) as j:
        game_id = getattr(args, "game", None)
        games = [j.game(game_id)] if game_id is not None else j.games()
        if not games:
            print(_msg("games.none", path=path))
        for g in games:
            full = Session.resume(j, g.id, checkpoints=False)
            if full.problem is not None:  # a damaged entry, or one that no longer replays
                bad += 1
                print(_words(full.problem))
            found = sorted(j.newest_checkpoints(g.id, fp, limit=None))
            seqs = [seq for seq, _ in found]
            wrong = []
            for seq, depth in found:
                try:
                    text = j.checkpoint(g.id, seq, fp)
                    ok = text is not None and decode(text) == full.state_after(seq)
                except SnapshotError:
                    ok = False
                real = full.depth_of(seq)
                if not ok:
                    wrong.append((seq, ""))
                elif depth is not None and depth != real:  # NULL: written before checkpoints kept it
                    wrong.append((seq, _msg("check.depth", depth=depth, real=real)))
            if wrong:
                bad += 1
                for seq, why in wrong:
                    print(_msg("check.differs", id=g.id, seq=seq, why=why))
            elif seqs:
                print(_msg("check.match", id=g.id, entries=g.entries, n=len(seqs)))
            else:  # nothing to compare: a resume of this game replays it from its first entry
                print(_msg("check.no_checkpoints", id=g.id, entries=g.entries))
    return 1 if bad else 0


# --------------------------------------------------------------------------- replay


def cmd_replay(args) -> int:
    """Run a script headless; print the log; exit 1 at the first refused line."""
    from .session import ReplayError, Session  # noqa: PLC0415

    try:
        text = Path(args.file).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise _UsageError(_msg("replay.no_file", file=args.file)) from None
    except UnicodeDecodeError as e:
        raise _UsageError(_msg("replay.not_utf8", file=args.file, why=e)) from None
    except OSError as e:
        raise _UsageError(_msg("replay.cannot_read", file=args.file, why=e.strerror or e)) from None
    lang = _lang()
    zh = lang == "zh"

    out = sys.stderr if args.json else sys.stdout  # with --json, stdout is the JSON document only

    def show(lineno, entry) -> None:
        for ev in entry.events or ():
            print((ev.zh or ev.en) if zh else ev.en, file=out)

    try:
        session = Session.replay_lines(text.splitlines(), lang=lang, on_entry=show)
    except ReplayError as e:
        sys.stdout.flush()
        print(_msg("replay.refused", file=args.file, line=e.lineno, reason=e.reason), file=sys.stderr)
        if args.json:  # a machine reader still gets a JSON document: the error and the state before it
            state = e.session.state.to_dict() if getattr(e, "session", None) is not None else None
            import json  # noqa: PLC0415 - only for --json

            print(json.dumps({"error": {"file": str(args.file), "line": e.lineno, "text": e.line,
                                        "reason": e.reason}, **(state or {})}, ensure_ascii=False, indent=2))
        return 1
    if args.json:
        import json  # noqa: PLC0415 - only for --json

        print(json.dumps(session.state.to_dict(), ensure_ascii=False, indent=2))
    return 0


# --------------------------------------------------------------------------- distance


def _items(values: list[str] | None) -> list[str]:
    return [x.strip() for v in values or () for x in v.split(",") if x.strip()]


def _seat(text: str, players: int, opt: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise _UsageError(_msg("distance.seat_nan", opt=opt, text=text, players=players)) from None
    if not 1 <= n <= players:
        raise _UsageError(_msg("distance.no_seat", opt=opt, n=n, players=players))
    return n


def _pairs(values, players: int, opt: str, *, value_needed: bool) -> list[tuple[int, str | None]]:
    out = []
    for item in _items(values):
        seat, sep, val = item.partition("=")
        if value_needed and not (sep and val.strip()):
            raise _UsageError(_msg("distance.pair", opt=opt, item=item))
        out.append((_seat(seat.strip(), players, opt), val.strip() or None))
    return out


def _equip(kind_name: str | None, slot: str, default: str, opt: str, item_seat: int) -> str:
    if kind_name is None:
        return default
    from .rules.reach import kind_row  # noqa: PLC0415

    try:
        if kind_row(kind_name).get("slot") == slot:
            return kind_name  # a kind id of the slot: what card_kind gives, without the deck's import (issue 15)
    except KeyError:
        pass
    from .rules.deck import CardError, card_kind  # noqa: PLC0415 - another name, or an error to word

    try:
        k = card_kind(kind_name)
    except CardError as e:
        raise _UsageError(_msg("distance.card", opt=opt, seat=item_seat, name=kind_name, why=_words(e))) from None
    if k.slot is None or str(k.slot) != slot:
        from .rules.messages import Names, Words  # noqa: PLC0415

        what = str(k.slot) if k.slot is not None else str(k.type)
        raise _UsageError(_msg("distance.not_slot", opt=opt, seat=item_seat, name=kind_name, card=k,
                               slot=Words(slot.replace("_", " "), Names("slot")[slot]), what=what.replace("_", " ")))
    return k.id


def build_table(args):
    """The table (a light ``rules.reach.Table``) described by the ``distance`` options.  Raises _UsageError."""
    from .rules.reach import Table  # noqa: PLC0415

    n = args.players
    if not 2 <= n <= 10:
        raise _UsageError(_msg("distance.players", n=n))
    state = Table(n)
    for item in _items(args.dead):
        state.seat(_seat(item, n, "--dead")).alive = False
    for seat, kind in _pairs(args.minus_horse, n, "--minus-horse", value_needed=False):
        state.seat(seat).equipment["minus_horse"] = _equip(kind, "minus_horse", "chitu", "--minus-horse", seat)
    for seat, kind in _pairs(args.plus_horse, n, "--plus-horse", value_needed=False):
        state.seat(seat).equipment["plus_horse"] = _equip(kind, "plus_horse", "dilu", "--plus-horse", seat)
    for seat, kind in _pairs(args.weapon, n, "--weapon", value_needed=True):
        state.seat(seat).equipment["weapon"] = _equip(kind, "weapon", "", "--weapon", seat)
    for seat, name in _pairs(args.general, n, "--general", value_needed=True):
        from .rules.generals import UnknownGeneralError, general  # noqa: PLC0415 - only with --general

        try:
            state.seat(seat).general = general(name).id
        except UnknownGeneralError as e:
            raise _UsageError(_msg("distance.general", seat=seat, name=name, why=_words(e))) from None
    if len(state.alive) < 2:
        raise _UsageError(_msg("distance.two_alive"))
    return state


def distance_table(state) -> dict:
    """``{"alive", "distance", "attack_range", "in_range"}`` with seat numbers as strings (living seats only)."""
    from .rules.reach import attack_reach, distance, in_range  # noqa: PLC0415

    alive = state.alive
    return {
        "alive": alive,
        "distance": {str(a): {str(b): distance(state, a, b)[2] for b in alive if b != a} for a in alive},
        "attack_range": {str(a): attack_reach(state, a)[0] for a in alive},
        "in_range": {str(a): {str(b): in_range(state, a, b)[0] for b in alive if b != a} for a in alive},
    }


def cmd_distance(args) -> int:
    """Print the distance / attack-range matrix of a table described on the command line."""
    from .rules.reach import attack_reach, card_kind_of, in_range, kind_row  # noqa: PLC0415

    state = build_table(args)
    if args.json:
        import json  # noqa: PLC0415 - only for --json

        print(json.dumps(distance_table(state)))
        return 0
    zh = _lang() == "zh"
    alive = state.alive
    dead = [s.seat for s in state.seats if not s.alive]
    if dead:
        print(_msg("distance.seats_dead", players=state.players, alive=" ".join(map(str, alive)),
                   dead=" ".join(map(str, dead))))
    else:
        print(_msg("distance.seats", players=state.players, alive=" ".join(map(str, alive))))
    for s in state.seats:
        bits = []
        if s.general:
            from .rules.generals import GENERALS  # noqa: PLC0415 - only with --general

            g = GENERALS[s.general]
            bits.append(g.zh if zh else g.en)
        for slot in ("weapon", "minus_horse", "plus_horse"):
            k = card_kind_of(s.equipment.get(slot))
            if k:
                sign = {"minus_horse": " (-1)", "plus_horse": " (+1)"}.get(slot, "")
                bits.append(kind_row(k)["zh" if zh else "en"] + sign)
        if s.alive:
            value, en, zh_words = attack_reach(state, s.seat)
            bits.append(_msg("distance.range", value=value, why=zh_words if zh else en))
        else:
            bits.append(_msg("distance.dead"))
        print(_msg("distance.seat", n=s.seat, bits=("，" if zh else ", ").join(bits)))
    checks = {(a, b): in_range(state, a, b) for a in alive for b in alive if a != b}  # (ok, distance, en, zh)
    print("\n" + _msg("distance.matrix"))
    w = 4
    from_to = _msg("distance.from_to")
    print(from_to + " " * (7 - len(from_to) - sum(ord(c) > 0x2e7f for c in from_to))  # 7 cells: 从 and 到 are 2 wide
          + "".join(f"{b:>{w}}" for b in alive))
    for a in alive:
        cells = []
        for b in alive:
            if a == b:
                cells.append(f"{'-':>{w}}")
            else:
                ok, value, _en, _zh = checks[a, b]
                cells.append(f"{str(value) + ('*' if ok else ' '):>{w}}")
        print(f"{a:>7}" + "".join(cells))
    out = [c for c in checks.values() if not c[0]]
    print("\n" + (_msg("distance.out") if out else _msg("distance.all_in")))
    for c in out:
        print(f"  {c[3] if zh else c[2]}")
    return 0


# --------------------------------------------------------------------------- judge


def cmd_judge(args) -> int:
    """Outcome of one judgement: SUBJECT (indulgence, lightning, ...) and the flipped CARD."""
    from .rules.faces import PlainFace, read  # noqa: PLC0415

    found = read(args.card)
    if found is None:  # the deck's parser words the error (issue 15: the light path reads a face only)
        from .rules.deck import CardError, parse_face  # noqa: PLC0415

        try:
            f = parse_face(args.card)
        except CardError as e:
            raise _UsageError(_msg("judge.error", why=_words(e))) from None
        found = (str(f.suit), f.rank)
    face = PlainFace(*found)
    from .rules.judging import JUDGEMENTS, judge  # noqa: PLC0415

    try:
        effect, en, zh = judge(args.subject, face)
    except ValueError as e:
        raise _UsageError(_msg("judge.error", why=_words(e))) from None
    explanation = (zh or en) if _lang() == "zh" else en
    if args.json:
        import json  # noqa: PLC0415 - only for --json

        print(json.dumps({"subject": args.subject, "card": {"suit": face.suit, "rank": face.rank},
                          "effect": effect, "explanation": explanation}, ensure_ascii=False))
    else:
        from .rules.messages import Words  # noqa: PLC0415

        rule = JUDGEMENTS.get(args.subject)  # en: the id as typed; zh: its Chinese name
        print(_msg("judge.line", subject=Words(args.subject, rule.zh_name if rule is not None else args.subject),
                   face=face, verdict=_msg("judge.effect") if effect else _msg("judge.no_effect"), why=explanation))
    return 0


# --------------------------------------------------------------------------- serve


def cmd_serve(args) -> int:
    """Serve the players' view of a journal's game, read-only (docs/web.md); the first stdout line is the URL."""
    from .journal import default_path  # noqa: PLC0415 - see cmd_games
    from .web.serve import serve_journal  # noqa: PLC0415

    db = _db_arg(args)
    path = Path(db) if db else default_path()
    try:
        return serve_journal(path, getattr(args, "game", None), host=args.host, port=args.port, lang=_lang())
    except OSError as e:
        raise _UsageError(_msg("serve.cannot_listen", host=args.host or _msg("serve.lan_address"),
                               port=args.port or _msg("serve.default_port"), why=e.strerror or e)) from None


def _port(text: str) -> int:
    """``--port P``: a TCP port number, 1–65535, or 0 for any free port (the tests' choice).  Raises ValueError
    for what is not a whole number (argparse's ``invalid int value``, as ``type=int`` gave) and
    argparse.ArgumentTypeError, in the run's language, for a number outside the range (the server would crash
    on it: ``OverflowError``)."""
    n = int(text)
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(_msg("serve.port_range", port=text))
    return n


_port.__name__ = "int"  # argparse names a type by it in "invalid int value: 'x'"


# --------------------------------------------------------------------------- parser


def _version() -> str:
    try:
        from importlib.metadata import version  # noqa: PLC0415

        return version("sgs-companion")
    except Exception:  # noqa: BLE001
        return "unknown"


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked (importlib.metadata costs ~10 ms)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {_version()}")
        parser.exit()


class _DefaultJournal:
    """The default journal path in ``--db``'s help, computed when the help is printed."""

    def __str__(self) -> str:
        from .journal import default_path  # noqa: PLC0415 - see cmd_games

        return str(default_path())


_LIGHT_COMMANDS = frozenset({"resume", "new", "games", "check", "replay", "distance", "judge", "serve"})
_GLOBAL_VALUES = frozenset({"--db", "--game", "--lang", "--camera"})


def _command_word(argv: list[str]) -> str | None:
    """The first word of ``argv`` that is not an option or a global option's value; ``"-h"`` when the help or
    the version flag comes first; None when there is none."""
    it = iter(argv)
    for a in it:
        if a in ("-h", "--help", "--version"):
            return "-h"
        if a in _GLOBAL_VALUES:
            next(it, None)
            continue
        if a.startswith("-"):
            continue
        return a
    return None


def _light_command(argv: list[str] | None) -> str | None:
    """The light command ``argv`` names (``distance``, ``resume``…), or None: the help, the version, no command,
    the reader's commands or an unknown one, whose parsing (or error) needs every subcommand."""
    if argv is None:
        return None
    word = _command_word(argv)
    return word if word in _LIGHT_COMMANDS else None


class _Unbuilt:
    """Stands for a subparser that ``build_parser`` leaves out: its options go nowhere."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        return None

    set_defaults = add_argument


def _columns() -> int:
    """The terminal's width for the help, as ``shutil.get_terminal_size`` finds it (``COLUMNS``, else the
    terminal of stdout, else 80), without importing shutil (and with it bz2 and lzma): argparse makes a
    formatter for every option it adds, and its own formatter imports shutil for the width."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2  # argparse's own margin


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter at the terminal's width (:func:`_columns`), its ``usage:`` and the headings of the option
    groups in the run's language (``选项：`` with the full-width colon, ``[text] "cli.help.heading"``)."""

    class _Section(argparse.HelpFormatter._Section):
        """A section whose heading is the catalogue's ``"{title}:"`` / ``"{title}："`` (argparse adds an ASCII colon)."""

        def format_help(self) -> str:
            heading, self.heading = self.heading, argparse.SUPPRESS
            try:
                body = super().format_help()
            finally:
                self.heading = heading
            if not body or heading is argparse.SUPPRESS or heading is None:
                return body
            indent = " " * self.formatter._current_indent
            return f"\n{indent}{_msg('help.heading', title=heading)}\n{body[1:]}"

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _msg("help.usage") if prefix is None else prefix)


def _formatter(prog: str) -> argparse.HelpFormatter:
    return _Formatter(prog, width=_columns())


def _template(text: str) -> re.Pattern[str]:
    """A catalogue text as a pattern that matches what it renders, each ``{name}`` a group of that name."""
    import re  # noqa: PLC0415 - only for a usage error in Chinese

    parts = re.split(r"\{(\w+)\}", text)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)))


def _argparse_reason(message: str) -> str:
    """argparse's reason for a usage error (``the following arguments are required: --players``) in the run's
    language.  argparse words it in English through gettext, from compiled catalogues this package does not ship;
    the catalogue's en ``[text] "cli.argparse.*"`` are argparse's own wordings, so the one ``message`` is is found
    and said again in the run's language with the same values.  As it is in English, or when none matches (a
    reason of the program's own, or one a newer Python words otherwise)."""
    if _lang() == "en":
        return message
    from .rules.messages import catalogue  # noqa: PLC0415

    english = catalogue("en")["text"]

    def said(key: str) -> dict[str, str] | None:
        """The values of ``message`` when it is the English text ``key``, else None."""
        found = _template(english["cli." + key]).fullmatch(message)
        return found.groupdict() if found else None

    if (v := said("argparse.argument")) is not None:  # "argument --players: invalid int value: 'x'"
        return _msg("argparse.argument", argument_name=v["argument_name"], message=_argparse_reason(v["message"]))
    if said("argparse.expected_one") is not None:
        return _msg("argparse.expected_one")
    if said("argparse.expected_at_most_one") is not None:
        return _msg("argparse.expected_at_most_one")
    if said("argparse.expected_at_least_one") is not None:
        return _msg("argparse.expected_at_least_one")
    if (v := said("argparse.required")) is not None:
        return _msg("argparse.required", names=v["names"])
    if (v := said("argparse.one_of")) is not None:
        return _msg("argparse.one_of", names=v["names"])
    if (v := said("argparse.unrecognized")) is not None:
        return _msg("argparse.unrecognized", args=v["args"])
    if (v := said("argparse.ambiguous")) is not None:
        return _msg("argparse.ambiguous", option=v["option"], matches=v["matches"])
    if (v := said("argparse.invalid_choice")) is not None:
        return _msg("argparse.invalid_choice", value=v["value"], choices=v["choices"])
    if (v := said("argparse.invalid_value")) is not None:
        kind = _msg("argparse.int") if v["type"] == "int" else v["type"]
        return _msg("argparse.invalid_value", type=kind, value=v["value"])
    if (v := said("argparse.not_allowed")) is not None:
        return _msg("argparse.not_allowed", other=v["other"])
    if (v := said("argparse.ignored")) is not None:
        return _msg("argparse.ignored", value=v["value"])
    if (v := said("argparse.expected_n")) is not None:
        return _msg("argparse.expected_n", n=v["n"])
    if (v := said("argparse.expected_n/plural")) is not None:
        return _msg("argparse.expected_n/plural", n=v["n"])
    return message


class _Parser(argparse.ArgumentParser):
    """argparse's parser with the :func:`_formatter` (its subparsers are of this class too), its own words in the
    run's language: ``-h``'s help, the titles of the option groups, the error line and argparse's reasons for a
    usage error (:func:`_argparse_reason`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _formatter)
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False  # its own -h, with the help text in the run's language
        super().__init__(*args, **kwargs)
        if _HELP[0]:
            self._positionals.title = _help("positionals")
            self._optionals.title = _help("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=_help("help"))

    def error(self, message: str) -> NoReturn:
        """A usage error: the usage line and ``PROG: error: MESSAGE`` on stderr, exit code 2 (as argparse's own)."""
        self.print_usage(sys.stderr)
        self.exit(2, _msg("usage_error", prog=self.prog, msg=_argparse_reason(message)) + "\n")


def _wants_help(argv: list[str] | None) -> bool:
    """Whether ``argv`` may ask for a help text (``-h``, ``--help`` or an abbreviation of it; None: sys.argv is
    parsed later, assume so).  Otherwise the parser is built without its help texts: they are shown only then."""
    if argv is None:
        return True
    return any(a == "-h" or (len(a) > 2 and "--help".startswith(a)) for a in argv)


def _argv_lang(argv: list[str]) -> str | None:
    """The ``--lang`` value in ``argv`` (``--lang zh``, ``--lang=en``, an abbreviation such as ``--la zh``), for the
    texts that come before the arguments are parsed (the help, a usage error); None when there is none or it is
    not a language."""
    it = iter(argv)
    for a in it:
        name, eq, value = a.partition("=")
        if len(name) > 3 and "--lang".startswith(name):
            value = value if eq else next(it, "")
            if value in ("zh", "en"):
                return value
    return None


def _needs_reader(argv: list[str] | None) -> bool:
    """Whether parsing ``argv`` needs the card reader's subcommands (``scan``, ``labels``): for them, for the
    top-level help (it lists every command) and for an unknown command (its error lists them); not for the
    dashboard or the other commands, which then start without importing ``recognition``."""
    if argv is None:
        return True
    word = _command_word(argv)
    if word is None:
        return False
    return word == "-h" or word not in _LIGHT_COMMANDS


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argparse parser of ``companion`` (each subcommand sets ``func(args) -> int``).  Given the
    ``argv`` it will parse, the card reader's subcommands are left out when it does not need them
    (``_needs_reader``: an import less at the dashboard's start and for ``distance``)."""
    _HELP[0] = _wants_help(argv)
    ap = _Parser(prog=PROG, description=_help("description"))
    ap.add_argument("--version", action=_Version, help=_help("version"))
    db = ap.add_argument("--db", metavar="PATH", help=_help("db"))
    db.journal_path = _DefaultJournal()  # type: ignore[attr-defined]  # argparse fills %(...)s from the action
    ap.add_argument("--game", type=int, metavar="ID", help=_help("game"))
    ap.add_argument("--read-only", action="store_true", help=_help("read_only"))
    ap.add_argument("--lang", choices=("zh", "en"), help=_help("lang"))
    ap.add_argument("--camera", metavar="N|PATH", default=None, help=_help("camera"))
    ap.set_defaults(func=cmd_resume, command=None)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    only = _light_command(argv)

    def add(name: str, **kw: Any) -> argparse.ArgumentParser | _Unbuilt:
        # a light command builds its own subparser only (issue 15: `companion distance` starts in ~1.5 ms less)
        return sub.add_parser(name, **kw) if only is None or only == name else _Unbuilt()

    def db_opt(p):
        p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=_help("db_sub"))

    def lang_opt(p):  # as the top level's --lang: either place works (`companion --lang zh games`, `… games --lang zh`)
        p.add_argument("--lang", choices=("zh", "en"), default=argparse.SUPPRESS, help=_help("lang"))

    p = add("resume", help=_help("resume"), description=_help("resume_about"))
    db_opt(p)
    p.add_argument("--game", type=int, metavar="ID", default=argparse.SUPPRESS, help=_help("game_sub"))
    p.add_argument("--read-only", action="store_true", default=argparse.SUPPRESS, help=_help("read_only_sub"))
    lang_opt(p)
    p.add_argument("--camera", metavar="N|PATH", default=argparse.SUPPRESS, help=_help("camera"))
    p.set_defaults(func=cmd_resume)

    p = add("new", help=_help("new"), description=_help("new_about"))
    db_opt(p)
    lang_opt(p)
    p.add_argument("--title", default="", help=_help("title"))
    p.add_argument("--camera", metavar="N|PATH", default=argparse.SUPPRESS, help=_help("camera"))
    p.set_defaults(func=cmd_new)

    p = add("games", help=_help("games"), description=_help("games_about"))
    db_opt(p)
    p.add_argument("--json", action="store_true", help=_help("json_list"))
    lang_opt(p)
    p.set_defaults(func=cmd_games)

    p = add("check", help=_help("check"), description=_help("check_about"))
    db_opt(p)
    p.add_argument("--game", type=int, metavar="ID", default=argparse.SUPPRESS, help=_help("game_sub"))
    lang_opt(p)
    p.set_defaults(func=cmd_check)

    p = add("replay", help=_help("replay"), description=_help("replay_about"))
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help=_help("replay_json"))
    lang_opt(p)
    p.set_defaults(func=cmd_replay)

    p = add("distance", help=_help("distance"), description=_help("distance_about"))
    p.add_argument("--players", type=int, required=True, metavar="N", help=_help("players"))
    p.add_argument("--dead", action="append", metavar="S[,S...]", help=_help("dead"))
    p.add_argument("--minus-horse", action="append", metavar="S[=KIND]", help=_help("minus_horse"))
    p.add_argument("--plus-horse", action="append", metavar="S[=KIND]", help=_help("plus_horse"))
    p.add_argument("--weapon", action="append", metavar="S=KIND", help=_help("weapon"))
    p.add_argument("--general", action="append", metavar="S=GEN", help=_help("general"))
    p.add_argument("--json", action="store_true", help=_help("json"))
    lang_opt(p)
    p.set_defaults(func=cmd_distance)

    p = add("judge", help=_help("judge"), description=_help("judge_about"))
    p.add_argument("subject", metavar="SUBJECT", help=_help("subject"))
    p.add_argument("card", metavar="CARD", nargs="+", help=_help("card"))
    p.add_argument("--json", action="store_true", help=_help("json"))
    lang_opt(p)
    p.set_defaults(func=cmd_judge)

    p = add("serve", help=_help("serve"), description=_help("serve_about"))
    db_opt(p)
    p.add_argument("--game", type=int, metavar="ID", default=argparse.SUPPRESS, help=_help("game"))
    p.add_argument("--host", metavar="H", default=None, help=_help("host"))
    p.add_argument("--port", type=_port, metavar="P", default=None, help=_help("port"))
    lang_opt(p)
    p.set_defaults(func=cmd_serve)

    if not _needs_reader(argv):
        return ap
    from recognition.cli import add_labels_parser, add_scan_parser  # noqa: PLC0415 - part of the package

    lang = _lang() if _HELP[0] else None  # their help texts only for a help request, as ours
    add_scan_parser(sub, lang)
    add_labels_parser(sub, lang)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run ``companion`` with ``argv`` (default ``sys.argv[1:]``); returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    _LANG[:] = [lang] if (lang := _argv_lang(argv)) else []  # else the dashboard's choice, when a text needs it
    _LOCALE_ONLY[0] = _command_word(argv) in ("distance", "judge")
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse: usage error (2) or --help/--version (0)
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if getattr(args, "lang", None):
        _LANG[:] = [args.lang]
    if getattr(args, "command", None) == "judge":
        args.card = " ".join(args.card)
    try:
        return int(args.func(args) or 0)
    except _UsageError as e:
        _err(str(e))
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    except Exception as e:
        journal = sys.modules.get("companion.journal")  # a JournalError needs the journal module loaded
        if journal is not None and isinstance(e, journal.JournalError):
            _err(_words(e))
            return 2
        if os.environ.get("COMPANION_DEBUG"):
            raise
        from .crashlog import record_crash  # noqa: PLC0415

        path = record_crash(e, f"companion {getattr(args, 'command', None) or 'resume'}")
        where = _msg("internal/path", path=path) if path else _msg("internal/debug")
        _err(_msg("internal", error=type(e).__name__, where=where))
        return 1


if __name__ == "__main__":
    sys.exit(main())
