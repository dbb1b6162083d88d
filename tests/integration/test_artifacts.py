"""The artifact pipeline (python -m build_artifacts) on tiny checkpoints made here, never the real ones."""

import json
import re
import shutil
from pathlib import Path

import jsonschema
import numpy as np
import pytest
import torch
from referencing import Registry, Resource

from build_artifacts import figure_files, figures, output
from build_artifacts.__main__ import main
from sprout import atomic
from sprout.analysis.encoding import decode_attention
from sprout.analysis.lens import capture_attention
from sprout.chapter.examples import EXAMPLES_FILE, load_examples, tokenize_example
from sprout.checkpoint import load_checkpoint, save_checkpoint
from sprout.model import TransformerConfig, WindowConfig, build_model
from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # builds the artifacts from the published checkpoints

SCHEMAS = ROOT / "build_artifacts" / "schemas"
HTML_LIKE = "<img src=x onerror=alert(1)>"
EXTRA_EXAMPLE = f'''
[[example]]
id = "html_like"
title = "Kim's note {HTML_LIKE}"
text = """Kim wrote a funny note for her brother: {HTML_LIKE} He did not know what it meant, so he laughed."""
marks.laughed = {{ text = "laughed", occurrence = 1 }}
'''


@pytest.fixture(scope="module", autouse=True)
def _one_thread(one_thread):
    """Every test here on one thread (conftest.one_thread)."""


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory, tokenizer):
    folder = tmp_path_factory.mktemp("checkpoints")
    V = tokenizer.vocab_size
    configs = {
        "window": WindowConfig(vocab_size=V, d_embed=8, d_hidden=32),
        "gpt1": TransformerConfig(vocab_size=V, context=256, n_layer=1, n_head=4, d_model=32),
        "sprout": TransformerConfig(vocab_size=V, context=512, n_layer=2, n_head=3, d_model=48),
    }
    for i, (name, cfg) in enumerate(configs.items()):
        torch.manual_seed(i)
        save_checkpoint(folder / name, build_model(cfg), tokenizer, {"tokens_seen": 1000 * (i + 1)})
    return folder


@pytest.fixture(scope="module")
def examples_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("examples") / "examples.toml"
    path.write_text(EXAMPLES_FILE.read_text(encoding="utf-8") + EXTRA_EXAMPLE, encoding="utf-8")
    return path


def build(checkpoints, out, examples, *extra):
    """A build that keeps no cache unless `extra` names one (test_cache.py builds with one)."""
    cache = [] if "--cache" in extra else ["--no-cache"]
    return main(
        [
            "--checkpoints",
            str(checkpoints),
            "--out",
            str(out),
            "--examples",
            str(examples),
            "--tinystories",
            "none",
            "--quiet",
            *cache,
            *extra,
        ]
    )


@pytest.fixture(scope="module")
def built_with_cache(checkpoints, examples_file, tmp_path_factory):
    """(the artifacts of a fresh build, the cache it filled)."""
    out, cache = tmp_path_factory.mktemp("site") / "artifacts", tmp_path_factory.mktemp("cache")
    assert build(checkpoints, out, examples_file, "--cache", str(cache)) == 0
    return out, cache


@pytest.fixture(scope="module")
def built(built_with_cache):
    return built_with_cache[0]


@pytest.fixture
def filled_cache(built_with_cache, tmp_path):
    """A copy of the cache the fresh build filled: a build with it computes only what changed."""
    return Path(shutil.copytree(built_with_cache[1], tmp_path / "filled-cache"))


@pytest.fixture
def previous(built, tmp_path):
    """A copy of a finished artifact set, to check that failed builds leave it alone."""
    out = tmp_path / "site" / "artifacts"  # alone in its parent: leftovers would show
    shutil.copytree(built, out)
    return out


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(Path(folder).rglob("*")) if p.is_file()}


def assert_untouched(out, before):
    assert snapshot(out) == before
    assert sorted(p.name for p in out.parent.iterdir()) == [out.name], "a temporary folder was left behind"


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def schema_for(relative):
    if relative.startswith("browser/"):
        return {
            "browser/model.json": "browser_model",
            "browser/gpt1.json": "browser_model",
            "browser/tokenizer.json": "tokenizer",
        }[relative]
    if relative.startswith("examples/"):
        return "example"
    if relative.startswith("figures/"):
        return "figure"
    return relative.removesuffix(".json")


def test_every_file_matches_its_schema(built):
    schemas = {p.name.removesuffix(".schema.json"): load(p) for p in SCHEMAS.glob("*.schema.json")}
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    checked = 0
    for relative in snapshot(built):
        if not relative.endswith(".json"):
            continue
        schema = schemas[schema_for(relative)]
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema.Draft202012Validator(schema, registry=registry).validate(load(built / relative))
        checked += 1
    names = set(snapshot(built))
    assert {
        "manifest.json",
        "stats.json",
        "head_scores.json",
        "induction.json",
        "models.json",
        "figures/f1_dot_product_spread.json",
        "figures/induction_loss.json",
        "figures/model_losses.json",
        "figures/head_scores_induction.json",
        "figures/attention_mia_doll.html",
        "examples/mia_doll.json",
        "examples/html_like.json",
    } <= names
    assert checked == sum(n.endswith(".json") for n in names) > 10


def test_manifest_hashes_every_other_file(built):
    manifest = load(built / "manifest.json")
    files = output.file_hashes(built)
    del files["manifest.json"]
    assert manifest["files"] == files
    assert not re.search(r"20\d\d-\d\d-\d\d", (built / "manifest.json").read_text()), "no timestamps"


def nudged_in_float64(scale):
    """pipeline.in_float64, then every weight moved by a random relative `scale`: a stand-in for
    another CPU, whose kernels round differently in the last bits."""
    from sprout.precision import in_float64

    def convert(model):
        in_float64(model)
        generator = torch.Generator().manual_seed(0)
        with torch.no_grad():
            for p in model.parameters():
                p.mul_(1 + scale * torch.randn(p.shape, generator=generator, dtype=p.dtype))
        return model

    return convert


def test_last_bit_differences_of_another_cpu_do_not_reach_the_bytes(
    built, filled_cache, checkpoints, examples_file, tmp_path, monkeypatch
):
    """Float64 kernels of two CPUs differ by about 1e-16 of a value; a nudge a thousand times
    larger leaves every file as it was (float32's own rounding step, 6e-8, would not). Every
    float64 result is computed again; the browser exports, which read no float64 result, come
    from the fresh build's cache (their key is tested in test_browser_model.py)."""
    from sprout.chapter import reading

    monkeypatch.setattr(reading, "in_float64", nudged_in_float64(1e-13))
    cache = tmp_path / "exports-only"
    cache.mkdir()
    for kept in filled_cache.glob("browser_*.json"):
        shutil.copy(kept, cache / kept.name)
    out = tmp_path / "artifacts"
    assert build(checkpoints, out, examples_file, "--cache", str(cache)) == 0
    nudged, before = snapshot(out), snapshot(built)
    assert nudged == before, "the manifest included: it names no output folder"


def test_attention_decodes_to_the_models_weights(built, checkpoints):
    model, tok, _ = load_checkpoint(checkpoints / "sprout")
    for path in sorted((built / "examples").glob("*.json")):
        record = load(path)
        a = record["attention"]
        decoded = decode_attention(a["data"], a["layers"], a["heads"], a["tokens"])
        _, weights = capture_attention(model, torch.tensor([record["ids"]]))
        assert (
            decoded.shape
            == tuple(weights[0].shape)
            == (model.cfg.n_layer, model.cfg.n_head, len(record["ids"]), len(record["ids"]))
        )
        assert np.abs(decoded - weights[0].double().numpy()).max() <= 1 / 255 + 1e-9, path.name
        assert np.allclose(decoded.sum(-1), 1.0, atol=1e-12)


def test_marks_and_predictions_are_where_examples_toml_says(built, examples_file, tokenizer):
    examples = load_examples(examples_file)
    assert sorted(p.stem for p in (built / "examples").glob("*.json")) == sorted(e.id for e in examples)
    for example in examples:
        record = load(built / "examples" / f"{example.id}.json")
        spans = tokenize_example(example, tokenizer, None).spans
        assert record["tokens"][0] == "◆" and record["ids"][0] == tokenizer.start_id
        assert set(record["marks"]) == set(example.marks) == set(record["predictions"])
        for name, (phrase, occurrence) in example.marks.items():
            mark = record["marks"][name]
            assert (mark["start"], mark["end"]) == spans[name]
            assert mark["position"] == mark["end"] - 1 and mark["occurrence"] == occurrence
            assert phrase in "".join(record["tokens"][mark["start"] : mark["end"]])
            for model in ("window", "gpt1", "sprout"):
                probs = [p["prob"] for p in record["predictions"][name][model]]
                assert len(probs) == 5 and probs == sorted(probs, reverse=True)


def test_every_position_has_each_models_top_five_next_tokens(built, examples_file):
    for example in load_examples(examples_file):
        record = load(built / "examples" / f"{example.id}.json")
        for model in ("window", "gpt1", "sprout"):
            following = record["next"][model]
            assert len(following) == len(record["ids"])
            for top in following:
                probs = [p["prob"] for p in top]
                assert len(top) == 5 and probs == sorted(probs, reverse=True) and 0 < sum(probs) <= 1 + 1e-6
            for name, mark in record["marks"].items():  # the marks' predictions are the same numbers
                assert following[mark["end"] - 1] == record["predictions"][name][model]


def test_html_in_a_story_stays_plain_text(built, examples_file):
    path = built / "examples" / "html_like.json"
    record = load(path)
    assert HTML_LIKE in record["text"] and HTML_LIKE in record["title"]
    assert "".join(record["tokens"][1:]) == record["text"]  # the tokens spell the text exactly
    assert HTML_LIKE in path.read_text(encoding="utf-8")  # as literal characters, nothing escaped away
    figure_html = (built / "figures" / "attention_html_like.html").read_text(encoding="utf-8")
    assert "<img" not in figure_html and "&lt;img" in figure_html  # titles go into figures escaped


def test_no_file_points_outside(built):
    for relative, content in snapshot(built).items():
        if relative.endswith(".onnx"):  # binary: weights and graph, no addresses
            assert b"http://" not in content and b"https://" not in content
            continue
        text = content.decode("utf-8")
        if relative == "figures/plotly.min.js":  # its own docs name plotly.com; no CDN or font host
            assert not re.search(r"https?://(cdn\.|unpkg\.com|cdnjs\.|fonts\.g|cdn\.jsdelivr)", text)
            continue
        assert "http://" not in text and "https://" not in text, relative
        if relative.endswith(".html"):
            assert re.findall(r"<script[^>]*\bsrc=([^\s>]*)", text) == ['"plotly.min.js"'], relative


BAD_EXAMPLES = {
    "malformed": ('[[example]]\nid = "x"\ntext = """never closed\n', "not valid TOML"),
    "missing_mark": (
        '[[example]]\nid = "lost"\ntitle = "t"\ntext = "A cat sat."\nmarks.dog = { text = "dog", occurrence = 1 }\n',
        "example lost: mark 'dog'",
    ),
    "too_long": (
        '[[example]]\nid = "long_story"\ntitle = "t"\ntext = """' + "The cat sat on the mat. " * 80 + '"""\n',
        "example long_story: ",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_EXAMPLES))
def test_a_bad_example_is_named_and_nothing_is_written(case, previous, checkpoints, tmp_path, capsys):
    text, expected = BAD_EXAMPLES[case]
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    before = snapshot(previous)
    assert build(checkpoints, previous, bad) == 1
    err = capsys.readouterr().err.strip()
    assert expected in err and len(err.splitlines()) == 1 and "Traceback" not in err, err
    if case == "too_long":
        assert "exceed the context of 256" in err
    assert_untouched(previous, before)


def test_a_missing_checkpoint_stops_naming_the_command_that_trains_it(
    previous, checkpoints, examples_file, tmp_path, capsys
):
    partial = tmp_path / "checkpoints"
    partial.mkdir()
    for name in ("window", "gpt1"):
        (partial / name).symlink_to(checkpoints / name)
    before = snapshot(previous)
    assert build(partial, previous, examples_file) == 1
    err = capsys.readouterr().err.strip()
    assert str(partial / "sprout") in err and "make train" in err and len(err.splitlines()) == 1, err
    assert f"sprout train --recipe sprout --publish {partial / 'sprout'}" in err
    assert_untouched(previous, before)


@pytest.mark.parametrize("name", ["training.json", "tokenizer.json", "config.json"])
def test_a_checkpoint_folder_missing_a_file_stops_naming_it(
    name, previous, checkpoints, examples_file, tmp_path, capsys
):
    partial = tmp_path / "checkpoints"
    shutil.copytree(checkpoints, partial)
    (partial / "gpt1" / name).unlink()
    before = snapshot(previous)
    assert build(partial, previous, examples_file) == 1
    err = capsys.readouterr().err.strip()
    assert (
        err.startswith(f"python -m build_artifacts: error: {partial / 'gpt1' / name} is missing")
        and len(err.splitlines()) == 1
    ), err
    assert_untouched(previous, before)


def test_a_build_that_dies_while_writing_leaves_the_previous_set(
    previous, filled_cache, checkpoints, examples_file, monkeypatch
):
    """Killed as it writes the figures (its results from the fresh build's cache: the writing is
    what this is about)."""

    def dies(folder, figs):
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / "half.json").write_text("{")
        raise RuntimeError("killed while writing")

    monkeypatch.setattr(figure_files, "write_figures", dies)
    before = snapshot(previous)
    with pytest.raises(RuntimeError, match="killed while writing"):
        build(checkpoints, previous, examples_file, "--cache", str(filled_cache))
    assert_untouched(previous, before)


def test_a_set_left_aside_by_a_killed_swap_is_restored(tmp_path):
    out = tmp_path / "artifacts"
    aside = tmp_path / ".artifacts.previous"
    aside.mkdir()
    (aside / "stats.json").write_text("{}\n")
    (tmp_path / ".artifacts.building").mkdir()  # half-built, to be dropped
    atomic.recover_folder(out)
    assert (out / "stats.json").read_text() == "{}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["artifacts"]


def test_rounding_keeps_json_small_and_stable():
    assert output.dumps({"b": 1 / 3, "a": [2.0, -0.0, 123456.789]}) == '{"a":[2.0,0.0,123460.0],"b":0.33333}\n'
    with pytest.raises(ValueError):
        output.dumps({"x": float("nan")})


def test_a_second_build_gives_the_same_bytes_and_keeps_the_ablation_pass(
    built_with_cache, checkpoints, examples_file, tmp_path, capsys
):
    """A build whose cache holds only the ablation pass's record and the browser files computes
    every measurement again and keeps the pass while the checkpoint and texts stay: the pipeline
    is deterministic. The record is read from the cache (or the published results), never from
    the folder the build writes. The browser files are kept because their export reads none of
    the measurements: that it gives the same bytes twice is test_browser_model's
    (test_an_interrupted_export_leaves_the_previous_file_whole)."""
    built, filled = built_with_cache
    first = load(built / "ablations.json")
    heads = load(built / "head_scores.json")
    assert heads["ablation"]["breaks"] == first["breaks"] and len(first["breaks"]) == heads["layers"]
    cache = tmp_path / "cache"
    cache.mkdir()
    shutil.copy(built / "ablations.json", cache / "ablations.json")  # what a build with this cache keeps there
    browser_files = sorted(p.name for p in filled.glob("browser_*.json"))
    assert browser_files == ["browser_gpt1.json", "browser_sprout.json"]
    for name in browser_files:
        shutil.copy(filled / name, cache / name)
    again = tmp_path / "again"
    assert build(checkpoints, again, examples_file, "--cache", str(cache)) == 0
    report = capsys.readouterr().err
    assert "ablations.json/repeat_first" in report.split("kept as published")[1].split("computed")[0]
    assert "ablations.json" not in report.split("kept as published")[1].split("computed")[1]
    assert {"examples", "head_scores", "heldout_losses_generated"} <= set(computed(report))
    assert not {"browser_gpt1", "browser_sprout"} & set(computed(report))
    assert snapshot(again) == snapshot(built)
    assert (cache / "ablations.json").read_bytes() == (again / "ablations.json").read_bytes()


def computed(err):
    return re.search(r"cache: .* (\d+) computed \(([^)]*)\)", err).group(2).split(", ")


def test_a_cached_rebuild_reuses_everything_and_recomputes_what_an_input_change_touches(
    built, filled_cache, checkpoints, examples_file, tmp_path, capsys
):
    cache, out = filled_cache, tmp_path / "artifacts"
    assert build(checkpoints, out, examples_file, "--cache", str(cache)) == 0
    assert computed(capsys.readouterr().err) == ["none"]
    assert snapshot(out) == snapshot(built), "a cached result gives the bytes a fresh one does, the manifest included"

    assert build(checkpoints, out, examples_file, "--cache", str(cache), "--seed", "1") == 0
    again = computed(capsys.readouterr().err)
    # what the seed reaches: the repeats (so the heads' scores, the baselines and the curves) and F1's draw
    assert {"head_scores", "baselines", "induction_curves", "dot_product_spread"} <= set(again)
    assert "examples" not in again, "the example files do not read the seed"

    changed = tmp_path / "checkpoints"
    shutil.copytree(checkpoints, changed)
    model, tok, training = load_checkpoint(checkpoints / "sprout")
    with torch.no_grad():
        model.blocks[0].attn.proj.weight.mul_(0.5)
    save_checkpoint(changed / "sprout", model, tok, training)
    assert build(changed, out, examples_file, "--cache", str(cache), "--seed", "1") == 0
    assert {"examples", "head_scores", "heldout_losses_generated"} <= set(computed(capsys.readouterr().err))


def edited_package(root, function):
    """A copy of sprout/ with one statement added at the top of `function`, which the keys of the
    build's results read instead of the real package (the code that runs stays the real one:
    what is held here is which results a build computes again)."""
    import inspect

    shutil.copytree(ROOT / "sprout", root / "sprout", ignore=shutil.ignore_patterns("__pycache__"))
    path = root.joinpath(*function.__module__.split(".")).with_suffix(".py")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(inspect.getsourcelines(function)[1], "    _edited_by_the_test = 1\n")
    path.write_text("".join(lines), encoding="utf-8")
    return root


def test_a_section_edit_recomputes_its_results_and_no_other(
    built, filled_cache, checkpoints, examples_file, tmp_path, capsys, monkeypatch
):
    """Here on probes.py, whose results several sections read (every section's keys:
    tests/unit/test_result_keys.py)."""
    from sprout import cache as cache_module
    from sprout.chapter.contents import BY_PREFIX

    section = "probes"
    declared = BY_PREFIX[section].results
    copy = edited_package(tmp_path / "edited", declared[0].compute)
    real = cache_module._package_folder
    monkeypatch.setattr(cache_module, "_package_folder", lambda p: copy / p if p == "sprout" else real(p))
    assert build(checkpoints, tmp_path / "artifacts", examples_file, "--cache", str(filled_cache)) == 0
    again = computed(capsys.readouterr().err)
    own = {r.name for r in declared if r.keep and not r.reads_validation}  # no TinyStories folder here
    assert set(again) == own, f"an edit of {section}.py recomputed {again}"


def validation_folder(root, stories):
    root.mkdir(parents=True)
    (root / "validation.txt").write_text("\n<|endoftext|>\n".join(stories) + "\n", encoding="utf-8")
    return root


def test_a_changed_validation_file_recomputes_every_result_that_reads_it_and_mixes_none(
    built, filled_cache, checkpoints, examples_file, tmp_path, capsys
):
    """The sample, then the same file without its first 40 stories (as a full download would
    differ): every result read on validation.txt is computed again on the second file."""
    from sprout.chapter.contents import RESULTS
    from sprout.corpus import data
    from sprout.files import file_sha256

    stories = data.heldout_generated(120, seed=5)
    first, second = validation_folder(tmp_path / "a", stories), validation_folder(tmp_path / "b", stories[40:])
    out = tmp_path / "artifacts"
    assert build(checkpoints, out, examples_file, "--cache", str(filled_cache), "--tinystories", str(first)) == 0
    capsys.readouterr()
    before = load(out / "stats.json")
    assert build(checkpoints, out, examples_file, "--cache", str(filled_cache), "--tinystories", str(second)) == 0
    again = set(computed(capsys.readouterr().err))
    readers = {name for name, r in RESULTS.items() if r.reads_validation and (filled_cache / f"{name}.json").exists()}
    assert {"heldout_losses_tinystories_validation", "probes_parking_tinystories_validation"} <= readers
    assert readers | {"ablations.json/loss_tinystories_validation"} <= again
    sha = file_sha256(second / "validation.txt")
    for name in readers:
        assert load(filled_cache / f"{name}.json")["files"] == {"validation.txt": sha}, name
    read_on = load(out / "manifest.json")["measured_on"]
    on_validation = [key for key, about in read_on.items() if about["corpus"] == "tinystories_validation"]
    assert on_validation and all(read_on[key]["sha256"] == sha for key in on_validation)
    after = load(out / "stats.json")
    assert all(after[key] != before[key] for key in on_validation if key.startswith("loss."))


@pytest.fixture(scope="module")
def snapshot_run(checkpoints, tmp_path_factory):
    """Two snapshots of a run started from the (tiny) published Sprout."""
    run = tmp_path_factory.mktemp("runs") / "later-snapshots"
    published, tok, _ = load_checkpoint(checkpoints / "sprout")
    for step, seed in ((10, 3), (20, 4)):
        torch.manual_seed(seed)
        save_checkpoint(
            run / f"step-{step:06d}",
            build_model(published.cfg),
            tok,
            {"recipe": {"init_from": str(checkpoints / "sprout")}, "step": step},
        )
    return run


def test_snapshots_are_scored_onto_the_training_story(
    snapshot_run, built, filled_cache, checkpoints, examples_file, tmp_path
):
    from build_artifacts import snapshots

    out = tmp_path / "artifacts"
    assert build(checkpoints, out, examples_file, "--snapshots", str(snapshot_run), "--cache", str(filled_cache)) == 0
    traces = {t["name"]: t for t in load(out / "figures" / "training_story.json")["data"]}
    steps = (10, 20)  # the tiny published Sprout records no steps: its story ends at 0, the later run follows
    expected = [snapshots.scores(*load_checkpoint(snapshot_run / f"step-{s:06d}")[:2], seed=0) for s in steps]
    for key, (name, _, _) in figures.STORY_LINES.items():
        trace = traces[f"{name}, snapshot"]
        assert list(trace["x"]) == list(steps) and list(trace["customdata"]) == [f"step-{s:06d}" for s in steps]
        assert list(trace["y"]) == pytest.approx([e[key] for e in expected], abs=1e-6)
    plain = load(built / "figures" / "training_story.json")["data"]
    assert not any(t["name"].endswith("snapshot") for t in plain), "no snapshots given, none drawn"


@pytest.mark.parametrize("case", ["empty", "unrelated"])
def test_snapshots_that_cannot_be_placed_stop_the_build_with_one_line(
    case, snapshot_run, previous, checkpoints, examples_file, tmp_path, capsys
):
    folder = tmp_path / "snapshots"
    folder.mkdir()
    if case == "unrelated":
        shutil.copytree(snapshot_run / "step-000010", folder / "step-000010")
        training = load(folder / "step-000010" / "training.json")
        training["recipe"]["init_from"] = str(tmp_path / "elsewhere")
        (folder / "step-000010" / "training.json").write_text(json.dumps(training))
    before = snapshot(previous)
    assert build(checkpoints, previous, examples_file, "--snapshots", str(folder)) == 1
    err = capsys.readouterr().err.strip()
    expected = "no snapshot" if case == "empty" else "neither a stage of the published Sprout"
    assert expected in err and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert_untouched(previous, before)
