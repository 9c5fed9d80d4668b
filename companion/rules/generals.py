"""The 25 generals of the Sanguosha (三国杀) standard edition and their skills.

Data source: the project's own ``companion/data/generals.toml``, read once at
import through :mod:`companion.rules.datafiles` (its precompiled form while it matches the file).  Ids, kingdoms, genders, max HP and
skill ids follow the FreeKill ``standard`` package (original skill texts, not
the 2013+ revisions); skill summaries are the project's own paraphrases.  The
data is checked against the team's oracle
(``shared/reference/standard_generals.json``) by ``tests/test_data_oracle.py``.

Pure rules core: standard library only, no I/O besides the package data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from . import datafiles
from .messages import NAMED, Named, Words, en_zh
from .names import N, build_index, find
from .vocab import Kingdom

__all__ = [
    "Kingdom",
    "Gender",
    "Skill",
    "General",
    "GENERALS",
    "SKILLS",
    "LORD_CANDIDATES",
    "UnknownGeneralError",
    "UnknownSkillError",
    "general",
    "skill",
]


class Gender(StrEnum):
    """Character gender (matters for 结姻 and 离间)."""

    MALE = "male"
    FEMALE = "female"


SKILL_KINDS = ("trigger", "active", "viewas", "compulsory", "lord")

NAMED.add(Kingdom)  # a Kingdom in a message renders as Shu / 蜀, never the id shu (vocab.Kingdom.words)

LORD_CANDIDATES: tuple[str, ...] = ("caocao", "liubei", "sunquan")
"""Ids of the generals with a lord skill, offered to the lord at setup (曹操, 刘备, 孙权)."""


@dataclass(frozen=True, slots=True)
class Skill(Named):
    """A general's skill.

    ``kind`` is one of ``trigger active viewas compulsory lord``;
    ``compulsory`` (锁定技) and ``lord_skill`` (主公技) are independent flags;
    ``tags`` come from a small vocabulary (distance, slash_limit, judgement, ...);
    ``summary_zh``/``summary_en`` are one-line paraphrases of the original text.
    """

    id: str
    zh: str
    en: str
    kind: str
    compulsory: bool
    lord_skill: bool
    tags: tuple[str, ...]
    summary_zh: str
    summary_en: str
    aliases: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.zh} {self.en}"


@dataclass(frozen=True, slots=True)
class General(Named):
    """A general (武将): identity, kingdom, gender, max HP (体力上限) and skills in card order."""

    id: str
    zh: str
    en: str
    kingdom: Kingdom
    gender: Gender
    max_hp: int
    skills: tuple[Skill, ...]
    aliases: tuple[str, ...]

    @property
    def is_lord_candidate(self) -> bool:
        """True for 曹操, 刘备 and 孙权 (see :data:`LORD_CANDIDATES`)."""
        return self.id in LORD_CANDIDATES

    def __str__(self) -> str:
        return f"{self.zh} {self.en}"


class UnknownGeneralError(ValueError):
    """A general name matched nothing.  ``.name`` is the input, ``.suggestions`` up to 3 close ids."""

    what = "general"
    """Which name it was: ``"general"`` or ``"skill"`` (the catalogue's ``generals.unknown/<what>…`` texts)."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = suggestions
        if suggestions:
            hint = Words(", ".join(f"{s} ({self._zh_of(s)})" for s in suggestions), "、".join(map(self._zh_of, suggestions)))
            if self.what == "skill":
                self.en, self.zh = en_zh("generals.unknown/skill_suggest", name=name, hint=hint)
            else:
                self.en, self.zh = en_zh("generals.unknown/general_suggest", name=name, hint=hint)
        elif self.what == "skill":
            self.en, self.zh = en_zh("generals.unknown/skill", name=name)
        else:
            self.en, self.zh = en_zh("generals.unknown/general", name=name)
        super().__init__(self.en)

    @staticmethod
    def _zh_of(ident: str) -> str:
        return GENERALS[ident].zh


class UnknownSkillError(UnknownGeneralError):
    """A skill name matched nothing (subclass of :class:`UnknownGeneralError`, so one ``except`` catches both)."""

    what = "skill"

    @staticmethod
    def _zh_of(ident: str) -> str:
        return SKILLS[ident].zh


def _lookup(name: str, index: dict[str, N], error: type[UnknownGeneralError]) -> N:
    found, close = find(name, index)
    if found is None:
        raise error(str(name), close)
    return found


def general(name: str) -> General:
    """Return the :class:`General` named by ``name`` (id, 中文名, English name or alias; case-insensitive).

    Raises :class:`UnknownGeneralError` listing up to 3 close matches.
    """
    if isinstance(name, General):
        return name
    return _lookup(name, _GENERAL_INDEX, UnknownGeneralError)


def skill(name: str) -> Skill:
    """Return the :class:`Skill` named by ``name`` (id, 中文名, English name or alias such as ``tieji``).

    Raises :class:`UnknownSkillError` (a subclass of :class:`UnknownGeneralError`) with up to 3 close matches.
    """
    if isinstance(name, Skill):
        return name
    return _lookup(name, SKILL_INDEX, UnknownSkillError)


def _load() -> tuple[dict[str, General], dict[str, Skill]]:
    data = datafiles.load("generals.toml")  # the precompiled form when it was built from this very file
    skills: dict[str, Skill] = {}
    for sid, row in data["skills"].items():
        if row["kind"] not in SKILL_KINDS:
            raise datafiles.DataFileError(f"generals.toml: skill {sid}: bad kind {row['kind']!r}")
        skills[sid] = Skill(
            id=sid,
            zh=row["zh"],
            en=row["en"],
            kind=row["kind"],
            compulsory=bool(row["compulsory"]),
            lord_skill=bool(row["lord_skill"]),
            tags=tuple(row.get("tags", ())),
            summary_zh=row["summary_zh"],
            summary_en=row["summary_en"],
            aliases=tuple(row.get("aliases", ())),
        )
    generals: dict[str, General] = {}
    used: set[str] = set()
    for gid, row in data["generals"].items():
        try:
            own = tuple(skills[s] for s in row["skills"])
        except KeyError as exc:
            raise datafiles.DataFileError(f"generals.toml: general {gid}: unknown skill {exc}") from None
        used.update(row["skills"])
        generals[gid] = General(
            id=gid,
            zh=row["zh"],
            en=row["en"],
            kingdom=Kingdom(row["kingdom"]),
            gender=Gender(row["gender"]),
            max_hp=int(row["max_hp"]),
            skills=own,
            aliases=tuple(row.get("aliases", ())),
        )
    if unused := set(skills) - used:
        raise datafiles.DataFileError(f"generals.toml: skills owned by no general: {sorted(unused)}")
    return generals, skills


GENERALS: dict[str, General]
"""The 25 standard generals by pinyin id, in Wei, Shu, Wu, Qun order."""
SKILLS: dict[str, Skill]
"""All their skills by id."""
GENERALS, SKILLS = _load()
_GENERAL_INDEX = build_index(GENERALS.values(), source="generals.toml (general)")
SKILL_INDEX = build_index(SKILLS.values(), source="generals.toml (skill)")
