"""The chapter's sections, in page order: each owns the numbers it shows.

A section module declares one `SECTION` (as sprout.analysis.detectors declares a detector): the
heading it belongs to, the key prefixes of its numbers in stats.json, `measure` (a Reading in,
its numbers out), its claims with their thresholds beside them, and the figures and data files
drawn from what it read. sprout.chapter.numbers.measure_chapter is a loop over SECTIONS; the
artifacts build draws and writes each section's figures and files.

How to add to the chapter (each touches one section module and the prose only):
- a number: return it from the section's `measure` under one of its prefixes, list it in the
  section's `publishes` (stats.json holds only what something reads), and print it in
  docs/index.md with stat("key", "fmt");
- a claim: add a Claim to the section's `claims`, with the threshold beside it and `words`, a
  short quote of the sentence it backs (the site's build checks the claim holds and finds the
  quote on the rendered page);
- a figure or a data file: a Figure (its name, the drawing of build_artifacts/figures.py that
  draws it, and its data) in `figures`, or a path and its content in `data_files`; the prose
  shows a figure with figure("name", "caption");
- a section: a module in this folder with its SECTION, listed in SECTIONS in page order (the
  chapter's, then its companion page's, docs/evidence.md, whose sections say `page="evidence.md"`;
  a claim whose words are on that page says so too).
"""

from dataclasses import dataclass, field
from typing import Callable


class SectionError(ValueError):
    """A section that declares or returns what it may not; the message is one line."""


@dataclass(frozen=True)
class Figure:
    name: str  # docs/artifacts/figures/<name>.json
    draw: str  # the drawing in build_artifacts/figures.py
    data: tuple  # its arguments


@dataclass(frozen=True)
class Section:
    name: str
    heading: str  # the chapter's heading this section's numbers appear under
    prefixes: tuple  # every key it returns is one of these or starts with one and a dot
    measure: Callable  # Reading -> {key: number}
    claims: tuple = ()
    figures: Callable = field(default=lambda reading: [])  # Reading -> [Figure]
    data_files: Callable = field(default=lambda reading: {})  # Reading -> {path under docs/artifacts: data}
    # the numbers it writes to stats.json, the ones the prose, a claim, a widget or a test reads:
    # dotted names where "*" stands for one part ("repeat.*.drop"); None: every number it returns
    publishes: tuple | None = None
    page: str = "index.md"  # the page under docs/ that prints its numbers, where `heading` is

    def owns(self, key):
        return any(key == p or key.startswith(p + ".") for p in self.prefixes)

    def published(self, key):
        return self.publishes is None or any(_matches(pattern, key) for pattern in self.publishes)

    def checked(self, numbers):
        """The numbers it publishes, or SectionError naming the first key outside its prefixes."""
        for key in numbers:
            if not self.owns(key):
                raise SectionError(f"section {self.name!r} returned {key!r}, outside its prefixes {self.prefixes}")
        return {key: value for key, value in numbers.items() if self.published(key)}


def _matches(pattern, key):
    parts, wanted = key.split("."), pattern.split(".")
    return len(parts) == len(wanted) and all(w in ("*", p) for w, p in zip(wanted, parts))


def _overlap(a, b):
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def check_prefixes(sections):
    """SectionError, naming both, where two sections claim one prefix (or one inside the other)."""
    for i, first in enumerate(sections):
        for second in sections[i + 1 :]:
            for a in first.prefixes:
                for b in second.prefixes:
                    if _overlap(a, b):
                        raise SectionError(
                            f"sections {first.name!r} and {second.name!r} both claim the prefix {min(a, b)!r}"
                        )
    return sections


def _sections():
    from . import (
        all_heads,
        circuit,
        composition,
        copying,
        damage,
        induction,
        one_layer,
        scaling,
        what_breaks,
        where_sprout_looks,
        window,
        writing,
    )

    chapter = (window, where_sprout_looks, scaling, all_heads, induction, what_breaks, circuit, writing, one_layer)
    evidence = (damage, composition, copying)  # docs/evidence.md, the chapter's companion page
    in_page_order = chapter + evidence
    return check_prefixes(tuple(m.SECTION for m in in_page_order))


SECTIONS = _sections()
CLAIMS = tuple(claim for section in SECTIONS for claim in section.claims)


def section_of(key):
    """The section that owns a stats key (None if none does)."""
    return next((s for s in SECTIONS if s.owns(key)), None)
