"""Surrogate mode: realistic, consistent German/Austrian replacements instead of tags (see ``issuer``)."""

from masketeer_gui.engine.surrogates.issuer import SurrogateIssuer, real_names
from masketeer_gui.engine.surrogates.pools import SurrogatePools, load_pools

__all__ = ["SurrogateIssuer", "SurrogatePools", "load_pools", "real_names"]
