"""Menus, toolbar and shortcuts of the main window: one table of actions, one place to read them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence

from masketeer_gui.ui.about import show_about
from masketeer_gui.ui.actions import make_action

if TYPE_CHECKING:
    from masketeer_gui.ui.main_window import MainWindow

# (attribute, menu, text, keys, tip) — the slot is looked up by ``_slots``.
REVIEW_KEYS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("next_note", "&Next note", ("J", "Down"), "Show the next note in the list"),
    ("prev_note", "&Previous note", ("K", "Up"), "Show the previous note in the list"),
    ("next_flagged", "Next &flagged note", ("N", "Space"), "Next open note with spans that need review"),
    ("queue", "Flagged &queue", ("Q",), "Show only open flagged notes, the most flagged first"),
    ("next_span", "Next &span", ("S",), "Select the next span in this note"),
    ("prev_span", "Previous s&pan", ("Shift+S",), "Select the previous span in this note"),
    ("accept", "&Accept span", ("A",), "The selected span is right (press again to take it back)"),
    ("reject", "&Reject span", ("R", "Del"), "The selected span is no PHI: unmask it (false positive)"),
    ("add", "&Mask selection as…", ("M", "Ins"), "Mask the selected words, a missed name (false negative)"),
    ("retype", "Change &type…", ("T",), "Give the selected span another entity type"),
    ("whitelist", "&Whitelist word…", ("W",), "Never mask this word (in this note, patient or corpus)"),
    ("blacklist", "&Blacklist word…", ("B",), "Always mask this word with a type"),
    ("reviewed", "Mark note reviewe&d", ("D",), "Mark this note reviewed (or open again)"),
)


SHORT = {
    "accept": "Accept",
    "reject": "Reject",
    "add": "Mask…",
    "retype": "Type…",
    "whitelist": "Whitelist…",
    "blacklist": "Blacklist…",
    "reviewed": "Reviewed",
    "next_flagged": "Next flagged",
}


def _slots(w: MainWindow) -> dict[str, object]:
    r = w.review
    return {
        "next_note": lambda: w.step_note(+1),
        "prev_note": lambda: w.step_note(-1),
        "next_flagged": w.next_flagged,
        "queue": w.flagged_queue,
        "next_span": lambda: w.note_view.step(+1),
        "prev_span": lambda: w.note_view.step(-1),
        "accept": r.accept,
        "reject": r.reject,
        "add": r.add_missed,
        "retype": r.change_type,
        "whitelist": r.whitelist,
        "blacklist": r.blacklist,
        "reviewed": r.toggle_reviewed,
    }


def build_menus(w: MainWindow) -> None:
    """Create every action (as ``w.act_<name>``), the menu bar and the toolbar."""
    _project_menu(w)
    _edit_menu(w)
    review = w.menuBar().addMenu("&Review")
    w.act_run = make_action(
        w,
        "&Run",
        lambda: w.run_all(False),
        ("Ctrl+R",),
        "Analyze the notes that are new or affected by changes",
    )
    w.act_run_full = make_action(
        w,
        "Re-run &all notes",
        lambda: w.run_all(True),
        ("Ctrl+Shift+R",),
        "Analyze every note of the project again",
    )
    w.act_cancel = make_action(w, "&Cancel run", w.cancel_jobs, ("Ctrl+.",), "Stop the running job")
    review.addActions([w.act_run, w.act_run_full, w.act_cancel])
    review.addSeparator()
    slots = _slots(w)
    for name, text, keys, tip in REVIEW_KEYS:
        action = make_action(w, text, slots[name], keys, tip, name=f"act_{name}")  # type: ignore[arg-type]
        action.setIconText(SHORT.get(name, action.iconText()))
        setattr(w, f"act_{name}", action)
        review.addAction(action)
        if name in ("prev_span", "retype", "blacklist"):
            review.addSeparator()
    _lists_and_view(w)
    _toolbar(w)


def _project_menu(w: MainWindow) -> None:
    p = w.projects
    menu = w.menuBar().addMenu("&Project")
    w.act_new = make_action(w, "&New project…", p.new_project, ("Ctrl+N",), "Create an empty project file")
    w.act_open = make_action(w, "&Open project…", p.open_dialog, ("Ctrl+O",), "Open a project file")
    w.act_open.setIconText("Open…")
    w.recent_menu = menu.addMenu("Open &recent")
    w.recent_menu.aboutToShow.connect(p.fill_recent_menu)
    w.act_import = make_action(
        w,
        "&Import notes…",
        p.import_dialog,
        ("Ctrl+I",),
        "Add notes from a .jsonl or .csv file or a folder of .txt files (or drop them here)",
    )
    w.act_export = make_action(w, "&Export de-identified notes…", p.export_dialog, ("Ctrl+E",))
    w.act_close = make_action(w, "&Close project", lambda: w.set_project(None), ("Ctrl+W",))
    w.act_quit = make_action(w, "&Quit", w.close, ("Ctrl+Q",))
    menu.addActions([w.act_new, w.act_open])
    menu.addMenu(w.recent_menu)
    menu.addSeparator()
    menu.addActions([w.act_import, w.act_export])
    menu.addSeparator()
    menu.addActions([w.act_close, w.act_quit])


def _edit_menu(w: MainWindow) -> None:
    menu = w.menuBar().addMenu("&Edit")
    w.act_undo = w.undo_stack.createUndoAction(w, "&Undo")
    w.act_undo.setShortcuts([QKeySequence("Ctrl+Z")])
    w.act_redo = w.undo_stack.createRedoAction(w, "&Redo")
    w.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for action, keys in ((w.act_undo, "Ctrl+Z"), (w.act_redo, "Ctrl+Shift+Z")):
        action.setToolTip(f"{action.text().replace('&', '')} the last review change ({keys})")
        w.addAction(action)
    w.act_find = make_action(w, "&Find note…", _focus_search(w), ("Ctrl+F",), "Search the note list")
    menu.addActions([w.act_undo, w.act_redo])
    menu.addSeparator()
    menu.addAction(w.act_find)


def _focus_search(w: MainWindow) -> Callable[[], None]:
    def focus() -> None:
        w.tabs.setCurrentIndex(0)
        w.search.setFocus()
        w.search.selectAll()

    return focus


def _lists_and_view(w: MainWindow) -> None:
    lists = w.menuBar().addMenu("&Lists")
    w.act_dictionary = make_action(
        w,
        "&Dictionary editor…",
        w.projects.open_dictionary,
        ("Ctrl+L",),
        "Browse and edit the whitelist, blacklist and name lists",
    )
    lists.addAction(w.act_dictionary)
    lists.addActions([w.act_whitelist, w.act_blacklist])
    view = w.menuBar().addMenu("&View")
    w.act_side = make_action(
        w, "&Pseudonymized text beside the original", w.note_view.set_side_by_side, ("F6",), checkable=True
    )
    w.act_side.setChecked(True)
    w.act_review_tab = make_action(w, "&Review", lambda: w.tabs.setCurrentIndex(0), ("Ctrl+1",))
    w.act_stats_tab = make_action(w, "&Statistics", lambda: w.tabs.setCurrentIndex(1), ("Ctrl+2",))
    w.act_eval_tab = make_action(w, "E&valuation", lambda: w.tabs.setCurrentWidget(w.evaluation), ("Ctrl+3",))
    view.addActions([w.act_side, w.act_review_tab, w.act_stats_tab, w.act_eval_tab])
    help_menu = w.menuBar().addMenu("&Help")
    help_menu.addAction(make_action(w, "&Keyboard shortcuts", w.projects.show_shortcuts, ("F1",)))
    help_menu.addAction(make_action(w, "&About Masketeer GUI", lambda: show_about(w)))


def _toolbar(w: MainWindow) -> None:
    bar = w.toolbar
    for action, short in (
        (w.act_import, "Import…"),
        (w.act_run, "Run"),
        (w.act_undo, "Undo"),
        (w.act_redo, "Redo"),
        (w.act_side, "Side by side"),
    ):
        action.setIconText(short)
    bar.addActions([w.act_open, w.act_import, w.act_run])
    bar.addSeparator()
    bar.addActions(
        [
            w.act_accept,
            w.act_reject,
            w.act_add,
            w.act_retype,
            w.act_whitelist,
            w.act_blacklist,
            w.act_reviewed,
            w.act_next_flagged,
        ]
    )
    bar.addSeparator()
    bar.addActions([w.act_undo, w.act_redo, w.act_side])


def shortcuts_html(w: MainWindow) -> str:
    """A table of every action with shortcuts, for the Help dialog."""
    rows = []
    for action in w.actions():
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if keys:
            rows.append(f"<tr><td>{action.text().replace('&', '')}</td><td><b>{keys}</b></td></tr>")
    return "<table cellspacing=4>" + "".join(rows) + "</table>"
