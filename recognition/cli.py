"""`companion scan` and `companion labels` subcommands.

The main CLI registers them with ``add_scan_parser(subparsers)`` and
``add_labels_parser(subparsers)``; each sets ``func(args) -> int``. Standalone:
``python -m recognition.cli scan IMAGE... [--json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .typed import parse_card_text

if TYPE_CHECKING:
    from .reader import Reading


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
    p.set_defaults(func=run_scan, scan_parser=p)
    return p


def _positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (argparse turns the error into a usage message)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def add_labels_parser(subparsers, lang: str | None = None) -> argparse.ArgumentParser:
    """Add the `labels` subcommand to an argparse subparsers object, its help in ``lang`` (None: without help)."""
    p = subparsers.add_parser("labels", help=_help("labels", lang), description=_help("labels_about", lang))
    p.add_argument("--out", required=True, metavar="FILE", help=_help("out", lang))
    p.add_argument("--no-cache", action="store_true", help=_help("no_cache", lang))
    p.set_defaults(func=run_labels)
    return p


def _print_reading(path: str, r, as_json: bool) -> None:
    if as_json:
        print(json.dumps(r.to_json(path), ensure_ascii=False))
    elif r.suit is None:
        print(f"{path}: no card found — type the card")
    else:
        state = "accepted" if r.accepted else "NOT SURE, please confirm"
        if r.note:
            state = f"NOT SURE ({r.note}), please confirm"
        print(f"{path}: {r.label} ({r.source}, confidence {r.confidence:.2f}) {state}")


def run_scan(args) -> int:
    """Exit 0 when every image is accepted, 1 otherwise, 2 on unreadable files / usage."""
    from .model import ModelError  # noqa: PLC0415
    from .reader import ReadError, read_image  # noqa: PLC0415

    if args.camera is not None:
        if args.images:
            parser = getattr(args, "scan_parser", None)
            if parser is not None:
                parser.error("give either IMAGE files or --camera, not both")  # exits 2
            print("scan: give either IMAGE files or --camera, not both", file=sys.stderr)
            return 2
        return _scan_camera(args)
    if not args.images:
        print("scan: give IMAGE files or --camera N", file=sys.stderr)
        return 2
    status = 0
    for path in args.images:
        try:
            r = read_image(path)
        except ReadError as e:
            print(f"scan: {e}", file=sys.stderr)
            if args.json:  # one line per image, also for an unreadable one
                print(json.dumps({"image": path, "suit": None, "rank": None, "confidence": 0.0,
                                  "accepted": False, "source": None, "error": str(e)}, ensure_ascii=False))
            status = 2
            continue
        except ModelError as e:
            print(f"scan: {e}", file=sys.stderr)
            return 2
        _print_reading(path, r, args.json)
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


def _typed_entry(as_json: bool = False, guess: Reading | None = None, where: str | None = None) -> int:
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
            prompt = f"best guess {guess.label if guess else ''} — Enter to accept, or type the card (e.g. ♠7, S7, 10h): "
        else:
            prompt = "type the card (e.g. ♠7, S7, 10h), empty to stop: "
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
                print("not understood; suits S/H/C/D or ♠♥♣♦, ranks A 2..10 J Q K", file=sys.stderr)
                continue
            card = typed
        offer = None
        entered += 1
        r = Reading(card[0], card[1], 1.0, True, "typed")
        if as_json:
            print(json.dumps(r.to_json(where), ensure_ascii=False), flush=True)
        else:
            print(f"entered {r.label}", flush=True)
    return 0 if entered else 1


def _by_hand() -> str:
    """The typed-entry invitation, only where someone can type (stdin is a terminal)."""
    return " Enter the card by hand." if sys.stdin.isatty() else ""


def _scan_camera(args) -> int:
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
                        print(f"{st.text} ({r.source}, confidence {r.confidence:.2f})", flush=True)
    except CameraError as e:
        if args.json:  # like an unreadable image: a JSON line saying why
            print(json.dumps({"image": where, "suit": None, "rank": None, "confidence": 0.0, "accepted": False,
                              "source": "camera", "error": str(e)}, ensure_ascii=False), flush=True)
        print(f"scan: {e}." + _by_hand(), file=sys.stderr)
        return _typed_entry(args.json, sc.voter.best_guess(), where)
    except ModelError as e:
        print(f"scan: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    # a video file ended (a camera's stream does not end without a CameraError)
    if accepted:
        print(f"scan: {sc.ended or 'end of stream'}", file=sys.stderr)
        return 0
    print(f"scan: {sc.ended or 'end of stream'}, no card accepted." + _by_hand(), file=sys.stderr)
    return _typed_entry(args.json, sc.voter.best_guess(), where)


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

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", LabelsWarning)
            paths = write_sheets(deck_entries(), args.out, None if args.no_cache else labels_cache_dir())
    except LabelsError as e:
        print(f"labels: {e}", file=sys.stderr)
        return 2
    for w in (w for w in caught if issubclass(w.category, LabelsWarning)):
        print(f"labels: warning: {w.message}", file=sys.stderr)
    for p in paths:
        print(p)
    return 0


def main(argv=None) -> int:
    """Standalone entry point: ``python -m recognition.cli scan|labels ...``."""
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
