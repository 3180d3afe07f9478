"""Optional third-party packages (pandas, pyarrow, presidio-analyzer), imported only when a feature needs them."""

from __future__ import annotations

import importlib
from types import ModuleType


class MissingDependency(ImportError):
    """An optional package a feature needs is not installed; the message says how to install it."""


def require(module: str, extra: str, feature: str) -> ModuleType:
    """Import ``module`` or raise ``MissingDependency`` naming the pip extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0].replace("_", "-")
        raise MissingDependency(
            f"{feature} needs the optional package '{package}': pip install 'masketeer-gui[{extra}]'"
        ) from None
