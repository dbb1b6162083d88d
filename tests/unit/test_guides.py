"""README.md and DEVELOPING.md: short enough to read, their links and `make` targets real, and the
guide's slowest test files those that `make test-durations` last recorded."""

import json
import re

import pytest

from tests.conftest import ROOT

GUIDES = ("README.md", "DEVELOPING.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")
MAKE_IN_PROSE = re.compile(r"`make ([a-z][a-z-]*)")
MAKE_IN_CODE = re.compile(r"\bmake ([a-z][a-z-]*)")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", flags=re.MULTILINE | re.DOTALL)


def text_of(name):
    return (ROOT / name).read_text(encoding="utf-8")


def anchors_of(markdown):
    """The anchors of a Markdown file's headings, as GitHub and MkDocs make them."""
    slugs = set()
    for heading in re.findall(r"^#{1,6} (.+)$", markdown, flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
        slugs.add(slug.replace(" ", "-"))
    return slugs


def test_the_readme_reads_in_five_minutes():
    lines = text_of("README.md").count("\n")
    assert lines <= 250, f"README.md has {lines} lines: move details to DEVELOPING.md or docs/"


@pytest.mark.parametrize("guide", GUIDES)
def test_every_link_of_a_guide_leads_somewhere(guide):
    broken = []
    for target in LINK.findall(text_of(guide)):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (ROOT / guide).parent / path if path else ROOT / guide
        if not file.exists():
            broken.append(target)
        elif anchor and anchor not in anchors_of(file.read_text(encoding="utf-8")):
            broken.append(target)
    assert not broken, f"{guide} links to what is not there: {broken}"


@pytest.mark.parametrize("guide", GUIDES)
def test_every_make_target_a_guide_names_exists(guide):
    targets = set(re.findall(r"^([a-z][a-z-]*):", text_of("Makefile"), flags=re.MULTILINE))
    text = text_of(guide)
    named = set(MAKE_IN_PROSE.findall(text))
    for block in FENCE.findall(text):
        named |= set(MAKE_IN_CODE.findall(block))
    assert named, guide
    assert named <= targets, f"{guide} names make targets the Makefile lacks: {sorted(named - targets)}"


def test_the_slowest_files_are_those_last_recorded():
    table = re.findall(r"^\| `(tests/[\w/]+\.py)` \| ([\d.]+) \|$", text_of("DEVELOPING.md"), flags=re.MULTILINE)
    assert table, "DEVELOPING.md names no slowest test files"
    recorded = json.loads((ROOT / "tests" / "file_seconds.json").read_text(encoding="utf-8"))
    slowest = sorted(recorded.items(), key=lambda item: -item[1])[: len(table)]
    assert [(name, float(seconds)) for name, seconds in table] == [(name, round(s, 1)) for name, s in slowest], (
        "DEVELOPING.md's slowest test files differ from tests/file_seconds.json (make test-durations): "
        "copy the record's slowest files into its table"
    )
