"""Whether a preposition before an unknown word points to a person ("Rücksprache mit X") or to a thing.

"mit", "bei", "für", "an" and "von" take things as often as people: "Reinigung mit Octenisept",
"Therapie mit Bezafibrat", "positiv bei Pemphigus", "nüchtern für Koro". Real notes name a person after
them in a contact: a word of talking, calling, writing or teaching before the preposition ("Rücksprache
mit", "Telefonat mit", "Rückruf bei", "Befund an", "Info von", "Schulung mit"), or a verb of talking
after the word ("mit X telefoniert"), or a first name or proven name right after it ("mit X Hubert").
After "bei", a finding about the person may follow instead ("bei X Gew. +3 kg", "bei X RR 150/90").
A word shaped like an Austrian or German surname ("-hofer", "-bichler") needs no such context.
The classes are closed and written here: the heads of contact nouns and the verbs of contact.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.maskers.base import PERSON_VERBS, NoteState
from masketeer_gui.engine.names import SURNAME_ENDINGS

OBJECT_CUES: Final = frozenset({"mit", "bei", "fuer", "an", "von"})
# Heads of nouns of contact (as the end of a folded compound): "Rücksprache", "Abschlussgespräch", "Anruf".
CONTACT_HEADS: Final = (
    "sprache",
    "gespraech",
    "telefonat",
    "telefon",
    "ruf",
    "info",
    "information",
    "kontakt",
    "termin",
    "besprechung",
    "schulung",
    "beratung",
    "mail",
    "nachricht",
    "brief",
    "befund",
    "bericht",
    "meldung",
    "visite",
    "uebergabe",
    "konsil",
    "auftrag",
    "anfrage",
    "frage",
    "treffen",
    "einweisung",
    "zuweisung",
    "ueberweisung",
    "weiterleitung",
    "fax",
)
# Verbs of contact after the word: "mit X telefoniert", "mit X besprochen".
CONTACT_VERBS: Final = PERSON_VERBS | frozenset(
    "telefoniert gesprochen geredet besprochen abgesprochen vereinbart geklaert uebergeben geschickt gesendet "
    "gefaxt gemailt uebermittelt kontaktiert erreicht vereinbaren besprechen sprechen reden telefonieren "
    "abklaeren klaeren".split()
)


def thing_after_preposition(state: NoteState, i: int) -> bool:
    """Unknown word ``i`` follows "mit"/"bei"/"für"/"an"/"von" with no sign of a contact: a thing."""
    tokens = state.tokens
    j = state.prev_word(i)
    if j is None or tokens[j].folded not in OBJECT_CUES:
        return False
    folded = tokens[i].folded
    if state.names.base_name(folded) is not None or folded.endswith(SURNAME_ENDINGS):
        return False
    h = state.prev_word(j)
    if h is not None and tokens[h].folded.endswith(CONTACT_HEADS):
        return False
    k = state.next_word(i)
    if k is None:
        return True
    after = tokens[k]
    if after.folded in CONTACT_VERBS or state.is_name_vote(k):
        return False
    if tokens[j].folded == "bei" and after.is_capitalized:
        return False  # "Bei Sahin Gew. +4 kg": a finding about the person follows
    return not (after.is_capitalized and after.folded in state.names.lexicon.first_names)
