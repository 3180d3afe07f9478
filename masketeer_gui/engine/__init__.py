"""The de-identification engine: pure Python, text in, spans out (no Qt, no SQLAlchemy)."""

from masketeer_gui.engine.span import ENTITY_NAMES, Entity, Span

__all__ = ["ENTITY_NAMES", "Entity", "Span"]
