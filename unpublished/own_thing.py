"""A research note, kept out of the package: no sentence of the chapter rests on it. Run it from
the repository root (`from unpublished.own_thing import own_thing_stats`); it measured, on the published Sprout,
whether removing the Tom head moves the guess of whose thing comes after "his".

Where the Tom head's attention from "he" can act: the guesses after the pronoun.

Under the causal mask a head's output at "he" reaches only the guesses made at "he" and after
it, never the guess of "he" itself. So its job is measured on what follows: the pronoun probe's
stories in which both children have a thing of their own are read on to "he dug for his <thing>",
and the guess of the thing after "his" is scored, the referent's against the other child's. The
Tom head is removed (its mean output, as in every removal of sprout.chapter.removals) at every
token, at "he" only, and at "his" only.
"""

import re
import string

import torch

from sprout.analysis import ablate
from sprout.analysis.ablate import removed_at
from sprout.chapter import removals
from sprout.chapter.examples import Example, tokenize_example
from sprout.chapter.probe_texts import PROBE_STORIES, PRONOUN_TEMPLATES, pronoun_examples
from sprout.chapter.seeded_probes import share_before_pronoun

# How a story of these templates goes on: the thing after "his"/"her" is the referent's ({y});
# the other child ({b}) has a thing of its own ({x}) in both. "lost" and "own" keep "her" from
# reading as "him" ("dug for her." is a sentence too).
ENDINGS = {0: " for {his} lost {y}.", 2: " at {his} own {y}."}


def template_fields(template, text):
    """The values a text filled a template's fields with, or None when it is not of that template."""
    pattern, seen = "", set()
    for literal, field, _, _ in string.Formatter().parse(template):
        pattern += re.escape(literal)
        if field:
            pattern += f"(?P={field})" if field in seen else rf"(?P<{field}>\w+)"
            seen.add(field)
    found = re.fullmatch(pattern, text)
    return found.groupdict() if found else None


def own_thing_examples(count=PROBE_STORIES):
    """The pronoun probe's stories (the same seeded ones) whose template gives both children a
    thing, read on past the pronoun to "his <the referent's thing>". Marks: "he", "his" (the
    possessive after it), "own" (the referent's thing, there) and "other" (the other child's
    thing, its only naming)."""
    out = []
    for example in pronoun_examples(count):
        for number, ending in ENDINGS.items():
            fields = template_fields(PRONOUN_TEMPLATES[number], example.text)
            if fields is None:
                continue
            his = {"he": "his", "she": "her"}[fields["he"]]
            text = example.text + ending.format(his=his, y=fields["y"])
            marks = {
                "he": (fields["he"], 1),
                "his": (his, 1),
                "own": (fields["y"], len(re.findall(rf"\b{fields['y']}\b", text))),
                "other": (fields["x"], 1),
            }
            out.append(Example(example.id.replace("pronoun_", "own_thing_"), "own-thing probe", text, marks))
    return out


def own_thing_measures(tokenizer, examples, context):
    """P(the referent's thing) and P(the other child's thing) at the same place, right after
    "his"/"her". The other's row is the same text with the other's thing put in its place."""
    own, other, at = [], [], []
    for example in examples:
        t = tokenize_example(example, tokenizer, context)
        start = t.spans["own"][0]
        own.append(tuple(t.ids[: start + 1]))
        other.append((*t.ids[:start], t.ids[t.spans["other"][0]]))
        at.append((start - 1,))
    return [
        ablate.Measure("own_thing", tuple(own), tuple(at), kind="prob"),
        ablate.Measure("other_thing", tuple(other), tuple(at), kind="prob"),
    ]


def own_thing_stats(model, tok, roles, count=PROBE_STORIES, autocast_bf16=False):
    """P(the referent's thing after "his") and P(the other child's thing there), intact and
    without each role's head (roles: role -> (layer, head), 1-based, "tom_head" among them) at
    every token, and without the Tom head at "he" only and at "his" only."""
    examples = own_thing_examples(count)
    measures = own_thing_measures(tok, examples, model.cfg.context)
    means = ablate.mean_head_outputs(model, removals.reference_texts(tok), removals.STORY_TOKENS, autocast_bf16)
    heads = {role: (layer - 1, head - 1) for role, (layer, head) in roles.items()}
    removed = ablate.ablate_heads(model, measures, means, autocast_bf16, only=set(heads.values()))
    stats = {
        "own_thing.stories": len(examples),
        "own_thing.intact.own": removed["intact"]["own_thing"],
        "own_thing.intact.other": removed["intact"]["other_thing"],
    }
    for role, (layer, head) in heads.items():
        for name, measure in (("own", "own_thing"), ("other", "other_thing")):
            stats[f"own_thing.without_{role}.{name}"] = removed["ablated"][measure][layer][head]
    tokenized = [tokenize_example(e, tok, model.cfg.context) for e in examples]
    for at in ("he", "his"):
        where = [(t.spans[at][0],) for t in tokenized]
        value = removed_at(model, measures[0], means, *heads["tom_head"], where, autocast_bf16)
        stats[f"own_thing.without_tom_head_at_{at}.own"] = round(value, 5)
    stats["probes.pronoun.tom_head_before_pronoun"] = round(
        share_before_pronoun(model, tok, *heads["tom_head"], count), 4
    )
    return stats


def roles(stats):
    """The heads the chapter names, from sprout.chapter.measurements' stats: role -> (layer, head)."""
    return {
        "induction_head": (stats["heads.induction.layer"], stats["heads.induction.head"]),
        "previous_token_head": (stats["heads.previous_token.layer"], stats["heads.previous_token.head"]),
        "tom_head": (stats["tom_he.layer"], stats["tom_he.head"]),
    }
