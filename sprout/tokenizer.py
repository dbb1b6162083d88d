"""Byte-level BPE tokenizer with a start mark of its own.

Why 4,096 tokens: the stories use a few thousand everyday words, so nearly every common word
(with its leading space) becomes one token, while made-up names still break into several
pieces, which is what the copying tests need. A larger vocabulary would mostly add rare tokens
and make the embedding and the output layer (the costliest matmul on a CPU) bigger.
"""

import hashlib
from pathlib import Path

from tokenizers import Tokenizer as HFTokenizer
from tokenizers import decoders, models, pre_tokenizers, trainers

from . import atomic

START = "<|start|>"  # the start mark as stored in the vocabulary
START_GLYPH = "\u25c6"  # how readers see it: ◆
DEFAULT_VOCAB_SIZE = 4096


def _byte_alphabet():
    """The byte -> printable character map of byte-level BPE (GPT-2's convention)."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAC + 1), *range(0xAE, 0xFF + 1)]
    table, extra = {}, 0
    for b in range(256):
        if b in printable:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return {char: b for b, char in table.items()}


_CHAR_TO_BYTE = _byte_alphabet()


class Tokenizer:
    def __init__(self, hf):
        self.hf = hf
        self.hf.encode_special_tokens = True  # "<|start|>" typed in a text stays plain text
        self.start_id = hf.token_to_id(START)
        if self.start_id is None:
            raise ValueError(f"tokenizer has no start mark {START!r}")

    @classmethod
    def train(cls, texts, vocab_size=DEFAULT_VOCAB_SIZE):
        hf = HFTokenizer(models.BPE())
        hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        hf.decoder = decoders.ByteLevel()
        trainer = trainers.BpeTrainer(
            vocab_size=vocab_size,
            special_tokens=[START],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
            show_progress=False,
        )
        hf.train_from_iterator(texts, trainer=trainer)
        return cls(hf)

    @classmethod
    def load(cls, path):
        path = Path(path)
        if path.is_dir():
            path = path / "tokenizer.json"
        if not path.exists():
            raise FileNotFoundError(f"no tokenizer at {path}")
        try:
            hf = HFTokenizer.from_file(str(path))
        except Exception as e:  # the tokenizers library raises a bare Exception for any bad file
            raise ValueError(f"{path} is not a tokenizer file ({e})") from None
        try:
            return cls(hf)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None

    def save(self, path):
        with atomic.replacing(path) as temporary:
            self.hf.save(str(temporary))

    def sha256(self):
        """A hash of the vocabulary and merges, the same for every copy of this tokenizer."""
        return hashlib.sha256(self.hf.to_str().encode("utf-8")).hexdigest()

    @property
    def vocab_size(self):
        return self.hf.get_vocab_size()

    def encode(self, text, start=True):
        ids = self.hf.encode(text, add_special_tokens=False).ids
        return [self.start_id, *ids] if start else ids

    def encode_batch(self, texts, start=True):
        encoded = self.hf.encode_batch(list(texts), add_special_tokens=False)
        return [[self.start_id, *e.ids] if start else e.ids for e in encoded]

    def decode(self, ids):
        return self.hf.decode([i for i in ids if i != self.start_id], skip_special_tokens=False)

    def token_bytes(self, token_id):
        piece = self.hf.id_to_token(token_id)
        if piece is None:
            raise ValueError(f"token id {token_id} is outside the vocabulary")
        return bytes(_CHAR_TO_BYTE[c] for c in piece)

    def display(self, token_id):
        """The token's exact text (leading space included); ◆ for the start mark.

        A piece that holds only part of a multi-byte character shows its bytes as \\xNN."""
        if token_id == self.start_id:
            return START_GLYPH
        return self.token_bytes(token_id).decode("utf-8", errors="backslashreplace")

    def display_tokens(self, ids):
        return [self.display(i) for i in ids]
