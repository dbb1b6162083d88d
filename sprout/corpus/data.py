"""Corpora: TinyStories-style files, the story generator, and the batches training reads."""

import hashlib
import random
import re
from dataclasses import asdict, dataclass
from pathlib import Path

import torch

from ..files import file_sha256
from . import stories
from .cleaning import clean_story
from .pronoun_stories import pronoun_story
from .renaming import rename_characters

STORY_SEPARATOR = "<|endoftext|>"
IGNORE = -100  # target value that the loss skips


def read_stories(path):
    """Stories from a file separated by <|endoftext|> lines, or else by blank lines."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no corpus file at {path}")
    text = path.read_text(encoding="utf-8", errors="replace")
    if STORY_SEPARATOR in text:
        parts = text.split(STORY_SEPARATOR)
    else:
        parts = re.split(r"\n\s*\n", text)
    cleaned = (clean_story(part) for part in parts)
    return [story for story in cleaned if story]


def is_validation(story, fraction):
    """A story's side of the split depends on its text only, so it never moves."""
    digest = hashlib.sha256(story.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < fraction


def split_stories(all_stories, validation_fraction=0.05):
    train = [s for s in all_stories if not is_validation(s, validation_fraction)]
    valid = [s for s in all_stories if is_validation(s, validation_fraction)]
    return train, valid


def tinystories_train_files(directory, pinned=None):
    """The training files of a TinyStories folder; no validation file is ever among them (the
    sample's validation.txt, the full download's TinyStories-valid.txt).

    `pinned` ({file name: sha256}) names the files a recipe read; each must be there with that
    hash, so that a file added to the folder later never changes what the recipe reproduces."""
    if pinned:
        files = [Path(directory) / name for name in sorted(pinned)]
        for path in files:
            if not path.is_file():
                raise FileNotFoundError(f"{path}: the recipe names this corpus file and it is missing")
            digest = file_sha256(path)
            if digest != pinned[path.name]:
                raise ValueError(
                    f"{path}: sha256 {digest[:12]}... differs from the recipe's {pinned[path.name][:12]}..."
                )
        return files
    files = sorted(p for p in Path(directory).glob("*.txt") if "valid" not in p.name.lower())
    if not files:
        raise FileNotFoundError(f"no training .txt files in {directory}")
    return files


@dataclass(frozen=True)
class Mix:
    """Shares of the documents in a training row (they need not sum to 1)."""

    generated: float = 1.0
    tinystories: float = 0.0
    copy: float = 0.0  # [◆, R, R, ...] with R random tokens: only copying predicts the repeats
    copy_min: int = 8  # length of R
    copy_max: int = 96
    copy_times: int = 2  # R appears 2 .. copy_times times
    # The first R is noise no model can predict. Leaving it out of the loss keeps its gradients
    # from drowning the copying signal of the repeats; scoring it in a share of the drills
    # keeps the model honest (near uniform) about random tokens it has not seen yet.
    score_first_copy: float = 0.0
    # [◆, S, S] with S a stretch of a generated story: copying in ordinary text, where the
    # language prior competes with what the first copy says
    echo: float = 0.0
    echo_min: int = 16
    echo_max: int = 64
    # Share of rows that hold one document only, the rest unscored padding: such a row looks
    # like the chapter's examples, where every token's only ◆ is the one at position 0.
    single_story: float = 0.0
    # two-child stories in which what follows "he"/"she" depends on who it is (pronoun_stories)
    pronouns: float = 0.0
    # share of TinyStories documents whose characters get new names (renaming.py), and the
    # share of those names that are made up (a made-up name says nothing of a child's gender)
    rename: float = 0.0
    rename_made_up: float = 0.5

    to_dict = asdict


def random_repeat(rng, vocab_size, start_id, length, times=2):
    """[◆, R, R] (R `times` times) for a random token sequence R of the given length."""
    span = [rng.randrange(vocab_size) for _ in range(length)]
    span = [t if t != start_id else (t + 1) % vocab_size for t in span]
    return [start_id, *(span * times)]


class TextStories:
    """Stories held as text in memory: len(), ids(i), text(i), like shards.ShardStories."""

    def __init__(self, texts, tokenizer):
        self.texts, self.tok = list(texts), tokenizer

    def __len__(self):
        return len(self.texts)

    def ids(self, i):
        return self.tok.encode(self.texts[i])

    def text(self, i):
        return self.texts[i]


# A kind of document is made from (BatchMaker, random.Random) as (token ids, whether each token
# is scored as a prediction target).


def all_scored(ids):
    return ids, [True] * len(ids)


def generated_document(maker, rng):
    return all_scored(maker.tok.encode(stories.generate_story(rng)))


def tinystories_document(maker, rng):
    i = rng.randrange(len(maker.real))  # the draw rng.choice(texts) would make
    if maker.mix.rename > 0 and rng.random() < maker.mix.rename:
        return all_scored(maker.tok.encode(rename_characters(maker.real.text(i), rng, maker.mix.rename_made_up)))
    return all_scored(maker.real.ids(i))


def copy_document(maker, rng):
    """[◆, R, R, ...], the first R unscored unless the mix scores it this time."""
    mix, share = maker.mix, maker.mix.score_first_copy
    length = rng.randint(mix.copy_min, mix.copy_max)
    times = rng.randint(2, max(2, mix.copy_times))
    ids = random_repeat(rng, maker.tok.vocab_size, maker.tok.start_id, length, times)
    scored_first = share >= 1 or (share > 0 and rng.random() < share)
    unscored = 1 if scored_first else 1 + length
    return ids, [i >= unscored for i in range(len(ids))]


def echo_document(maker, rng):
    """[◆, S, S] for a stretch S of a generated story."""
    ids = maker.tok.encode(stories.generate_story(rng), start=False)
    length = min(len(ids), rng.randint(maker.mix.echo_min, maker.mix.echo_max))
    start = rng.randrange(len(ids) - length + 1)
    span = ids[start : start + length]
    return all_scored([maker.tok.start_id, *span, *span])


def pronoun_document(maker, rng):
    return all_scored(maker.tok.encode(pronoun_story(rng)))


# Each kind of document by the Mix share that asks for it. The order is the population that
# rng.choices draws from, so it is part of the batches a seed produces.
DOCUMENT_KINDS = {
    "generated": generated_document,
    "tinystories": tinystories_document,
    "copy": copy_document,
    "echo": echo_document,
    "pronouns": pronoun_document,
}


class BatchMaker:
    """Training rows of seq_len + 1 tokens, each a run of documents that starts with ◆.

    Row contents depend only on (seed, step), so a resumed run sees exactly the batches an
    uninterrupted one would."""

    def __init__(self, tokenizer, mix, seed, real_stories=()):
        """real_stories: texts, or stories read from token shards (shards.ShardStories)."""
        self.real = real_stories if hasattr(real_stories, "ids") else TextStories(real_stories, tokenizer)
        if mix.tinystories > 0 and not len(self.real):
            raise ValueError("the mix asks for TinyStories but no stories were given")
        self.tok, self.mix, self.seed = tokenizer, mix, seed
        self.sources = [kind for kind in DOCUMENT_KINDS if getattr(mix, kind) > 0]
        self.weights = [getattr(mix, kind) for kind in self.sources]

    def document(self, rng):
        """(token ids, whether each token is scored as a prediction target)."""
        return DOCUMENT_KINDS[rng.choices(self.sources, self.weights)[0]](self, rng)

    def batch(self, step, batch_size, seq_len):
        """(inputs, targets), each (batch_size, seq_len); unscored targets are IGNORE."""
        rng = random.Random(self.seed * 1_000_003 + step)
        rows, scored = [], []
        for _ in range(batch_size):
            row, keep = [], []
            single = self.mix.single_story > 0 and rng.random() < self.mix.single_story
            while len(row) < seq_len + 1:
                ids, flags = self.document(rng)
                row.extend(ids)
                keep.extend(flags)
                if single:
                    break
            padding = seq_len + 1 - len(row)  # only after a single document; never scored
            row.extend([self.tok.start_id] * padding)
            keep.extend([False] * padding)
            rows.append(row[: seq_len + 1])
            scored.append(keep[1 : seq_len + 1])
        rows = torch.tensor(rows, dtype=torch.long)
        targets = rows[:, 1:].masked_fill(~torch.tensor(scored), IGNORE)
        return rows[:, :-1], targets


class StepBatches(torch.utils.data.IterableDataset):
    """The batches of steps start..end-1 in order, built by DataLoader workers: worker w of W
    builds steps start+w, start+w+W, ..., and the loader takes one from each in turn. A batch
    depends only on (seed, step), so any number of workers yields exactly the same stream."""

    def __init__(self, maker, start, end, shape_at):
        self.maker, self.start, self.end, self.shape_at = maker, start, end, shape_at

    def __iter__(self):
        info = torch.utils.data.get_worker_info()
        first, stride = (0, 1) if info is None else (info.id, info.num_workers)
        for step in range(self.start + first, self.end, stride):
            yield self.maker.batch(step, *self.shape_at(step))


def repeat_batch(vocab_size, start_id, n, count, seed=0):
    rng = random.Random(seed)
    return torch.tensor([random_repeat(rng, vocab_size, start_id, n) for _ in range(count)])


def step_batches(maker, start, end, shape_at, workers=0):
    """An iterator over the batches of steps start..end-1; workers > 0 builds them ahead in
    that many processes (a GPU can outrun one core's story generator)."""
    dataset = StepBatches(maker, start, end, shape_at)
    if workers <= 0:
        return iter(dataset)
    return iter(torch.utils.data.DataLoader(dataset, batch_size=None, num_workers=workers, prefetch_factor=4))


VALIDATION_FILES = ("validation.txt", "TinyStories-valid.txt")  # the sample's, the Hub's


def validation_file(tinystories_dir):
    """The folder's validation file (never trained on), or None."""
    found = [Path(tinystories_dir) / name for name in VALIDATION_FILES if tinystories_dir]
    return next((path for path in found if path.is_file()), None)


def validation_stories(tinystories_dir, count):
    """The first `count` stories of the folder's validation file, or None where there is no
    folder or no such file."""
    path = validation_file(tinystories_dir)
    return None if path is None else read_stories(path)[:count]


HELDOUT_SEED = 987_654_321


def heldout_generated(count=200, seed=HELDOUT_SEED):
    """Generated stories no training run sees (training seeds are small integers)."""
    return stories.generate_stories(seed, count)


def heldout_corpora(tinystories_dir, count):
    """{name: (stories, what they are)} for measuring on held-out text: `count` generated
    stories, and the first `count` of TinyStories' validation.txt where the folder has one.
    The description names the file by its sha256, so a number can say what it was measured on
    and a later check re-measures only what it can."""
    corpora = {"generated": (heldout_generated(count), {"corpus": "generated", "seed": HELDOUT_SEED, "stories": count})}
    validation = validation_stories(tinystories_dir, count)
    if validation:
        path = validation_file(tinystories_dir)
        about = {
            "corpus": "tinystories_validation",
            "file": path.name,
            "sha256": file_sha256(path),
            "stories": len(validation),
        }
        corpora["tinystories_validation"] = (validation, about)
    return corpora
