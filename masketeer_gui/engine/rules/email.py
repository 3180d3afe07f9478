"""RegexEmail: e-mail addresses.

Covers "maria.huber@herzmobil.at", "Hofer-U@tirol-kliniken.at", umlaut local parts and domains
("jürgen.öhler@müller-praxis.de"), sub-domains ("x@mail.i-med.ac.at"), and the spelled-out "@"
used to fool harvesters: "huber(at)gmx.at", "huber [at] gmx.at".

Validation beside the pattern: the top-level domain is 2-24 letters, the local part neither
starts nor ends with a dot and has no "..".

Fails on: addresses with spaces around a real "@" ("huber @ gmx.at"), addresses whose domain is
only a host name ("admin@localhost"), and "(dot)" obfuscation. A trailing dot at the end of a
sentence is never included.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.rules.base import span
from masketeer_gui.engine.span import Entity, Span

_AT = r"(?:@|[ \u00a0]?[(\[]at[)\]][ \u00a0]?)"
_EMAIL: Final = re.compile(
    rf"(?<![\w.+\-])(?P<local>[\w+\-](?:[\w.+\-]*[\w+\-])?){_AT}"
    r"(?P<domain>[^\W_](?:[\w\-]*[^\W_])?(?:\.[^\W_](?:[\w\-]*[^\W_])?)*\.[^\W\d_]{2,24})(?![\w\-]|\.\w)"
)


def _may_hold_address(text: str) -> bool:
    """A quick test before the pattern runs: an "@" or a spelled-out "(at)"/"[at]" is in the note (one-character
    searches first: they are the fast ones, and most notes have no bracket)."""
    return "@" in text or ("(" in text and "(at)" in text) or ("[" in text and "[at]" in text)


def _valid(local: str) -> bool:
    """The local part's dots are real separators."""
    return ".." not in local


class EmailRule:
    """E-mail addresses (see the module docstring for what is covered)."""

    name = "RegexEmail"
    entity = Entity.MAI
    needs_digit = False  # said, not left out: a rule without it costs the merge a failed attribute look-up

    def find(self, text: str) -> list[Span]:
        spans: list[Span] = []
        if not _may_hold_address(text):
            return spans
        for match in _EMAIL.finditer(text):
            local, domain = match.group("local", "domain")
            if not _valid(local):
                continue
            ref = f"{fold(local)}@{fold(domain)}"
            reason = "e-mail pattern" if "@" in match.group() else "e-mail pattern (spelled-out 'at')"
            spans.append(span(self, match.start(), match.end(), reason, ref))
        return spans
