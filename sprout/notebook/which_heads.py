"""notebook.which_heads: which heads made one guess of a text, for any checkpoint, as the story
page's panel answers it: every head's direct effect on the guess and what removing it alone
costs (sprout.analysis.guess_heads), ranked, with each reading's 8 x 6 grid as a table.

A head is removed as the page's switches remove it: replaced by its mean output over the
reference stories (sprout.chapter.switch_means, the means the browser file ships),
averaged on the float32 checkpoint as the export averages them; the guess itself is read in
float64, as the other views read theirs."""

import functools
import html

from ..analysis import guess_heads
from ..chapter.switch_means import switch_means as means_of
from ..checkpoint import load_checkpoint
from . import checkpoints
from .checkpoints import ViewError
from .reading import read_text

TOP = 5  # heads in each ranked list a view or the command shows by default
DIGITS = 4


@functools.lru_cache(maxsize=2)
def _switch_means(folder, stamp):
    model, tokenizer, _ = load_checkpoint(folder)
    return means_of(model, tokenizer)


def switch_means(ckpt):
    weights = ckpt.folder / "model.safetensors"
    return _switch_means(ckpt.folder.resolve(), weights.stat().st_mtime_ns).to(ckpt.model.embed.weight.dtype)


def heads_listed(values, count=None):
    return [
        {"layer": layer, "head": head, "value": round(value, DIGITS)}
        for (layer, head), value in guess_heads.ranked(values, count)
    ]


def which_heads_data(text, token, checkpoint="sprout", cut=True):
    """The guess of token `token` of `text` (0 is ◆) and every head's part in it, as plain data."""
    ckpt = checkpoints.load(checkpoint)
    if not ckpt.has_attention:
        raise ViewError(f"{ckpt.folder} is {ckpt.name}, which has no heads")
    reading = read_text(text, ckpt, cut=cut)
    ids, tokens = reading.tokenized.ids, reading.tokenized.tokens
    try:
        guess_heads.check_token(ids, token)
    except guess_heads.GuessError as e:
        raise ViewError(str(e)) from None
    found = guess_heads.guess_heads(ckpt.model, ids, token, switch_means(ckpt))
    return {
        "model": ckpt.name,
        "tokens": tokens,
        "token": token,
        "guessed": tokens[token],
        "after": tokens[token - 1],
        "logprob": round(found.logprob, DIGITS),
        "direct": [[round(v, DIGITS) for v in row] for row in found.direct.tolist()],
        "removal": [[round(v, DIGITS) for v in row] for row in found.removal.tolist()],
        "ranked": {"direct": heads_listed(found.direct), "removal": heads_listed(found.removal)},
        "cut": reading.cut,
    }


READINGS = (
    ("removal", "Cost of removing the head alone", "nats of log-probability lost"),
    ("direct", "Direct effect", "logits, final norm's scale frozen, against the mean logit"),
)


class WhichHeads:
    """What a notebook displays: the guess, each reading's ranked list and its grid as tables."""

    def __init__(self, data, top=TOP):
        self.data, self.top = data, top

    def _table(self, key, title, unit):
        grid = self.data[key]
        head_cells = "".join(f'<th scope="col">head {h + 1}</th>' for h in range(len(grid[0])))
        rows = "".join(
            f'<tr><th scope="row">layer {layer + 1}</th>' + "".join(f"<td>{v:.3f}</td>" for v in row) + "</tr>"
            for layer, row in enumerate(grid)
        )
        items = "".join(
            f"<li>head {h['layer']}.{h['head']}: {h['value']:.3f}</li>" for h in self.data["ranked"][key][: self.top]
        )
        return (
            f"<section><h4>{html.escape(title)} ({html.escape(unit)})</h4><ol>{items}</ol>"
            f"<table><caption>{html.escape(title)}, every head</caption>"
            f"<tr><td></td>{head_cells}</tr>{rows}</table></section>"
        )

    def _repr_html_(self):
        d = self.data
        note = f'<p class="sprout-note" role="note">{html.escape(d["cut"])}</p>' if d["cut"] else ""
        heading = (
            f"<p>{html.escape(d['model'])}'s guess of token {d['token']} {html.escape(repr(d['guessed']))} "
            f"after {html.escape(repr(d['after']))}: log P = {d['logprob']:.3f}</p>"
        )
        tables = "".join(self._table(*reading) for reading in READINGS)
        return f'<div class="sprout-view" lang="en">{note}{heading}{tables}</div>'

    def __repr__(self):
        d = self.data
        return f"<which heads: {d['model']}, token {d['token']} {d['guessed']!r}>"


def which_heads(text, token, checkpoint="sprout", top=TOP, cut=True):
    """Which heads made the guess of token `token` (0-based, 0 is ◆) of `text`: each head's
    direct effect and the cost of removing it alone, the `top` of each ranked."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ViewError(f"top must be a whole number from 1, not {top!r}")
    return WhichHeads(which_heads_data(text, token, checkpoint, cut), top)
