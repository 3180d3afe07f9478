"""Compile the engine's hot modules with mypyc, in place (``scripts/build_compiled.sh`` runs this).

A bare setuptools ``Distribution`` rather than ``setup()``: the build must not read pyproject.toml
(its build backend belongs to the normal, pure-Python install).
"""

from __future__ import annotations

import sys

from mypyc.build import mypycify
from setuptools import Distribution


def main(modules: list[str]) -> None:
    extensions = mypycify(modules, opt_level="3", multi_file=False)
    dist = Distribution({"name": "masketeer-gui-compiled", "ext_modules": extensions})
    dist.script_name = "build_compiled.py"
    dist.script_args = ["build_ext", "--inplace"]
    dist.parse_command_line()
    dist.run_commands()


if __name__ == "__main__":
    main(sys.argv[1:])
