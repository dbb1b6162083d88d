"""The notebook views' bundle (sprout/notebook/widgets.js) is committed so that a notebook needs
no node; it must be what esbuild makes of site_assets today (`make bundle` rewrites it)."""

import json
import shlex
import subprocess

import pytest

from sprout import folders
from sprout.notebook.html import BUNDLE

ESBUILD = folders.REPOSITORY / "node_modules" / ".bin" / "esbuild"


def test_the_committed_bundle_is_what_esbuild_makes_of_site_assets_now():
    if not ESBUILD.exists():
        pytest.skip(f"{ESBUILD} is missing: run `npm ci`")
    command = json.loads((folders.REPOSITORY / "package.json").read_text(encoding="utf-8"))["scripts"]["bundle"]
    args = [a for a in shlex.split(command)[1:] if not a.startswith("--outfile=")]  # to stdout instead
    made = subprocess.run([ESBUILD, *args], cwd=folders.REPOSITORY, capture_output=True, check=True).stdout
    assert made == BUNDLE.read_bytes(), "sprout/notebook/widgets.js is out of date: run `make bundle`"


def test_the_bundle_fetches_nothing_and_cannot_end_its_script_early():
    text = BUNDLE.read_text(encoding="utf-8")
    assert "</script" not in text.lower() and "<!--" not in text
    assert "http://" not in text and "https://" not in text
