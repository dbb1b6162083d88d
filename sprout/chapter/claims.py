"""The chapter's claims: floors on its numbers (sprout.chapter.numbers.measure_chapter), and their verdicts.

The chapter's prose names the claims its words rest on (`claim("name")` in docs/*.md, build_site/
macros.py), so a threshold changed here changes what the build requires of the prose.
"""

import ast
import json
import math
import operator
from dataclasses import dataclass

from ..corpus.pronoun_stories import KINDS
from . import removals

# The floors the tests hold the published models to.
THRESHOLDS = {
    "induction_score": 0.5,
    "sprout_repeat_drop": 4.0,  # nats
    "gpt1_repeat_drop": 1.0,  # nats
    "previous_token_score": 0.8,
    "first_token_argmax_share": 0.8,
    "tom_he_share": 0.7,
    "zorbin_sprout_prob": 0.9,  # mean over the second occurrence's pieces
    "zorbin_gpt1_prob": 0.05,
    # the same question over many probe stories (sprout.chapter.probes), each with its own made-up name
    "name_probe_sprout": 0.85,
    "name_probe_gpt1": 0.1,
    "pronoun_probe": 0.5,  # a pronoun's share of attention on its character, best head
    "first_token_argmax_probe": 0.6,  # ◆ as row argmax on held-out stories, best head
    "tinystories_validation_loss": 2.372,  # nats, Sprout v1's: a new Sprout is published only below it
    # removing a head (sprout.analysis.ablate: its output replaced by its mean over held-out stories)
    "induction_removal_kept": 0.5,  # share of the repeat's advantage left without the induction heads
    "quiet_head_breaks": removals.NOTHING,  # the head whose removal costs least: every ability loses less
    "previous_token_removal_kept": 0.5,  # share of the repeat's advantage left without the previous-token head
    "name_probe_without_induction": 0.1,  # made-up names copied without the induction heads
    "even_guess_loss": math.log(4096),  # nats: an even guess among the 4,096 tokens
    "one_seed": 1,  # the layer race (sprout.chapter.layer_race): fewer than one seed is none
    # the two-child stories of three kinds (sprout.corpus.pronoun_stories.KINDS): a head, or the
    # model's guess, "favours the referent" in a story when it gives the referent more than the
    # other child; one that resolves the pronoun does so in at least this share of every kind's stories
    "pronoun_resolved": 0.75,
    "half": 0.5,  # favouring the referent in fewer than half of a kind's stories: worse than a coin
    "near_a_coin_toss": 0.6,  # right in fewer than this share of stories: a coin toss, give or take
    "little_better_than_a_coin": 0.65,
    "no_copying_head": 0.1,  # a best induction score below this: no head copies
    "one": 1,
    "yes": 1,  # a recipe's flag (copy drills, the first copy in the loss) that is on
    "no": 0,
}
COMPARE = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
_ARITHMETIC = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Pow: operator.pow}


def _dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    raise ValueError(f"not a number, a name or arithmetic: {ast.unparse(node)}")


def _numbers(node):
    """The names (of THRESHOLDS or of measured numbers) a bound reads, in order."""
    if isinstance(node, ast.Constant):
        return []
    if isinstance(node, ast.BinOp):
        return _numbers(node.left) + _numbers(node.right)
    return [_dotted(node)]


def _evaluate(node, stats):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        return _ARITHMETIC[type(node.op)](_evaluate(node.left, stats), _evaluate(node.right, stats))
    name = _dotted(node)
    return THRESHOLDS[name] if name in THRESHOLDS else stats[name]


@dataclass(frozen=True)
class Claim:
    key: str  # the measured number (sprout.chapter.measurements' name)
    compare: str  # a key of COMPARE
    # the bound: a key of THRESHOLDS, another measured number by its name, or arithmetic of those
    # and plain numbers ("2 * first_token.even_share")
    threshold: str
    text: str  # what is claimed, without the floor
    backed: bool = True  # False: a floor the published checkpoints do not reach (yet); the tests hold them to it
    name: str = ""  # how the prose names it, where two claims bound the same number (default: key)

    @property
    def id(self):
        return self.name or self.key

    def numbers(self):
        """The measured numbers the claim reads: its own and those of its bound."""
        read = _numbers(ast.parse(self.threshold, mode="eval").body)
        return [self.key, *(n for n in read if n not in THRESHOLDS)]

    def bound(self, stats):
        """The bound's value (KeyError naming a measured number stats lacks)."""
        return _evaluate(ast.parse(self.threshold, mode="eval").body, stats)

    def holds(self, stats):
        return COMPARE[self.compare](stats[self.key], self.bound(stats))

    def describe(self):
        return f"{self.text} {self.compare} {THRESHOLDS.get(self.threshold, self.threshold)}"


def loss_order(corpus):
    """The held-out loss on `corpus` orders the models: Sprout below gpt-1 below the window network."""
    return (
        Claim(
            f"loss.{corpus}.sprout",
            "<",
            f"loss.{corpus}.gpt1",
            f"Sprout's held-out loss on {corpus}, below gpt-1's",
            name=f"loss.{corpus}.sprout_below_gpt1",
        ),
        Claim(
            f"loss.{corpus}.gpt1",
            "<",
            f"loss.{corpus}.window",
            f"gpt-1's held-out loss on {corpus}, below the window network's",
            name=f"loss.{corpus}.gpt1_below_window",
        ),
    )


CLAIMS = (
    Claim("heads.induction.score", ">=", "induction_score", "best induction score on [◆, R, R]"),
    Claim("repeat.sprout.drop", ">=", "sprout_repeat_drop", "Sprout's loss drop on a repeat (nats)"),
    Claim("repeat.gpt1.drop", "<", "gpt1_repeat_drop", "gpt-1's loss drop on a repeat (nats)"),
    Claim(
        "heads_on_repeats.previous_token.score", ">=", "previous_token_score", "best previous-token score on [◆, R, R]"
    ),
    Claim("heads.previous_token.score", ">=", "previous_token_score", "best previous-token score on the examples"),
    Claim(
        "heads_on_repeats.first_token_argmax.score",
        ">=",
        "first_token_argmax_share",
        "best share of rows of [◆, R, R] whose argmax is ◆",
    ),
    Claim(
        "heads.first_token_argmax.score",
        ">=",
        "first_token_argmax_share",
        "best share of the examples' rows whose argmax is ◆",
        backed=False,
    ),
    Claim("tom_he.share", ">=", "tom_he_share", 'one head\'s share of "he" on "Tom"', backed=False),
    Claim("zorbin.sprout.mean_prob", ">=", "zorbin_sprout_prob", "Zorbin Plax again, Sprout"),
    Claim("zorbin.gpt1.mean_prob", "<", "zorbin_gpt1_prob", "Zorbin Plax again, gpt-1"),
    Claim("probes.name.sprout", ">=", "name_probe_sprout", "made-up names over the probe stories, Sprout"),
    Claim("probes.name.gpt1", "<", "name_probe_gpt1", "made-up names over the probe stories, gpt-1"),
    Claim(
        "probes.pronoun.value",
        ">=",
        "pronoun_probe",
        "pronoun -> its character over the probe stories, best head",
        backed=False,
    ),
    Claim(
        "probes.first_token_argmax.value",
        ">=",
        "first_token_argmax_probe",
        "◆ as row argmax over held-out stories, best head",
        backed=False,
    ),
    Claim(
        "ablation.induction_heads.repeat_advantage_kept",
        "<",
        "induction_removal_kept",
        "share of the repeat's advantage left without the induction heads (removed together)",
    ),
    Claim(
        "ablation.induction_heads.control_kept_median",
        ">=",
        "induction_removal_kept",
        "share of the repeat's advantage left without as many other heads (median of random sets)",
    ),
    Claim(
        "ablation.previous_token_head.repeat_advantage_kept",
        "<",
        "previous_token_removal_kept",
        "share of the repeat's advantage left without the best previous-token head",
    ),
    Claim(
        "ablation.induction_heads.name_probe",
        "<",
        "name_probe_without_induction",
        "made-up names copied without the induction heads (removed together)",
    ),
    # the Tom head follows the latest name: right where the referent is named last, wrong where
    # the other child is, whether or not the referent was named first
    Claim(
        "pronoun_kinds.referent_last.tom_head.right",
        ">=",
        "pronoun_resolved",
        "the Tom head favours the referent, stories where the referent is named last",
    ),
    Claim(
        "pronoun_kinds.other_last.tom_head.right",
        "<",
        "half",
        "the Tom head favours the referent, stories where the other child is named last",
    ),
    Claim(
        "pronoun_kinds.other_first_and_last.tom_head.right",
        "<",
        "half",
        "the Tom head favours the referent, stories where the other child is named first and last",
    ),
    Claim(
        "pronoun_kinds.tom_head.last_name",
        ">=",
        "pronoun_resolved",
        "the Tom head favours the child named last, all three kinds",
    ),
    Claim(
        "pronoun_kinds.best.worst_kind",
        "<",
        "pronoun_resolved",
        "no head favours the referent in every kind: the best head's worst kind",
    ),
    *(
        Claim(
            f"pronoun_kinds.{kind}.guess.right",
            "<",
            "pronoun_resolved",
            f"Sprout's guess of the referent's thing over the other child's, {kind.replace('_', ' ')}",
        )
        for kind in KINDS
    ),
    # the pronoun column of the removal table against its control (five other heads at random)
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.controls.pronoun_ratio.lowest_without_tom_head",
        "right pronoun's share of P(he) + P(she) without the Tom head, below every control draw that keeps it",
        name="ablation.tom_head.pronoun_ratio.below_controls",
    ),
    Claim(
        "ablation.tom_head.pronoun_probe",
        ">=",
        "ablation.controls.pronoun_probe.lowest",
        "P(right pronoun) without the Tom head, inside the control draws' spread",
    ),
    # the chapter says gpt-1 and the window network, never trained on random tokens, find a first
    # copy of them harder than an even guess would
    Claim("repeat.gpt1.loss_first", ">=", "even_guess_loss", "gpt-1's loss on random tokens seen once (nats)"),
    Claim(
        "repeat.window.loss_first",
        ">=",
        "even_guess_loss",
        "the window network's loss on random tokens seen once (nats)",
    ),
    # the race's controls (sprout.chapter.race), the own-thing probe (own_thing.py), every head
    # removed alone (removal_pass.py), the training story and the layer race (layer_race.py, from its committed record)
    Claim(
        "repeat.gpt1.loss_first",
        ">=",
        "repeat.uniform.loss",
        "gpt-1 on random tokens, worse than guessing evenly",
        name="repeat.gpt1.loss_first.worse_than_even",
    ),
    Claim("repeat.gpt1.entropy_first", "<", "repeat.uniform.loss", "gpt-1's guesses on random tokens, surer than even"),
    Claim(
        "repeat.gpt1_drilled.loss_first", "<", "repeat.gpt1.loss_first", "drilled gpt-1 on random tokens, below gpt-1"
    ),
    Claim("repeat.gpt1_drilled.drop", "<", "gpt1_repeat_drop", "drilled gpt-1's loss drop on a repeat (nats)"),
    Claim("repeat.window_drilled.drop", "<", "gpt1_repeat_drop", "drilled window network's loss drop on a repeat"),
    Claim("probes.name.gpt1_drilled", "<", "probes.name.sprout", "made-up names over the probe stories, drilled gpt-1"),
    Claim(
        "probes.name.gpt1_drilled",
        "<",
        "half",
        "made-up names over the probe stories, drilled gpt-1",
        name="probes.name.gpt1_drilled.below_half",
    ),
    Claim("repeat.gpt1_twin.drop", "<", "gpt1_repeat_drop", "gpt-1's two-block twin's loss drop on a repeat (nats)"),
    Claim("repeat.gpt1_twin.induction_best", "<", "no_copying_head", "the twin's best induction score on a repeat"),
    Claim("repeat.gpt1_drilled.induction_best", "<", "no_copying_head", "drilled gpt-1's best induction score"),
    Claim("probes.name.gpt1_twin", "<", "probes.name.sprout", "made-up names over the probe stories, the twin"),
    Claim(
        "probes.name.gpt1_twin",
        "<",
        "half",
        "made-up names over the probe stories, the twin",
        name="probes.name.gpt1_twin.below_half",
    ),
    Claim("repeat.gpt1_twin.loss_first", "<", "repeat.uniform.loss + 0.5", "the twin on random tokens, near even"),
    Claim(
        "repeat.gpt1_drilled.loss_first",
        "<",
        "repeat.uniform.loss + 0.5",
        "drilled gpt-1 on random tokens, near even",
        name="repeat.gpt1_drilled.loss_first.near_even",
    ),
    *(
        Claim(f"trained_on.{model}.copy_drills", "==", flag, f"{model}'s recipe has copy drills (1) or not (0)")
        for model, flag in (("gpt1_twin", "yes"), ("gpt1_drilled", "yes"), ("gpt1", "no"), ("window", "no"))
    ),
    Claim(
        "ablation.tom_head.pronoun_ratio",
        "<",
        "ablation.others_alone.pronoun_ratio_lowest",
        "right pronoun's share of P(he) + P(she) without the Tom head, below any other head removed alone",
        name="ablation.tom_head.pronoun_ratio.below_others_alone",
    ),
    Claim(
        "ablation.induction_head.name_probe",
        "<",
        "0.75 * ablation.intact.name_probe",
        "made-up names copied without the best induction head alone: a fall by more than a quarter",
    ),
    Claim(
        "training_story.stage_a.induction_best",
        "<",
        "induction_score",
        "best induction score in any stage-a evaluation",
    ),
    Claim(
        "training_story.stage_b.induction_first",
        ">=",
        "induction_score",
        "induction score at stage b's first evaluation",
    ),
    Claim("training_story.stage_a.first_copy_scored", "==", "yes", "stage a scores the first copy of a drill"),
    Claim("training_story.stage_b.first_copy_scored", "==", "no", "stage b takes the first copy out of the loss"),
    # the layer race: one layer never copies, two and three layers do in every seed
    Claim("layer_race.depth_1.dropped", "<", "one", "one-layer toys whose copy loss fell below half of ln vocab"),
    Claim("layer_race.depth_1.final_min", ">=", "layer_race.threshold", "the best one-layer toy's final copy loss"),
    Claim("layer_race.depth_2.dropped", ">=", "layer_race.depth_2.seeds", "two-layer toys that fell below the line"),
    Claim("layer_race.depth_3.dropped", ">=", "layer_race.depth_3.seeds", "three-layer toys that fell below the line"),
    *(
        Claim(
            f"layer_race.depth_2.{kind}_median",
            ">",
            "half",
            f"the two-layer toys' median {kind.replace('_', '-')} score",
        )
        for kind in ("previous_token", "induction")
    ),
    # the chapter's words on the pronoun, the ◆ heads, QK-norm, the baselines and the models' sizes
    Claim(
        "tom_he.share",
        "<",
        "tom_he.latest_share + 0.01",
        'the Tom head\'s share of "he" on every "Tom": all but a point of it on the latest one',
        name="tom_he.latest_tom",
    ),
    Claim(
        "pronoun_kinds.best.worst_kind",
        "<",
        "near_a_coin_toss",
        "the best head's worst kind of two-child story: a coin toss",
        name="pronoun_kinds.best.coin_toss",
    ),
    *(
        Claim(
            f"pronoun_kinds.{kind}.guess.right",
            "<",
            "little_better_than_a_coin",
            f"Sprout's guess of the referent's thing, {kind.replace('_', ' ')}: little better than a coin",
            name=f"pronoun_kinds.{kind}.guess.little_better",
        )
        for kind in KINDS
    ),
    Claim(
        "first_token.mean_share",
        ">=",
        "2 * first_token.even_share",
        "◆'s share of all heads' attention, at least twice even attention's",
        name="first_token.twice_even",
    ),
    Claim(
        "first_token.mean_share",
        ">=",
        "2 * first_token.untrained_mean_share",
        "◆'s share of all heads' attention, at least twice an untrained Sprout's",
        name="first_token.twice_untrained",
    ),
    Claim(
        "probes.first_token_argmax.value",
        ">",
        "half",
        "◆ as row argmax over held-out stories, best head: most tokens",
        name="probes.first_token_argmax.most_tokens",
    ),
    Claim(
        "heads.first_token_argmax.score",
        ">",
        "half",
        "◆ as row argmax over the examples, best head: most tokens",
        name="heads.first_token_argmax.most_tokens",
    ),
    Claim("f1.qk_norm_std", "<", "1.05 * f1.qk_gain_init ** 2", "QK-norm scores' spread, about gain squared (above)"),
    Claim(
        "f1.qk_norm_std",
        ">",
        "0.95 * f1.qk_gain_init ** 2",
        "QK-norm scores' spread, about gain squared (below)",
        name="f1.qk_norm_std.not_below",
    ),
    Claim("baselines.induction.called_heads", ">=", "one", "heads that clear both baselines of induction"),
    Claim("parameters.sprout", ">", "2 * parameters.gpt1", "Sprout's parameters, more than twice gpt-1's"),
    *loss_order("generated"),
)


def failure(claim, stats):
    """None where the claim holds on stats; else one line naming the number and its value."""
    missing = [k for k in claim.numbers() if k not in stats]
    if missing:
        return f"{missing[0]}: missing from stats.json (claim: {claim.describe()})"
    if not claim.holds(stats):
        return f"{claim.key} = {stats[claim.key]}: does not hold: {claim.describe()} ({claim.bound(stats)})"
    return None


def claim_failures(stats):
    """One line per backed claim that stats (stats.json, or measure_chapter()'s) does not back: the
    number and its value."""
    return [line for line in (failure(claim, stats) for claim in CLAIMS if claim.backed) if line]


# Claims on TinyStories' validation text, measured only where its folder is here
VALIDATION_CLAIMS = (
    Claim(
        "loss.tinystories_validation.sprout",
        "<",
        "tinystories_validation_loss",
        "Sprout's loss on TinyStories validation (nats)",
        backed=False,
    ),
    *loss_order("tinystories_validation"),
)
BY_NAME = {claim.id: claim for claim in (*CLAIMS, *VALIDATION_CLAIMS)}
if len(BY_NAME) != len(CLAIMS) + len(VALIDATION_CLAIMS):
    raise ValueError("two claims share a name: give one a name= of its own")


# the word `sprout claims` prints for a claim, by (backed?, holds?)
VERDICT_WORDS = {
    (True, True): "PASS",
    (True, False): "FAIL",
    (False, False): "NOT YET",  # a floor kept for a later Sprout, not reached: as expected
    (False, True): "NOW HOLDS",  # reached: mark the claim backed
}


def verdicts(stats):
    """(word, claim, measured) for every claim whose number was measured here."""
    measured = [*CLAIMS, *(c for c in VALIDATION_CLAIMS if all(k in stats for k in c.numbers()))]
    return [(VERDICT_WORDS[c.backed, c.holds(stats)], c, stats[c.key]) for c in measured]


def _sample(about):
    """A held-out sample (a measured_on entry) in words."""
    corpus = "generated" if about["corpus"] == "generated" else "TinyStories validation"
    return f"{about['stories']} {corpus} stories"


def print_claims(stats, measured_on=None):
    """A line per claim; a number read on a held-out sample names it (measure_chapter's measured_on),
    so that a stand-in sample (generated stories where validation.txt is not here) shows."""
    measured_on = measured_on or {}
    for word, claim, measured in verdicts(stats):
        on = f" (on {_sample(measured_on[claim.key])})" if claim.key in measured_on else ""
        print(f"{word:<9} {claim.describe()}: {json.dumps(measured, ensure_ascii=False)}{on}")
    print(
        f"probe  the Tom head's share of a pronoun on its character over {stats['probes.stories']} stories: "
        f"{stats['probes.pronoun.tom_head']}"
    )
