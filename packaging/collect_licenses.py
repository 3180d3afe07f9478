"""Write the licence texts and an SBOM of everything the desktop bundle ships.

    python packaging/collect_licenses.py OUT_DIR      (run with the build environment's Python)

OUT_DIR/licenses/<distribution>/ gets each shipped distribution's licence files (from its installed
metadata); distributions whose wheels carry no text get the text their licence names (PySide6 and shiboken6:
the LGPL v3 and the GPL v3 it builds on, from packaging/licenses/). Python's own licence, the project's
LICENSE and NOTICE (word-list sources: CC BY 4.0, CC BY-SA 4.0) come too. OUT_DIR/sbom.cdx.json is a
CycloneDX 1.5 SBOM of the same set, with versions, package URLs, licences and the dependency graph.
What ships is the requirement closure of ``masketeer-gui[gui]`` in this environment.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import uuid
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
APP = "masketeer-gui"
EXTRAS = {"gui"}
LICENCE_FILE = re.compile(r"(?i)(^|/)(licen[cs]e|copying|notice|authors|copyright)[^/]*$")
FALLBACK_TEXTS = {"LGPL-3.0": ("LGPL-3.0.txt", "GPL-3.0.txt"), "GPL-3.0": ("GPL-3.0.txt",)}


def shipped(root: str = APP, extras: set[str] = EXTRAS) -> dict[str, set[str]]:
    """Canonical distribution name -> the distributions it requires, for ``root[extras]`` and below."""
    graph: dict[str, set[str]] = {}
    todo = [(canonicalize_name(root), frozenset(extras))]
    while todo:
        name, wanted = todo.pop()
        if name in graph:
            continue
        graph[name] = set()
        for line in metadata.requires(name) or []:
            requirement = Requirement(line)
            markers = [{"extra": extra} for extra in wanted or {""}]
            if requirement.marker and not any(requirement.marker.evaluate(m) for m in markers):
                continue
            child = canonicalize_name(requirement.name)
            if child == name:  # a self-reference such as masketeer-gui[gui,data] inside [dev]
                continue
            graph[name].add(child)
            todo.append((child, frozenset(requirement.extras)))
    return graph


def licence_of(dist: metadata.Distribution) -> str:
    """The SPDX expression, the License field, or the licence classifiers (in that order)."""
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    field = (meta.get("License") or "").strip()
    if field and "\n" not in field and len(field) < 100:
        return field
    classifiers = [c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return " OR ".join(classifiers) or "UNKNOWN"


def copy_licences(dist: metadata.Distribution, target: Path) -> list[str]:
    """Copy the distribution's licence files into ``target``; fall back to the texts its licence names."""
    copied = []
    for file in dist.files or []:
        if LICENCE_FILE.search(str(file)) and (".dist-info/" in str(file) or "/" not in str(file)):
            source = Path(str(dist.locate_file(file)))
            if source.is_file():
                destination = target / Path(str(file)).name
                target.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)
                copied.append(destination.name)
    if not copied:
        for spdx, texts in FALLBACK_TEXTS.items():
            if spdx in licence_of(dist):
                target.mkdir(parents=True, exist_ok=True)
                for text in texts:
                    shutil.copyfile(ROOT / "packaging" / "licenses" / text, target / text)
                    copied.append(text)
                break
    if not copied:
        target.mkdir(parents=True, exist_ok=True)
        (target / "LICENSE-INFO.txt").write_text(
            f"{dist.metadata['Name']} {dist.version}: licence {licence_of(dist)} (no licence text in its wheel)\n",
            encoding="utf-8",
        )
        copied.append("LICENSE-INFO.txt")
    return copied


def component(dist: metadata.Distribution) -> dict[str, object]:
    """One CycloneDX component."""
    name = canonicalize_name(dist.metadata["Name"])
    licence = licence_of(dist)
    spdx_like = re.fullmatch(r"[A-Za-z0-9.+\- ()]+", licence) and (" OR " in licence or " AND " in licence)
    licences = [{"expression": licence}] if spdx_like else [{"license": {"name": licence}}]
    return {
        "type": "library",
        "bom-ref": f"pkg:pypi/{name}@{dist.version}",
        "name": name,
        "version": dist.version,
        "purl": f"pkg:pypi/{name}@{dist.version}",
        "licenses": licences,
    }


def main(out: Path) -> int:
    graph = shipped()
    dists = {name: metadata.distribution(name) for name in sorted(graph)}
    licences = out / "licenses"
    if licences.exists():
        shutil.rmtree(licences)
    for name, dist in dists.items():
        copy_licences(dist, licences / f"{name}-{dist.version}")
    python = licences / f"python-{sys.version.split()[0]}"
    python.mkdir(parents=True)
    base = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "LICENSE.txt"
    if base.is_file():
        shutil.copyfile(base, python / "LICENSE.txt")
    for name in ("LICENSE", "NOTICE"):
        shutil.copyfile(ROOT / name, licences / f"{APP}-{dists[APP].version}" / name)
    refs = {name: f"pkg:pypi/{name}@{dist.version}" for name, dist in dists.items()}
    app = component(dists[APP])
    app["type"] = "application"
    bom = {
        "bomFormat": "CycloneDX",
        "specVersion": "1.5",
        "serialNumber": f"urn:uuid:{uuid.uuid4()}",
        "version": 1,
        "metadata": {
            "timestamp": datetime.now(UTC).isoformat(timespec="seconds"),
            "component": app,
            "tools": {"components": [{"type": "application", "name": "packaging/collect_licenses.py"}]},
        },
        "components": [component(dist) for name, dist in dists.items() if name != APP]
        + [{"type": "platform", "name": "python", "version": sys.version.split()[0], "bom-ref": "python"}],
        "dependencies": [
            {"ref": refs[name], "dependsOn": sorted(refs[child] for child in children if child in refs)}
            for name, children in graph.items()
        ],
    }
    (out / "sbom.cdx.json").write_text(json.dumps(bom, indent=1) + "\n", encoding="utf-8")
    print(f"licences of {len(dists)} distributions and Python in {licences}; SBOM {out / 'sbom.cdx.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
