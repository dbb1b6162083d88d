"""What a part of the chapter declares: a Section (its numbers, claims, figures and data files), a
Figure, and a Result (something computed once and read by sections through the Reading). The
sections import this module; the list of sections (sprout.chapter.contents) imports them.

A Result names the function that computes it and the inputs it reads besides the checkpoints;
sprout.chapter.reading keeps it under a key made of those inputs and the source of the
function's own module with every project module it imports (sprout.cache.code_version), so
that editing a section's module recomputes that section's results and no other. Sections read
each other's results by name (reading.circuit), never by importing each other.
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


def no_inputs(reading):
    return ()


@dataclass(frozen=True)
class Result:
    """A result read through the Reading as reading.<name>, computed the first time it is asked for."""

    name: str
    compute: Callable  # Reading -> value (plain data where kept: sprout.cache.to_plain)
    # Reading -> what it reads besides the checkpoints, the tokenizer and its code: texts, seeds,
    # settings, token ids, heads read from other results
    inputs: Callable = no_inputs
    publish: bool = False  # kept in build_artifacts/published/ too, so that a fresh clone starts warm
    keep: bool = True  # False: a quick derivation of other results, remembered for one build only
    # reads TinyStories' validation.txt: keyed by its sha256; without the folder only its
    # published record can stand in (None where there is none)
    reads_validation: bool = False


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
    # the numbers read elsewhere than the pages and the claims (whose are found): dotted names
    # where "*" stands for one part ("depth_2.*.drop_step")
    read_elsewhere: tuple = ()
    page: str = "index.md"  # the page under docs/ that prints its numbers, where `heading` is
    results: tuple = ()  # the Results it computes (others may read them by name)

    @property
    def name(self):
        return self.prefix

    def owns(self, key):
        return key == self.prefix or key.startswith(self.prefix + ".")

    def read_elsewhere_matches(self, key):
        return any(_matches(pattern, key) for pattern in self.read_elsewhere)

    def checked(self, numbers):
        """The numbers, or SectionError naming the first key outside its prefix."""
        for key in numbers:
            if not self.owns(key):
                raise SectionError(f"section {self.name!r} returned {key!r}, outside its prefix {self.prefix!r}")
        return dict(numbers)


def _matches(pattern, key):
    parts, wanted = key.split("."), pattern.split(".")
    return len(parts) == len(wanted) and all(w in ("*", p) for w, p in zip(wanted, parts))


def flat(prefix, values):
    """{prefix.name: value} of a dict of plain names."""
    return {f"{prefix}.{key}": value for key, value in values.items()}


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


def check_results(results):
    """{name: Result}, or SectionError naming a name declared twice."""
    named = {}
    for result in results:
        if result.name in named:
            raise SectionError(f"the result {result.name!r} is declared twice")
        named[result.name] = result
    return named
