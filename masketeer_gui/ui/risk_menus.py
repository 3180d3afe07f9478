"""The actions of surrogates, residual risk and the leak check, added to the window's menus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from masketeer_gui.ui.actions import make_action

if TYPE_CHECKING:
    from masketeer_gui.ui.main_window import MainWindow


def _menu(w: MainWindow, title: str) -> QMenu:
    for action in w.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text() == title:
            return menu
    return w.menuBar().addMenu(title)


def build_risk_actions(w: MainWindow) -> None:
    """F7 surrogates toggle (View), the leak check (Review); restores the saved toggle."""
    w.act_surrogates = make_action(
        w,
        "Realistic &surrogates instead of tags",
        w.surrogates.set_on,
        ("F7",),
        "Show realistic, consistent surrogates in the pseudonymized pane (as deidentify --mode surrogates)",
        checkable=True,
        name="act_surrogates",
    )
    w.act_leaks = make_action(
        w,
        "Check for partial &leaks…",
        w.risk.check_leaks,
        ("Ctrl+Shift+L",),
        "Find notes where a form of a masked or listed name survived",
        name="act_leaks",
    )
    view = _menu(w, "&View")
    view.insertAction(view.actions()[1] if len(view.actions()) > 1 else None, w.act_surrogates)  # type: ignore[arg-type]
    review = _menu(w, "&Review")
    review.addSeparator()
    review.addAction(w.act_leaks)
    w.act_surrogates.setIconText("Surrogates")
    w.toolbar.addAction(w.act_surrogates)
    w.act_surrogates.setChecked(w.surrogates.restore())
