"""Every action of the main window in one table, and the menus, toolbar and context menu made from it.

A row names the action, its keys and tip, the handler and when it is enabled, and where it shows
(menu, toolbar, the note's context menu). F1 help lists the same rows. Adding a review action is
one row here and its handler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QWidget

from masketeer_gui.ui.actions import ActionSpec, ActionTable
from masketeer_gui.ui.note_list import NoteListPane
from masketeer_gui.ui.project_api import Scope
from masketeer_gui.ui.project_ctl import ProjectController
from masketeer_gui.ui.reading import THEMES, NoteFont, Theme
from masketeer_gui.ui.review import ReviewController
from masketeer_gui.ui.risk_ctl import RiskController
from masketeer_gui.ui.surrogate_view import SurrogateToggle
from masketeer_gui.ui.workspace import Workspace

PROJECT, EDIT, REVIEW, LISTS, VIEW, HELP = "&Project", "&Edit", "&Review", "&Lists", "&View", "&Help"
MENUS = (PROJECT, EDIT, REVIEW, LISTS, VIEW, HELP)
ALL_IN_NOTE = "All occurrences in this note"


@dataclass(frozen=True)
class WindowParts:
    """What the action handlers call: the workspace, its controllers, and a few window-level moves."""

    ws: Workspace
    notes: NoteListPane
    review: ReviewController
    projects: ProjectController
    risk: RiskController
    surrogates: SurrogateToggle
    show_tab: Callable[[int], None]  # 0 review, 1 statistics, 2 evaluation
    on_review_tab: Callable[[], bool]
    close_window: Callable[[], object]
    show_shortcuts: Callable[[], None]
    show_about: Callable[[], None]
    note_font: NoteFont
    theme: Theme
    choose_font: Callable[[], None]
    find_note: Callable[[], None]
    find_text: Callable[[], None]
    next_flagged: Callable[[], None]
    queue: Callable[[], None]


def action_specs(p: WindowParts) -> list[ActionSpec]:
    """The table. Review actions work on the note in view, on the Review tab only."""
    ws, r = p.ws, p.review

    def has_project() -> bool:
        return ws.project is not None

    def reviewing() -> bool:
        return ws.current is not None and p.on_review_tab()

    def accept_rest_and_next() -> None:
        if r.accept_remaining():
            p.notes.step_note(+1)

    def step_span(delta: int) -> Callable[[], None]:
        return lambda: ws.note_view.step(delta)

    def review(
        name: str, text: str, handler: Callable[[], None], keys: tuple[str, ...], tip: str, **kw: Any
    ) -> ActionSpec:
        return ActionSpec(name, text, handler, keys, tip, REVIEW, enabled_when=reviewing, **kw)

    return [
        # Project
        ActionSpec(
            "new", "&New project…", p.projects.new_project, ("Ctrl+N",), "Create an empty project file", PROJECT
        ),
        ActionSpec(
            "open",
            "&Open project…",
            p.projects.open_dialog,
            ("Ctrl+O",),
            "Open a project file",
            PROJECT,
            short="Open…",
            toolbar=True,
            separator_after=True,
        ),
        ActionSpec(
            "import",
            "&Import notes…",
            p.projects.import_dialog,
            ("Ctrl+I",),
            "Add notes from a .jsonl or .csv file or a folder of .txt files (or drop them here)",
            PROJECT,
            short="Import…",
            toolbar=True,
            enabled_when=has_project,
        ),
        ActionSpec(
            "export",
            "&Export de-identified notes…",
            p.projects.export_dialog,
            ("Ctrl+E",),
            "",
            PROJECT,
            enabled_when=has_project,
            separator_after=True,
        ),
        ActionSpec(
            "close", "&Close project", lambda: ws.set_project(None), ("Ctrl+W",), "", PROJECT, enabled_when=has_project
        ),
        ActionSpec("quit", "&Quit", p.close_window, ("Ctrl+Q",), "", PROJECT),
        # Edit
        ActionSpec(
            "undo",
            "&Undo",
            lambda: ws.undo_group.undo(),
            ("Ctrl+Z",),
            "Undo the last change on this tab",
            EDIT,
            short="Undo",
            toolbar=True,
            enabled_when=ws.undo_group.canUndo,
        ),
        ActionSpec(
            "redo",
            "&Redo",
            lambda: ws.undo_group.redo(),
            ("Ctrl+Shift+Z", "Ctrl+Y"),
            "Redo the last change undone on this tab",
            EDIT,
            short="Redo",
            toolbar=True,
            enabled_when=ws.undo_group.canRedo,
            separator_after=True,
        ),
        ActionSpec("find", "&Find note…", p.find_note, ("Ctrl+F",), "Search the note list", EDIT),
        # Review: runs
        ActionSpec(
            "run",
            "&Run",
            lambda: ws.run_all(False),
            ("Ctrl+R",),
            "Analyze the notes that are new or affected by changes",
            REVIEW,
            short="Run",
            toolbar=True,
            enabled_when=has_project,
        ),
        ActionSpec(
            "run_full",
            "Re-run &all notes",
            lambda: ws.run_all(True),
            ("Ctrl+Shift+R",),
            "Analyze every note of the project again",
            REVIEW,
            enabled_when=has_project,
        ),
        ActionSpec(
            "cancel", "&Cancel run", ws.cancel_jobs, ("Ctrl+.",), "Stop the running job", REVIEW, separator_after=True
        ),
        # Review: moving
        ActionSpec(
            "next_note",
            "&Next note",
            lambda: p.notes.step_note(+1),
            ("J", "Down"),
            "Show the next note in the list",
            REVIEW,
        ),
        ActionSpec(
            "prev_note",
            "&Previous note",
            lambda: p.notes.step_note(-1),
            ("K", "Up"),
            "Show the previous note in the list",
            REVIEW,
        ),
        ActionSpec(
            "next_flagged",
            "Next &flagged note",
            p.next_flagged,
            ("N", "Space"),
            "Next open note with spans that need review",
            REVIEW,
            short="Next flagged",
            toolbar=True,
        ),
        ActionSpec(
            "queue", "Flagged &queue", p.queue, ("Q",), "Show only open flagged notes, the most flagged first", REVIEW
        ),
        ActionSpec("next_span", "Next &span", step_span(+1), ("S",), "Select the next span in this note", REVIEW),
        ActionSpec(
            "prev_span",
            "Previous s&pan",
            step_span(-1),
            ("Shift+S",),
            "Select the previous span in this note",
            REVIEW,
            separator_after=True,
        ),
        # Review: decisions
        review(
            "accept",
            "&Accept span",
            r.accept,
            ("A",),
            "The selected span is right (press again to take it back)",
            short="Accept",
            toolbar=True,
            context=True,
        ),
        review(
            "reject",
            "&Reject span",
            r.reject,
            ("R", "Del"),
            "The selected span is no PHI: unmask it (false positive)",
            short="Reject",
            toolbar=True,
            context=True,
        ),
        review(
            "accept_rest",
            "Accept all remaining and next note",
            accept_rest_and_next,
            ("Shift+A",),
            "Accept every span of this note not accepted yet, mark the note reviewed, show the next note",
            context=True,
        ),
        review(
            "add",
            "&Mask selection as…",
            r.add_missed,
            ("M", "Ins"),
            "Mask the selected words, a missed name (false negative)",
            short="Mask…",
            toolbar=True,
            context=True,
        ),
        review(
            "retype",
            "Change &type…",
            r.change_type,
            ("T",),
            "Give the selected span another entity type",
            short="Type…",
            toolbar=True,
            context=True,
            separator_after=True,
        ),
        review(
            "occurrences_accept",
            "Accept every span with this text",
            r.accept_occurrences,
            (),
            "Accept every span of this note with the selected span's text",
            context=True,
            submenu=ALL_IN_NOTE,
        ),
        review(
            "occurrences_reject",
            "Reject every span with this text",
            r.reject_occurrences,
            (),
            "Unmask every span of this note with the selected span's text",
            context=True,
            submenu=ALL_IN_NOTE,
            separator_after=True,
        ),
        review(
            "whitelist",
            "&Whitelist word…",
            lambda: r.whitelist(),
            ("W",),
            "Never mask this word (starts on this note; patient or corpus if you choose)",
            short="Whitelist…",
            toolbar=True,
        ),
        review(
            "blacklist",
            "&Blacklist word…",
            lambda: r.blacklist(),
            ("B",),
            "Always mask this word with a type (starts on this patient's notes)",
            short="Blacklist…",
            toolbar=True,
            separator_after=True,
        ),
        *(
            ActionSpec(  # the context menu's scoped entries (the menus have W and B)
                f"{kind}_{scope.value}",
                f"{title} {where}…",
                (lambda _checked=False, k=kind, sc=scope: getattr(r, k)(sc)),
                (),
                f"{title} this word {where}",
                "",
                enabled_when=reviewing,
                context=True,
                submenu=title,
                separator_after=scope is Scope.CORPUS,
            )
            for kind, title in (("whitelist", "Whitelist"), ("blacklist", "Blacklist"))
            for scope, where in (
                (Scope.NOTE, "in this note"),
                (Scope.PATIENT, "for this patient"),
                (Scope.CORPUS, "in the whole corpus"),
            )
        ),
        review(
            "reviewed",
            "Mark note reviewe&d",
            r.toggle_reviewed,
            ("D",),
            "Mark this note reviewed (or open again)",
            short="Reviewed",
            toolbar=True,
            context=True,
            separator_after=True,
        ),
        review(
            "second_opinion",
            "Needs a second &opinion",
            r.toggle_second_opinion,
            ("O",),
            "Ask a colleague to look at this note too (again: open)",
            short="2nd opinion",
            context=True,
            separator_after=True,
        ),
        ActionSpec(
            "find_text",
            "Find in &all notes…",
            p.find_text,
            ("Ctrl+Shift+F",),
            "Where else does this name occur? Every note holding the selected words, the hits framed",
            EDIT,
            enabled_when=has_project,
            context=True,
            separator_after=True,
        ),
        ActionSpec(
            "leaks",
            "Check for partial &leaks…",
            p.risk.check_leaks,
            ("Ctrl+Shift+L",),
            "Find notes where a form of a masked or listed name survived",
            REVIEW,
            enabled_when=has_project,
        ),
        # Lists
        ActionSpec(
            "dictionary",
            "&Dictionary editor…",
            p.projects.open_dictionary,
            ("Ctrl+L",),
            "Browse and edit the whitelist, blacklist and name lists",
            LISTS,
            enabled_when=has_project,
        ),
        # View
        ActionSpec(
            "side",
            "&Pseudonymized text beside the original",
            ws.note_view.set_side_by_side,
            ("F6",),
            "",
            VIEW,
            short="Side by side",
            toolbar=True,
            checkable=True,
        ),
        ActionSpec(
            "surrogates",
            "Realistic &surrogates instead of tags",
            p.surrogates.set_on,
            ("F7",),
            "Show realistic, consistent surrogates in the pseudonymized pane (as deidentify --mode surrogates)",
            VIEW,
            short="Surrogates",
            toolbar=True,
            checkable=True,
        ),
        ActionSpec(
            "span_list",
            "Span &list beside the note",
            ws.note_view.set_span_list_visible,
            ("F8",),
            "Every span of the note: type, text, masker, status; a click selects it",
            VIEW,
            checkable=True,
        ),
        ActionSpec("zoom_in", "Zoom &in", lambda: p.note_font.zoom(+1), ("Ctrl++", "Ctrl+="), "Bigger note text", VIEW),
        ActionSpec("zoom_out", "Zoom &out", lambda: p.note_font.zoom(-1), ("Ctrl+-",), "Smaller note text", VIEW),
        ActionSpec("zoom_reset", "&Normal size", lambda: p.note_font.zoom(0), ("Ctrl+0",), "", VIEW),
        ActionSpec("note_font", "Note &font…", p.choose_font, (), "Font family and size of the note panes", VIEW),
        *(
            ActionSpec(
                f"theme_{mode}",
                f"Dark mode: {label}",
                (lambda on, m=mode: p.theme.set_mode(m) if on else None),
                (),
                tip,
                VIEW,
                checkable=True,
                separator_after=mode == THEMES[-1],
            )
            for mode, label, tip in (
                ("system", "follow the system", "Light or dark as the desktop is"),
                ("light", "always light", ""),
                ("dark", "always dark", ""),
            )
        ),
        ActionSpec("review_tab", "&Review", lambda: p.show_tab(0), ("Ctrl+1",), "", VIEW),
        ActionSpec("stats_tab", "&Statistics", lambda: p.show_tab(1), ("Ctrl+2",), "", VIEW),
        ActionSpec("eval_tab", "E&valuation", lambda: p.show_tab(2), ("Ctrl+3",), "", VIEW),
        # Help
        ActionSpec("shortcuts", "&Keyboard shortcuts", p.show_shortcuts, ("F1",), "", HELP),
        ActionSpec("about", "&About Masketeer GUI", p.show_about, (), "Version, the paper, licences", HELP),
    ]


def build_menus(window: QMainWindow, table: ActionTable, recent_menu: QMenu) -> None:
    """The menu bar from the table, with the recent-projects submenu after Open and the list actions in Lists."""
    for title in MENUS:
        menu = window.menuBar().addMenu(title)
        for action in table.in_menu(title):
            if action is None:
                menu.addSeparator()
                continue
            menu.addAction(action)
            if action is table["open"]:
                menu.addMenu(recent_menu)
        if title == LISTS:
            menu.addActions([table["whitelist"], table["blacklist"]])


def build_toolbar(bar: QToolBar, table: ActionTable) -> None:
    """The table's toolbar actions in its order, a separator between menus."""
    last = ""
    for spec in table.specs:
        if spec.toolbar:
            if last and spec.menu != last:
                bar.addSeparator()
            bar.addAction(table[spec.name])
            last = spec.menu


def context_menu(table: ActionTable, parent: QWidget | None = None) -> QMenu:
    """The span's right-click menu: the review decisions of the table in its order, some in submenus."""
    menu = QMenu(parent)
    menu.setObjectName("noteContextMenu")
    submenus: dict[str, QMenu] = {}
    for spec in table.specs:
        if not spec.context:
            continue
        target = menu
        if spec.submenu:
            if spec.submenu not in submenus:
                submenus[spec.submenu] = menu.addMenu(spec.submenu)
                submenus[spec.submenu].setObjectName(f"submenu_{len(submenus)}")
            target = submenus[spec.submenu]
        target.addAction(table[spec.name])
        if spec.separator_after:
            menu.addSeparator()
    return menu
