"""The commands that read a checkpoint: `sprout eval` (held-out loss), `sprout attend` (every
head's attention on a text), `sprout generate` (a sampled continuation) and `sprout which-heads`
(which heads made one guess of a text). The text and the
sampling options are checked before the model is loaded; a broken checkpoint is one line too
(sprout.checkpoint names the file)."""

import json
import sys

from ..corpus import data
from ..texts import TextError, check_text, decode_text, is_blank
from .options import finite_number, whole_number


def text_of(argument, what):
    """The text given on the command line, or read from stdin for "-", checked."""
    if argument == "-":
        return decode_text(sys.stdin.buffer.read(), f"{what} on stdin")
    return check_text(argument, what)


def cmd_eval(args):
    from ..analysis.evaluate import heldout_loss, perplexity
    from ..checkpoint import load_checkpoint

    model, tok, _ = load_checkpoint(args.checkpoint)
    texts = data.read_stories(args.corpus)[: args.limit or None] if args.corpus else data.heldout_generated()
    loss = heldout_loss(model, tok, texts)
    print(
        json.dumps(
            {"stories": len(texts), "loss_nats_per_token": round(loss, 4), "e_to_the_loss": round(perplexity(loss), 2)}
        )
    )


def cmd_attend(args):
    text = text_of(args.text, "the text")
    if is_blank(text):
        raise TextError("the text is empty (nothing but spaces or invisible characters): give at least one word")

    import torch

    from ..analysis.evaluate import token_losses
    from ..analysis.lens import capture_attention
    from ..checkpoint import load_checkpoint
    from ..model import context_of

    model, tok, _ = load_checkpoint(args.checkpoint)
    ids = tok.encode(text)
    limit = context_of(model)
    if limit is not None and len(ids) > limit:
        raise ValueError(f"the text is {len(ids)} tokens with ◆; this model reads at most {limit}")
    batch = torch.tensor([ids])
    logits, weights = capture_attention(model, batch)
    out = {
        "tokens": tok.display_tokens(ids),
        "ids": ids,
        "attention": [
            [[[round(w, 5) for w in row] for row in head] for head in layer] for layer in weights[0].tolist()
        ],
        "next_logprob": [round(-x, 5) for x in token_losses(logits, batch)[0].tolist()],
    }
    print(json.dumps(out, ensure_ascii=False))


def cmd_generate(args):
    prompt = check_text(args.prompt, "the prompt")  # an empty prompt: a story from its start mark

    from ..checkpoint import load_checkpoint
    from ..generate import sample

    model, tok, _ = load_checkpoint(args.checkpoint)
    print(sample(model, tok, prompt, args.tokens, args.temperature, args.top_k, args.seed))


def cmd_which_heads(args):
    text = text_of(args.text, "the text")
    from ..notebook.which_heads import READINGS, which_heads_data

    d = which_heads_data(text, args.token, args.checkpoint)
    if d["cut"]:
        print(d["cut"])
    print(
        f"{d['model']}'s guess of token {d['token']} {d['guessed']!r} after {d['after']!r}: log P = {d['logprob']:.3f}"
    )
    for key, title, unit in READINGS:
        print(f"\n{title} ({unit}):")
        for rank, h in enumerate(d["ranked"][key][: args.top], 1):
            print(f"{rank:3d}. head {h['layer']}.{h['head']}  {h['value']:8.3f}")


def add_eval(sub):
    e = sub.add_parser("eval", help="held-out loss in nats per token, and e^loss")
    e.add_argument("checkpoint")
    e.add_argument("--corpus", help="stories file (default: held-out generated stories)")
    e.add_argument("--limit", type=int, default=0, help="use only the first N stories")
    e.set_defaults(func=cmd_eval)


def add_attend(sub):
    a = sub.add_parser(
        "attend",
        help="text in, tokens + attention of every head out (JSON)",
        description="Prints one JSON object: tokens (the exact text of each piece, the start mark ◆ "
        "first), ids, attention ([layer][head][query][key], every index from 0, zeros above the "
        "diagonal) and next_logprob (the log-probability of each actual next token, one fewer than the "
        "tokens).",
    )
    a.add_argument("checkpoint")
    a.add_argument("text", help="the text (UTF-8, not empty), or - to read stdin")
    a.set_defaults(func=cmd_attend)


def add_which_heads(sub):
    w = sub.add_parser(
        "which-heads", help="which heads made one guess of a text: removal cost and direct effect, ranked"
    )
    w.add_argument("checkpoint", help="a checkpoint folder, or sprout or gpt1 (the published ones)")
    w.add_argument("text", help="the text (UTF-8, not empty), or - to read stdin")
    w.add_argument("--token", type=int, required=True, help="the guessed token's index (0 is ◆, so 1 or more)")
    w.add_argument("--top", type=whole_number(1), default=10, help="heads listed per reading (default 10)")
    w.set_defaults(func=cmd_which_heads)


def add_generate(sub):
    g = sub.add_parser("generate", help="sample a continuation")
    g.add_argument("checkpoint")
    g.add_argument("prompt", help="the story's beginning (UTF-8; empty: a story from its start)")
    g.add_argument("--tokens", type=whole_number(1), default=80, help="how many tokens to add, at least 1")
    g.add_argument(
        "--temperature",
        type=finite_number(0),
        default=0.8,
        help="0 always takes the likeliest token; higher is more varied (default 0.8)",
    )
    g.add_argument("--top-k", type=whole_number(1), default=40, help="sample among the k likeliest tokens, k >= 1")
    g.add_argument("--seed", type=int, default=0)
    g.set_defaults(func=cmd_generate)
