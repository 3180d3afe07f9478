"""Clinical values for the lower-case template slots: blood pressure, weight, doses, dates, lab results.

Numeric values are "phone-like" traps: a phone rule must leave "135/80", "1-0-1" or "12.03.2019" alone.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

MEDS = (
    "Torasemid",
    "Furosemid",
    "Lasix",
    "Bisoprolol",
    "Concor",
    "Entresto",
    "Ramipril",
    "Spironolacton",
    "Eplerenon",
    "Forxiga",
    "Jardiance",
    "Metoprolol",
    "Carvedilol",
    "Ivabradin",
    "Digitoxin",
    "Marcoumar",
    "Eliquis",
    "Xarelto",
    "Lixiana",
    "ThromboASS",
    "Atorvastatin",
    "Pantoprazol",
    "Kalioral",
    "Magnosolv",
    "Allopurinol",
    "Metformin",
    "Candesartan",
    "Amlodipin",
    "Euthyrox",
    "Hydrochlorothiazid",
    "Lisinopril",
)
_DOSES = (
    "2,5 mg",
    "5 mg",
    "10 mg",
    "20mg",
    "40 mg",
    "1,25mg",
    "50 mg",
    "100 mg",
    "1/2 Tbl.",
    "1 Tbl.",
    "2x 500mg",
    "24/26 mg",
    "49/51mg",
    "97/103 mg",
    "95 mg",
    "10mg",
)
_SCHEDULES = ("1-0-0", "1-0-1", "0-0-1", "1/2-0-0", "1-1-0", "2-0-0", "1-0-1/2", "0-1-0", "1-1-1")
_LABS = (
    ("NT-proBNP", 120, 14000, "", " pg/ml"),
    ("Krea", 0.6, 3.2, ",", " mg/dl"),
    ("K", 3.2, 6.0, ",", ""),
    ("Na", 126, 146, "", " mmol/l"),
    ("Hb", 8.5, 16.0, ",", " g/dl"),
    ("INR", 1.0, 3.8, ",", ""),
    ("GFR", 18, 95, "", ""),
    ("HbA1c", 5.2, 9.8, ",", "%"),
    ("Harnsäure", 4.0, 11.0, ",", ""),
    ("CRP", 0.1, 9.5, ",", " mg/dl"),
    ("Ferritin", 20, 600, "", ""),
)
_WHEN = ("14:00", "8 Uhr", "10:30", "09:15", "14.30", "16 Uhr", "Vormittag", "Nachmittag", "früh")


def _num(low: float, high: float, rng: Random, decimals: int) -> str:
    value = rng.uniform(low, high)
    return f"{value:.{decimals}f}".replace(".", ",") if decimals else str(round(value))


def rr(rng: Random) -> str:
    return f"{rng.randint(90, 175)}/{rng.randint(50, 100)}"


def date(rng: Random) -> str:
    d, m, y = rng.randint(1, 28), rng.randint(1, 12), rng.randint(2016, 2022)
    style = rng.random()
    if style < 0.4:
        return f"{d:02d}.{m:02d}."
    if style < 0.7:
        return f"{d}.{m}.{y}"
    return f"{d:02d}.{m:02d}.{y % 100:02d}" if style < 0.85 else f"{d:02d}.{m:02d}.{y}"


def lab(rng: Random) -> str:
    name, low, high, sep, unit = rng.choice(_LABS)
    return f"{name} {_num(low, high, rng, 1 if sep else 0)}{unit}"


def friday(rng: Random) -> str:
    """ "Fr." meaning Freitag, with what follows it (a time, a date or a time of day)."""
    when = rng.choice((*_WHEN, date(rng)))
    return f"Fr. {when}" if rng.random() < 0.85 else f"Fr., {when}"


ValueSlot = Callable[[Random], str]
VALUE_SLOTS: dict[str, tuple[ValueSlot, str]] = {
    "rr": (rr, "phone-like"),
    "hf": (lambda r: str(r.randint(48, 118)), ""),
    "gew": (lambda r: _num(52, 125, r, 1), "phone-like"),
    "sat": (lambda r: str(r.randint(86, 99)), ""),
    "bz": (lambda r: str(r.randint(80, 260)), "phone-like"),
    "temp": (lambda r: _num(36.0, 38.9, r, 1), ""),
    "n": (lambda r: str(r.choice((2, 2, 3, 3, 4, 5, 6, 7, 10, 14))), ""),
    "k": (lambda r: str(r.randint(1, 4)), ""),
    "date": (date, "phone-like"),
    "time": (lambda r: r.choice(_WHEN[:6]), "phone-like"),
    "med": (lambda r: r.choice(MEDS), ""),
    "dose": (lambda r: r.choice(_DOSES), "phone-like"),
    "sched": (lambda r: r.choice(_SCHEDULES), "phone-like"),
    "lab": (lab, "phone-like"),
    "fr": (friday, "freitag"),
}
