"""Street address, ZIP+town and medical-site surrogates that keep their form.

Address: the street becomes one of the same kind (-straße, -gasse, -weg, -platz…), written the same
way ("str.", "strasse"), keyed on the street alone so "Anichstraße 35" and "Anichstraße 2" stay on one
surrogate street; house and door numbers are replaced digit for digit. ZIP: a real pair from the same
region (first digit of an Austrian code; German codes stay German), prefix "A-"/"D-" kept, never the
original code or town. Site: a fictitious place ("Sonnberg") after the original head word ("LKH",
"Klinikum") or after a surrogate head when the original has none.
"""

from __future__ import annotations

import re

from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.engine.surrogates.forms import fit_text, match_case, new_digits
from masketeer_gui.engine.surrogates.toolkit import Toolkit

_ADDRESS = re.compile(r"(?P<street>.*?)(?P<rest>[ \u00a0]*[0-9].*)$", re.S)
_KINDS = (("straße", "straße"), ("strasse", "straße"), ("str.", "straße"), ("str", "straße"),
          ("gasse", "gasse"), ("weg", "weg"), ("platz", "platz"), ("ring", "ring"), ("allee", "allee"))  # fmt: skip
_ZIP = re.compile(
    r"^(?P<cc>(?:A|AT|Ö|D|DE)[ \u00a0]?-?[ \u00a0]?)?(?P<code>[0-9]{4,5})(?P<gap>[ \u00a0]*)(?P<town>.*)$", re.S
)


def street_kind(street: str) -> str:
    """The street word the name ends in, as the pools name it ("straße" for "Museumstr."), or ''."""
    folded = fold(street.strip())
    return next((kind for ending, kind in _KINDS if fold(ending) and folded.endswith(fold(ending))), "")


def address_surrogate(kit: Toolkit, surface: str, ref: str, scope: str) -> str:
    """A street of the same kind and spelling, numbers replaced digit for digit."""
    match = _ADDRESS.match(surface)
    street, rest = (match.group("street"), match.group("rest")) if match else (surface, "")
    new = _street(kit, street, scope) if street.strip() else street
    digits = kit.chooser.digits("ADD-number", ref, scope, sum(c.isdigit() for c in rest) or 1)
    return new + new_digits(rest, digits)


def _street(kit: Toolkit, street: str, scope: str) -> str:
    kind = street_kind(street)
    written = street.rstrip()
    spelled = "str." if written.endswith("str.") else "str" if fold(written).endswith("str") else ""
    spelled = spelled or ("strasse" if "strasse" in fold(written) and "ß" not in written else "")
    extra = len("straße") - len(spelled) if spelled else 0
    pool = kit.pools.street_pool(kind)
    chosen = kit.chooser.choose("ADD", fold_phrase(street), pool, scope, kit.length(len(written) + extra))
    if spelled:
        chosen = chosen[: -len("straße")] + spelled if chosen.endswith("straße") else chosen
    chosen = fit_text(match_case(written, chosen), kit.length(len(written)), pad=" ")
    return chosen + street[len(written) :]


def zip_surrogate(kit: Toolkit, surface: str, ref: str, scope: str) -> str:
    """A real ZIP code + town pair of the same region, in the original's layout."""
    match = _ZIP.match(surface)
    if match is None:
        return surface
    cc, code, gap, town = match.group("cc") or "", match.group("code"), match.group("gap"), match.group("town")
    original_town = fold_phrase(town)

    def reject(pair: str) -> bool:
        new_code, _, new_town = pair.partition(" ")
        return new_code == code or (bool(original_town) and fold_phrase(new_town) == original_town)

    target = kit.length(len(code) + 1 + len(town)) if town else None
    pair = kit.chooser.choose("ZIP", ref, kit.pools.zip_pool(code), scope, target, reject)
    new_code, _, new_town = pair.partition(" ")
    if not town:
        return f"{cc}{new_code}{gap}"
    return f"{cc}{new_code}{gap}{fit_text(match_case(town, new_town), kit.length(len(town)))}"


def site_surrogate(kit: Toolkit, surface: str, ref: str, scope: str) -> str:
    """The original head word ("LKH", "Klinikum") and a fictitious place; a surrogate head if it has none."""
    first, space, _ = surface.partition(" ")
    heads = kit.knowledge.site_heads
    if fold(first) in heads or fold(first.rstrip(".")) in heads:
        head, separator = first, space or " "
    else:
        limit = kit.length(len(surface) - 4)  # length-preserving: leave room for a place of four letters
        too_long = None if limit is None else (lambda h: len(h) > limit)
        head, separator = kit.chooser.choose("SIT-head", ref, kit.pools.site_heads, scope, reject=too_long), " "
        if limit is not None and len(head) > limit:
            head = separator = ""  # too short for a head: the place alone
    room = len(surface) - len(head) - len(separator)
    place = kit.chooser.choose("SIT", ref, kit.pools.site_places, scope, kit.length(max(room, 1)))
    if surface.isupper() and len(surface) > 3:
        place, head = place.upper(), head.upper()
    return fit_text(f"{head}{separator}{place}", kit.length(len(surface)))
