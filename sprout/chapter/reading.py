"""What the chapter's sections read: the published models, the corpus, the example set, and the
results that several sections share, each computed the first time a section asks for it.

A result is kept in the cache (sprout.cache) under a key of what it reads (checkpoints, texts,
corpus, seed) and the code that computes it; the slow ones are also published, so that a fresh
clone's build starts warm. Everything but the pass over every head runs in float64, on copies of
the models made once, so that any CPU gives the same bytes.
"""

import copy
from dataclasses import dataclass, field
from functools import cached_property

from ..analysis import records as example_records
from ..analysis.evaluate import heldout_loss
from ..analysis.head_scores import head_scores, untrained_like
from ..cache import Cache, code_version, digest
from ..corpus import data
from ..precision import in_float64
from . import baselines, measurements, race, removal_pass
from .examples import load_examples
from .measurements import HELDOUT_STORIES, MODELS


@dataclass(frozen=True)
class Reading:
    """The inputs of every section (given once, never changed) and the results several sections
    share (each a cached_property, computed the first time a section asks for it); a result one
    section reads is that section's own, kept through kept()."""

    loaded: object  # sprout.chapter.numbers.PublishedModels
    tinystories: object  # the TinyStories folder, or None
    cache: Cache
    examples_file: object
    seed: int
    race_record: dict  # the layer race's record (layer_race.read_record)
    early_race_record: dict  # the race under the first settings tried
    removal_record: dict  # the published pass over every head (removal_pass.published), {} for none
    scored_snapshots: tuple = ()  # a training run's snapshots scored onto the training story (the build's)
    # what kept() returned, so that a section asking twice (for its numbers, then its figure) is
    # answered at once, whatever the cache keeps
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

    def kept(self, name, code, compute, *key, publish=False):
        """cache.get keyed by the checkpoints, `key` (what else it reads: texts, corpus, seed) and
        the source of `code`, the module that computes it, or a tuple of such names (with every
        project module they import)."""
        modules = (code,) if isinstance(code, str) else code
        held = digest(name, modules, *key)
        if held not in self._held:
            self._held[held] = self.cache.get(
                name, compute, self.loaded.sha, *key, code_version(*modules), publish=publish
            )
        return self._held[held]

    # ---- results several sections read

    @cached_property
    def examples(self):
        """Per example: its record for the widgets and every head's attention for its figure."""
        models, tok = self.models64, self.tokenizer
        both = self.kept(
            "examples",
            "sprout.analysis.records",
            lambda: [example_records.example_record(t, models, tok) for t in self.tokenized],
            self.texts,
        )
        return {t.example.id: pair for t, pair in zip(self.tokenized, both)}

    @cached_property
    def heads(self):
        """head_scores() of Sprout and of its untrained twin."""
        sprout = self.models64["sprout"]
        return self.kept(
            "head_scores",
            "sprout.analysis.head_scores",
            lambda: {
                "sprout": head_scores(sprout, self.repeats, self.tokenized),
                "untrained_sprout": head_scores(untrained_like(sprout, self.seed), self.repeats, self.tokenized),
            },
            self.texts,
            self.seed,
            publish=True,
        )

    @cached_property
    def baselines(self):
        """Each kind's untrained and shuffled bands, and the heads called that kind."""
        sprout = self.models64["sprout"]
        return self.kept(
            "baselines",
            "sprout.chapter.baselines",
            lambda: baselines.baselines(sprout, self.repeats, self.tokenized, self.heads["sprout"], self.seed),
            self.texts,
            self.seed,
            publish=True,
        )

    @cached_property
    def induction_heads(self):
        """The heads called induction heads, (layer, head) 1-based, best first."""
        scores = self.heads["sprout"]["repeats"]["induction"]
        return baselines.called_heads(scores, self.baselines["induction"]["called"])

    @cached_property
    def control_pool(self):
        """The heads control sets are drawn from: neither induction nor previous-token heads
        (induction heads read the previous-token heads)."""
        read_by_them = baselines.called_heads(
            self.heads["sprout"]["examples"]["previous_token"], self.baselines["previous_token"]["called"]
        )
        cfg = self.loaded.models["sprout"].cfg
        return [
            (l, h)
            for l in range(1, cfg.n_layer + 1)
            for h in range(1, cfg.n_head + 1)
            if (l, h) not in {*self.induction_heads, *read_by_them}
        ]

    @cached_property
    def tom(self):
        """The head that sends most of "he" to "Tom" in the tom_he story."""
        return measurements.tom_he(self.models64["sprout"], self.example("tom_he"))

    @cached_property
    def losses(self):
        """Each model's held-out loss on each corpus: {corpus: {"about", "loss": {model: loss}}}.
        Each corpus is kept apart under what it reads (`about`: the generated stories' seed and
        count, or validation.txt's sha256): the generated stories are the same with or without a
        TinyStories folder, so a clone without one reuses their published losses."""

        def measured(texts, about):
            return {
                "about": about,
                "loss": {name: heldout_loss(self.models64[name], self.tokenizer, texts) for name in MODELS},
            }

        return {
            corpus: self.kept(
                f"heldout_losses_{corpus}",
                ("sprout.analysis.evaluate", "sprout.corpus.data"),
                lambda texts=texts, about=about: measured(texts, about),
                about,
                publish=True,
            )
            for corpus, (texts, about) in data.heldout_corpora(self.tinystories, HELDOUT_STORIES).items()
        }

    @cached_property
    def roles(self):
        """The heads the chapter names: role -> (layer, head), 1-based."""
        best = {kind: self.heads["sprout"]["top"][kind][0] for kind in ("induction", "previous_token")}
        return {
            "induction_head": (best["induction"]["layer"], best["induction"]["head"]),
            "previous_token_head": (best["previous_token"]["layer"], best["previous_token"]["head"]),
            "tom_head": (self.tom["layer"], self.tom["head"]),
        }

    @cached_property
    def removals(self):
        """ablations.json's content: every head removed alone (in float32 and bf16, as in training),
        and the induction heads removed together beside control draws."""
        sprout, tok, sha = self.loaded.models["sprout"], self.tokenizer, self.loaded.sha["sprout"]
        every = removal_pass.every_head(sprout, tok, sha, self.tinystories, self.removal_record, self.cache, self.seed)
        result = removal_pass.summary(sprout, every, self.removal_record)
        if self.induction_heads:
            result["together"] = removal_pass.together(
                sprout, tok, sha, self.induction_heads, self.control_pool, self.removal_record, self.cache, self.seed
            )
        return result

    @cached_property
    def race(self):
        """The race's controls measured as the baselines are (race.race_results)."""
        controls = {n: (in_float64(model), *rest) for n, (model, *rest) in self.loaded.controls.items()}
        return self.kept(
            "race",
            "sprout.chapter.race",
            lambda: race.race_results(self.models64, controls, self.tokenizer, self.tokenized, self.seed),
            self.loaded.control_sha,
            self.texts,
            self.seed,
            publish=True,
        )
