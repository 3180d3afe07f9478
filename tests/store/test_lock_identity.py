"""The writing lock follows the file, not its name, and a lock whose taker has ended is taken over."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from masketeer_gui.store import Project, errors
from masketeer_gui.store.locking import lock_path
from tests.store.fakes import FakeEngine

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and flock")


@pytest.mark.parametrize("link", ["symlink", "hard link", "symlinked folder"])
def test_another_name_of_an_open_project_is_in_use(tmp_path: Path, engine: FakeEngine, link: str) -> None:
    path = tmp_path / "P.db"
    other = tmp_path / "L.db"
    with Project.create(path, analyzer_factory=engine):
        if link == "symlink":
            other.symlink_to(path)
        elif link == "hard link":
            os.link(path, other)
        else:
            (tmp_path / "elsewhere").symlink_to(tmp_path)
            other = tmp_path / "elsewhere" / "P.db"
        with pytest.raises(errors.ProjectInUseError, match="in use by another program"):
            Project.open(other, analyzer_factory=engine)
    Project.open(other, analyzer_factory=engine).close()  # free again once the first writer closed


def _dead_pid() -> int:
    finished = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(finished.stdout)


def test_a_lock_held_for_an_ended_process_is_taken_over_with_a_note(
    tmp_path: Path, engine: FakeEngine, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "P.db"
    Project.create(path, analyzer_factory=engine).close()
    # an orphan of a killed writer: holds the lock file, which names its ended parent
    orphan = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys, time\n"
         "f = open(sys.argv[1], 'r+'); fcntl.flock(f, fcntl.LOCK_EX)\n"
         "f.seek(0); f.truncate(); f.write(sys.argv[2] + '\\n'); f.flush(); print('held', flush=True); time.sleep(60)",
         str(lock_path(path)), str(_dead_pid())],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert orphan.stdout is not None and orphan.stdout.readline() == "held\n"
        with Project.open(path, analyzer_factory=engine) as project:
            assert project.integrity_check() == "ok"
            note = capsys.readouterr().err
            assert "which has ended" in note and "taken over" in note
            with pytest.raises(errors.ProjectInUseError):  # and the new lock holds like any other
                Project.open(path, analyzer_factory=engine)
    finally:
        orphan.kill()
        orphan.communicate()


def test_a_lock_held_by_a_live_process_is_not_taken_over(tmp_path: Path, engine: FakeEngine) -> None:
    path = tmp_path / "P.db"
    Project.create(path, analyzer_factory=engine).close()
    with open(lock_path(path), "r+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        held.write(f"{os.getppid()}\n")  # a live process (pytest's parent)
        held.flush()
        with pytest.raises(errors.ProjectInUseError, match=rf"process {os.getppid()}"):
            Project.open(path, analyzer_factory=engine)
