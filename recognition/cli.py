"""`companion scan` and `companion labels` subcommands.

The main CLI registers them with ``add_scan_parser(subparsers)`` and
``add_labels_parser(subparsers)``; each sets ``func(args) -> int``. Standalone:
``python -m recognition.cli scan IMAGE... [--json]``.

They speak the language of every ``companion`` command: ``--lang zh|en`` (before or after the command), else the
dashboard's choice (``companion.settings.default_lang``).  The texts are the catalogue's ``[text]
"recognition.cli.*"`` entries; the errors say themselves in either language (``recognition.words.WordedError``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .typed import parse_card_text
from .words import Note

if TYPE_CHECKING:
    from .reader import Reading


def _lang(args) -> str:
    """``zh`` or ``en`` for this run: ``--lang``, else the dashboard's choice (the saved setting, else the locale)."""
    lang = getattr(args, "lang", None)
    if lang in ("zh", "en"):
        return lang
    from companion.settings import default_lang  # noqa: PLC0415

    return default_lang()


def _say(key: str, lang: str, /, **values: object) -> str:
    """The text ``key`` (``[text] "recognition.cli.<key>"``) in ``lang`` with ``values``."""
    from companion.rules.messages import render  # noqa: PLC0415 - the catalogue only when a text is shown

    return render(lang, "text", "recognition.cli." + key, values)


def _why(e: BaseException | str, lang: str) -> str:
    """An error's text in ``lang`` (a ``WordedError``'s ``text(lang)``, else ``str(e)``)."""
    said = getattr(e, "text", None)
    return str(said(lang)) if callable(said) else str(e)


def _help(key: str, lang: str | None, /) -> str | None:
    """The help text ``key`` of the reader's commands (the catalogue's ``[text] "cli.help.<key>"``) in ``lang``;
    None without a language: a parser whose help nobody will read (companion/cli.py ``build_parser``)."""
    if lang is None:
        return None
    from companion.rules.messages import render  # noqa: PLC0415 - the catalogue only when the help is shown

    return render(lang, "text", "cli.help." + key, {})


def add_scan_parser(subparsers, lang: str | None = None) -> argparse.ArgumentParser:
    """Add the `scan` subcommand to an argparse subparsers object, its help in ``lang`` (None: without help)."""
    p = subparsers.add_parser("scan", help=_help("scan", lang), description=_help("scan_about", lang))
    p.add_argument("images", nargs="*", metavar="IMAGE", help=_help("images", lang))
    p.add_argument("--json", action="store_true", help=_help("scan_json", lang))
    p.add_argument("--camera", metavar="N|PATH", help=_help("scan_camera", lang))
    p.add_argument("--frames-needed", type=_positive_int, default=3, metavar="N", help=_help("frames_needed", lang))
    _lang_opt(p, lang)
    p.set_defaults(func=run_scan, scan_parser=p)
    return p


_ARGV_LANG: list[str] = []
"""``--lang`` of the standalone command line (:func:`main`), known before argparse parses it."""


def _parsing_lang() -> str:
    """The run's language while argparse parses (before ``args.lang`` exists): the ``companion`` command's own
    (companion/cli.py knows it from ``--lang`` before parsing), else the standalone command line's ``--lang``, else
    the dashboard's choice."""
    cli = sys.modules.get("companion.cli")
    known = getattr(cli, "_LANG", None) or _ARGV_LANG
    return str(known[0]) if known else _lang(None)


def _lang_opt(p: argparse.ArgumentParser, lang: str | None) -> None:
    """``--lang`` after the command too, as every ``companion`` command takes it (``companion scan --lang zh …``)."""
    p.add_argument("--lang", choices=("zh", "en"), default=argparse.SUPPRESS, help=_help("lang", lang))


def _positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (argparse turns the error into a usage message, in the run's language)."""
    lang = _parsing_lang()
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_say("not_whole", lang, text=repr(text))) from None
    if n < 1:
        raise argparse.ArgumentTypeError(_say("at_least_1", lang, n=n))
    return n


def add_labels_parser(subparsers, lang: str | None = None) -> argparse.ArgumentParser:
    """Add the `labels` subcommand to an argparse subparsers object, its help in ``lang`` (None: without help)."""
    p = subparsers.add_parser("labels", help=_help("labels", lang), description=_help("labels_about", lang))
    p.add_argument("--out", required=True, metavar="FILE", help=_help("out", lang))
    p.add_argument("--no-cache", action="store_true", help=_help("no_cache", lang))
    _lang_opt(p, lang)
    p.set_defaults(func=run_labels)
    return p


def _source(source: str | None, lang: str) -> str:
    """Where a reading comes from, in ``lang``: ``qr`` / 二维码, ``index`` / 角标, ``typed`` / 手动输入."""
    if source == "qr":
        return _say("source/qr", lang)
    if source == "index":
        return _say("source/index", lang)
    return _say("source/typed", lang) if source == "typed" else str(source)


def _print_reading(path: str, r, as_json: bool, lang: str = "en") -> None:
    if as_json:
        print(json.dumps(r.to_json(path), ensure_ascii=False))
    elif r.suit is None:
        print(_say("no_card", lang, path=path))
    else:
        if r.note:
            state = _say("reading/not_sure_note", lang, note=r.note.text(lang) if isinstance(r.note, Note) else r.note)
        else:
            state = _say("reading/accepted", lang) if r.accepted else _say("reading/not_sure", lang)
        print(_say("reading", lang, path=path, card=r.label, source=_source(r.source, lang),
                   conf=f"{r.confidence:.2f}", state=state))


def run_scan(args) -> int:
    """Exit 0 when every image is accepted, 1 otherwise, 2 on unreadable files / usage."""
    from .model import ModelError  # noqa: PLC0415
    from .reader import ReadError, read_image  # noqa: PLC0415

    lang = _lang(args)
    if args.camera is not None:
        if args.images:
            parser = getattr(args, "scan_parser", None)
            if parser is not None:
                parser.error(_say("both", lang))  # exits 2
            print(_say("both_scan", lang), file=sys.stderr)
            return 2
        return _scan_camera(args, lang)
    if not args.images:
        print(_say("nothing", lang), file=sys.stderr)
        return 2
    status = 0
    for path in args.images:
        try:
            r = read_image(path)
        except ReadError as e:
            print(_say("scan_error", lang, why=_why(e, lang)), file=sys.stderr)
            if args.json:  # one line per image, also for an unreadable one (the JSON's error: English, for programs)
                print(json.dumps({"image": path, "suit": None, "rank": None, "confidence": 0.0,
                                  "accepted": False, "source": None, "error": str(e)}, ensure_ascii=False))
            status = 2
            continue
        except ModelError as e:
            print(_say("scan_error", lang, why=_why(e, lang)), file=sys.stderr)
            return 2
        _print_reading(path, r, args.json, lang)
        if not r.accepted and status == 0:
            status = 1
    return status


def _ask(prompt: str) -> str | None:
    """One line from stdin, the prompt on stderr (stdout stays one result per line, JSON
    with --json); None at end of input."""
    sys.stderr.write(prompt)
    sys.stderr.flush()
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")


def _typed_entry(as_json: bool = False, guess: Reading | None = None, where: str | None = None,
                 lang: str = "en") -> int:
    """Typed entry after the camera gave up: one card per line until an empty line or
    end of input. guess: the scanner's best guess (a Reading), offered first (Enter
    accepts it). Each card is printed like an accepted reading (♥10, or a JSON line
    with source "typed"). Exit 0 when at least one card was entered, else 1 (also
    without a terminal, where nobody can type)."""
    from .reader import Reading  # noqa: PLC0415 - the class itself (above: only its name for the types)

    if not sys.stdin.isatty():
        return 1
    entered = 0
    offer: tuple[str, int] | None = None  # the guess as (suit, rank): only a whole card is offered
    if guess is not None and guess.suit is not None and guess.rank is not None:
        offer = (guess.suit, guess.rank)
    while True:
        if offer is not None:
            prompt = _say("best_guess", lang, card=guess.label if guess else "")
        else:
            prompt = _say("type_card", lang)
        try:
            text = _ask(prompt)
        except KeyboardInterrupt:
            text = None
        if text is None:
            break
        if not text.strip():
            if offer is None:
                break
            card = offer
        else:
            typed = parse_card_text(text)
            if typed is None:
                print(_say("not_understood", lang), file=sys.stderr)
                continue
            card = typed
        offer = None
        entered += 1
        r = Reading(card[0], card[1], 1.0, True, "typed")
        if as_json:
            print(json.dumps(r.to_json(where), ensure_ascii=False), flush=True)
        else:
            print(_say("entered", lang, card=r.label), flush=True)
    return 0 if entered else 1


def _by_hand(lang: str) -> str:
    """The typed-entry invitation, only where someone can type (stdin is a terminal)."""
    return _say("by_hand", lang) if sys.stdin.isatty() else ""


def _scan_camera(args, lang: str = "en") -> int:
    from .camera import CameraError, CameraScanner  # noqa: PLC0415
    from .model import ModelError  # noqa: PLC0415

    src = args.camera
    accepted = 0
    where = f"camera:{src}"
    sc = CameraScanner(src, frames_needed=args.frames_needed)
    try:
        with sc:
            for st in sc:
                r = st.reading
                if st.state == "accepted" and r is not None:  # an accepted status carries its reading
                    accepted += 1
                    if args.json:
                        print(json.dumps(r.to_json(where), ensure_ascii=False), flush=True)
                    else:
                        print(_say("accepted", lang, card=r.label, source=_source(r.source, lang),
                                   conf=f"{r.confidence:.2f}"), flush=True)
    except CameraError as e:
        if args.json:  # like an unreadable image: a JSON line saying why
            print(json.dumps({"image": where, "suit": None, "rank": None, "confidence": 0.0, "accepted": False,
                              "source": "camera", "error": str(e)}, ensure_ascii=False), flush=True)
        print(_say("camera_error", lang, why=_why(e, lang), by_hand=_by_hand(lang)), file=sys.stderr)
        return _typed_entry(args.json, sc.voter.best_guess(), where, lang)
    except ModelError as e:
        print(_say("scan_error", lang, why=_why(e, lang)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    # a video file ended (a camera's stream does not end without a CameraError)
    why = _say("ended/file", lang) if sc.ended else _say("ended/stream", lang)
    if accepted:
        print(_say("ended", lang, why=why), file=sys.stderr)
        return 0
    print(_say("ended/none_accepted", lang, why=why, by_hand=_by_hand(lang)), file=sys.stderr)
    return _typed_entry(args.json, sc.voter.best_guess(), where, lang)


def labels_cache_dir():
    """``<user cache dir>/sgs-companion/labels`` (platformdirs); ``COMPANION_CACHE_DIR`` overrides the
    ``sgs-companion`` folder."""
    import os  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    base = os.environ.get("COMPANION_CACHE_DIR")
    if not base:
        from platformdirs import user_cache_dir  # noqa: PLC0415

        base = user_cache_dir("sgs-companion")
    return Path(base) / "labels"


def run_labels(args) -> int:
    """Write the label sheets; 0 on success, 2 when deck data or output is unavailable."""
    import warnings  # noqa: PLC0415

    from .labels import LabelsError, LabelsWarning, deck_entries, write_sheets  # noqa: PLC0415

    lang = _lang(args)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", LabelsWarning)
            paths = write_sheets(deck_entries(), args.out, None if args.no_cache else labels_cache_dir())
    except LabelsError as e:
        print(_say("labels_error", lang, why=_why(e, lang)), file=sys.stderr)
        return 2
    for w in (w for w in caught if issubclass(w.category, LabelsWarning)):
        print(_say("labels_warning", lang, why=_why(w.message, lang)), file=sys.stderr)
    for p in paths:
        print(p)
    return 0


def main(argv=None) -> int:
    """Standalone entry point: ``python -m recognition.cli scan|labels ...``."""
    words = sys.argv[1:] if argv is None else list(argv)
    for i, a in enumerate(words):  # --lang zh / --lang=zh, for the texts argparse asks for while parsing
        v = a.partition("=")[2] if a.startswith("--lang=") else words[i + 1] if a == "--lang" and i + 1 < len(words) else ""
        if v in ("zh", "en"):
            _ARGV_LANG[:] = [v]
    ap = argparse.ArgumentParser(prog="companion")
    sub = ap.add_subparsers(dest="command", required=True)
    lang = None
    if argv is None or any(a in ("-h", "--help") for a in argv):  # the help: in the locale's language
        from companion.settings import locale_lang  # noqa: PLC0415

        lang = locale_lang()
    add_scan_parser(sub, lang)
    add_labels_parser(sub, lang)
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
