"""`make artifacts` on a copy of the repository leaves its git status clean: every committed file,
the kept results in build_artifacts/published/ and the browser models among them, is rebuilt to
the same bytes on this CPU, whichever CPU published them."""

import os
import shutil
import subprocess
import sys

import pytest

from sprout import folders
from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # runs the whole artifacts build (a minute or two)


def git(folder, *args):
    run = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True)
    return run.stdout


def copy_of_the_work_tree(target):
    """The files git would commit from this work tree (tracked and new, not ignored), committed
    in a repository of their own at `target`."""
    listed = git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet staged is still listed
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    # the npm packages as installed here (the stills' key reads Plotly's bundle): a folder of links
    modules = target / "node_modules"
    modules.mkdir()
    for package in (ROOT / "node_modules").iterdir():
        (modules / package.name).symlink_to(package.resolve())
    git(target, "init", "-q")
    git(target, "add", "-A")
    git(target, "-c", "user.name=test", "-c", "user.email=test@invalid", "commit", "-q", "-m", "copy")


def test_make_artifacts_rewrites_no_committed_file(tmp_path, tinystories):
    """The site's data is measured on TinyStories' validation file, so the build needs it (as
    `make artifacts` does; the copy has no ../shared beside it)."""
    copy = tmp_path / "repo"
    copy_of_the_work_tree(copy)
    env = {**os.environ, "PYTHONPATH": str(copy), "SPROUT_TINYSTORIES": str(tinystories)}
    # The build's own cache is this checkout's: results computed on this CPU under the same keys
    # (the copy's source is this source), so only what nothing kept yet is computed. The published
    # results are the copy's own, as a fresh clone has them.
    for command in (
        [sys.executable, "-m", "build_artifacts", "--quiet", "--cache", str(folders.CACHE)],
        [sys.executable, "-m", "build_site.stills"],
    ):
        done = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
    assert git(copy, "status", "--porcelain") == ""
    # a fresh clone has no TinyStories folder: the results read on it are their published records
    env["SPROUT_TINYSTORIES"] = "none"
    command = [sys.executable, "-m", "build_artifacts", "--quiet", "--cache", str(tmp_path / "empty-cache")]
    done = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "no TinyStories folder here: took the results read on validation.txt" in done.stderr
    assert git(copy, "status", "--porcelain") == ""
