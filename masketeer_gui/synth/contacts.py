"""Medical sites, phone numbers, e-mail and web addresses, street addresses and ZIP codes as notes write them.

Each is one whole-expression gold span ("0664/1234567", "Innrain 52", "6020 Innsbruck").
"""

from __future__ import annotations

import unicodedata

from masketeer_gui.engine.span import Entity
from masketeer_gui.synth import vocab
from masketeer_gui.synth.builder import Piece, Sentence, lit
from masketeer_gui.synth.population import Person
from masketeer_gui.synth.scene import Scene, weighted
from masketeer_gui.synth.typos import to_ascii

_SITE_WEIGHTS = weighted([(i, 30 if i == 0 else 8 if i < 8 else 3) for i in range(len(vocab.MEDICAL_SITES))])
_REGEX = ("regex",)


def site(scene: Scene) -> Sentence:
    """A medical site, usually as the database spells it, sometimes as a variant ("KH Schwaz")."""
    chosen = scene.cast.sites[scene.pick(_SITE_WEIGHTS)]
    text = chosen.canonical if scene.chance(0.65) else scene.pick(chosen.variants)
    tags = ["site" if text == chosen.canonical else "site-variant"]
    if not chosen.listed:
        tags.append("unlisted")
    return [Piece(text, Entity.SIT, tuple(tags))]


def _mobile_forms(digits: str) -> tuple[str, ...]:
    prefix, rest = digits[:4], digits[4:]
    spaced = f"{rest[:3]} {rest[3:5]} {rest[5:]}"
    return (
        f"+43 {prefix[1:]} {rest}",
        f"+43 (0){prefix[1:]} {spaced}",
        f"0043 {prefix[1:]} {rest}",
        f"{prefix}/{rest}",
        f"{prefix}/{rest}",
        f"{prefix} {rest}",
        f"{prefix} {rest}",
        f"{prefix}-{rest}",
        f"{prefix} {spaced}",
        f"{prefix}{rest}",
    )


def phone(scene: Scene) -> Sentence:
    """A phone number: the patient's mobile in one of many spellings, or a hospital line."""
    rng = scene.rng
    if scene.chance(0.6):
        digits = (
            scene.patient.phone
            if scene.chance(0.7)
            else scene.pick(vocab.MOBILE_PREFIXES) + str(rng.randint(1_000_000, 9_999_999))
        )
        text = scene.pick(_mobile_forms(digits))
    else:
        area = scene.pick(vocab.AREA_CODES)
        ext = str(rng.randint(100, 99999))
        text = scene.pick(
            (
                f"{area} {rng.randint(20, 899)}-{ext}",
                f"{area}/{rng.randint(20, 899)}-{ext}",
                f"050504-{rng.randint(10000, 89999)}",
                f"+43 {area[1:]} {rng.randint(20, 899)} {ext}",
                f"{area}/{rng.randint(20000, 899999)}",
            )
        )
    return [Piece(text, Entity.PHO, _REGEX)]


def _mail_word(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", to_ascii(name)).encode("ascii", "ignore").decode()
    return ascii_name.lower().replace(" ", "")


def mail_address(person: Person, scene: Scene) -> str:
    first, last = _mail_word(person.first), _mail_word(person.last)
    if person.role == Entity.HCP and person.profession != "gp":
        return f"{first}.{last}@{scene.pick(vocab.STAFF_MAIL_DOMAINS)}"
    return scene.pick(
        (f"{first}.{last}@", f"{first[0]}.{last}@", f"{last}{scene.rng.randint(40, 99)}@", f"{first}{last}@")
    ) + scene.pick(vocab.PRIVATE_MAIL_DOMAINS)


def email(scene: Scene) -> Sentence:
    """An e-mail address of a colleague, a relative or a shared mailbox."""
    roll = scene.rng.random()
    if roll < 0.4:
        text = mail_address(scene.colleague(scene.chance(0.5)), scene)
    elif roll < 0.8:
        text = mail_address(scene.relative(), scene)
    else:
        text = scene.pick(vocab.SHARED_MAILS)
    return [Piece(text, Entity.MAI, _REGEX)]


def website(scene: Scene) -> Sentence:
    return [Piece(scene.pick(vocab.WEBSITES), Entity.WEB, _REGEX)]


def address(scene: Scene) -> Sentence:
    """The patient's street and number ("Innrain 52"), or another street."""
    street = scene.patient.street if scene.chance(0.7) else scene.pick(vocab.STREETS)
    house = scene.patient.house if scene.chance(0.7) else str(scene.rng.randint(1, 120))
    return [Piece(f"{street} {house}", Entity.ADD, _REGEX)]


def zip_code(scene: Scene) -> Sentence:
    """ZIP and town ("6020 Innsbruck", "A-6130 Schwaz") as one span."""
    code, town = (scene.patient.zip_code, scene.patient.town) if scene.chance(0.7) else scene.pick(vocab.ZIP_TOWNS)
    prefix = "A-" if scene.chance(0.15) else ""
    return [Piece(f"{prefix}{code} {town}", Entity.ZIP, _REGEX)]


def full_address(scene: Scene) -> Sentence:
    """Street and ZIP together: "Innrain 52, 6020 Innsbruck" (two spans)."""
    return [*address(scene), lit(scene.pick((", ", ", ", " "))), *zip_code(scene)]
