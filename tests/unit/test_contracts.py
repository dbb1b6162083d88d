"""Contracts between parts that are easy to let drift apart: the benchmark's reference and the
real model, the artifacts' manifest and the committed checkpoints, the corpus a seed produces,
and the Plotly version the figures were made for and the one the site serves."""

import ast
import hashlib
import json
import re
from functools import partial
from pathlib import Path

import pytest
import torch

from build_artifacts.output import file_hashes
from site_files.manifest import ManifestError, load_manifest
from sprout.corpus.data import BatchMaker, Mix, file_sha256, step_batches
from sprout.corpus.stories import generate_stories
from sprout.model import build_model
from sprout.tokenizer import Tokenizer
from sprout.training.recipe import Recipe, shape_at
from sprout.training.reference import PlainGPT
from tests.conftest import ROOT, SMALL

CHECKPOINTS = ROOT / "build_artifacts" / "checkpoints"


def reference_weights(model):
    """The real model's weights under the reference's names (q, k and v are one matrix there)."""
    mapped = {"embed.weight": model.embed.weight, "norm.weight": model.norm.weight}
    for i, block in enumerate(model.blocks):
        q, k, v = block.attn.qkv.weight.chunk(3, dim=0)
        p = f"blocks.{i}."
        mapped.update(
            {
                p + "norm1.weight": block.attn_norm.weight,
                p + "norm2.weight": block.mlp_norm.weight,
                p + "attn.query.weight": q,
                p + "attn.key.weight": k,
                p + "attn.value.weight": v,
                p + "attn.q_norm.weight": block.attn.q_norm.weight,
                p + "attn.k_norm.weight": block.attn.k_norm.weight,
                p + "attn.proj.weight": block.attn.proj.weight,
                p + "fc.weight": block.mlp.up.weight,
                p + "out.weight": block.mlp.down.weight,
            }
        )
    return mapped


def test_the_benchmark_reference_computes_the_models_function():
    cfg = SMALL["sprout"]
    torch.manual_seed(0)
    model = build_model(cfg).eval()
    with torch.no_grad():  # move the gains off their initial values so that they matter
        for name, p in model.named_parameters():
            if "norm" in name:
                p.add_(0.3 * torch.randn_like(p))
    plain = PlainGPT(cfg.vocab_size, cfg.n_layer, cfg.n_head, cfg.d_model, cfg.context).eval()
    missing, unexpected = plain.load_state_dict(reference_weights(model), strict=False)
    assert not unexpected and all(name.endswith("angles") for name in missing)
    ids = torch.randint(0, cfg.vocab_size, (2, 40))
    with torch.no_grad():
        assert torch.allclose(plain(ids), model(ids), atol=1e-4)


def test_the_manifest_names_the_committed_checkpoints():
    manifest = load_manifest(ROOT / "docs" / "artifacts" / "manifest.json")
    for name, entry in manifest["checkpoints"].items():
        assert entry["model_safetensors_sha256"] == file_sha256(CHECKPOINTS / name / "model.safetensors"), name


def test_a_seed_and_a_step_always_produce_the_same_corpus():
    """A reordered word list or a changed story shape would silently change what `make train`
    reproduces; these hashes catch it (update them only with a recipe that says so)."""
    text = "\n<|endoftext|>\n".join(generate_stories(11, 200))
    assert (
        hashlib.sha256(text.encode()).hexdigest() == "bc32d771365fbb705afdc75f88d07bdbc038ce429a75f81158615def0cc1d39d"
    )
    tok = Tokenizer.load(CHECKPOINTS / "sprout")
    maker = BatchMaker(
        tok, Mix(generated=0.4, copy=0.2, score_first_copy=0.5, echo=0.2, pronouns=0.2, single_story=0.2), seed=7
    )
    digest = hashlib.sha256()
    for step in (0, 1, 1000):
        inputs, targets = maker.batch(step, 4, 128)
        digest.update(inputs.numpy().tobytes())
        digest.update(targets.numpy().tobytes())
    assert digest.hexdigest() == "a9bb4376b3e927b3d276d645e89b404a34c0a5feac53c361f6c4c5655e89d669"


def test_a_seed_always_produces_the_same_stream_of_mixed_batches():
    """Every kind of document (TinyStories-like text with renamed characters among them), single
    rows and the late phase's longer rows, as a run reads them step after step."""
    tok = Tokenizer.load(CHECKPOINTS / "sprout")
    mix = Mix(
        generated=0.3,
        tinystories=0.3,
        copy=0.2,
        copy_min=4,
        copy_max=20,
        copy_times=3,
        score_first_copy=0.5,
        echo=0.2,
        pronouns=0.1,
        single_story=0.1,
        rename=0.5,
    )
    recipe = Recipe(steps=6, batch_size=4, seq_len=64, late_seq_len=128, late_steps=2, mix=mix)
    maker = BatchMaker(tok, mix, seed=5, real_stories=generate_stories(3, 30))
    digest = hashlib.sha256()
    for inputs, targets in step_batches(maker, 0, recipe.steps, partial(shape_at, recipe)):
        digest.update(inputs.numpy().tobytes())
        digest.update(targets.numpy().tobytes())
    assert digest.hexdigest() == "8f946e3aae68ce1308c62aa08454a2d2d2ce50141761c29c3d93154802c20f68"


def test_the_figures_expect_the_plotly_the_site_serves():
    import plotly.offline

    from build_site.hooks import PLOTLY_CARTESIAN

    served = json.loads((PLOTLY_CARTESIAN.parent / "package.json").read_text())["version"]
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["plotly.js-cartesian-dist-min"]
    assert plotly.offline.get_plotlyjs_version() == served == pinned
    assert f"v{served}" in PLOTLY_CARTESIAN.read_text(encoding="utf-8")[:200]


def test_the_manifest_hashes_the_committed_artifacts():
    folder = ROOT / "docs" / "artifacts"
    hashes = file_hashes(folder)
    del hashes["manifest.json"]
    assert load_manifest(folder / "manifest.json")["files"] == hashes, "rebuild with `make artifacts`"


def test_a_manifest_of_another_format_or_broken_is_one_line_naming_it(tmp_path):
    committed = load_manifest(ROOT / "docs" / "artifacts" / "manifest.json")
    older = tmp_path / "manifest.json"
    older.write_text(json.dumps({**committed, "format": 1}))
    with pytest.raises(ManifestError, match=rf"^{re.escape(str(older))} is format 1, this code reads format 2") as e:
        load_manifest(older)
    assert "\n" not in str(e.value)
    older.write_text("{broken")
    with pytest.raises(ManifestError, match="cannot be read"):
        load_manifest(older)
    with pytest.raises(ManifestError, match="is missing"):
        load_manifest(tmp_path / "nowhere.json")


# The project's folders are named once, in sprout/folders.py, and read only by the entry points;
# the library takes folders as arguments (and never finds the repository by climbing from itself).
FOLDERS_MODULE = "sprout/folders.py"
ENTRY_POINTS = ("sprout/cli/", "sprout/__main__.py", "sprout/corpus/tinystories_option.py", "sprout/notebook/")
PROJECT_FOLDERS = ("build_artifacts", "docs", "site_assets")
CLIMBING = re.compile(r"parents\[|\.parent\.parent")


def _sprout_modules():
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "sprout").rglob("*.py"))


def _path_strings(tree):
    """String constants of a module used as paths: a `/` operand, the argument of Path(...) or
    .joinpath(...), or a literal that starts with a project folder and a slash."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            found += [n.value for n in (node.left, node.right) if isinstance(n, ast.Constant)]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "Path",
            "joinpath",
        ):
            found += [a.value for a in node.args if isinstance(a, ast.Constant)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and " " not in node.value:
            found += [node.value] if node.value.startswith(tuple(f"{f}/" for f in PROJECT_FOLDERS)) else []
    return [s for s in found if isinstance(s, str) and s.split("/")[0] in PROJECT_FOLDERS]


def _imports_folders(path, tree):
    package = ".".join(Path(path).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "sprout.folders" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            if base == "sprout.folders" or base == "sprout" and any(a.name == "folders" for a in node.names):
                return True
    return False


def test_only_the_folders_module_names_the_projects_folders_and_only_entry_points_import_it():
    named, climbing, importing = {}, [], []
    for path in _sprout_modules():
        if path == FOLDERS_MODULE:
            continue
        source = (ROOT / path).read_text(encoding="utf-8")
        tree = ast.parse(source)
        if strings := _path_strings(tree):
            named[path] = strings
        if CLIMBING.search(source):
            climbing.append(path)
        if _imports_folders(path, tree) and not path.startswith(ENTRY_POINTS):
            importing.append(path)
    assert not named, f"project folders named outside {FOLDERS_MODULE} (pass them as arguments): {named}"
    assert not climbing, f"the repository found by climbing from a module, not from {FOLDERS_MODULE}: {climbing}"
    assert not importing, f"library modules that read {FOLDERS_MODULE} (only the entry points may): {importing}"


def test_the_builds_and_benchmarks_find_the_repository_through_the_folders_module():
    climbing = [
        p.relative_to(ROOT).as_posix()
        for package in ("build_artifacts", "build_site", "site_files", "benchmarks")
        for p in sorted((ROOT / package).rglob("*.py"))
        if CLIMBING.search(p.read_text(encoding="utf-8"))
    ]
    assert not climbing, f"the repository found by climbing from a module, not from {FOLDERS_MODULE}: {climbing}"
