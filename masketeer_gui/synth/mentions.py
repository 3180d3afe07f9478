"""How notes name people: "Fr. Huber", "OA Dr. Gstrein", "Tochter Anna", "Maria meldet sich", "LG Ulrike".

A mention is a style (a sequence of parts such as ``sal``, ``first``, ``last``) rendered into pieces.
Every name word is its own gold span; salutations and titles are plain text. Each span is tagged
with its context (salutation, greeting, signoff, role-word, no-salutation, full-name) and its form
(typo, initial, umlaut-variant, hyphenated, nickname, rare, unlisted).
"""

from __future__ import annotations

from masketeer_gui.engine.normalize import fold
from masketeer_gui.synth import vocab
from masketeer_gui.synth.builder import Piece, Sentence, lit
from masketeer_gui.synth.population import Person
from masketeer_gui.synth.scene import Scene, weighted
from masketeer_gui.synth.typos import has_umlaut, one_edit, to_ascii

P_TYPO = 0.045
P_ASCII = 0.15
_RARE = frozenset(vocab.RARE_SURNAMES + vocab.RARE_FEMALE_FIRST + vocab.RARE_MALE_FIRST)
_COURTESY = {"f": ("Frau",) * 4 + ("Fr.",) * 7 + ("Fr",), "m": ("Herr",) * 4 + ("Hr.",) * 7 + ("Hr", "Herrn")}
_TITLES: dict[str, dict[str, tuple[str, ...]]] = {
    "doctor": {
        "f": (
            "Dr.",
            "Dr.",
            "Dr.in",
            "Dr.in",
            "Fr. Dr.",
            "Fr. Dr.",
            "Frau Dr.",
            "OÄ Dr.",
            "OÄ",
            "Prim.a Dr.",
            "Ass.Dr.in",
            "Fr. Dr.in",
            "Dr",
        ),
        "m": (
            "Dr.",
            "Dr.",
            "Dr.",
            "Hr. Dr.",
            "Herr Dr.",
            "OA Dr.",
            "OA Dr.",
            "OA",
            "Prim.",
            "Prim. Dr.",
            "Ass.Dr.",
            "Dr",
            "Doktor",
            "Univ.-Prof. Dr.",
        ),
    },
    "nurse": {"f": ("DGKS", "DGKS", "DGKP", "Sr.", "Sr.", "Schwester"), "m": ("DGKP", "DGKP", "Pfleger")},
    "therapist": {"f": ("Mag.a", "Fr. Mag.a", "Mag.", "Fr."), "m": ("Mag.", "Hr. Mag.", "Hr.")},
    "gp": {
        "f": ("Dr.", "Dr.in", "HA Dr.", "Hausärztin Dr.", "Fr. Dr."),
        "m": ("Dr.", "HA Dr.", "Hausarzt Dr.", "Hr. Dr.", "Dr"),
    },
}
_SELF_TITLES = {
    "f": ("Dr.", "Dr.in", "Dr.in", "OÄ Dr.", "Ass.Dr.in", "Prim.a Dr."),
    "m": ("Dr.", "Dr.", "OA Dr.", "OA", "Prim. Dr.", "Ass.Dr.", "Dr"),
}
PATIENT_STYLES = weighted(
    [
        (("sal", "last"), 44),
        (("sal", "first", "last"), 6),
        (("sal", "initial", "last"), 2),
        (("sal.", "last"), 2),
        (("Pat.", "last"), 5),
        (("last",), 12),
        (("first",), 6),
        (("first", "last"), 8),
        (("last", "first"), 3),
        (("initial", "last"), 2),
        (("nick",), 2),
    ]
)
_HCP_STYLES = {
    "doctor": weighted(
        [
            (("title", "last"), 42),
            (("title", "first", "last"), 8),
            (("title", "initial", "last"), 4),
            (("last",), 10),
            (("first",), 3),
            (("sal", "last"), 3),
        ]
    ),
    "nurse": weighted(
        [
            (("first",), 25),
            (("title", "first"), 15),
            (("sal", "last"), 18),
            (("nick",), 3),
            (("title", "first", "last"), 5),
            (("last",), 5),
            (("first", "last"), 4),
        ]
    ),
    "therapist": weighted([(("title", "last"), 10), (("first",), 5), (("sal", "last"), 5)]),
    "gp": weighted(
        [
            (("title", "last"), 60),
            (("title", "initial", "last"), 4),
            (("HA", "last"), 4),
            (("last",), 4),
            (("title", "first", "last"), 4),
        ]
    ),
}
RELATIVE_STYLES = weighted(
    [
        (("rel", "first"), 30),
        (("rel", "sal", "last"), 20),
        (("rel", "first", "last"), 8),
        (("sal", "last"), 12),
        (("first",), 10),
        (("first", "last"), 5),
        (("sal", "first", "last"), 5),
        (("sal", "last", "(rel)"), 5),
        (("rel", "nick"), 2),
    ]
)


def name_word(scene: Scene, person: Person, part: str, context: tuple[str, ...]) -> Piece:
    """One name word of ``person`` ("first", "last", "nick" or "initial") as a gold piece."""
    tags = list(context)
    if part == "initial":
        return Piece(person.first[0], person.role, (*tags, "initial"))
    base = person.nickname if part == "nick" else person.first if part == "first" else person.last
    stored = person.db_first if part == "first" else person.db_last
    text = to_ascii(base) if has_umlaut(base) and scene.chance(P_ASCII) else base
    if part == "nick":
        tags.append("nickname")
    elif text != stored:
        tags.append("umlaut-variant")
    if "-" in text:
        tags.append("hyphenated")
    if any(w in _RARE for w in base.split("-")):
        tags.append("rare")
    if fold(text) not in scene.listed and not any(fold(w) in scene.listed for w in text.split("-")):
        tags.append("unlisted")
    if len(text) >= 4 and scene.chance(P_TYPO):
        head, _, tail = text.rpartition("-")
        text = f"{head}-{one_edit(tail, scene.rng)}" if head else one_edit(text, scene.rng)
        tags.append("typo")
    return Piece(text, person.role, tuple(tags))


def render_style(scene: Scene, person: Person, style: tuple[str, ...], lead: tuple[str, ...]) -> Sentence:
    """Render a mention style; ``lead`` is the context of the first name word if no salutation precedes it."""
    pieces: Sentence = []
    context, glue = lead, ""
    for part in style:
        if glue:
            pieces.append(lit(glue))
        glue = " "
        if part in _NAME_PARTS:
            if part == "nick" and not person.nickname:
                part = "first"
            pieces.append(name_word(scene, person, part, context))
            if part == "initial":
                pieces.append(lit("."))
            context = ("full-name",)
        else:
            word, context = _prefix(scene, person, part, context)
            trap = "salutation-word" if part in _SALUTATION_PARTS else "role-noun"
            if part == "(rel)":
                pieces += [lit("("), Piece(word, trap=trap), lit(")")]
            else:
                pieces.append(Piece(word, trap=trap))
            glue = "" if part == "sal." else " "
    return pieces


_NAME_PARTS = frozenset(("first", "last", "nick", "initial"))
_KEEP = frozenset(("greeting", "signoff"))
_SALUTATION_PARTS = frozenset(("sal", "sal.", "title", "selftitle"))


def _prefix(scene: Scene, person: Person, part: str, context: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The non-name word for a style part, and the context it gives the next name word."""
    outer = tuple(c for c in context if c in _KEEP)
    if part == "sal":
        return scene.pick(_COURTESY[person.gender]), (*outer, "salutation")
    if part == "sal.":
        return ("Fr." if person.gender == "f" else "Hr."), (*outer, "salutation")
    if part == "title":
        titles = _TITLES.get(person.profession, _TITLES["doctor"])[person.gender]
        return scene.pick(titles), (*outer, "salutation")
    if part == "selftitle":
        return scene.pick(_SELF_TITLES[person.gender]), (*outer, "salutation")
    if part == "rel":
        return person.relation or "Angehörige", ("role-word",)
    if part == "(rel)":
        return person.relation or "Angehörige", context
    if part == "HA":
        return scene.pick(("Hausarzt", "HA", "Hausärztin" if person.gender == "f" else "HA")), ("role-word",)
    return part, ("role-word",)  # literal role words such as "Pat."


def patient(scene: Scene) -> Sentence:
    return render_style(scene, scene.patient.person, scene.pick(PATIENT_STYLES), ("no-salutation",))


def relative(scene: Scene) -> Sentence:
    return render_style(scene, scene.relative(), scene.pick(RELATIVE_STYLES), ("no-salutation",))


def hcp(scene: Scene, person: Person) -> Sentence:
    return render_style(scene, person, scene.pick(_HCP_STYLES[person.profession]), ("no-salutation",))
