"""Projects in the window: plain-word errors, recent files, new + drag-and-drop import, export,
the statistics tab, saved layout, shortcuts shown in tooltips and help."""

from __future__ import annotations

import json
import re
import threading
import time

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from masketeer_gui.ui.main_window import MainWindow
from masketeer_gui.ui.workers import Job
from tests.ui.conftest import DEMO
from tests.ui.helpers import LONG, open_project, press

pytestmark = pytest.mark.gui


def _boxes(window):
    return [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_opening_a_non_project_says_so_in_plain_words(qtbot, window, tmp_path):
    bogus = tmp_path / "notes.db"
    bogus.write_text("hello", encoding="utf-8")
    assert not window.projects.open_path(bogus)
    box = _boxes(window)[0]
    assert "not a Masketeer project" in box.text() and "cannot be used right now" not in box.text()  # B.7
    assert window.project is None
    assert not window.projects.open_path(tmp_path / "missing.db")
    assert "no such project file" in window.last_error


def test_recent_projects_are_remembered(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    assert window.projects.recent()[0] == str(demo_project.resolve())
    window.projects.fill_recent_menu()
    assert [a.text() for a in window.recent_menu.actions()] == [str(demo_project.resolve())]


def test_new_project_drop_a_corpus_run_and_export(qtbot, window, tmp_path):
    assert window.projects.open_path(tmp_path / "new.db", create=True)
    assert window.model.rowCount() == 0
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(DEMO / "notes.jsonl"))])
    assert window.projects.accepts_drop(mime)
    event = QDropEvent(
        QPointF(20, 20),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)  # a file: the import dialog with its column mapping, then import and run
    dialog = window.projects.import_dialog_
    assert dialog is not None and dialog.preview.rowCount() == 5 and dialog.run_after.isChecked()
    with qtbot.waitSignal(window.jobFinished, timeout=LONG) as blocker:
        dialog.accept()
    assert blocker.args == ["Importing", True]
    assert window.model.rowCount() == 600
    assert "600 new" in window.statusBar().currentMessage()
    with qtbot.waitSignal(window.runFinished, timeout=LONG):
        pass  # the run the import started
    target = tmp_path / "out.jsonl"
    with qtbot.waitSignal(window.jobFinished, timeout=LONG):
        window.projects.export_path(target)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 600 and "spans" in json.loads(lines[0])
    surrogates = tmp_path / "surrogates.jsonl"
    with qtbot.waitSignal(window.jobFinished, timeout=LONG) as blocker:
        window.projects.export_path(surrogates, "surrogates")
    assert blocker.args == ["Exporting", True]
    tagged, replaced = target.read_text(encoding="utf-8"), surrogates.read_text(encoding="utf-8")
    assert len(replaced.splitlines()) == 600 and re.search(r"\[[A-Z]{3}-", tagged)
    assert not re.search(r"\[(HCP|PAT|PER|SIT|WEB|MAI|ADD|PHO|ZIP)-[A-Z0-9]{6,}\]", replaced)


def test_export_before_a_run_is_refused_in_words(qtbot, window, fresh_project, tmp_path):
    open_project(qtbot, window, fresh_project)
    with qtbot.waitSignal(window.jobFinished, timeout=LONG) as blocker:
        window.projects.export_path(tmp_path / "out.jsonl")
    assert blocker.args == ["Exporting", False]
    assert "run the project first" in window.last_error
    assert not (tmp_path / "out.jsonl").exists()


def test_unsupported_drop_is_ignored(window, tmp_path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(tmp_path / "picture.png"))])
    assert not window.projects.accepts_drop(mime)


def test_statistics_tab_after_run(qtbot, window, demo_project):
    open_project(qtbot, window, demo_project)
    press(qtbot, window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.currentWidget() is window.stats_view
    table = window.stats_view.entity_table
    qtbot.waitUntil(lambda: table.rowCount() == 9 or bool(window.last_error))
    assert not window.last_error
    total = sum(int(table.item(r, 1).text().replace(",", "")) for r in range(9))
    assert total == sum(r.spans for r in window.model.rows())
    assert window.stats_view.masker_table.rowCount() >= 3
    assert "600" in window.stats_view.summary.text()


def test_layout_and_toggles_survive_a_restart(qtbot, settings, demo_project):
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.act_side.setChecked(False)
    first.splitter.setSizes([300, 900])
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.show()
    assert not second.act_side.isChecked() and not second.note_view.pseudo.isVisible()
    assert second.splitter.sizes()[0] < second.splitter.sizes()[1]
    second.close()


def test_every_review_action_shows_its_shortcut(window):
    for name in (
        "accept",
        "reject",
        "add",
        "retype",
        "whitelist",
        "blacklist",
        "next_flagged",
        "next_note",
        "reviewed",
        "run",
        "find",
        "undo",
        "redo",
    ):
        action = getattr(window, f"act_{name}")
        keys = action.shortcuts()
        assert keys, name
        assert keys[0].toString() in action.toolTip(), (name, action.toolTip())
    assert "(A)" in window.act_accept.toolTip() and "Del" in window.act_reject.toolTip()
    window.show_shortcuts()
    box = _boxes(window)[0]
    assert "Accept span" in box.text() and "Ctrl+Z" in box.text()


@pytest.mark.parametrize("host", ["workers", "previews", "risk"])
def test_a_project_is_closed_only_once_no_job_uses_it(qtbot, window, demo_project, host):
    """Closing (or switching) the project waits for the job still reading it: closed under a running job, the
    store's connections were reopened by the job and left to the garbage collector (Python 3.13 warns)."""
    open_project(qtbot, window, demo_project)
    project = window.project
    events: list[str] = []
    started = threading.Event()

    def work(_progress, cancelled):  # type: ignore[no-untyped-def]
        started.set()
        while not cancelled():
            time.sleep(0.01)
        time.sleep(0.2)  # still finishing a chunk after the cancel
        project.note_rows()
        events.append("job returned")

    real_close = project.close
    project.close = lambda: (events.append("closed"), real_close())
    workers = {"workers": window.workers, "previews": window.previews, "risk": window.risk.host}[host]
    workers.submit(Job("Slow", work))
    qtbot.waitUntil(started.is_set, timeout=LONG)  # after the jobs queued before it
    window.set_project(None)
    assert events == ["job returned", "closed"]
