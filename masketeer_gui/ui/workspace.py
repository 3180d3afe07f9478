"""The review workspace as controllers, dialogs and tabs see it: not the window, a narrow object.

It holds the open project (the one door into it, ``ProjectApi``), the note in view and the span or
text selected in it, the worker threads, the undo stacks (one per tab, in one group), and a way to
say things (status messages, failures). Its signals are what the window, tests and the
``--screenshot`` mode wait for; the window re-exposes them under the same names.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QUndoCommand, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QWidget

from masketeer_gui.engine.span import Span
from masketeer_gui.ui.errors import show_error
from masketeer_gui.ui.note_view import NoteView
from masketeer_gui.ui.project_api import NoteDetail, ProjectApi
from masketeer_gui.ui.workers import Job, WorkerHost


class Workspace(QObject):
    """What every part of the review workspace shares."""

    projectChanged = Signal(object)  # the new ProjectApi or None, before projectOpened
    projectOpened = Signal(str)
    runFinished = Signal(int)  # notes analyzed by a full run (also when cancelled)
    jobFinished = Signal(str, bool)  # job label, succeeded
    noteShown = Signal(int)  # note id now in the note view (-1: none)
    noteChanged = Signal(int)  # a command changed this note: refresh its row and view
    noteRequested = Signal(int)  # show this note in the review tab (from another window)
    riskAssessed = Signal(int)  # notes with a residual-risk assessment now
    leaksChecked = Signal(int)  # notes with partial leaks found (-1: the check failed)
    statusMessage = Signal(str, int)  # text, milliseconds

    def __init__(self, settings: QSettings, widget: QWidget, note_view: NoteView) -> None:
        super().__init__(widget)
        self.settings = settings
        self.widget = widget  # parent of dialogs and menus
        self.note_view = note_view
        self.project: ProjectApi | None = None
        self.current: NoteDetail | None = None
        self.last_error = ""
        self.workers = WorkerHost("masketeer-runs", self)
        self.previews = WorkerHost("masketeer-previews", self)
        self.hosts = [self.workers, self.previews]  # every worker thread that may use the project
        self.undo_group = QUndoGroup(self)
        self.undo_stack = QUndoStack(self.undo_group)  # the Review tab's
        self.undo_group.setActiveStack(self.undo_stack)

    # --- the project ---------------------------------------------------------------------------
    def set_project(self, project: ProjectApi | None) -> None:
        """Make ``project`` the open one (None: close it); the old one is closed once no job uses it any
        more, undo history dropped."""
        for host in self.hosts:
            host.stop_jobs()
        for stack in self.undo_group.stacks():
            stack.clear()
        if self.project is not None and self.project is not project:
            self.project.close()
        self.project = project
        self.current = None
        self.projectChanged.emit(project)
        if project is not None:
            self.projectOpened.emit(str(project.path))

    # --- the selection -------------------------------------------------------------------------
    def current_span(self) -> Span | None:
        return self.note_view.current_span()

    def selection(self) -> tuple[int, int] | None:
        """The selected text of the note in view as note offsets, if any."""
        return self.note_view.selection()

    # --- changes -------------------------------------------------------------------------------
    def perform(self, command: QUndoCommand, stack: QUndoStack | None = None) -> bool:
        """Do ``command`` now (its ``apply``); push it on ``stack`` (the review stack) only if the store took it."""
        try:
            command.apply()  # type: ignore[attr-defined]
        except Exception as exc:
            self.report_failure(exc)
            return False
        (stack or self.undo_stack).push(command)
        return True

    def refresh(self, note_id: int) -> None:
        self.noteChanged.emit(note_id)

    def rerun(self, note_ids: Sequence[int], focus: int | None = None) -> None:
        if self.project is None or not note_ids:
            return
        project, ids = self.project, list(note_ids)
        label = "Re-running" if len(ids) > 1 else "Re-running note"
        self.workers.submit(Job(label, lambda p, c: project.run(ids, p, c), ids=ids, focus=focus))

    def run_all(self, full: bool = False) -> None:
        """Analyze the notes without a current result (``full``: every note) on the worker thread."""
        if self.project is None:
            return
        project = self.project
        self.workers.submit(Job("Running", lambda p, c: project.run(None, p, c, full=full), corpus=True))

    def worker_host(self, name: str) -> WorkerHost:
        """A further worker thread (risk, leaks) whose jobs are stopped before the project closes."""
        host = WorkerHost(name, self)
        self.hosts.append(host)
        return host

    def cancel_jobs(self) -> None:
        self.workers.cancel_all()
        self.previews.cancel_all()

    # --- saying things -------------------------------------------------------------------------
    def status(self, text: str, msecs: int = 5000) -> None:
        self.statusMessage.emit(text, msecs)

    def report_failure(self, exc: BaseException, doing: str = "") -> None:
        self.last_error = str(exc)
        show_error(self.widget, exc, doing)

    def shutdown(self) -> None:
        for host in self.hosts:
            host.shutdown()
