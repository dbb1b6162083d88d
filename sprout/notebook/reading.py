"""A notebook's text as a checkpoint reads it: ◆ and its tokens, cut to the model's context."""

from dataclasses import dataclass

from ..chapter.examples import Example, TokenizedExample
from ..texts import TextError, check_text, is_blank
from .checkpoints import ViewError

STORY_ID = "story"  # the one story a view holds; the widgets name their story by an id
PREVIEW = 40  # characters of text quoted around a cut


@dataclass(frozen=True)
class Reading:
    tokenized: TokenizedExample
    cut: str | None  # None, or the sentence that says where the text was cut


def read_text(text, checkpoint, title="Your text", cut=True):
    """The text tokenised for `checkpoint`; a text over its context is cut to fit (and the
    Reading says where), or with cut=False refused with that same sentence."""
    try:
        check_text(text)
    except TextError as e:
        raise ViewError(str(e)) from None
    if is_blank(text):
        raise ViewError("the text is empty: give the view at least one word to read")
    tokenizer, context = checkpoint.tokenizer, checkpoint.context
    ids = tokenizer.encode(text)
    note = None
    if context is not None and len(ids) > context:
        kept = len(ids[1:context])  # ◆ takes the first place
        read_bytes = sum(len(tokenizer.token_bytes(i)) for i in ids[1:context])
        read = text.encode("utf-8")[:read_bytes].decode("utf-8", errors="ignore")
        note = (
            f"The text is {len(ids) - 1:,} tokens long and {checkpoint.name} reads at most {context} "
            f"(◆ and {kept} more), so it is cut after character {len(read):,} of {len(text):,}: "
            f"…{read[-PREVIEW:]!r} is the last text read."
        )
        if not cut:
            raise ViewError(note.replace("so it is cut", "so it would be cut") + " Pass cut=True to read that much.")
        ids, text = ids[:context], read
    example = Example(STORY_ID, title, text, {})
    return Reading(TokenizedExample(example, ids, tokenizer.display_tokens(ids), {}), note)
