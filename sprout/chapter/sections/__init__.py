"""The chapter's sections, in page order: each computes the numbers it shows.

A section module declares one `SECTION` (as sprout.analysis.detectors declares a detector) and is
named for its one prefix in stats.json: every key it returns is the prefix or starts with it and
a dot ("repeat.sprout.drop" comes from repeat.py). A section has the heading its numbers belong
under, `measure` (a Reading in, its numbers out, their names built here and nowhere else), its
claims with their thresholds beside them, and the figures and data files drawn from what it read.
sprout.chapter.numbers.measure_chapter is a loop over SECTIONS; the artifacts build draws and
writes each section's figures and files.

What a section publishes (the numbers stats.json holds) is worked out, not listed: the ones the
pages print (site_files.prose_keys reads the templates of docs/*.md), the ones a claim reads, and
the few a widget or a test reads, which the section names in `read_elsewhere`. A number nothing
reads stays out of stats.json (tests/unit/test_sections.py holds every published one to a reader).

How to add to the chapter:
- a number: return it from the section's `measure` under its prefix and print it in the page with
  stat("key", "fmt") (two files: the section and the page);
- a claim: add a Claim to the section's `claims`, with the threshold beside it and `words`, a
  short quote of the sentence it backs (the site's build checks the claim holds and finds the
  quote on the rendered page): one file where the sentence is there, two with the sentence;
- a figure or a data file: a Figure (its name, the drawing of build_artifacts/figures.py that
  draws it, and its data) in `figures`, or a path and its content in `data_files`; the prose
  shows a figure with figure("name", "caption") (two files; a new kind of drawing is a function
  in build_artifacts/figures.py too), and `make stills` draws its pictures for the page;
- a section: a module in this folder named for its prefix, with its SECTION, listed in `_sections`
  in page order (the chapter's, then its companion page's, docs/evidence.md, whose sections say
  `page="evidence.md"`; a claim whose words are on that page says so too): three files with the
  prose that prints its numbers.
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
    prefix: str  # every key it returns is this or starts with it and a dot; the module's name
    heading: str  # the chapter's heading this section's numbers appear under
    measure: Callable  # Reading -> {key: number}
    claims: tuple = ()
    figures: Callable = field(default=lambda reading: [])  # Reading -> [Figure]
    data_files: Callable = field(default=lambda reading: {})  # Reading -> {path under docs/artifacts: data}
    # Reading -> {key: the held-out sample it was measured on}, for the numbers that read one
    samples: Callable = field(default=lambda reading: {})
    # the numbers a widget or a test reads (the prose's and the claims' are found): dotted names
    # where "*" stands for one part ("depth_2.*.drop_step")
    read_elsewhere: tuple = ()
    page: str = "index.md"  # the page under docs/ that prints its numbers, where `heading` is

    @property
    def name(self):
        return self.prefix

    def owns(self, key):
        return key == self.prefix or key.startswith(self.prefix + ".")

    def read_elsewhere_matches(self, key):
        return any(_matches(pattern, key) for pattern in self.read_elsewhere)

    def checked(self, numbers, prose=None):
        """The numbers it publishes, or SectionError naming the first key outside its prefix.
        prose: what the pages read (an object with reads(key), site_files.prose_keys); None: all."""
        for key in numbers:
            if not self.owns(key):
                raise SectionError(f"section {self.name!r} returned {key!r}, outside its prefix {self.prefix!r}")
        if prose is None:
            return dict(numbers)
        return {key: value for key, value in numbers.items() if read(key, prose, self)}


def _matches(pattern, key):
    parts, wanted = key.split("."), pattern.split(".")
    return len(parts) == len(wanted) and all(w in ("*", p) for w, p in zip(wanted, parts))


def read(key, prose, section):
    """Whether something reads the number: the pages, a claim of any section, or a widget or test."""
    return key in CLAIMED or section.read_elsewhere_matches(key) or prose.reads(key)


def check_prefixes(sections):
    """SectionError, naming both, where two sections claim one prefix (or one inside the other)."""
    for i, first in enumerate(sections):
        for second in sections[i + 1 :]:
            a, b = first.prefix, second.prefix
            if a == b or a.startswith(b + ".") or b.startswith(a + "."):
                raise SectionError(f"sections {first.name!r} and {second.name!r} both claim the prefix {min(a, b)!r}")
    return sections


def check_module_names(modules):
    """SectionError where a section's module is not named for its prefix (a key points to its file)."""
    for module in modules:
        name = module.__name__.rpartition(".")[2]
        if name != module.SECTION.prefix:
            raise SectionError(f"section module {name!r} declares the prefix {module.SECTION.prefix!r}: name it for it")
    return tuple(m.SECTION for m in modules)


def flat(prefix, values):
    """{prefix.name: value} of a dict of plain names."""
    return {f"{prefix}.{key}": value for key, value in values.items()}


def _sections():
    from . import (
        ablation,
        baselines,
        circuit,
        composition,
        copying,
        damage,
        e_loss,
        examples,
        f1,
        first_token,
        heads,
        heads_on_repeats,
        layer_race,
        loss,
        mia_doll,
        parameters,
        probes,
        pronoun_kinds,
        repeat,
        tom_he,
        trained_on,
        training_seconds,
        training_story,
        training_tokens,
        which_heads,
        writing,
        zorbin,
    )

    chapter = (
        examples,  # The window is too narrow
        mia_doll,
        tom_he,  # Where Sprout looks
        first_token,
        probes,
        pronoun_kinds,
        f1,  # Why divide by the square root of d
        heads,  # All 48 heads
        heads_on_repeats,
        baselines,
        repeat,  # Induction heads
        zorbin,
        which_heads,
        trained_on,
        training_story,
        layer_race,
        ablation,  # What breaks without a head
        circuit,  # The note and the copy
        writing,  # Try your own story
        loss,  # What one attention layer buys
        e_loss,
        parameters,
        training_tokens,
        training_seconds,
    )
    evidence = (damage, composition, copying)  # docs/evidence.md, the chapter's companion page
    return check_prefixes(check_module_names(chapter + evidence))


SECTIONS = _sections()
CLAIMS = tuple(claim for section in SECTIONS for claim in section.claims)
CLAIMED = frozenset(key for claim in CLAIMS for key in claim.numbers())
BY_PREFIX = {section.prefix: section for section in SECTIONS}


def section_of(key):
    """The section that owns a stats key (None if none does): the one named for its first part."""
    return BY_PREFIX.get(key.split(".")[0])
