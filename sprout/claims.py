"""The chapter's claims about the trained models, measured on the published checkpoints."""
import json
from pathlib import Path

import torch

from . import ablate, data
from .checkpoint import load_checkpoint
from .evaluate import heldout_loss
from .examples import load_examples, tokenize_example
from .inspect import best_head, head_report, story_scores
from .corpus.probe_texts import PROBE_STORIES, name_examples, pronoun_examples
from .probes import attention_share, name_copy_prob, next_piece_probs, parking_corpus, pronoun_share

MODELS = ("window", "gpt1", "sprout")
REPEAT_LENGTH, REPEAT_COUNT = 48, 32  # [◆, R, R] with |R| = 48, 32 sequences
HELDOUT_STORIES = 200

# The floors the tests hold the published models to.
THRESHOLDS = {
    "induction_score": 0.5,  # sprout.best_induction >=
    "sprout_repeat_drop": 4.0,  # nats, >=
    "gpt1_repeat_drop": 1.0,  # nats, <
    "previous_token_score": 0.8,  # >=
    "first_token_argmax_share": 0.8,  # >=
    "tom_he_share": 0.7,  # >=
    "zorbin_sprout_prob": 0.9,  # mean over the second occurrence's pieces, >=
    "zorbin_gpt1_prob": 0.05,  # <
    # the same question over PROBE_STORIES stories, each with its own made-up name
    "name_probe_sprout": 0.8,  # >=
    "name_probe_gpt1": 0.1,  # <
    # removing a head (sprout.ablate: its output replaced by its mean over held-out stories)
    "induction_removal_kept": 0.5,  # share of the repeat's advantage left without the induction head, <
    "quiet_head_breaks": ablate.NOTHING,  # the head whose removal costs least: every ability loses <
}


def tom_he(model, tokenizer, example):
    tokenized = tokenize_example(example, tokenizer, model.cfg.context)
    he = tokenized.spans["he"][0]
    toms = [i for i in range(he) if tokenized.tokens[i].strip() == "Tom"]
    share = attention_share(model, tokenized.ids, he, toms)  # (layers, heads): "he" on every "Tom"
    return {**best_head(share), "tom_positions": toms, "he_position": he}


def measure_claims(checkpoints, tinystories_dir=None):
    checkpoints = Path(checkpoints)
    loaded = {name: load_checkpoint(checkpoints / name) for name in MODELS}
    tok = loaded["sprout"][1]
    examples = {e.id: e for e in load_examples()}
    result = {"checkpoints": str(checkpoints)}

    reports = {name: head_report(loaded[name][0], tok.vocab_size, tok.start_id, REPEAT_LENGTH, REPEAT_COUNT)
               for name in MODELS}
    for name, rep in reports.items():
        result[f"{name}_repeat_loss_first"] = rep["repeat_loss_first"]
        result[f"{name}_repeat_loss_second"] = rep["repeat_loss_second"]
        result[f"{name}_repeat_drop"] = round(rep["repeat_loss_first"] - rep["repeat_loss_second"], 4)
    sprout = loaded["sprout"][0]
    result["induction_head"] = best_head(torch.tensor(reports["sprout"]["induction_scores"]))
    # the same detectors on [◆, R, R], where no word can pull a head away from its pattern
    result["repeats_previous_token_head"] = best_head(torch.tensor(reports["sprout"]["previous_token_scores"]))
    result["repeats_first_token_argmax_head"] = best_head(torch.tensor(reports["sprout"]["first_token_argmax_scores"]))

    prev, first, argmax = story_scores(sprout, tok, [e.text for e in examples.values()])  # "across the examples"
    result["previous_token_head"] = best_head(prev)
    result["first_token_head"] = best_head(first)
    result["first_token_argmax_head"] = best_head(argmax)
    result["first_token_mean_share"] = round(first.mean().item(), 4)

    result["tom_he"] = tom_he(sprout, tok, examples["tom_he"])
    for name in ("gpt1", "sprout"):
        probs = next_piece_probs(loaded[name][0], tok, examples["zorbin"], "second")
        result[f"zorbin_{name}_probs"] = probs
        result[f"zorbin_{name}_mean_prob"] = round(sum(probs) / len(probs), 4)

    result.update(steady_probes({name: loaded[name][0] for name in ("gpt1", "sprout")}, tok, result["tom_he"],
                                tinystories_dir))

    result.update(removal_claims(sprout, tok, result["induction_head"], result["tom_he"]))

    for corpus, (texts, about) in data.heldout_corpora(tinystories_dir, HELDOUT_STORIES).items():
        result["measured_on"][f"loss_{corpus}"] = about
        for name in MODELS:
            result[f"loss_{corpus}_{name}"] = round(heldout_loss(loaded[name][0], tok, texts), 4)
    return result


def steady_probes(models, tok, tom_head, tinystories_dir=None, count=PROBE_STORIES):
    """The one-story claims asked of many seeded stories (see sprout.probes): not floors, but
    the numbers that say how far an example speaks for the model. models: name -> model,
    Sprout's attention probed, every model's copying of made-up names. "measured_on" names the
    held-out corpus of each result key that read one (the others read generated probes)."""
    sprout = models["sprout"]
    share = pronoun_share(sprout, tok, pronoun_examples(count))
    texts, about = parking_corpus(tinystories_dir, count)
    _, _, parking = story_scores(sprout, tok, texts)
    names = name_examples(count)
    return {
        "probe_stories": count,
        "pronoun_probe": best_head(share),
        "pronoun_probe_tom_head": round(share[tom_head["layer"] - 1, tom_head["head"] - 1].item(), 4),
        "first_token_argmax_probe": best_head(parking),
        **{f"name_probe_{name}": round(name_copy_prob(model, tok, names), 4) for name, model in models.items()},
        "measured_on": {"first_token_argmax_probe": about},
    }


def removal_claims(model, tok, induction_head, tom_head):
    """What removing the induction head does to the repeat, and the Tom head to the pronouns."""
    induction, tom = (induction_head["layer"], induction_head["head"]), (tom_head["layer"], tom_head["head"])
    removed = ablate.remove_heads(model, tok, [induction, tom])
    return {"removal_induction_repeat_kept": round(ablate.advantage_kept(removed["intact"], removed[induction]), 4),
            "removal_tom_pronoun_intact": round(removed["intact"]["pronoun_probe"], 4),
            "removal_tom_pronoun": round(removed[tom]["pronoun_probe"], 4)}


def snapshot_numbers(model, tok, tinystories_dir=None, count=PROBE_STORIES):
    """For choosing among one run's snapshots: the one-story claims beside their probes."""
    examples = {e.id: e for e in load_examples()}
    _, _, argmax = story_scores(model, tok, [e.text for e in examples.values()])
    tom = tom_he(model, tok, examples["tom_he"])
    zorbin = next_piece_probs(model, tok, examples["zorbin"], "second")
    probes = steady_probes({"sprout": model}, tok, tom, tinystories_dir, count)
    return {"tom_he": tom["value"], "pronoun_probe": probes["pronoun_probe"]["value"],
            "pronoun_probe_tom_head": probes["pronoun_probe_tom_head"],
            "first_token_argmax_examples": best_head(argmax)["value"],
            "first_token_argmax_probe": probes["first_token_argmax_probe"]["value"],
            "zorbin_mean_prob": round(sum(zorbin) / len(zorbin), 4), "name_probe": probes["name_probe_sprout"]}


def verdicts(r):
    """(claim, holds?, measured) for every claim."""
    t = THRESHOLDS
    rows = [
        ("induction head score >= 0.5", r["induction_head"]["value"] >= t["induction_score"], r["induction_head"]),
        ("Sprout reads a repeat >= 4 nats better", r["sprout_repeat_drop"] >= t["sprout_repeat_drop"], r["sprout_repeat_drop"]),
        ("gpt-1 reads a repeat < 1 nat better", r["gpt1_repeat_drop"] < t["gpt1_repeat_drop"], r["gpt1_repeat_drop"]),
        ("previous-token head score >= 0.8 on [◆, R, R]", r["repeats_previous_token_head"]["value"] >= t["previous_token_score"], r["repeats_previous_token_head"]),
        ("previous-token head score >= 0.8 on the examples", r["previous_token_head"]["value"] >= t["previous_token_score"], r["previous_token_head"]),
        ("a head's row argmax is ◆ in >= 80% of rows of [◆, R, R]", r["repeats_first_token_argmax_head"]["value"] >= t["first_token_argmax_share"], r["repeats_first_token_argmax_head"]),
        ("a head's row argmax is ◆ in >= 80% of rows of the examples", r["first_token_argmax_head"]["value"] >= t["first_token_argmax_share"], r["first_token_argmax_head"]),
        ('one head sends >= 70% of "he" to "Tom"', r["tom_he"]["value"] >= t["tom_he_share"], r["tom_he"]),
        ("Zorbin Plax again: Sprout >= 0.9", r["zorbin_sprout_mean_prob"] >= t["zorbin_sprout_prob"], r["zorbin_sprout_probs"]),
        ("Zorbin Plax again: gpt-1 < 0.05", r["zorbin_gpt1_mean_prob"] < t["zorbin_gpt1_prob"], r["zorbin_gpt1_probs"]),
        ("without the induction head < 50% of the repeat's advantage is left",
         r["removal_induction_repeat_kept"] < t["induction_removal_kept"], r["removal_induction_repeat_kept"]),
    ]
    for corpus in ("generated", "tinystories_validation"):
        if f"loss_{corpus}_sprout" in r:
            losses = [r[f"loss_{corpus}_{m}"] for m in ("sprout", "gpt1", "window")]
            rows.append((f"held-out loss on {corpus}: Sprout < gpt-1 < window", losses[0] < losses[1] < losses[2], losses))
    return rows


def print_claims(result):
    for claim, holds, measured in verdicts(result):
        print(f"{'PASS' if holds else 'FAIL'}  {claim}: {json.dumps(measured)}")
    n = result["probe_stories"]
    print(f"probe  pronoun -> its referent over {n} stories: best head {json.dumps(result['pronoun_probe'])}, "
          f"the Tom head {result['pronoun_probe_tom_head']}")
    print(f"probe  ◆ row argmax over {n} held-out stories: {json.dumps(result['first_token_argmax_probe'])}")
    print(f"probe  a made-up name's second naming over {n} stories: Sprout {result['name_probe_sprout']}, "
          f"gpt-1 {result['name_probe_gpt1']}")
