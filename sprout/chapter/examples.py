"""The chapter's example stories (examples.toml beside this file), checked and tokenised."""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

EXAMPLES_FILE = Path(__file__).with_name("examples.toml")


class ExampleError(ValueError):
    pass


@dataclass(frozen=True)
class Example:
    id: str
    title: str
    text: str
    marks: dict  # name -> (text, occurrence)


@dataclass(frozen=True)
class TokenizedExample:
    example: Example
    ids: list
    tokens: list  # display strings, ◆ first
    spans: dict  # mark name -> (first token index, end index), indices into ids


def load_examples(path=EXAMPLES_FILE):
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ExampleError(f"no examples file at {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise ExampleError(f"{path} is not valid TOML: {e}") from None
    entries = raw.get("example")
    if not isinstance(entries, list) or not entries:
        raise ExampleError(f"{path}: no [[example]] entries")
    examples, seen = [], set()
    for number, entry in enumerate(entries, 1):
        examples.append(_parse(entry, f"{path.name}, example {entry.get('id', f'#{number}')!s}"))
        if examples[-1].id in seen:
            raise ExampleError(f"{path.name}: the id {examples[-1].id!r} is used twice")
        seen.add(examples[-1].id)
    return examples


def _parse(entry, where):
    for key in ("id", "title", "text"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise ExampleError(f"{where}: '{key}' must be a non-empty string")
    if not re.fullmatch(r"[a-z0-9_]+", entry["id"]):
        raise ExampleError(f"{where}: id must be lowercase letters, digits and _")
    marks = {}
    for name, mark in entry.get("marks", {}).items():
        if not isinstance(mark, dict) or not isinstance(mark.get("text"), str):
            raise ExampleError(f"{where}: mark '{name}' needs a text")
        occurrence = mark.get("occurrence", 1)
        if not isinstance(occurrence, int) or occurrence < 1:
            raise ExampleError(f"{where}: mark '{name}' has a bad occurrence {occurrence!r}")
        marks[name] = (mark["text"], occurrence)
    return Example(entry["id"], entry["title"], entry["text"], marks)


def char_span(text, phrase, occurrence):
    hits = [m.span() for m in re.finditer(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)]
    if len(hits) < occurrence:
        return None
    return hits[occurrence - 1]


def tokenize_example(example, tokenizer, context):
    """Token ids, display strings and the token span of every mark; ExampleError if it fails."""
    ids = tokenizer.encode(example.text)
    if context is not None and len(ids) > context:
        raise ExampleError(f"example {example.id}: {len(ids)} tokens (with ◆) exceed the context of {context}")
    tokens = tokenizer.display_tokens(ids)
    ends, position = [], 0  # byte offset in the UTF-8 text where each token after ◆ ends
    for token_id in ids[1:]:
        position += len(tokenizer.token_bytes(token_id))
        ends.append(position)
    spans = {}
    for name, (phrase, occurrence) in example.marks.items():
        found = char_span(example.text, phrase, occurrence)
        if found is None:
            raise ExampleError(
                f"example {example.id}: mark '{name}' wants occurrence {occurrence} "
                f"of {phrase!r}, which the text does not have"
            )
        start, end = (len(example.text[:i].encode("utf-8")) for i in found)
        first = 1 + next(i for i, e in enumerate(ends) if e > start)
        last = 1 + next(i for i, e in enumerate(ends) if e >= end)
        spans[name] = (first, last + 1)
    return TokenizedExample(example, ids, tokens, spans)
