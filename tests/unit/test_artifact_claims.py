"""The chapter's claims (every section's, sprout.chapter.contents.CLAIMS) on docs/artifacts/stats.json as built: every
backed claim holds there, and a number on the wrong side of its claim, or missing, is one line
naming the stat and its value."""

import json

import pytest

from sprout import folders
from sprout.chapter import claims
from sprout.chapter.contents import CLAIMS

STATS = folders.REPOSITORY / "docs" / "artifacts" / "stats.json"


@pytest.fixture(scope="module")
def stats():
    return json.loads(STATS.read_text(encoding="utf-8"))


def test_the_built_stats_back_every_artifact_claim(stats):
    failures = claims.claim_failures(CLAIMS, stats)
    assert not failures, "\n".join(failures)


def wrong_side(claim, bound):
    """A value the claim's comparison refuses."""
    return bound if claim.compare == "!=" else bound - 1 if claim.compare in (">=", ">", "==") else bound + 1


BACKED = [claim for claim in CLAIMS if claim.backed and not claim.on_validation]


@pytest.mark.parametrize("claim", BACKED, ids=lambda c: c.id)
def test_a_number_on_the_wrong_side_is_one_line_naming_it(stats, claim):
    bound = claim.bound(stats)
    wrong = dict(stats)
    wrong[claim.key] = wrong_side(claim, bound)
    failures = claims.claim_failures(CLAIMS, wrong)  # a claim bounded by this number may fail too
    assert failures and all("\n" not in line for line in failures)
    assert any(line.startswith(f"{claim.key} = {wrong[claim.key]}: does not hold") for line in failures)


def test_a_missing_number_is_one_line_naming_it(stats):
    gone = {k: v for k, v in stats.items() if k != "repeat.gpt1_drilled.drop"}
    assert claims.claim_failures(CLAIMS, gone) == [
        "repeat.gpt1_drilled.drop: missing from stats.json (claim: drilled gpt-1's loss drop on a repeat (nats) < 1.0)"
    ]
