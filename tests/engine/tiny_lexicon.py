"""A small hand-made lexicon so masker tests don't depend on the shipped dictionaries."""

from __future__ import annotations

from masketeer_gui.engine.lexicon import Lexicon, Salutation, SalutationKind
from masketeer_gui.engine.normalize import fold

K = SalutationKind


def _salutations() -> tuple[Salutation, ...]:
    rows = [
        ("Herr", K.COURTESY, "m"),
        ("Hr.", K.COURTESY, "m"),
        ("Frau", K.COURTESY, "f"),
        ("Fr.", K.COURTESY, "f"),
        ("Dr.", K.HCP_TITLE, ""),
        ("Dr.in", K.HCP_TITLE, "f"),
        ("Prim.", K.HCP_TITLE, ""),
        ("OA", K.HCP_TITLE, ""),
        ("DGKP", K.HCP_TITLE, ""),
        ("Sr.", K.HCP_TITLE, "f"),
        ("Mag.", K.TITLE, ""),
        ("Mag.a", K.TITLE, "f"),
        ("Hallo", K.GREETING, ""),
        ("Liebe", K.GREETING, "f"),
        ("Lieber", K.GREETING, "m"),
        ("LG", K.SIGNOFF, ""),
        ("Liebe Grüße", K.SIGNOFF, ""),
        ("MfG", K.SIGNOFF, ""),
    ]
    return tuple(Salutation(tuple(fold(w) for w in form.split()), kind, g) for form, kind, g in rows)


def tiny_lexicon() -> Lexicon:
    first = {"maria": "f", "ulrike": "f", "josef": "m", "anna": "f", "lena": "f", "sepp": "m", "peter": "m"}
    surnames = {
        "huber",
        "hofer",
        "maier",
        "gstrein",
        "mueller",
        "koch",
        "bauer",
        "egger",
        "wilson",
        "schoepf",
    }
    nouns = {
        "spaziergang",
        "termin",
        "koch",
        "bauer",
        "kontrolle",
        "team",
        "syndrom",
        "patient",
        "kollegen",
        "station",
        "garten",
        "ekg",
        "ambulanz",
        "blutdruck",
    }
    common = {
        "heute",
        "und",
        "hat",
        "mit",
        "der",
        "die",
        "das",
        "bitte",
        "anrufen",
        "kommt",
        "am",
        "telefoniert",
        "gut",
        "geht",
        "es",
        "sie",
        "ist",
        "im",
        "wieder",
        "zur",
        "in",
        "nach",
        "beim",
    } | nouns
    return Lexicon(
        first_names=first,
        surnames=frozenset(surnames),
        salutations=_salutations(),
        abbreviations=frozenset({"dr", "fr", "hr", "pat", "bzgl", "sr", "prim", "mag", "st", "z.b"}),
        whitelist=frozenset({"parkinson", "marfan", "crohn", "wilson", "montag", "freitag"}),
        medical_sites=("BKH Schwaz", "Klinik Innsbruck", "Sanatorium Kettenbrücke"),
        site_words=frozenset({"lkh", "bkh", "kh", "klinik", "sanatorium"}),
        common_words=frozenset(common),
        nouns=frozenset(nouns),
        zip_towns={"6020": ("Innsbruck",), "6511": ("Zams",)},
        towns=frozenset({"innsbruck", "zams", "hall", "schwaz"}),
        version="tiny",
    )
