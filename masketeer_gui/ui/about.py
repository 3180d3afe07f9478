"""Help → About: version, the paper it implements, licences of the code and the shipped word lists."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QMessageBox, QWidget

from masketeer_gui._version import __version__

PAPER = (
    "Baumgartner M, Kreiner K, Wiesmüller F, Hayn D, Puelacher C, Schreier G. Masketeer: An Ensemble-Based "
    "Pseudonymization Tool with Entity Recognition for German Unstructured Medical Free Text. "
    "<i>Future Internet</i> 2024, 16, 281. doi:10.3390/fi16080281"
)


def about_html() -> str:
    """The About text: version, paper, licences (no links: the app opens no network connection)."""
    return (
        f"<h3>Masketeer GUI {__version__}</h3>"
        "<p>De-identify German clinical free-text notes, then review, correct and evaluate the result, "
        "on this machine only.</p>"
        f"<p>Implements the Masketeer ensemble: {PAPER}</p>"
        "<p>Code: MIT licence. Shipped word lists: GeoNames postal codes (CC BY 4.0); German Wiktionary via "
        "german-nouns and wordfreq (CC BY-SA 4.0); see NOTICE. Qt for Python (PySide6) under the LGPL v3.</p>"
        f"<p><small>Python {platform.python_version()} · PySide6 {pyside_version}</small></p>"
    )


def show_about(parent: QWidget) -> None:
    """The modal About box."""
    QMessageBox.about(parent, "About Masketeer GUI", about_html())
