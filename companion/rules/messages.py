"""The message catalogue: every sentence the rules say, keyed, in each language.

The rules raise and log typed values (a rule id or an event kind and the numbers); the words live in
``companion/data/messages/<lang>.toml`` (``en.toml``, ``zh.toml``), one file per language, one table per
kind of message:

* ``[refused]`` keyed by rule id (``"slash.range"``), or ``"<rule id>/<case>"`` when one rule refuses in
  more than one way (``"role.known/hidden"``);
* ``[event]`` keyed by event kind (``"phase"``), or ``"<kind>/<case>"`` (``"skip/skips_draw_phase"``);
* ``[text]`` the other sentences: questions, range terms, outcomes (``"prompt.discard"``);
* ``[name]`` the words of the vocabulary, keyed ``"<vocabulary>.<id>"``: ``"phase.draw"`` (``draw`` / ``摸牌``),
  ``"role.lord"``, ``"slot.weapon"``, ``"suit.spade"``, ``"kingdom.wei"``, ``"nature.fire"`` — :func:`name`,
  :class:`Names`;
* ``[source]`` the documents a rule comes from, one entry per document cited: its English text is the citation
  as the code writes it (``"RULES_NOTES: Distance and attack range"``) — :func:`source_text`, :func:`citation`.

A text is a :meth:`str.format` template with named placeholders: ``"seat {seat} is dead"`` /
``"{seat}号位已阵亡"``.  Every language has every key with the same placeholders
(tests/test_messages.py).  A third language is one more file.  Why TOML and not gettext:
docs/messages.md.

Rendering is lazy and cached: a :class:`Message` holds the key and the values and formats its template
the first time a language's text is asked for, so an action whose log line nobody reads costs a dict.
A value may itself be bilingual (a :class:`Words` pair, e.g. a seat's name ``"seat 2 (Guan Yu)"`` /
``"2号位（关羽）"``, or another :class:`Message`): it is rendered in the language of the text around it.
"""

from __future__ import annotations

import sys
from _string import formatter_parser  # what string.Formatter().parse calls (importing string compiles a regex)
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: `companion distance` starts without it (issue 15)
if TYPE_CHECKING:
    from typing import Any, Final

    _Render = Callable[[dict[str, Any]], str]

__all__ = ["LANGS", "SECTIONS", "Message", "Words", "catalogue", "en_zh", "append_en_zh", "say", "text", "name",
           "Names", "render", "source_text", "citation", "Cited", "Joined"]

LANGS: Final = ("en", "zh")
"""The languages the UI speaks; each has ``companion/data/messages/<lang>.toml``."""
SECTIONS: Final = ("refused", "event", "text", "name", "source")

_CATALOGUES: dict[str, dict[str, dict[str, str]]] = {}
HIDE: Final = "hide"
"""The format spec of a value a language's text does not show: ``"{who}装备{card_name}{slot:hide}"`` renders as
``"{who}装备{card_name}"``.  Every language names every value the code gives (tests/test_messages.py); this says
which ones it leaves out, where a reviewer sees it."""


_DIR = Path(__file__).resolve().parent.parent / "data" / "messages"


def _read(lang: str) -> bytes:
    path = _DIR / f"{lang}.toml"
    if path.is_file():
        return path.read_bytes()
    from importlib import resources  # noqa: PLC0415 - only for a package that is not plain files

    return resources.files("companion").joinpath("data", "messages", f"{lang}.toml").read_bytes()


def _cache_path(lang: str, raw: bytes) -> Path:
    import zlib  # noqa: PLC0415

    return _DIR / "__pycache__" / f"{lang}.{len(raw)}-{zlib.crc32(raw):08x}.marshal"


def _parse(lang: str, raw: bytes) -> dict[str, dict[str, str]]:
    """``raw`` parsed, through a cache beside the file kept as Python keeps byte-code: ``__pycache__/<lang>.<length>-
    <CRC-32>.marshal``, used only for these very bytes, not written when ``sys.dont_write_bytecode`` is set
    (``PYTHONDONTWRITEBYTECODE``) or the folder cannot be written.  Parsing the two files is ≈ 12 ms of every
    command's start (issue 15); reading the cache ≈ 0.3 ms."""
    import marshal  # noqa: PLC0415

    cache = _cache_path(lang, raw)
    try:
        data = marshal.loads(cache.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        data = None
    if isinstance(data, dict) and all(isinstance(data.get(sec), dict) for sec in SECTIONS):
        return data
    import tomllib  # noqa: PLC0415 - only when there is no cache (tomllib imports datetime)

    parsed = tomllib.loads(raw.decode("utf-8"))
    cat = {sec: dict(parsed.get(sec, {})) for sec in SECTIONS}
    if not sys.dont_write_bytecode:
        try:
            cache.parent.mkdir(exist_ok=True)
            tmp = cache.with_name(f"{cache.name}.{id(cat)}.tmp")
            tmp.write_bytes(marshal.dumps(cat))
            tmp.replace(cache)  # whole or not at all
        except (OSError, ValueError):
            pass  # a read-only installation: parsed every time, as before
    return cat


def catalogue(lang: str) -> dict[str, dict[str, str]]:
    """The catalogue of ``lang``: ``{section: {key: template}}``, read once from the package data.

    Raises ``FileNotFoundError`` for a language without a file, ``tomllib.TOMLDecodeError`` for a file
    that is not TOML."""
    cat = _CATALOGUES.get(lang)
    if cat is None:
        cat = _parse(lang, _read(lang))
        _CATALOGUES[lang] = cat
    return cat


_PLAIN = frozenset({str, int, float, type(None)})


def _side(v: object, lang: str) -> object:
    """``v`` in ``lang`` when it is bilingual (Words, Message, a Named type), else ``v``."""
    if isinstance(v, Words):
        return v.side(lang)
    if isinstance(v, Message):
        return v.text(lang)
    if type(v) in NAMED:
        return v.words(lang)  # type: ignore[attr-defined]
    return v


class Words:
    """A bilingual value already in words: ``Words("seat 2 (Guan Yu)", "2号位（关羽）")``.

    For names and phrases computed from data (a general's name, a card's Chinese name, a list of seats);
    either side may be any value ``str.format`` takes (a number, None).  A language other than ``zh`` gets
    the ``en`` side."""

    __slots__ = ("_en", "_zh")

    def __init__(self, en: object, zh: object) -> None:
        # a side that is itself bilingual (Words, a Message, a Named card or skill) gives its own side
        self._en = en if type(en) in _PLAIN else _side(en, "en")
        self._zh = zh if type(zh) in _PLAIN else _side(zh, "zh")

    def side(self, lang: str) -> object:
        """The value for ``lang``, as given (formatted by the text around it)."""
        return self._zh if lang == "zh" else self._en

    def text(self, lang: str) -> str:
        """The words in ``lang`` (``"en"`` or ``"zh"``)."""
        return str(self.side(lang))

    @property
    def en(self) -> str:
        """The English words."""
        return str(self._en)

    @property
    def zh(self) -> str:
        """The Chinese words."""
        return str(self._zh)

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return f"Words({self._en!r}, {self._zh!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and (self._en, self._zh) == (other._en, other._zh)

    def __hash__(self) -> int:
        return hash((self._en, self._zh))


NAMED: set[type] = set()
"""The types whose values name themselves in each language (``words(lang)``): a card kind, a skill, a general
(:class:`Named`), a kingdom.  A value of one of them in a message renders as its name in the language of the
text: ``"{who} uses {kind}"`` with ``kind=KINDS["slash"]`` is "… uses Slash" / "…使用杀"."""


class Named:
    """A mixin for an item with ``id``, ``zh`` and ``en`` (a card kind, a skill, a general): how every text shows
    it.  ``words(lang)``: its name on screen (杀 / Slash); ``command(lang)``: the word a command line takes for it
    in that language (杀 / ``slash``: the command language reads both, docs/commands.md).  Subclasses are
    registered in :data:`NAMED`, so a message renders them in its own language."""

    __slots__ = ()
    id: str
    zh: str
    en: str

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        NAMED.add(cls)

    def words(self, lang: str) -> str:
        """The name shown in ``lang``: the Chinese name in ``"zh"``, else the English one."""
        return self.zh if lang == "zh" else self.en

    def command(self, lang: str) -> str:
        """The word a command line uses for it in ``lang``: the Chinese name in ``"zh"``, else the id
        (``slash``, ``eight_diagram``, ``liubei``: an English name may hold spaces, a command word may not)."""
        return self.zh if lang == "zh" else self.id


def _value(v: object, lang: str) -> object:
    if isinstance(v, Words):
        return v._zh if lang == "zh" else v._en
    if type(v) in NAMED:
        return v.words(lang)  # type: ignore[attr-defined]
    return v.text(lang) if isinstance(v, Message) else v


_COMPILED: dict[tuple[str, str, str], str | _Render] = {}
"""(section, key, lang) → the text, a string (no placeholders) or a compiled f-string taking the values:
formatting a message costs what the f-string it replaced cost (``str.format`` parses its template every time).
A text is compiled on its ``COMPILE_AT``-th render; the renders before go through ``str.format``."""
_FORMATTED: dict[tuple[str, str, str], tuple[int, str | _Render]] = {}
"""(section, key, lang) → (renders so far, the text rendered by ``str.format``) of the texts not compiled yet."""
COMPILE_AT: Final = 8
"""Renders of a text before it is compiled.  Compiling one costs ≈ 100 µs, ``str.format`` ≈ 2 µs more a render
than the compiled f-string: resuming a game renders ≈ 30 texts 1–3 times each (the log window, the question),
which compiled every one of them up front (6–9 ms of the first paint, issue 15); a text said every turn is
compiled within the first turns."""


class _Sides:
    """The values of a message as ``str.format_map`` reads them: each in ``lang`` (:func:`_value`), converted
    only when the template names it."""

    __slots__ = ("_p", "_lang")

    def __init__(self, p: dict[str, Any], lang: str) -> None:
        self._p = p
        self._lang = lang

    def __getitem__(self, k: str) -> object:
        return _value(self._p[k], self._lang)


def _formatted(tmpl: str, lang: str) -> str | _Render:
    """``tmpl`` rendered by ``str.format`` in ``lang`` (what :func:`_compile` gives, without compiling); its text
    when it shows no value."""
    parts = list(formatter_parser(tmpl))
    if all(name is None or spec == HIDE for _lit, name, spec, _conv in parts):
        return "".join(lit for lit, _n, _s, _c in parts)
    shown = _shown(tmpl)
    return lambda p: shown.format_map(_Sides(p, lang))


def _shown(tmpl: str) -> str:
    """``tmpl`` without its hidden fields (``{name:hide}``), braces of the literal text escaped again."""
    out = []
    for lit, name, spec, conv in formatter_parser(tmpl):
        out.append(lit.replace("{", "{{").replace("}", "}}"))
        if name is not None and spec != HIDE:
            out.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def _compile(tmpl: str, lang: str) -> str | _Render:
    """``"{who}: discard {k}"`` → ``lambda p: f"{p['who']}: discard {p['k']}"`` for ``lang``, where a bilingual
    value (Words, Message) gives its ``lang`` side; a template without placeholders → its text.

    The lambda is written as Python source and compiled (building it as an ``ast`` tree and filling in its
    positions cost ≈ 5× more: ≈ 0.25 ms a message, ≈ 4 ms of resuming a game, issue 15)."""
    side = "_zh" if lang == "zh" else "_en"
    body: list[str] = []
    names: list[str] = []
    quote = "'"
    for lit, name, spec, conv in formatter_parser(tmpl):
        if lit:
            body.append(_fstring_literal(lit, quote))
        if name is None or spec == HIDE:
            continue
        if not name.isidentifier() or (spec and not _plain_spec(spec)) or conv not in (None, "r", "s", "a"):
            shown = _shown(tmpl)
            return lambda p: shown.format_map({k: _value(v, lang) for k, v in p.items()})  # {a.b}, {0}: str.format
        names.append(name)
        k = f"K{len(names) - 1}"
        # (v._en if (t := type(v := p[K])) is W else v.text(L) if t is M else v.words(L) if t in N else v)
        value = f"(v.{side} if (t := type(v := p[{k}])) is W else v.text(L) if t is M else v.words(L) if t in N else v)"
        body.append("{" + value + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    if not names:
        return "".join(lit for lit, _n, _s, _c in formatter_parser(tmpl))
    params = ", ".join(f"K{i}={n!r}" for i, n in enumerate(names))
    src = f"lambda p, W=W, M=M, N=N, L={lang!r}, {params}: f{quote}{''.join(body)}{quote}"
    # our own text, from the catalogue; eval of the source, not of compile()'s code: compile() builds the ast module's
    # ≈ 120 node types on its first call (≈ 9 M instructions, a tenth of the interpreter's start; issue 15)
    fn: _Render = eval(src, {"W": Words, "M": Message, "N": NAMED})
    return fn


def _fstring_literal(text: str, quote: str) -> str:
    """``text`` as the literal part of an f-string delimited by ``quote``: braces doubled, the quote, the
    backslash and unprintable characters escaped."""
    out = []
    for ch in text:
        if ch in "{}":
            out.append(ch * 2)
        elif ch == "\\" or ch == quote:
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(repr(ch)[1:-1])  # \n, \t, \x00…
    return "".join(out)


def _plain_spec(spec: str) -> bool:
    """A format spec that can stand in an f-string as it is (no nested field, quote or backslash)."""
    return not any(c in spec for c in "{}'\"\\\n")


def _template(section: str, key: str, lang: str) -> str:
    """The template of ``section``/``key`` in ``lang``; English when ``lang``'s file lacks it (KeyError when
    English does too)."""
    tmpl = catalogue(lang)[section].get(key) if lang != "en" else None
    return tmpl if tmpl is not None else catalogue("en")[section][key]


def _renderer(section: str, key: str, lang: str) -> str | _Render:
    """The renderer of a text not compiled yet (``_COMPILED``): by ``str.format`` for its first renders, compiled
    on its ``COMPILE_AT``-th."""
    k = (section, key, lang)
    uses, f = _FORMATTED.get(k) or (0, None)
    if f is None:
        f = _formatted(_template(section, key, lang), lang)
    if type(f) is str or uses + 1 >= COMPILE_AT:
        _FORMATTED.pop(k, None)
        f = _COMPILED[k] = f if type(f) is str else _compile(_template(section, key, lang), lang)
    else:
        _FORMATTED[k] = (uses + 1, f)
    return f


def render(lang: str, section: str, key: str, params: dict[str, Any]) -> str:
    """The text of ``section``/``key`` in ``lang`` with ``params`` put in.

    A key missing from ``lang``'s file falls back to English; a key missing there too raises ``KeyError``
    (tests/test_messages.py proves every key the code uses exists)."""
    f = _COMPILED.get((section, key, lang)) or _renderer(section, key, lang)
    return f if type(f) is str else f(params)  # type: ignore[operator]


class Message:
    """A keyed message and its values: ``Message("event", "phase", {"name": Words(...), "phase": ...})``.

    ``text(lang)`` renders it (cached per language); ``en`` and ``zh`` are the two languages the UI shows.
    Equal when key and values are equal."""

    __slots__ = ("section", "key", "params", "_en", "_zh")

    def __init__(self, section: str, key: str, params: dict[str, Any]) -> None:
        self.section = section
        self.key = key
        self.params = params
        self._en: str | None = None
        self._zh: str | None = None

    def text(self, lang: str) -> str:
        """The message rendered from the catalogue in ``lang`` (``"en"`` or ``"zh"``), once per language."""
        if lang == "en":
            if self._en is None:
                self._en = render("en", self.section, self.key, self.params)
            return self._en
        if lang == "zh":
            if self._zh is None:
                self._zh = render("zh", self.section, self.key, self.params)
            return self._zh
        return render(lang, self.section, self.key, self.params)

    @property
    def en(self) -> str:
        """The message in English (rendered on first read)."""
        return self._en if self._en is not None else self.text("en")

    @property
    def zh(self) -> str:
        """The message in Chinese (rendered on first read)."""
        return self._zh if self._zh is not None else self.text("zh")

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return f"Message({self.section!r}, {self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and (self.section, self.key) == (other.section, other.key)
                and self.params == other.params)

    __hash__ = None  # type: ignore[assignment]  # params is a dict


def say(key: str, /, **params: Any) -> Message:
    """An event's sentence: the ``[event]`` entry ``key`` (``"phase"``, ``"skip/skips_draw_phase"``) with ``params``."""
    return Message("event", key, params)


def text(key: str, /, **params: Any) -> Message:
    """Any other sentence: the ``[text]`` entry ``key`` with ``params``."""
    return Message("text", key, params)


def en_zh(key: str, /, **params: Any) -> tuple[str, str]:
    """The ``[text]`` entry ``key`` rendered now, as the ``(en, zh)`` pair that the places which keep both
    texts as strings take (a question's ``Prompt.en``/``Prompt.zh``, a range term)."""
    return render("en", "text", key, params), render("zh", "text", key, params)


def append_en_zh(en: list[str], zh: list[str], pair: tuple[str, str]) -> None:
    """Append an ``(en, zh)`` pair (from :func:`en_zh`) to the two lists a sentence is assembled in."""
    en.append(pair[0])
    zh.append(pair[1])


def name(vocabulary: str, ident: str, /) -> Message:
    """The word for ``ident`` of ``vocabulary``: the ``[name]`` entry ``"<vocabulary>.<ident>"`` as a message
    (``name("slot", "weapon")``: ``weapon`` / ``武器``), a value that renders in the language of the text around it.
    ``KeyError`` when rendered if the catalogue has no such entry."""
    return Message("name", f"{vocabulary}.{ident}", {})


class Names(Mapping[str, str]):
    """``{id: word}`` of one vocabulary in one language, read from the ``[name]`` table on first use and kept:
    ``Names("role")["lord"] == "主公"``; ``Names("role", "en")["lord"] == "lord"``.  Iterates in the order of the
    catalogue file.  For the places that keep the Chinese word as a string (``Suit.zh``, ``ROLE_ZH``)."""

    __slots__ = ("vocabulary", "lang", "_table")

    def __init__(self, vocabulary: str, lang: str = "zh") -> None:
        self.vocabulary = vocabulary
        self.lang = lang
        self._table: dict[str, str] | None = None

    def _words(self) -> dict[str, str]:
        t = self._table
        if t is None:
            prefix = self.vocabulary + "."
            t = self._table = {k[len(prefix):]: render(self.lang, "name", k, {})
                               for k in catalogue("en")["name"] if k.startswith(prefix)}
        return t

    def __getitem__(self, ident: str) -> str:
        return (self._table or self._words())[ident]

    def __iter__(self) -> Iterator[str]:
        return iter(self._words())

    def __len__(self) -> int:
        return len(self._words())

    def __repr__(self) -> str:
        return f"Names({self.vocabulary!r}, {self.lang!r})"


# --------------------------------------------------------------------------- zhcite: a refusal's citation

_SOURCE_KEYS: dict[str, str] = {}
"""The English text of each ``[source]`` entry → its key (filled on first use)."""


def source_text(source: str, lang: str) -> str:
    """A rule source in ``lang``: ``"RULES_NOTES: Distance and attack range"`` → ``"规则笔记：距离与攻击范围"``.
    ``source`` is one or more documents joined by ``"; "``; each is the ``[source]`` entry whose English text it
    is, joined by ``lang``'s ``[text] "errors.citation/sep"``.  English, and a document the catalogue lacks, stay
    as written (tests/test_citations.py proves every source the rules cite has an entry)."""
    if lang == "en" or not source:
        return source
    if not _SOURCE_KEYS:
        _SOURCE_KEYS.update((en, key) for key, en in catalogue("en")["source"].items())
    parts = [render(lang, "source", _SOURCE_KEYS[p], {}) if p in _SOURCE_KEYS else p for p in source.split("; ")]
    return text("errors.citation/sep").text(lang).join(parts)


class Cited:
    """A rule source as a value of a text, said in the language of the text around it (:func:`source_text`):
    ``text("setup.variant/roles", …, source=Cited("FK gamelogic.lua; QS 10p"))`` is "… (FK gamelogic.lua; QS 10p)" /
    "…（新月杀游戏逻辑源码；太阳神三国杀（10人局））"."""

    __slots__ = ("source",)

    def __init__(self, source: str) -> None:
        self.source = source

    def words(self, lang: str) -> str:
        """The citation in ``lang``."""
        return source_text(self.source, lang)

    def __repr__(self) -> str:
        return f"Cited({self.source!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cited) and other.source == self.source

    def __hash__(self) -> int:
        return hash(self.source)


NAMED.add(Cited)


def citation(rule: str, source: str, lang: str) -> str:
    """The ``[rule; source]`` tail of a refusal's line in ``lang``: ``"[slash.range; RULES_NOTES: Distance and
    attack range]"`` (English: the id and the source exactly as the code gives them) / ``"[slash.range；规则笔记：
    距离与攻击范围]"``; ``"[rule]"`` without a source.  The rule id is the same in every language: an identifier, as
    the journal, the forced-refusal log line and docs/rules.md spell it."""
    r, s = str(rule), source_text(source, lang)
    cite = text("errors.citation", rule=r, source=s) if source else text("errors.citation/no_source", rule=r, source=s)
    return cite.text(lang)


# --------------------------------------------------------------------------- zhcite: a list said in a language

class Joined:
    """Values said one after the other, joined by ``sep`` (a message: ``"; "`` / ``"；"``) in the language of the text
    around them: ``Joined((text("a"), text("b")), text("prompt.hinted/sep"))``.  Each value renders as a value of a
    message does (a :class:`Message`, :class:`Words`, a Named value, a plain value).  Equal when the values and the
    separator are."""

    __slots__ = ("items", "sep")

    def __init__(self, items: tuple[object, ...], sep: Message) -> None:
        self.items = items
        self.sep = sep

    def words(self, lang: str) -> str:
        """The values in ``lang``, joined."""
        return self.sep.text(lang).join(str(_value(x, lang)) for x in self.items)

    def __repr__(self) -> str:
        return f"Joined({self.items!r}, {self.sep!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (other.items, other.sep) == (self.items, self.sep)

    __hash__ = None  # type: ignore[assignment]  # its values may be messages


NAMED.add(Joined)
