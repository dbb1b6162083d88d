"""Short real trainings that stop and go on: a run resumed through `sprout train` with a new
length, and a two-stage recipe that trains, resumes and warm-starts its second stage."""

import json

import pytest

from sprout.cli import main
from sprout.training import recipes
from tests.conftest import ROOT, SMALL
from tests.unit.test_recipes import GOOD, write


@pytest.mark.slow
def test_a_resumed_run_can_be_given_a_new_length(tmp_path, tokenizer):
    tokenizer.save(tmp_path / "tok.json")
    (tmp_path / "small.json").write_text(json.dumps(SMALL["sprout"].to_dict()))
    common = ["train", "--out", str(tmp_path / "run"), "--tinystories", "none"]
    assert (
        main(
            [
                *common,
                "--model",
                str(tmp_path / "small.json"),
                "--steps",
                "6",
                "--stop-after",
                "2",
                "--batch-size",
                "2",
                "--seq-len",
                "16",
                "--eval-every",
                "100",
                "--tokenizer",
                str(tmp_path / "tok.json"),
            ]
        )
        == 0
    )
    assert main([*common, "--resume", "--steps", "4"]) == 0
    info = json.loads((tmp_path / "run" / "training.json").read_text())
    assert info["step"] == 4 and info["recipe"]["steps"] == 4


@pytest.mark.slow
def test_a_two_stage_recipe_trains_resumes_and_warm_starts(tmp_path, tokenizer):
    tokenizer.save(tmp_path / "tok.json")
    small = ", ".join(f"{key} = {json.dumps(value)}" for key, value in SMALL["sprout"].to_dict().items())
    text = GOOD.replace('model = "sprout"', f"model = {{ {small} }}").replace(
        'out = "one"', f'out = "one"\ntokenizer = "{tmp_path / "tok.json"}"'
    ) + (
        '[[stages]]\nout = "two"\ninit_from = "one"\nsteps = 3\nbatch_size = 2\nseq_len = 16\n'
        "lr = 1e-3\nmix = { generated = 1.0, copy = 0.5 }\n"
    )
    recipe_file = recipes.load(write(tmp_path, text))
    runs = tmp_path / "runs"
    assert recipes.run(recipe_file, runs, None, ROOT) == runs / "two"
    first = json.loads((runs / "one" / "training.json").read_text())
    second = json.loads((runs / "two" / "training.json").read_text())
    assert first["step"] == 2 and second["step"] == 3
    assert second["recipe"]["init_from"] == str(runs / "one") and second["recipe"]["lr"] == 1e-3
    assert second["tokenizer_sha256"] == first["tokenizer_sha256"] == tokenizer.sha256()
    assert 0 < second["mfu"] < 1
    recipes.run(recipe_file, runs, None, ROOT)  # everything is done: resumes and stops at once
    assert json.loads((runs / "two" / "training.json").read_text())["step"] == 3
