"""The PySide6 review workspace: the only package that imports Qt."""
