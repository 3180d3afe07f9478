"""Regular-expression rules that run before the token maskers (paper section 2.2.3).

Phone numbers, e-mail addresses, web addresses, street addresses and ZIP codes follow strict
formulae, so they are found on the whole (markup-blanked) note before tokenization could split
them. Each rule is a small class with a ``find(text)`` method; ``default_rules`` builds the
standard set and ``find_rule_spans`` runs a set and resolves overlaps. Every rule is linear in the
note's length (``tests/engine/rules/test_linear_time.py``). The village-address rule reads the ZIP
rule's spans of the same note, so it runs after it.
"""

from __future__ import annotations

from collections.abc import Mapping

from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.rules.address import AddressRule
from masketeer_gui.engine.rules.base import Rule
from masketeer_gui.engine.rules.email import EmailRule
from masketeer_gui.engine.rules.phone import PhoneRule
from masketeer_gui.engine.rules.resolve import find_rule_spans, resolve
from masketeer_gui.engine.rules.url import UrlRule
from masketeer_gui.engine.rules.village import VillageAddressRule
from masketeer_gui.engine.rules.zip_towns import ZipKeys, load_zip_towns
from masketeer_gui.engine.rules.zipcode import ZipRule

__all__ = [
    "AddressRule",
    "EmailRule",
    "PhoneRule",
    "Rule",
    "UrlRule",
    "VillageAddressRule",
    "ZipRule",
    "default_rules",
    "find_rule_spans",
    "load_zip_towns",
    "resolve",
]


def default_rules(zip_towns: Mapping[str, tuple[str, ...]] | Deferred[ZipKeys]) -> tuple[Rule, ...]:
    """The standard rules, e-mail and web first (they win overlaps anyway); ``zip_towns`` as ``ZipRule`` takes it."""
    zip_rule = ZipRule(zip_towns)
    return (EmailRule(), UrlRule(), PhoneRule(), AddressRule(), zip_rule, VillageAddressRule(zip_rule))
