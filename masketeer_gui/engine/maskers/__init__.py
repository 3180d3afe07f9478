"""The masker ensemble (paper 2.2.4): applied in order, the first positive vote for a token wins."""

from masketeer_gui.engine.maskers.base import Masker, NoteState, Vote, WordMarks, name_like
from masketeer_gui.engine.maskers.chat_names import ChatNameMasker
from masketeer_gui.engine.maskers.double_name import DoubleNameMasker
from masketeer_gui.engine.maskers.full_name import FullNameMasker
from masketeer_gui.engine.maskers.hand_sign import HandSignMasker
from masketeer_gui.engine.maskers.medical_site import MedicalSiteMasker
from masketeer_gui.engine.maskers.name_dictionary import NameDictionaryMasker
from masketeer_gui.engine.maskers.person_context import PersonContextMasker
from masketeer_gui.engine.maskers.repeated_name import RepeatedNameMasker
from masketeer_gui.engine.maskers.salutation import SalutationMasker
from masketeer_gui.engine.maskers.surname_first import SurnameFirstMasker

PAPER_ORDER = ("Salutation", "NameDictionary", "FullName", "DoubleName", "MedicalSite")
# Beyond the paper: surname-first list entries, hand-signs after a slash, lower-case names in chats, names
# known from context or from elsewhere in the note, then their neighbours.
DEFAULT_ORDER = (
    *PAPER_ORDER,
    "SurnameFirst",
    "HandSign",
    "ChatName",
    "PersonContext",
    "RepeatedName",
    "FullName",
)

__all__ = [
    "DEFAULT_ORDER",
    "PAPER_ORDER",
    "ChatNameMasker",
    "DoubleNameMasker",
    "FullNameMasker",
    "HandSignMasker",
    "Masker",
    "MedicalSiteMasker",
    "NameDictionaryMasker",
    "NoteState",
    "PersonContextMasker",
    "RepeatedNameMasker",
    "SalutationMasker",
    "SurnameFirstMasker",
    "Vote",
    "WordMarks",
    "name_like",
]
