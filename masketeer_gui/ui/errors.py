"""Errors in plain words: the environment failed (say what to do) or it is a bug (say so, keep working)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from masketeer_gui.corpus_io import CorpusError
from masketeer_gui.engine.lists import ListFileError
from masketeer_gui.store.errors import (
    InvalidChangeError,
    NotAProjectError,
    NotFoundError,
    ProjectEnvironmentError,
    StoreError,
)


def describe(exc: BaseException) -> tuple[str, bool]:
    """A message for the user, and whether this looks like a bug."""
    if isinstance(exc, NotAProjectError):
        return f"That file is not a Masketeer project.\n\n{exc}", False
    if isinstance(exc, ProjectEnvironmentError):
        return f"The project file cannot be used right now.\n\n{exc}", False
    if isinstance(exc, CorpusError | ListFileError):
        return f"The file cannot be read.\n\n{exc}", False
    if isinstance(exc, InvalidChangeError | NotFoundError):
        return f"That change was not made.\n\n{exc}", False
    if isinstance(exc, OSError):
        return f"A file could not be read or written.\n\n{exc.strerror or exc} ({exc.filename or ''})", False
    if isinstance(exc, StoreError):
        return f"The project refused the request.\n\n{exc}", False
    return (
        f"Something went wrong inside Masketeer (a bug). Your saved work is safe.\n\n{type(exc).__name__}: {exc}",
        True,
    )


def show_message(parent: QWidget | None, title: str, text: str, bug: bool = False) -> QMessageBox:
    """A non-blocking message box (the event loop keeps running; tests can find and close it)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical if bug else QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(text)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setObjectName("errorBox")
    box.open()
    return box


def show_error(parent: QWidget | None, exc: BaseException, doing: str = "") -> Any:
    text, bug = describe(exc)
    title = f"Could not {doing}" if doing else "Masketeer"
    return show_message(parent, title, text, bug)
