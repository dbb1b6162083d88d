"""What the chapter's sections read: the published models, the corpus, the example set, and the
declared results (sprout.chapter.declarations.Result), each computed the first time a section
asks for it (reading.<name>) and remembered for the build.

A kept result is stored in the cache (sprout.cache) under a key made of the checkpoints, the
tokenizer, the inputs its declaration names (texts, seeds, settings, heads), the sha256 of
TinyStories' validation.txt where it reads it, and the source of its compute function's module
with every project module that module imports: found from the function, never named beside it.
The slow ones are also published, so that a fresh clone's build starts warm. Everything but the
pass over every head runs in float64, on copies of the models made once, so that any CPU gives
the same bytes.
"""

import copy
from dataclasses import dataclass, field
from functools import cached_property

from ..cache import Cache, code_version
from ..corpus import data
from ..files import file_sha256
from ..precision import in_float64
from . import measurements
from .examples import load_examples

VALIDATION_FILE = "validation.txt"


class Unavailable(LookupError):
    """A result that reads validation.txt, with neither the folder nor a published record here."""


class MixedSamples(ValueError):
    """Two results read on different files, combined into one number: one line naming both."""


@dataclass(frozen=True)
class Reading:
    """The inputs of every section (given once, never changed) and a memo over the declared
    results: reading.<name> is the result declared under that name (contents.RESULTS)."""

    loaded: object  # sprout.chapter.numbers.PublishedModels
    tinystories: object  # the TinyStories folder, or None
    cache: Cache
    examples_file: object
    seed: int
    race_record: dict  # the layer race's record (race_record.read_record)
    early_race_record: dict  # the race under the first settings tried
    removal_record: dict  # the published pass over every head (removal_pass.published), {} for none
    scored_snapshots: tuple = ()  # a training run's snapshots scored onto the training story (the build's)
    results: dict = field(default_factory=dict)  # name -> Result (contents.RESULTS)
    # what each result came to, so that a section asking twice (for its numbers, then its figure)
    # is answered at once, whatever the cache keeps
    _held: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # ---- inputs

    @property
    def tokenizer(self):
        return self.loaded.tokenizer

    @cached_property
    def tokenized(self):
        return measurements.tokenized_set(load_examples(self.examples_file), self.tokenizer, self.loaded.models)

    def example(self, example_id):
        return next(t for t in self.tokenized if t.example.id == example_id)

    @cached_property
    def texts(self):
        """What the example-set results read, for their keys."""
        return (self.tokenizer.sha256(), [(repr(t.example), t.ids) for t in self.tokenized])

    @cached_property
    def models64(self):
        return {name: in_float64(copy.deepcopy(model)) for name, model in self.loaded.models.items()}

    @cached_property
    def repeats(self):
        return measurements.make_repeats(self.tokenizer, self.seed)

    @cached_property
    def validation_sha(self):
        """The sha256 of the validation.txt the results read: the folder's, or without one the
        file every published result that reads it was read on (None where none was)."""
        path = data.validation_file(self.tinystories)
        if path is not None:
            return file_sha256(path)
        published = self.published_validation()
        return next(iter(published.values()), None)

    def published_validation(self):
        """{result name: the validation.txt sha256 its published record read}; MixedSamples where two differ."""
        store = self.cache.published
        found = {}
        for result in self.results.values():
            sha = None if store is None else store.files(result.name).get(VALIDATION_FILE)
            if sha is not None:
                found[result.name] = sha
        same_file(found)
        return found

    # ---- the declared results

    def __getattr__(self, name):
        results = self.__dict__.get("results") or {}
        if name not in results:
            raise AttributeError(f"{type(self).__name__!r} has no input or declared result {name!r}")
        return self.result(results[name])

    def result(self, declared):
        if declared.name not in self._held:
            self._held[declared.name] = self._computed(declared)
        return self._held[declared.name]

    def key_parts(self, declared):
        """What the result's key is made of (sprout.cache.Cache.get adds its name and torch's version)."""
        parts = [
            self.loaded.sha,
            self.tokenizer.sha256(),
            code_version(declared.compute.__module__),
            declared.inputs(self),
        ]
        if declared.reads_validation:
            parts.append({VALIDATION_FILE: self.validation_sha})
        return parts

    def _computed(self, declared):
        if not declared.keep:
            return declared.compute(self)
        files = None
        compute = declared.compute
        if declared.reads_validation:
            if self.validation_sha is None:
                return None
            files = {VALIDATION_FILE: self.validation_sha}
            if data.validation_file(self.tinystories) is None:
                compute = _absent
        try:
            return self.cache.get(
                declared.name,
                lambda: compute(self),
                *self.key_parts(declared),
                publish=declared.publish,
                files=files,
            )
        except Unavailable:
            return None

    def same_sample(self, *names):
        """MixedSamples, in one line naming both, where two of the named results (asked for
        already) read different validation.txt files. The pass over every head (removals) keys
        its validation measure by the stories it read: it read the file here, or without the
        folder the one the published results were read on."""
        read_on = {}
        for name in names:
            if name == "removals":
                read_on[name] = self.validation_sha
            else:
                read_on[name] = self.cache.read_files.get(name, {}).get(VALIDATION_FILE)
        return same_file(read_on)

    def validation_results(self):
        """{name: whether it is here} for every result asked for that reads validation.txt."""
        return {
            name: self._held[name] is not None
            for name, declared in self.results.items()
            if declared.reads_validation and name in self._held
        }


def _absent(reading):
    raise Unavailable("no TinyStories validation text here, and no published result for this key")


def same_file(read_on):
    """MixedSamples, naming both, where two results ({name: sha256 of the file read}) read different files."""
    named = [(name, sha) for name, sha in read_on.items() if sha is not None]
    for name, sha in named[1:]:
        if sha != named[0][1]:
            raise MixedSamples(
                f"{named[0][0]} was read on {VALIDATION_FILE} {named[0][1][:12]}... and {name} on "
                f"{VALIDATION_FILE} {sha[:12]}...: build both from one TinyStories folder"
            )
    return read_on
