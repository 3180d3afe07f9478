"""Phone, e-mail and web surrogates that keep their form.

Phone: digit for digit (spaces, "/", "-", "(0)", "+43", "DW" kept), the country code kept, and the
prefix replaced by one of the same type and, where possible, the same length: mobile stays mobile
("0664" -> "0676"), landline stays landline ("0512" -> "05242"-like), an in-house number stays
in-house. E-mail: the local part's name pieces become the same surrogates as the names in the text
("maria.huber@" -> "theresa.gruber@"), role words ("info", "office") stay, a free-mail domain
becomes another one, an institutional domain a fictitious one; always ASCII and well-formed.
Web: scheme and "www." kept, the host becomes a fictitious one with the same top-level domain.
"""

from __future__ import annotations

import re

from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.engine.surrogates.forms import ascii_word, fit_text, host_label, match_case
from masketeer_gui.engine.surrogates.person import NameSlot, part_surrogate
from masketeer_gui.engine.surrogates.toolkit import Toolkit

_COUNTRY = re.compile(r"^(?:\+|00)[ \u00a0]?(43|49|41|39|\d{2})")
_DIGITS = re.compile(r"[0-9]+")
_DE_MOBILE = frozenset({"15", "16", "17"})
_MOBILE_LIKE = re.compile(r"6[5-9]|1[5-7]")  # what the phone rule reads as mobile after the trunk 0
_EMAIL = re.compile(r"^(?P<local>.+?)(?P<at>@|[ \u00a0]?[(\[]at[)\]][ \u00a0]?)(?P<domain>[^@\s]+)$")
_LOCAL_PIECES = re.compile(r"([^\W\d_]+|[0-9]+)")
_SECOND_LEVEL = frozenset({"co", "ac", "gv", "or", "gov", "edu"})
_URL = re.compile(r"^(?P<scheme>(?i:https?|ftp)://)?(?P<www>[Ww]{3}\d{0,3}\.)?(?P<host>[^/?#]+)(?P<path>.*)$", re.S)
_MAX_TRIES = 8
_HOST_PAD = "-gesundheit-zentrum-klinik-info"


def phone_surrogate(kit: Toolkit, surface: str, ref: str, scope: str) -> str:
    """Same format, same number of digits, same country code and prefix type."""
    slots = [i for i, c in enumerate(surface) if "0" <= c <= "9"]
    keep = _protected(surface)
    national = [i for i in slots if i not in keep]
    if not national:
        return surface
    original = "".join(surface[i] for i in national)
    for attempt in range(_MAX_TRIES):
        digits = _new_national(kit, surface, original, national, ref, scope, attempt)
        if digits != original:
            break
    chars = list(surface)
    for index, digit in zip(national, digits, strict=True):
        group_start = index == 0 or not surface[index - 1].isdigit()
        chars[index] = str(1 + index % 9) if group_start and digit == "0" and surface[index] != "0" else digit
    return "".join(chars)


def _protected(surface: str) -> set[int]:
    """Positions of the country code ("+43", "0043") and of the "0" in "(0)": kept as they are."""
    keep: set[int] = set()
    country = _COUNTRY.match(surface)
    if country:
        keep.update(i for i in range(country.end()) if surface[i].isdigit())
    zero = surface.find("(0)")
    if zero >= 0:
        keep.add(zero + 1)
    return keep


def _new_national(
    kit: Toolkit, surface: str, original: str, national: list[int], ref: str, scope: str, attempt: int
) -> str:
    """New national digits: trunk 0 kept, a prefix of the same country and type, then drawn digits."""
    draw = kit.chooser.digits("PHO", ref, scope, len(original), attempt)
    country_match = _COUNTRY.match(surface)
    if country_match is None and not original.startswith("0"):
        return draw  # in-house number: any digits, never a leading 0
    trunk = "0" if original.startswith("0") else ""
    body = original[len(trunk) :]
    code = country_match.group(1) if country_match else ""
    country, kind = phone_kind(code, body, kit)
    run = _DIGITS.match(surface, national[len(trunk)]) if body else None
    group = len(run.group()) if run else 0
    prefix = _prefix(kit, country, kind, group, len(body) - 3, ref, scope, attempt) if country else ""
    rest = draw[len(trunk) + len(prefix) :]
    if rest[:1] == "0" or (kind == "landline" and _MOBILE_LIKE.match(prefix + rest)):
        rest = "2" + rest[1:]  # no subscriber number starts with 0; a landline never reads as mobile ("01 6…")
    return trunk + prefix + rest


def phone_kind(country_code: str, body: str, kit: Toolkit) -> tuple[str, str]:
    """(AT|DE|'', mobile|landline) of a number's national part without the trunk 0."""
    if country_code not in ("", "43", "49"):
        return "", "landline"
    german = country_code == "49" or (not country_code and body[:2] in _DE_MOBILE)
    if german:
        return "DE", "mobile" if body[:2] in _DE_MOBILE else "landline"
    return "AT", "mobile" if body[:3] in kit.pools.prefixes.get(("AT", "mobile"), ()) else "landline"


def _prefix(kit: Toolkit, country: str, kind: str, group: int, room: int, ref: str, scope: str, attempt: int) -> str:
    """A prefix of that type: ``group`` digits long if possible, else shorter, else longer (at most ``room``)."""
    sizes = [group, *range(min(group, room + 1) - 1, 0, -1), *range(group + 1, room + 1)]
    for size in sizes:
        pool = kit.pools.prefix_pool(country, kind, size) if 0 < size <= room else None
        if pool is not None:
            return kit.chooser.choose(f"PHO-prefix-{attempt}", ref, pool, scope)
    return ""


def email_surrogate(kit: Toolkit, surface: str, scope: str) -> str:
    """A well-formed address whose name pieces match the names' surrogates."""
    match = _EMAIL.match(surface)
    if match is None:
        local, at, domain = surface.replace("@", "") or "post", "@", "example.at"
    else:
        local, at, domain = match.group("local", "at", "domain")
    new_local = "".join(_local_piece(kit, piece, scope) for piece in _LOCAL_PIECES.split(local)).strip(".-_+")
    new_domain = domain_surrogate(kit, domain, scope)
    length = kit.length(len(surface) - len(at) - len(new_domain))
    if length is not None and length >= 1:
        new_local = fit_text(new_local, length, pad="0").rstrip(".-_+") or "x"
        new_local = fit_text(new_local, length, pad="0")
    return f"{new_local or 'post'}{at}{new_domain}"


def _local_piece(kit: Toolkit, piece: str, scope: str) -> str:
    if not piece:
        return piece
    if piece[0].isdigit():
        return kit.chooser.digits("MAI-digits", piece, scope, len(piece))
    if not piece[0].isalpha():
        return piece
    folded = fold(piece)
    if len(piece) > 1 and kit.knowledge.is_word(folded) and not _is_name(kit, folded):
        return piece  # "info", "office", "station"
    role = "first" if folded in kit.knowledge.first_names and folded not in kit.knowledge.surnames else "last"
    name = part_surrogate(kit, piece, NameSlot(role), scope)
    return match_case(piece, ascii_word(name))


def _is_name(kit: Toolkit, folded: str) -> bool:
    return folded in kit.knowledge.first_names or folded in kit.knowledge.surnames


def domain_surrogate(kit: Toolkit, domain: str, scope: str) -> str:
    """Another free-mail domain for a free-mail domain, else a fictitious host with the same ending."""
    ref = fold_phrase(domain).lower()
    if ref in kit.pools.mail_domains.entries:
        return kit.chooser.choose("MAI-domain", ref, kit.pools.mail_domains, scope)
    labels = domain.split(".")
    keep = 2 if len(labels) > 2 and labels[-2].lower() in _SECOND_LEVEL else 1
    ending = ".".join(labels[-keep:]) if len(labels) > 1 else "at"
    place = kit.chooser.choose("WEB-host", ref, kit.pools.site_places, scope)
    return f"{host_label(place)}.{ascii_word(ending).lower() or 'at'}"


def url_surrogate(kit: Toolkit, surface: str, ref: str, scope: str) -> str:
    """Scheme and "www." kept; a fictitious host with the original's top-level domain; no path."""
    match = _URL.match(surface)
    if match is None:
        return surface
    scheme, www, host = match.group("scheme") or "", match.group("www") or "", match.group("host")
    new_host = domain_surrogate(kit, host, scope)
    if host.isupper():
        new_host = new_host.upper()
    path = "/" if match.group("path") == "/" else ""
    length = kit.length(len(surface) - len(scheme) - len(www))
    if length is not None and len(new_host) + len(path) != length:
        label, _, ending = new_host.partition(".")
        path = ""
        room = length - len(ending) - 1
        label = fit_text(label, max(room, 2), pad=_HOST_PAD)
        new_host = f"{label[:-1] + 'x' if label.endswith('-') else label}.{ending}"
    return f"{scheme}{www}{new_host}{path}"
