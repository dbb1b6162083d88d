import dataclasses
import json

import pytest
import torch

from sprout.analysis.lens import capture_attention
from sprout.chapter import seeded_probes
from sprout.chapter.examples import tokenize_example
from sprout.chapter.measurements import snapshot_numbers
from sprout.chapter.probe_texts import pronoun_examples
from sprout.checkpoint import save_checkpoint
from sprout.cli import main
from sprout.model import build_model
from tests.conftest import SMALL


@pytest.fixture(scope="module")
def model(tokenizer):
    # the probe stories run past the test config's 64 tokens
    cfg = dataclasses.replace(SMALL["sprout"], vocab_size=tokenizer.vocab_size, context=512)
    torch.manual_seed(0)
    return build_model(cfg).eval()


def test_pronoun_share_is_the_attention_of_the_pronoun_on_every_naming(model, tokenizer):
    example = pronoun_examples(1)[0]
    share = seeded_probes.pronoun_share(model, tokenizer, [example])
    tokenized = tokenize_example(example, tokenizer, None)
    _, w = capture_attention(model, torch.tensor([tokenized.ids]))
    he = tokenized.spans["he"][0]
    names = [p for k, (s, e) in tokenized.spans.items() if k != "he" for p in range(s, e)]
    assert share.shape == (2, 2)
    assert torch.allclose(share, w[0, :, :, he][..., names].sum(-1))


def test_snapshot_numbers_put_each_claim_beside_its_steady_version(model, tokenizer):
    first = snapshot_numbers(model, tokenizer, count=4)
    assert first == snapshot_numbers(model, tokenizer, count=4)  # seeded stories: the same numbers
    assert set(first) == {
        "tom_he",
        "pronoun_probe",
        "pronoun_probe_tom_head",
        "first_token_argmax_examples",
        "first_token_argmax_probe",
        "zorbin_mean_prob",
        "name_probe",
    }
    for key, value in first.items():
        assert 0.0 <= value <= 1.0, key
    assert first["pronoun_probe_tom_head"] <= first["pronoun_probe"]  # the best head's share is the largest


def test_probes_command_prints_one_line_per_checkpoint(model, tokenizer, tmp_path, capsys):
    for step in (1, 2):
        history = [{"step": step, "loss_tinystories_heldout": 3.0 - step}]
        save_checkpoint(tmp_path / f"step-{step}", model, tokenizer, {"step": step, "history": history})
    folders = [str(tmp_path / "step-1"), str(tmp_path / "step-2")]
    assert main(["probes", *folders, "--stories", "2", "--tinystories", "none"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["step"] for line in lines] == [1, 2]
    assert [line["loss_tinystories_heldout"] for line in lines] == [2.0, 1.0]
    assert lines[0]["pronoun_probe"] == lines[1]["pronoun_probe"]  # the same weights
