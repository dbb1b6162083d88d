"""Token shards: a corpus tokenized once into flat files that training reads story by story.

A prepared folder holds index.json, tokenizer.json and, for each split (train, heldout: the same
5% hold-out as the text path), shards `<split>-NNNN.bin` (little-endian uint16 tokens, each story
starting with ◆) beside `<split>-NNNN.offsets.bin` (int64: where each story starts, then the
end). The index names the source files with their sha256 and the tokenizer by the sha256 of its
JSON, so shards are never read with a tokenizer they were not made with. Stories keep the order
of the text path, so a shard-fed run draws exactly the batches a text-fed one would.

Reading: a story is one positioned read (os.pread) of its offsets and its tokens, served by the
page cache. Memory-mapping the shards was measured first: every random story mapped its
neighbours too (the kernel's fault-around), so 2,000 draws from a 141 MB shard added 139 MB of
mapped file pages to the process's RSS (its own memory, RssAnon, stayed flat)."""

import json
import os
import re
from pathlib import Path

import numpy as np
from tqdm import tqdm

from .. import atomic
from ..checkpoint import write_json
from ..corpus import data
from ..corpus.cleaning import clean_story
from ..files import file_sha256

FORMAT = 1
INDEX = "index.json"
SHARD_TOKENS = 1 << 27  # 128M tokens (256 MB) per shard at most
ENCODE_BATCH = 2048  # stories per encode_batch call (the tokenizer spreads each over the cores)
READ_BLOCK = 8 << 20
TOKEN, OFFSET = np.dtype("<u2"), np.dtype("<i8")


class ShardError(ValueError):
    pass


def iter_stories(path):
    """The stories of one file, as data.read_stories gives them, read a block at a time so a
    2 GB file never sits in memory whole."""
    with open(path, encoding="utf-8", errors="replace") as f:
        by_separator = _has_separator(f)
        f.seek(0)
        splitter = re.compile(re.escape(data.STORY_SEPARATOR) if by_separator else r"\n\s*\n")
        rest = ""
        for block in iter(lambda: f.read(READ_BLOCK), ""):
            parts = splitter.split(rest + block)
            rest = parts.pop()  # may continue in the next block
            yield from filter(None, map(clean_story, parts))
        story = clean_story(rest)
        if story:
            yield story


def _has_separator(f):
    tail = ""  # the end of the last block, where a separator may begin
    for block in iter(lambda: f.read(READ_BLOCK), ""):
        if data.STORY_SEPARATOR in tail + block:
            return True
        tail = (tail + block)[-len(data.STORY_SEPARATOR) :]
    return False


class ShardWriter:
    """Appends tokenized stories of one split to shards of at most SHARD_TOKENS tokens."""

    def __init__(self, folder, split):
        self.folder, self.split, self.shards = folder, split, []
        self.file, self.offsets = None, []

    def add(self, ids):
        if self.file is None or self.offsets[-1] + len(ids) > SHARD_TOKENS:
            self.close_shard()
            name = f"{self.split}-{len(self.shards):04d}"
            self.file, self.offsets = open(self.folder / f"{name}.bin", "wb"), [0]
            self.shards.append({"tokens_file": f"{name}.bin", "offsets_file": f"{name}.offsets.bin"})
        self.file.write(np.asarray(ids, dtype=TOKEN).tobytes())
        self.offsets.append(self.offsets[-1] + len(ids))

    def close_shard(self):
        if self.file is None:
            return
        self.file.close()
        shard = self.shards[-1]
        np.asarray(self.offsets, dtype=OFFSET).tofile(self.folder / shard["offsets_file"])
        shard.update(stories=len(self.offsets) - 1, tokens=self.offsets[-1])
        self.file = None

    def summary(self):
        self.close_shard()
        return {
            "stories": sum(s["stories"] for s in self.shards),
            "tokens": sum(s["tokens"] for s in self.shards),
            "shards": self.shards,
        }


def prepare(tinystories_dir, out, tok, quiet=False, validation_fraction=0.05):
    """Tokenize the folder's training files into out/ (written beside it, swapped in whole);
    returns the index."""
    if tok.vocab_size > np.iinfo(np.uint16).max + 1:
        raise ShardError(f"a vocabulary of {tok.vocab_size} tokens does not fit uint16 shards")
    files = data.tinystories_train_files(tinystories_dir)
    with atomic.replacing_folder(out) as tmp:
        writers = {"train": ShardWriter(tmp, "train"), "heldout": ShardWriter(tmp, "heldout")}
        total = sum(f.stat().st_size for f in files)
        with tqdm(total=total, unit="B", unit_scale=True, disable=quiet, desc="tokenizing") as bar:
            for path in files:
                batch = []
                for story in iter_stories(path):
                    batch.append(story)
                    if len(batch) == ENCODE_BATCH:
                        _write(batch, tok, writers, validation_fraction, bar)
                        batch = []
                _write(batch, tok, writers, validation_fraction, bar)
        index = {
            "format": FORMAT,
            "tokenizer_sha256": tok.sha256(),
            "vocab_size": tok.vocab_size,
            "start_id": tok.start_id,
            "dtype": "uint16",
            "validation_fraction": validation_fraction,
            "sources": [{"file": f.name, "bytes": f.stat().st_size, "sha256": file_sha256(f)} for f in files],
            "splits": {name: w.summary() for name, w in writers.items()},
        }
        tok.save(tmp / "tokenizer.json")
        write_json(tmp / INDEX, index)
    return index


def _write(batch, tok, writers, validation_fraction, bar):
    for story, ids in zip(batch, tok.encode_batch(batch)):
        writers["heldout" if data.is_validation(story, validation_fraction) else "train"].add(ids)
    # the bar counts source bytes; a story's length in UTF-8 is close (separators aside)
    bar.update(sum(len(s.encode("utf-8")) for s in batch))


def read_index(folder):
    path = Path(folder) / INDEX
    if not path.is_file():
        raise ShardError(
            f"no {INDEX} in {folder}: make one with `sprout data prepare --tinystories DIR --out {folder}`"
        )
    try:
        index = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise ShardError(f"{path} is not valid JSON: {e}") from None
    if index.get("format") != FORMAT:
        raise ShardError(f"{path} has format {index.get('format')!r}; this version reads format {FORMAT}")
    return index


class ShardStories:
    """The stories of one split on disk: len(), ids(i), text(i). Only the stories drawn are
    ever read, so memory does not grow with the corpus."""

    def __init__(self, folder, tok, split="train"):
        self.folder, self.tok, self.split = Path(folder), tok, split
        index = read_index(folder)
        if index["tokenizer_sha256"] != tok.sha256():
            raise ShardError(
                f"{self.folder} was tokenized with tokenizer {index['tokenizer_sha256'][:12]}, "
                f"not this run's {tok.sha256()[:12]}: prepare it again with this "
                f"tokenizer (--tokenizer) or train with {self.folder / 'tokenizer.json'}"
            )
        self.shards = index["splits"][split]["shards"]
        self.sources = {source["file"]: source["sha256"] for source in index["sources"]}  # for training.json
        for shard in self.shards:
            self._check(shard)
        counts = [s["stories"] for s in self.shards]
        self.starts = np.cumsum([0, *counts])
        self._files = None

    def _check(self, shard):
        tokens, offsets = self.folder / shard["tokens_file"], self.folder / shard["offsets_file"]
        for path in (tokens, offsets):
            if not path.is_file():
                raise ShardError(f"{self.folder / INDEX} names {path.name}, which is missing: prepare the folder again")
        if tokens.stat().st_size != TOKEN.itemsize * shard["tokens"]:
            raise ShardError(
                f"{tokens} holds {tokens.stat().st_size // TOKEN.itemsize} tokens, the index says "
                f"{shard['tokens']}: the shard is truncated or was changed; prepare the folder again"
            )
        if offsets.stat().st_size != OFFSET.itemsize * (shard["stories"] + 1):
            raise ShardError(
                f"{offsets} holds {offsets.stat().st_size // OFFSET.itemsize - 1} stories, the index "
                f"says {shard['stories']}: the file is truncated or was changed; prepare the folder again"
            )

    def files(self):
        if self._files is None:  # opened on first use: a DataLoader worker opens its own
            self._files = [
                (
                    os.open(self.folder / s["tokens_file"], os.O_RDONLY),
                    os.open(self.folder / s["offsets_file"], os.O_RDONLY),
                )
                for s in self.shards
            ]
        return self._files

    def __getstate__(self):
        return {**self.__dict__, "_files": None}

    def __del__(self):
        for fds in getattr(self, "_files", None) or ():
            for fd in fds:
                os.close(fd)

    def __len__(self):
        return int(self.starts[-1])

    def ids(self, i):
        shard = int(np.searchsorted(self.starts, i, side="right")) - 1
        tokens, offsets = self.files()[shard]
        j = int(i - self.starts[shard])
        start, end = np.frombuffer(os.pread(offsets, 2 * OFFSET.itemsize, j * OFFSET.itemsize), dtype=OFFSET)
        return np.frombuffer(
            os.pread(tokens, int(end - start) * TOKEN.itemsize, int(start) * TOKEN.itemsize), dtype=TOKEN
        ).tolist()

    def text(self, i):
        return self.tok.decode(self.ids(i))
