"""``SurrogateIssuer``: realistic, keyed, form-keeping replacements for every span of a note.

Keyed like the tags of ``pseudonyms``: HMAC(key, kind + scope + folded reference) picks the
surrogate, so the same reference gets the same surrogate in every note and every worker process,
and with ``--key-file`` in every run. ``scope`` is the patient id when notes carry one (then the same
name of two patients gets two surrogates). Person names are keyed per name part, across HCP, PAT
and PER, so a name typed differently in two notes still reads the same. A surrogate is never the
original and never a name (or site word) of the deployment lists; it is re-drawn deterministically.
Different references may share a surrogate (pools hold about a thousand names each).
"""

from __future__ import annotations

from collections.abc import Sequence

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import name_parts
from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.span import NAME_ENTITIES, Entity, Span
from masketeer_gui.engine.surrogates.contact import email_surrogate, phone_surrogate, url_surrogate
from masketeer_gui.engine.surrogates.forms import new_digits
from masketeer_gui.engine.surrogates.keyed import KeyedChooser
from masketeer_gui.engine.surrogates.knowledge import NameKnowledge
from masketeer_gui.engine.surrogates.person import LAST, NameSlot, name_surrogate, part_surrogate, plan_names
from masketeer_gui.engine.surrogates.places import address_surrogate, site_surrogate, zip_surrogate
from masketeer_gui.engine.surrogates.pools import SurrogatePools, load_pools
from masketeer_gui.engine.surrogates.toolkit import Toolkit

_CACHE_LIMIT = 100_000


def real_names(names: NameLists | None) -> frozenset[str]:
    """Folded values no surrogate may take: deployment names, their parts, and site names and words."""
    if names is None:
        return frozenset()
    people = (*names.patients, *names.hcps, *names.persons)
    avoid = {fold_phrase(entry) for entry in (*people, *names.medical_sites)}
    avoid.update(part for entry in people for part in name_parts(entry))
    avoid.update(fold_phrase(word) for site in names.medical_sites for word in site.split())
    return frozenset(avoid)


class SurrogateIssuer:
    """Surrogates for one run under one key (build one per process; all agree)."""

    def __init__(
        self,
        key: bytes,
        *,
        pools: SurrogatePools | None = None,
        knowledge: NameKnowledge | None = None,
        names: NameLists | None = None,
        length_preserving: bool = False,
    ) -> None:
        pools = pools or load_pools()
        chooser = KeyedChooser(key, real_names(names), length_preserving)
        self.kit = Toolkit(chooser, pools, knowledge or NameKnowledge.from_pools(pools))
        self._cache: dict[tuple[object, ...], str] = {}

    @classmethod
    def for_lexicon(
        cls, key: bytes, lexicon: Lexicon, names: NameLists | None = None, length_preserving: bool = False
    ) -> SurrogateIssuer:
        """An issuer that knows the engine's name lists and salutations (genders, roles, site heads)."""
        return cls(key, knowledge=NameKnowledge.from_lexicon(lexicon), names=names, length_preserving=length_preserving)

    @classmethod
    def for_analyzer(
        cls, key: bytes, analyzer: object, names: NameLists | None = None, length_preserving: bool = False
    ) -> SurrogateIssuer:
        """On the analyzer's lexicon when it has one (genders, roles, titles), else on the pools alone."""
        lexicon = getattr(analyzer, "lexicon", None)
        if isinstance(lexicon, Lexicon):
            return cls.for_lexicon(key, lexicon, names, length_preserving)
        return cls(key, names=names, length_preserving=length_preserving)

    @classmethod
    def default(cls, key: bytes, names: NameLists | None = None, length_preserving: bool = False) -> SurrogateIssuer:
        """An issuer on the shipped lexicon (loaded once, cached)."""
        from masketeer_gui.engine.lexicon_loader import load_lexicon

        return cls.for_lexicon(key, load_lexicon(), names, length_preserving)

    @property
    def length_preserving(self) -> bool:
        return self.kit.chooser.length_preserving

    def surrogates(self, text: str, spans: Sequence[Span], scope: str = "") -> list[str]:
        """One surrogate per span (sorted, non-overlapping spans of ``text``)."""
        plan = plan_names(text, spans, self.kit.knowledge)
        return [self.surrogate(text, span, plan.get(k, ()), scope) for k, span in enumerate(spans)]

    def surrogate(self, text: str, span: Span, slots: Sequence[NameSlot] = (), scope: str = "") -> str:
        """The surrogate of one span (``slots``: the name plan of its words, see ``plan_names``)."""
        surface = text[span.start : span.end]
        ref = span.ref or fold_phrase(surface)
        key = (span.entity, scope, surface, ref, tuple(slots))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._build(span.entity, surface, ref, tuple(slots), scope)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = hit
        return hit

    def _build(self, entity: Entity, surface: str, ref: str, slots: tuple[NameSlot, ...], scope: str) -> str:
        kit = self.kit
        if entity in NAME_ENTITIES:
            result = name_surrogate(kit, surface, slots, scope, ref)
        elif entity is Entity.PHO:
            result = phone_surrogate(kit, surface, ref, scope)
        elif entity is Entity.MAI:
            result = email_surrogate(kit, surface, scope)
        elif entity is Entity.WEB:
            result = url_surrogate(kit, surface, ref, scope)
        elif entity is Entity.ADD:
            result = address_surrogate(kit, surface, ref, scope)
        elif entity is Entity.ZIP:
            result = zip_surrogate(kit, surface, ref, scope)
        else:
            result = site_surrogate(kit, surface, ref, scope)
        return result if fold_phrase(result) != fold_phrase(surface) else self._fallback(surface, ref, scope)

    def _fallback(self, surface: str, ref: str, scope: str) -> str:
        """Something other than the original when a form kept it whole ("von", a bare prefix)."""
        if any(c.isdigit() for c in surface):
            return new_digits(surface, self.kit.chooser.digits("ANY", ref, scope, len(surface)))
        return part_surrogate(self.kit, "".join(c for c in surface if c.isalpha()) or "X", LAST, scope)
