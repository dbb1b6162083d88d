"""The chapter's claims, checked on the published checkpoints (inference only).

Where no checkpoints are published yet, every claim is an expected failure (strict), so the
suite stays green and the first published set that backs a claim turns it into an XPASS error
until the mark is removed."""

import json

import pytest

from sprout import claims, data
from sprout.checkpoint import CheckpointError

# measures the claims on the published checkpoints, reading the TinyStories folder where there is one
pytestmark = [pytest.mark.slow, pytest.mark.tinystories]

CHECKPOINTS = data.REPO_ROOT / "build_artifacts" / "checkpoints"
PUBLISHED = all((CHECKPOINTS / name / "model.safetensors").exists() for name in claims.MODELS)
NOT_YET = pytest.mark.xfail(not PUBLISHED, strict=True, raises=(CheckpointError, AssertionError),
                            reason="the published checkpoints are not committed yet")


def not_backed_yet(reason):
    """A claim the published checkpoints do not back yet: an expected failure, strict, so the
    first checkpoint that backs it turns the mark into an error until the mark is removed."""
    return pytest.mark.xfail(PUBLISHED, strict=True, raises=AssertionError, reason=reason)
T = claims.THRESHOLDS


@pytest.fixture(scope="module")
def measured():
    try:
        return claims.measure_claims(CHECKPOINTS, data.default_tinystories_dir())
    except CheckpointError as e:
        return e


def artifact(name):
    return json.loads((data.REPO_ROOT / "docs" / "artifacts" / name).read_text(encoding="utf-8"))


def get(measured):
    if isinstance(measured, Exception):
        raise measured
    return measured


@NOT_YET
def test_an_induction_head_exists(measured):
    assert get(measured)["induction_head"]["value"] >= T["induction_score"]


@NOT_YET
def test_sprout_reads_a_repeat_far_better_and_gpt1_barely(measured):
    m = get(measured)
    assert m["sprout_repeat_drop"] >= T["sprout_repeat_drop"]
    assert m["gpt1_repeat_drop"] < T["gpt1_repeat_drop"]


@NOT_YET
def test_a_previous_token_head_exists_on_repeated_random_tokens(measured):
    assert get(measured)["repeats_previous_token_head"]["value"] >= T["previous_token_score"]


@NOT_YET
def test_a_previous_token_head_exists_across_the_examples(measured):
    assert get(measured)["previous_token_head"]["value"] >= T["previous_token_score"]


@NOT_YET
def test_a_head_parks_on_the_start_mark_on_repeated_random_tokens(measured):
    assert get(measured)["repeats_first_token_argmax_head"]["value"] >= T["first_token_argmax_share"]


@NOT_YET
@not_backed_yet("across the examples the best head's row argmax is ◆ in 78% of rows (100% on [◆, R, R], "
                "54% over 64 held-out stories); trial snapshots reached 80-84% but never with the other "
                "one-story claims held (MODEL_CARD trials j-v)")
def test_a_head_parks_on_the_start_mark_across_the_examples(measured):
    assert get(measured)["first_token_argmax_head"]["value"] >= T["first_token_argmax_share"]


@NOT_YET
@not_backed_yet('the best head (layer 7, head 2) sends 65% of "he" to "Tom" (38% of a pronoun\'s attention '
                'to its character over 64 probe stories); no trial went past 69% (MODEL_CARD trials f-v)')
def test_one_head_sends_he_to_tom(measured):
    assert get(measured)["tom_he"]["value"] >= T["tom_he_share"]


@NOT_YET
def test_heldout_loss_orders_the_models(measured):
    m = get(measured)
    corpora = ["generated"] + (["tinystories_validation"] if "loss_tinystories_validation_sprout" in m else [])
    for corpus in corpora:
        assert m[f"loss_{corpus}_sprout"] < m[f"loss_{corpus}_gpt1"] < m[f"loss_{corpus}_window"], corpus


@NOT_YET
def test_the_made_up_name_is_copied_by_sprout_only(measured):
    m = get(measured)
    assert m["zorbin_sprout_mean_prob"] >= T["zorbin_sprout_prob"]
    assert m["zorbin_gpt1_mean_prob"] < T["zorbin_gpt1_prob"]


@NOT_YET
def test_the_site_artifacts_carry_the_same_numbers(measured):
    """docs/artifacts/stats.json was built from these checkpoints: the prose cites what holds.
    A number is compared where it can be re-measured: the manifest names the held-out corpus
    each was measured on, and one measured on a corpus that is not here is left to the next test."""
    from build_artifacts.measure import measured_on, stats_from_claims

    stats, recorded = artifact("stats.json"), artifact("manifest.json")["measured_on"]
    here = measured_on(get(measured))
    compared = []
    for key, value in stats_from_claims(get(measured)).items():
        assert key in stats, key
        if recorded.get(key) == here.get(key):
            assert stats[key] == pytest.approx(value, rel=2e-3, abs=1e-4), key
            compared.append(key)
    assert "probes.name.sprout" in compared and "loss.generated.sprout" in compared


@NOT_YET
def test_the_artifacts_were_measured_on_the_corpora_here(measured, tinystories):
    """With the TinyStories folder present, no number is left out of the comparison above."""
    from build_artifacts.measure import measured_on

    recorded = artifact("manifest.json")["measured_on"]
    assert "probes.first_token_argmax.value" in recorded
    assert measured_on(get(measured)) == recorded



@NOT_YET
def test_made_up_names_are_copied_by_sprout_only_over_many_stories(measured):
    """The "Zorbin Plax" claim asked of many stories, each with its own made-up name."""
    m = get(measured)
    assert m["name_probe_sprout"] >= T["name_probe_sprout"], m["name_probe_sprout"]
    assert m["name_probe_gpt1"] < T["name_probe_gpt1"], m["name_probe_gpt1"]


@NOT_YET
def test_sprout_claims_prints_every_verdict_and_probe(measured, capsys):
    m = get(measured)
    claims.print_claims(m)
    lines = capsys.readouterr().out.splitlines()
    assert len([line for line in lines if line.startswith(("PASS", "FAIL"))]) == len(claims.verdicts(m))
    probes = [line for line in lines if line.startswith("probe")]
    assert len(probes) == 3 and all(f"over {m['probe_stories']}" in line for line in probes)
    assert str(m["pronoun_probe_tom_head"]) in probes[0] and str(m["name_probe_gpt1"]) in probes[2]


@NOT_YET
@not_backed_yet("without the best induction head (layer 5, head 4) 83% of the repeat's advantage is left: "
                "other heads that clear both induction baselines stand in; without the previous-token head "
                "(layer 4, head 1) that they read, 10% is left (docs/artifacts/ablations.json)")
def test_removing_the_induction_head_takes_most_of_the_repeats_advantage(measured):
    assert get(measured)["removal_induction_repeat_kept"] < T["induction_removal_kept"]


@NOT_YET
def test_the_head_cheapest_to_remove_costs_next_to_nothing():
    """The head the artifacts' full ablation pass found cheapest to remove, removed again here
    on the published checkpoint: every measure moves by less than T["quiet_head_breaks"]."""
    import json

    from sprout import ablate
    from sprout.checkpoint import load_checkpoint

    breaks = json.loads((data.REPO_ROOT / "docs" / "artifacts" / "ablations.json").read_text(encoding="utf-8"))["breaks"]
    _, layer, head = min((v, l + 1, h + 1) for l, row in enumerate(breaks) for h, v in enumerate(row))
    model, tok, _ = load_checkpoint(CHECKPOINTS / "sprout")
    removed = ablate.remove_heads(model, tok, [(layer, head)], data.default_tinystories_dir())
    one = ablate.damage({"intact": removed["intact"],
                         "ablated": {name: [[v]] for name, v in removed[(layer, head)].items()}})
    assert one["breaks"][0][0] < T["quiet_head_breaks"], (layer, head, one["shares"])
