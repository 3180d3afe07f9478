"""Reading the note: both panes scroll together, one font and zoom for both (remembered), light or dark."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QScrollBar

FONT_KEY, SIZE_KEY, THEME_KEY = "view/noteFont", "view/noteFontSize", "view/theme"
DEFAULT_FAMILY, DEFAULT_SIZE, MIN_SIZE, MAX_SIZE = "DejaVu Sans", 11, 6, 40
THEMES = ("system", "light", "dark")


def link_scrolling(first: QPlainTextEdit, second: QPlainTextEdit) -> None:
    """Scrolling one pane scrolls the other to the same share of its length (the texts differ in length)."""
    bars = (first.verticalScrollBar(), second.verticalScrollBar())
    moving = [False]

    def follow(source: QScrollBar, target: QScrollBar) -> None:
        if moving[0] or (not target.isVisible() and target.maximum() == 0):
            return
        moving[0] = True
        share = source.value() / source.maximum() if source.maximum() else 0.0
        target.setValue(round(share * target.maximum()))
        moving[0] = False

    bars[0].valueChanged.connect(lambda _v: follow(bars[0], bars[1]))
    bars[1].valueChanged.connect(lambda _v: follow(bars[1], bars[0]))


class NoteFont(QObject):
    """The font of the note panes: family and size from the settings; zooming changes the size and saves it."""

    def __init__(self, settings: QSettings, *panes: QPlainTextEdit) -> None:
        super().__init__(panes[0] if panes else None)
        self.settings, self.panes = settings, panes
        family = str(settings.value(FONT_KEY, DEFAULT_FAMILY) or DEFAULT_FAMILY)
        self.font = QFont(family, _size(settings.value(SIZE_KEY, DEFAULT_SIZE)))
        self._apply()

    @property
    def size(self) -> int:
        return self.font.pointSize()

    def zoom(self, steps: int) -> None:
        """Bigger (+) or smaller (-) text in both panes; 0: the default size."""
        size = DEFAULT_SIZE if steps == 0 else self.size + steps
        self.font.setPointSize(max(MIN_SIZE, min(MAX_SIZE, size)))
        self._apply()

    def set_font(self, font: QFont) -> None:
        self.font = QFont(font.family(), _size(font.pointSize()))
        self._apply()

    def _apply(self) -> None:
        for pane in self.panes:
            pane.setFont(self.font)
        self.settings.setValue(FONT_KEY, self.font.family())
        self.settings.setValue(SIZE_KEY, self.size)


def _size(value: object) -> int:
    try:
        return max(MIN_SIZE, min(MAX_SIZE, int(str(value))))
    except ValueError:
        return DEFAULT_SIZE


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (texts keep 4.5:1 and more on their backgrounds)."""
    p = QPalette()
    window, base, text = QColor("#2b2b2b"), QColor("#1e1e1e"), QColor("#e6e6e6")
    for role, colour in (
        (QPalette.ColorRole.Window, window),
        (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base),
        (QPalette.ColorRole.AlternateBase, QColor("#262626")),
        (QPalette.ColorRole.Text, text),
        (QPalette.ColorRole.Button, QColor("#353535")),
        (QPalette.ColorRole.ButtonText, text),
        (QPalette.ColorRole.ToolTipBase, QColor("#3a3a3a")),
        (QPalette.ColorRole.ToolTipText, text),
        (QPalette.ColorRole.Highlight, QColor("#3d7fd6")),
        (QPalette.ColorRole.HighlightedText, QColor("#ffffff")),
        (QPalette.ColorRole.Link, QColor("#8ab4f8")),
        (QPalette.ColorRole.PlaceholderText, QColor("#9a9a9a")),
        (QPalette.ColorRole.BrightText, QColor("#ff6666")),
    ):
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#808080"))
    return p


def system_is_dark() -> bool:
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


class Theme(QObject):
    """View → Dark mode: follow the system (the default), or always light, or always dark; remembered."""

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        mode = str(settings.value(THEME_KEY, "system"))
        self.mode = mode if mode in THEMES else "system"
        QGuiApplication.styleHints().colorSchemeChanged.connect(lambda _scheme: self.apply())

    def set_mode(self, mode: str) -> None:
        self.mode = mode if mode in THEMES else "system"
        self.settings.setValue(THEME_KEY, self.mode)
        self.apply()

    def dark(self) -> bool:
        return self.mode == "dark" or (self.mode == "system" and system_is_dark())

    def apply(self) -> None:
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        if self.mode != "system" or self.dark():
            app.setStyle("Fusion")  # one style whose palette the switch fully decides
        app.setPalette(dark_palette() if self.dark() else app.style().standardPalette())
