"""Greetings and sign-offs of message-style notes: "Hallo Ulrike,", "Liebe Fr. Dr. Hofer!", "LG Sepp".

Some are traps without a name ("Hallo Team,", "LG Team HerzMobil").
"""

from __future__ import annotations

from masketeer_gui.synth.builder import Piece, Sentence, lit
from masketeer_gui.synth.mentions import render_style
from masketeer_gui.synth.population import Person
from masketeer_gui.synth.scene import Scene, weighted

_GREETINGS = weighted(
    [
        ("Hallo", 40),
        ("Liebe", 15),
        ("Hi", 5),
        ("Servus", 5),
        ("Guten Morgen", 5),
        ("Sehr geehrte", 2),
        ("Griaß di", 1),
        ("", 5),
    ]
)
_GREET_STYLES = {
    "doctor": weighted([(("first",), 45), (("title", "last"), 40), (("title", "first", "last"), 5)]),
    "other": weighted([(("first",), 80), (("nick",), 8), (("title", "first"), 4), (("sal", "last"), 8)]),
}
_GREET_ENDS = weighted([(",", 50), ("!", 15), ("", 10), (":", 5)])
_SIGNOFFS = weighted(
    [
        ("LG", 35),
        ("lg", 15),
        ("Lg", 5),
        ("LG,", 5),
        ("lg,", 5),
        ("Liebe Grüße,", 4),
        ("Liebe Grüße\n", 4),
        ("glg", 3),
        ("Danke, LG", 6),
        ("Danke, lg", 4),
        ("Danke,", 3),
        ("Beste Grüße", 3),
        ("Vlg", 1),
        ("Grüße", 2),
        ("MfG", 2),
        ("", 8),
    ]
)
_SIGN_STYLES = {
    "doctor": weighted(
        [
            (("first",), 30),
            (("selftitle", "last"), 35),
            (("first", "last"), 10),
            (("initial", "last"), 5),
            (("last",), 10),
            (("nick",), 4),
        ]
    ),
    "other": weighted(
        [
            (("first",), 70),
            (("nick",), 14),
            (("first", "last"), 8),
            (("initial", "last"), 4),
            (("initial",), 3),
        ]
    ),
}
_GREETING_TRAPS = (
    "Hallo Team,",
    "Hallo zusammen,",
    "Hallo Zusammen!",
    "Liebe Kolleginnen,",
    "Liebe Kollegen!",
    "Sehr geehrte Damen und Herren,",
    "Hallo liebes Team,",
    "Guten Morgen Team!",
)
_SIGNOFF_TRAPS = (
    "LG Team",
    "LG Team HerzMobil",
    "lg Station",
    "LG aus der Ambulanz",
    "MfG Herzmobil-Team",
    "Danke und LG Pflege",
)


def _kind(person: Person) -> str:
    return "doctor" if person.profession in ("doctor", "gp") else "other"


def greeting(scene: Scene, to: Person) -> Sentence:
    """A greeting to a colleague, ending with its punctuation and a space or line break."""
    word = scene.pick(_GREETINGS)
    if word in ("Liebe", "Sehr geehrte") and to.gender == "m":
        word += "r"
    style = ("title", "last") if word.startswith("Sehr") else scene.pick(_GREET_STYLES[_kind(to)])
    lead = ("greeting",) if word else ("no-salutation",)
    pieces = [Piece(word, trap="salutation-word"), lit(" ")] if word else []
    pieces += render_style(scene, to, style, lead)
    pieces.append(lit(scene.pick(_GREET_ENDS) + scene.pick((" ", " ", "\n"))))
    return pieces


def signoff(scene: Scene) -> Sentence:
    """The author's sign-off ("LG Ulrike", "MfG OA Dr. Gstrein"), or a bare name on its own."""
    author = scene.author
    word = scene.pick(_SIGNOFFS)
    lead = ("signoff",) if word and word != "Danke," else ("signoff", "no-salutation")
    pieces: Sentence = []
    if word:
        pieces += [
            Piece(word.rstrip(",\n"), trap="salutation-word"),
            lit(word[len(word.rstrip(",\n")) :] or " "),
        ]
        if pieces[-1].text == ",":
            pieces.append(lit(" "))
    pieces += render_style(scene, author, scene.pick(_SIGN_STYLES[_kind(author)]), lead)
    return pieces


def greeting_trap(scene: Scene) -> Sentence:
    return [Piece(scene.pick(_GREETING_TRAPS), trap="greeting-noun"), lit(scene.pick((" ", "\n")))]


def signoff_trap(scene: Scene) -> Sentence:
    return [Piece(scene.pick(_SIGNOFF_TRAPS), trap="greeting-noun")]
