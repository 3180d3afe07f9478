#!/usr/bin/env python3
"""Regenerate the surrogate pools in dictionaries/surrogates/ (and dictionaries/cities_at.txt).

Sources: Faker's de_AT and de_DE providers (person, address, phone_number, internet; MIT licence)
for first names, surnames, street names, towns with city status, phone prefixes and free mail
domains; ``dictionaries/zip_at.tsv`` (GeoNames, CC BY 4.0) for real ZIP+town pairs; the project
(MIT) for curated street roots, German city ZIP codes, site heads and fictitious site places.
Output is sorted and deterministic for the installed Faker version (recorded in the headers).

Run from the repository root:  .venv/bin/python scripts/build_surrogate_pools.py [DICTIONARY_DIR]
"""

from __future__ import annotations

import hashlib
import importlib
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DICTIONARIES = ROOT / "dictionaries"
LOCALES = ("de_AT", "de_DE")
NAME = re.compile(r"[A-ZÄÖÜ][a-zäöüß]{2,}")  # one plain capitalised word, three letters or more
FAKER = "Faker {version} (https://github.com/joke2k/faker), {what}; MIT licence"

STREET_ROOTS = """
Ahorn Anger Au Bach Bahnhof Berg Birken Blumen Brunnen Buchen Burg Dorf Eichen Erlen Feld Fichten Garten
Hof Kapellen Kastanien Kirch Kloster Linden Markt Mühl Quellen Rosen Schloss Schul Sonnen Tannen Wald
Weiden Wiesen Lärchen Zirben Obstgarten Sonnberg Tal Anton Gärtner Brücken Holunder Rain Stein Wein
"""
STREET_SUFFIXES = ("straße", "gasse", "weg", "platz", "ring", "allee")
GERMAN_ZIPS = """
10115 Berlin|20095 Hamburg|80331 München|50667 Köln|60311 Frankfurt am Main|70173 Stuttgart|40213 Düsseldorf
44135 Dortmund|45127 Essen|04109 Leipzig|28195 Bremen|01067 Dresden|30159 Hannover|90402 Nürnberg
47051 Duisburg|44787 Bochum|42103 Wuppertal|33602 Bielefeld|53111 Bonn|48143 Münster|76133 Karlsruhe
68159 Mannheim|86150 Augsburg|65183 Wiesbaden|93047 Regensburg|83022 Rosenheim|87435 Kempten|94032 Passau
83435 Bad Reichenhall|82467 Garmisch-Partenkirchen|83278 Traunstein|88131 Lindau
"""
SITE_HEADS = """
Klinikum Krankenhaus Landeskrankenhaus Bezirkskrankenhaus Sanatorium Privatklinik Rehaklinik Rehazentrum
Klinik Spital Herzzentrum Gesundheitszentrum
"""
PLACE_ROOTS = """
Sonn Wald Lärchen Stein Birken Tann Eichen Linden Hoch Rosen Fichten Erlen Buchen Ahorn Wiesen Quell Kranich
Falken Adler Hirsch Reh Edel Silber Gold Kristall Alpen Bergen Tauben Lerchen Schwalben Kiefern Rauten Moos
"""
PLACE_ENDINGS = "berg au feld bach tal hof wald egg stein leiten bühel matt rain halden wang ried"
NOT_PLACES = "buchenwald birkenau"  # historical places no surrogate may name
AT_LANDLINE = """
1 316 463 512 662 732 4242 7242 2742 5574 5572 5522 5223 5224 5232 5238 5242 5244 5262 5332 5352 5356 5372
5412 5442 5672 4852 5212 5285 5254
"""
DE_MOBILE = "151 152 157 159 160 162 163 170 171 172 173 174 175 176 177 178 179"
DE_LANDLINE = "30 40 89 69 221 211 711 911 341 351 511 421 201 231"


def main(directory: Path = DICTIONARIES) -> None:
    """Write every pool file below ``directory``."""
    import faker

    sys.path.insert(0, str(ROOT))
    from masketeer_gui.engine import lexicon_files as files
    from masketeer_gui.engine.normalize import fold

    out = directory / "surrogates"
    out.mkdir(exist_ok=True)
    version = faker.VERSION
    person = [importlib.import_module(f"faker.providers.person.{loc}").Provider for loc in LOCALES]
    address = [importlib.import_module(f"faker.providers.address.{loc}").Provider for loc in LOCALES]
    phone = importlib.import_module("faker.providers.phone_number.de_AT").Provider
    internet = [importlib.import_module(f"faker.providers.internet.{loc}").Provider for loc in LOCALES]
    towns = {fold(t) for _, t in files.read_zip_towns(directory / "zip_at.tsv")}
    words = set(map(fold, files.read_words(directory / "nouns.txt")))
    words |= set(map(fold, files.read_words(directory / "common_words.txt")))
    names = {fold(n) for n, _ in files.read_first_names(directory / "first_names.tsv")}
    names |= set(map(fold, files.read_words(directory / "surnames.txt")))
    sites = " ".join(fold(s) for s in files.read_phrases(directory / "medical_sites.txt"))

    genders = first_names(person)
    write(
        out / "first_names.tsv",
        _header(
            "first_names.tsv",
            version,
            "person providers de_AT, de_DE",
            "name<TAB>f|m (names listed for both genders are left out)",
        ),
        [f"{n}\t{g}" for n, g in genders],
    )
    surnames = one_spelling((n for p in person for n in p.last_names if NAME.fullmatch(n)), fold)
    write(
        out / "surnames.txt",
        _header("surnames.txt", version, "person providers de_AT, de_DE", "one surname a line"),
        surnames,
    )
    streets = street_lines(surnames)
    write(
        out / "streets.tsv",
        _header(
            "streets.tsv",
            version,
            "address provider de_AT (surname + street "
            "suffix, its street_name formula) plus project-curated generic roots (MIT)",
            "street<TAB>kind (straße, gasse, weg, platz, ring, allee)",
        ),
        streets,
    )
    cities = sorted({c for c in address[0].cities if not c[-1].isdigit()}, key=lambda c: (fold(c), c))
    write(
        directory / "cities_at.txt",
        _header(
            "cities_at.txt",
            version,
            "address provider de_AT, its list of Austrian towns with city status (Stadtgemeinden)",
            "one town a line, as written",
        ),
        cities,
    )
    write(
        out / "zip_towns.tsv",
        ZIP_HEADER.format(version=version),
        zip_lines(directory, cities, words | names),
    )
    places = fictitious_places(towns | words | names, sites)
    write(
        out / "site_places.txt",
        PROJECT_HEADER.format(
            name="site_places.txt",
            what="fictitious place "
            "names for surrogate medical sites (root + ending; real ZIP-list towns, German words, names and "
            "listed sites left out)",
        ),
        places,
    )
    write(
        out / "site_heads.txt",
        PROJECT_HEADER.format(name="site_heads.txt", what="head words of surrogate medical sites"),
        SITE_HEADS.split(),
    )
    write(
        out / "phone_prefixes.tsv",
        _header(
            "phone_prefixes.tsv",
            version,
            "phone_number provider de_AT "
            "(mobile dialing codes, fixed area codes) plus project-curated Austrian and German codes (facts)",
            "prefix<TAB>mobile|landline<TAB>AT|DE; national prefix without the trunk 0",
        ),
        prefix_lines(phone),
    )
    domains = sorted({d for p in internet for d in p.free_email_domains})
    write(
        out / "mail_domains.txt",
        _header(
            "mail_domains.txt",
            version,
            "internet providers de_AT, de_DE (free_email_domains)",
            "one free mail domain a line",
        ),
        domains,
    )


def _header(name: str, version: str, what: str, form: str) -> str:
    return (
        f"# {name}: surrogate pool for --mode surrogates.\n"
        f"# Source: {FAKER.format(version=version, what=what)}.\n"
        f"# Format: {form}; UTF-8; '#' lines are comments.\n"
        "# Generated by scripts/build_surrogate_pools.py; do not edit, rerun the script.\n"
    )


PROJECT_HEADER = (
    "# {name}: surrogate pool for --mode surrogates: {what}.\n"
    "# Source: compiled by the project (scripts/build_surrogate_pools.py); MIT licence.\n"
    "# Format: one entry a line; UTF-8; '#' lines are comments. Generated; do not edit, rerun the script.\n"
)
ZIP_HEADER = (
    "# zip_towns.tsv: surrogate pool for --mode surrogates: real ZIP code + town pairs.\n"
    "# Source: Austrian pairs from dictionaries/zip_at.tsv (GeoNames, https://www.geonames.org/, licence\n"
    "#   CC BY 4.0; this part stays under that licence): towns with city status (Faker {version} de_AT\n"
    "#   address provider, MIT) and Tyrolean/Vorarlberg localities that are no German word or name;\n"
    "#   German pairs: project-curated central ZIP codes of large German cities (facts; MIT licence).\n"
    "# Format: zip<TAB>town<TAB>state; UTF-8; '#' lines are comments. Generated by\n"
    "#   scripts/build_surrogate_pools.py; do not edit, rerun the script.\n"
)


def first_names(providers: Iterable[type]) -> list[tuple[str, str]]:
    """(name, f|m) for single plain names listed for one gender only, sorted."""
    seen: dict[str, set[str]] = {}
    for provider in providers:
        for attribute, gender in (("first_names_female", "f"), ("first_names_male", "m")):
            for name in getattr(provider, attribute, ()):
                if NAME.fullmatch(name):
                    seen.setdefault(name, set()).add(gender)
    return sorted((n, g.pop()) for n, g in seen.items() if len(g) == 1)


def one_spelling(names: Iterable[str], fold: Callable[[str], str]) -> list[str]:
    """One spelling per folded name (the umlaut/ß one: "Groß", not "Gross"), sorted by folded form."""
    best: dict[str, str] = {}
    for name in names:
        key = fold(name)
        best[key] = min(best.get(key, name), name, key=lambda n: (n.isascii(), n))
    return [best[key] for key in sorted(best)]


def _pick(word: str, options: tuple[str, ...]) -> str:
    """A deterministic choice for ``word`` (stable across runs and platforms)."""
    return options[hashlib.sha256(word.encode()).digest()[0] % len(options)]


def street_lines(surnames: list[str]) -> list[str]:
    """Surname streets (Faker's formula, one suffix each) and every curated root with every suffix."""
    streets = {f"{name}{_pick(name, STREET_SUFFIXES)}" for name in surnames}
    streets |= {f"{root}{suffix}" for root in STREET_ROOTS.split() for suffix in STREET_SUFFIXES}
    return [f"{s}\t{next(x for x in STREET_SUFFIXES if s.endswith(x))}" for s in sorted(streets)]


def zip_lines(directory: Path, cities: list[str], avoid: set[str]) -> list[str]:
    """Austrian pairs (city-status towns anywhere, plain localities in Tyrol/Vorarlberg) and German pairs."""
    from masketeer_gui.engine.lexicon_files import fields
    from masketeer_gui.engine.normalize import fold as fold_word

    keep_cities = set(cities)
    lines: dict[str, None] = {}
    for _, (code, town, state) in fields(directory / "zip_at.tsv", 3, 3):
        plain = NAME.fullmatch(town) is not None and fold_word(town) not in avoid
        if town in keep_cities or (state in ("Tirol", "Vorarlberg") and plain):
            lines.setdefault(f"{code}\t{town}\t{state}")
    for pair in GERMAN_ZIPS.replace("\n", "|").split("|"):
        if pair.strip():
            code, town = pair.strip().split(" ", 1)
            lines.setdefault(f"{code}\t{town}\tDeutschland")
    return list(lines)


def fictitious_places(avoid: set[str], sites: str) -> list[str]:
    """Root + ending combinations that are no real town, no word, no name and in no listed site."""
    from masketeer_gui.engine.normalize import fold as fold_word

    places = []
    for root in PLACE_ROOTS.split():
        for ending in PLACE_ENDINGS.split():
            place = root + ending
            folded = fold_word(place)
            if folded not in avoid and folded not in sites and folded not in NOT_PLACES.split():
                places.append(place)
    return sorted(places, key=lambda p: (fold_word(p), p))


def prefix_lines(phone: type) -> list[str]:
    """Mobile and landline prefixes (national, without the trunk 0) for Austria and Germany."""
    fixed = [code for code in phone.area_code_formats if code.isdigit()]
    mobile_like = re.compile(r"6[5-9]|1[5-7]")  # what the phone rule calls mobile (0662 Salzburg too): left out
    landline = dict.fromkeys(c for c in [*fixed, *AT_LANDLINE.split()] if not mobile_like.match(c))
    lines = [f"{code}\tmobile\tAT" for code in phone.dialing_codes]
    lines += [f"{code}\tlandline\tAT" for code in landline]
    lines += [f"{code}\tmobile\tDE" for code in DE_MOBILE.split()]
    lines += [f"{code}\tlandline\tDE" for code in DE_LANDLINE.split()]
    return lines


def write(path: Path, header: str, lines: list[str]) -> None:
    """Header then lines, Unix newlines."""
    path.write_text(header + "".join(f"{line}\n" for line in lines), encoding="utf-8", newline="\n")
    print(f"{path.relative_to(path.parents[1])}: {len(lines)} entries")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DICTIONARIES)
