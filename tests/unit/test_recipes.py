"""Recipes as data: the published recipe is what the published runs recorded, and a bad recipe
stops with one line before any training."""

import json
from pathlib import Path

import pytest

from sprout.corpus.data import Mix
from sprout.training import recipes
from tests.conftest import ROOT

CHECKPOINTS = ROOT / "build_artifacts" / "checkpoints"


def recorded_stages(model):
    training = json.loads((CHECKPOINTS / model / "training.json").read_text())
    return [s["recipe"] for s in training.get("earlier_stages", [])] + [training["recipe"]]


def _same(recorded, recipe):
    """Every setting the published run recorded equals the recipe file's, warm starts by
    folder name (the runs folder is a choice of the one who trains)."""
    wanted = recipe.to_dict()
    for key, value in recorded.items():
        if key == "init_from":
            assert Path(value).name == Path(wanted[key]).name, key
        elif key == "mix":
            # stage a predates score_first_copy: it scored every copy, which is 1.0 today
            mix = {"score_first_copy": 1.0, **value} if "score_first_copy" not in value else value
            assert Mix(**mix) == recipe.mix
        else:
            assert value == wanted[key], key


@pytest.mark.parametrize("model", ["sprout", "gpt1", "window", "gpt1-drilled", "gpt1-twin", "window-drilled"])
def test_the_published_recipes_are_what_the_published_runs_recorded(model):
    recipe_file = recipes.load(model)
    # the last entry of each run folder is how that run ended
    final = {}
    for stage in recipe_file.stages:
        final[stage.out] = stage
    stages = list(final.values())
    recorded = recorded_stages(model)
    assert len(stages) == len(recorded)
    for stage, seen in zip(stages, recorded):
        _same(seen, stage.recipe)
    assert all(stage.recipe.corpus == recipe_file.corpus for stage in recipe_file.stages)


def test_the_makefile_trains_from_the_recipe_files():
    makefile = (ROOT / "Makefile").read_text()
    train = makefile[makefile.index("\ntrain:") :].split("\n\n")[0]
    for model in ("sprout", "gpt1", "window"):
        assert f"--recipe {model}" in train
    assert "--mix" not in train and "--lr" not in train  # nothing repeated beside the files


def write(tmp_path, text, name="r.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = """model = "sprout"
[[stages]]
out = "one"
steps = 2
batch_size = 2
seq_len = 16
mix = { generated = 1.0 }
"""


@pytest.mark.parametrize(
    "change, message",
    [
        (("steps = 2", "stepz = 2"), "unknown key 'stepz'"),
        (("steps = 2", 'steps = "two"'), "steps = 'two' should be int"),
        (("generated = 1.0", "generated = 1.0, coppy = 0.2"), "unknown key 'coppy'"),
        (('model = "sprout"', 'model = "sprout"\nlearning = 1'), "unknown key 'learning'"),
        (("steps = 2", "steps = 2\n[oops"), "not valid TOML"),
        (('model = "sprout"', 'model = "sprot"'), "model = 'sprot' should be one of window, gpt1, sprout"),
        (
            ('model = "sprout"', "model = { n_layer = 2, n_heads = 2 }"),
            "model table: unknown config fields: ['n_heads']",
        ),
        (('model = "sprout"', "model = { d_model = 30, n_head = 4 }"), "d_model 30 does not split into 4 heads"),
    ],
)
def test_a_bad_recipe_file_is_one_line_naming_the_file(tmp_path, change, message):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(recipes.RecipeError) as e:
        recipes.load(path)
    assert message in str(e.value) and str(path) in str(e.value) and "\n" not in str(e.value)


def test_a_corpus_file_with_another_hash_stops_before_training(tmp_path):
    folder = tmp_path / "stories"
    folder.mkdir()
    (folder / "train-a.txt").write_text("Tom ran.\n<|endoftext|>\nMia sat.\n")
    path = write(tmp_path, GOOD.replace("[[stages]]", f'[corpus]\n"train-a.txt" = "{"0" * 64}"\n[[stages]]'))
    runs = tmp_path / "runs"
    with pytest.raises(ValueError, match=r"train-a.txt: sha256 .* differs from the recipe's 000000000000"):
        recipes.run(recipes.load(path), runs, folder, ROOT)
    assert not runs.exists()
    with pytest.raises(FileNotFoundError, match="the recipe reads TinyStories files .*train-a.txt"):
        recipes.run(recipes.load(path), runs, None, ROOT)
    (folder / "train-a.txt").unlink()
    with pytest.raises(FileNotFoundError, match="train-a.txt: the recipe names this corpus file and it is missing"):
        recipes.run(recipes.load(path), runs, folder, ROOT)


def test_a_run_folder_of_another_recipe_is_never_continued(tmp_path):
    run_dir = tmp_path / "runs" / "one"
    run_dir.mkdir(parents=True)
    (run_dir / "resume.pt").write_bytes(b"state")
    other = recipes.load(write(tmp_path, GOOD.replace("seq_len = 16", "seq_len = 32"), "other.toml"))
    (run_dir / "training.json").write_text(json.dumps({"recipe": other.stages[0].recipe.to_dict()}))
    with pytest.raises(recipes.RecipeError, match="made by another recipe .seq_len is 32 there, 16 in this one"):
        recipes.run(recipes.load(write(tmp_path, GOOD)), tmp_path / "runs", None, ROOT)
    assert (run_dir / "resume.pt").read_bytes() == b"state"
