"""The layer race's record, chapter numbers and data file (sprout/chapter/layer_race.py) and its
figure (build_artifacts/figures.py), on a small made-up record: no training, no checkpoints."""

import json
import math

import jsonschema
import pytest
from referencing import Registry, Resource

from build_artifacts.__main__ import main as build_main
from build_artifacts.figure_files import figure_json
from build_artifacts.figures import layer_race_figure
from build_artifacts.output import dumps
from sprout.chapter.race_record import LayerRaceError, layer_race_table, read_record
from sprout.chapter.sections.layer_race import layer_race_stats
from sprout.training.toy_spec import load_spec
from tests.conftest import ROOT

SCHEMAS = ROOT / "build_artifacts" / "schemas"
SPEC = load_spec().to_dict()
PLATEAU = round(math.log(16), 4)


def run(layers, seed, losses, change, induction_head=(1, 0), previous_head=(0, 1), drop=None, rise=None):
    """drop: (step, confirmed), the drop's window one evaluation either side."""
    score = 0.7 if change is not None else 0.12
    return {
        "layers": layers,
        "seed": seed,
        "curve": [[50 * i, loss] for i, loss in enumerate(losses)],
        "induction_curve": [[50 * i, score * i / (len(losses) - 1)] for i in range(len(losses))],
        "previous_token_curve": [[50 * i, 0.9 if induction_head[0] else None] for i in range(len(losses))],
        "drop_step": drop and drop[0],
        "drop_window": drop and [drop[0] - 50, drop[0] + 50],
        "drop_fall": drop and 1.0,
        "induction_rise_step": rise,
        "confirmed": bool(drop and drop[1]),
        "phase_change_step": change,
        "final_loss": losses[-1],
        "induction": 0.7 if change is not None else 0.12,
        "induction_head": list(induction_head),
        "previous_token": 0.9 if induction_head[0] else None,
        "previous_token_head": list(previous_head) if induction_head[0] else None,
        "training_s": 10.0 + seed,
        "steps_per_s": 200.0 - seed,
    }


def made_up_record(spec=SPEC):
    return {
        "spec": spec,
        "plateau": PLATEAU,
        "threshold": round(PLATEAU / 2, 4),
        "runs": [
            run(1, 0, [2.8, 2.4, 2.2], None, induction_head=(0, 1), rise=0),
            run(1, 1, [2.8, 2.5, 2.3], None, induction_head=(0, 0), rise=50),
            run(2, 0, [2.8, 1.2, 0.8], 50, drop=(50, True), rise=50),
            run(2, 1, [2.8, 2.0, 0.9], 100, drop=(100, True), rise=100),
            run(2, 2, [2.8, 1.3, 0.7], 50, drop=(50, False), rise=100),
            run(3, 0, [2.8, 1.1, 0.7], 50, induction_head=(2, 1), previous_head=(1, 0), drop=(50, True), rise=50),
        ],
        "drop_rule": {"window": 3, "min_fall": 0.3466, "min_share": 0.25, "rise_share": 0.5},
        "machine": {"cpu": "AMD EPYC"},
        "wall_s": 66.0,
        "torch": "2.13.0",
    }


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "toy-race.json"
    path.write_text(json.dumps(made_up_record()), encoding="utf-8")
    return path


def validator(name):
    schemas = [json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.schema.json")]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas)
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=registry)


def test_the_record_gives_stats_a_schema_valid_table_and_figure(record_file):
    record = read_record(record_file, SPEC)
    stats, table = layer_race_stats(record), layer_race_table(record)
    figure = layer_race_figure(table)
    validator("layer_race").validate(json.loads(dumps(table)))
    validator("figure").validate(json.loads(figure_json(figure)))
    validator("stats").validate(json.loads(dumps({**stats, **required_stats()})))
    assert table["eval_steps"] == [0, 50, 100]
    assert table["runs"][2]["induction_head"] == [2, 1] and table["runs"][2]["previous_token_head"] == [1, 2]
    assert table["runs"][0]["previous_token_head"] is None
    assert table["runs"][2]["induction_score"] == [0.0, 0.35, 0.7]
    assert table["runs"][2]["previous_token_score"] == [0.9] * 3
    assert table["runs"][4]["drop_window"] == [0, 100] and table["runs"][4]["confirmed"] is False
    lines = [trace for trace in figure.data if trace.mode == "lines"]
    # each run twice: its loss (top) and its induction score (bottom); one legend entry per depth
    assert len(lines) == 12 and sum(bool(t.showlegend) for t in lines) == 3
    assert [t.y for t in lines if t.yaxis == "y2"][2] == (0.0, 0.35, 0.7)
    drops = [trace for trace in figure.data if trace.mode == "markers"]
    assert {t.x[0] for t in drops} == {r["drop_step"] for r in table["runs"] if r["drop_step"] is not None}
    assert sorted(shape.y0 for shape in figure.layout.shapes) == [round(PLATEAU / 2, 4), PLATEAU]


def required_stats():
    """The keys the stats schema requires of a whole build, as placeholders."""
    schema = json.loads((SCHEMAS / "stats.schema.json").read_text(encoding="utf-8"))
    return {key: 0 for key in schema["required"]}


def test_the_chapter_numbers_per_depth():
    stats = layer_race_stats(made_up_record())
    assert stats["layer_race.plateau"] == PLATEAU and stats["layer_race.threshold"] == round(PLATEAU / 2, 4)
    assert stats["layer_race.depth_1.dropped"] == 0 and stats["layer_race.depth_1.seeds"] == 2
    assert stats["layer_race.depth_1.phase_change_median"] is None
    assert (stats["layer_race.depth_1.final_min"], stats["layer_race.depth_1.final_max"]) == (2.2, 2.3)
    assert stats["layer_race.depth_1.previous_token_median"] is None
    assert stats["layer_race.depth_2.dropped"] == 3
    assert stats["layer_race.depth_2.phase_change_median"] == 50
    assert (stats["layer_race.depth_2.phase_change_min"], stats["layer_race.depth_2.phase_change_max"]) == (50, 100)
    assert stats["layer_race.depth_3.dropped"] == 1
    assert stats["layer_race.seconds_per_run"] == 10.5 and stats["layer_race.steps"] == SPEC["steps"]


def test_the_chapter_numbers_of_the_drop_per_depth_and_seed():
    stats = layer_race_stats(made_up_record())
    assert stats["layer_race.depth_1.drops"] == 0 and stats["layer_race.depth_1.drop_median"] is None
    assert stats["layer_race.depth_1.seed_0.drop_step"] is None and stats["layer_race.depth_1.seed_0.confirmed"] == 0
    assert stats["layer_race.depth_1.seed_1.induction_rise_step"] == 50
    assert (stats["layer_race.depth_2.drops"], stats["layer_race.depth_2.confirmed"]) == (3, 2)
    assert (stats["layer_race.depth_2.drop_min"], stats["layer_race.depth_2.drop_max"]) == (50, 100)
    assert stats["layer_race.depth_2.drop_median"] == 50
    seed_2 = [stats[f"layer_race.depth_2.seed_2.{k}"] for k in ("drop_step", "induction_rise_step", "confirmed")]
    assert seed_2 == [50, 100, 0]
    assert stats["layer_race.depth_3.seed_0.confirmed"] == 1
    assert stats["layer_race.drop_window"] == 3 and stats["layer_race.rise_share"] == 0.5


def test_a_record_raced_before_the_drop_was_recorded_stops_with_one_line(tmp_path):
    old = made_up_record()
    del old["drop_rule"]
    path = tmp_path / "toy-race.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    with pytest.raises(LayerRaceError) as caught:
        read_record(path, SPEC)
    assert "\n" not in str(caught.value) and f"python -m sprout toy-race --out {path}" in str(caught.value)


def test_a_record_raced_with_another_spec_stops_with_one_line(tmp_path):
    path = tmp_path / "toy-race.json"
    path.write_text(json.dumps(made_up_record({**SPEC, "lr": 0.02, "steps": 3000})), encoding="utf-8")
    with pytest.raises(LayerRaceError) as caught:
        read_record(path, SPEC)
    message = str(caught.value)
    assert "\n" not in message and "differs in lr, steps" in message
    assert f"`python -m sprout toy-race --out {path}`" in message


def test_a_missing_record_names_the_command(tmp_path):
    with pytest.raises(LayerRaceError, match="python -m sprout toy-race"):
        read_record(tmp_path / "nowhere.json", SPEC)


def test_the_build_stops_on_a_stale_record_before_reading_checkpoints(tmp_path, capsys):
    path = tmp_path / "toy-race.json"
    path.write_text(json.dumps(made_up_record({**SPEC, "vocab": 8})), encoding="utf-8")
    out = tmp_path / "artifacts"
    argv = ["--checkpoints", str(tmp_path / "none"), "--out", str(out), "--layer-race", str(path)]
    assert build_main([*argv, "--quiet", "--no-cache", "--tinystories", "none"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "differs in vocab" in err and "python -m sprout toy-race" in err
    assert not out.exists()
