"""Render surrogates.png and risk-queue.png from a real window on the demo project (offscreen is fine).

QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_risk_screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from make_screenshots import save, wait_for  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from masketeer_gui.engine.span import NAME_ENTITIES  # noqa: E402
from masketeer_gui.ui.demo import ensure_demo_project  # noqa: E402
from masketeer_gui.ui.launcher import configure  # noqa: E402
from masketeer_gui.ui.main_window import MainWindow  # noqa: E402


def show_named_note(window: MainWindow) -> None:
    """A mid-length note with several names and other PHI, its first name span selected."""
    assert window.project is not None
    for row in window.model.rows():
        if row.spans >= 5 and 250 < row.length < 520:
            note = window.project.note(row.id)
            if sum(s.entity in NAME_ENTITIES for s in note.spans) >= 3 and len({s.entity for s in note.spans}) >= 3:
                window.select_note(row.id)
                window.note_view.step(+1)
                return


def main() -> None:
    app = QApplication(sys.argv[:1])
    configure(app)
    work = Path(tempfile.mkdtemp(prefix="masketeer-shots-"))
    project = ensure_demo_project(work)
    window = MainWindow(QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 800)
    window.show()
    window.projects.open_path(project)
    window.run_all()
    wait_for(window.runFinished)
    if not window.risk.final:
        wait_for(window.riskAssessed)
    window.splitter.setSizes([330, 950])
    window.act_surrogates.setChecked(True)
    show_named_note(window)
    save(window, "surrogates.png")

    window.act_surrogates.setChecked(False)
    window.splitter.setSizes([640, 640])
    window.flagged_queue()
    window.note_view.step(+1)
    save(window, "risk-queue.png")
    window.close()
    app.quit()


if __name__ == "__main__":
    main()
