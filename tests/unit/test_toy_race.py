"""The layer race's parts (sprout/training/toy_*.py): the spec, the stream of repeats, the toy's
forward against a plain computation, the detectors on a hand-set induction circuit, the phase
change's definition. Nothing here rests on what a training run happens to learn."""

import dataclasses
import json
import math

import pytest
import torch
from hand_toy_induction import SPEC as HAND_SPEC
from hand_toy_induction import induction_circuit, uniform_attention

from sprout.cli import main as sprout_main
from sprout.training import toy_data
from sprout.training.toy_data import copy_positions, heldout_batch, training_batch
from sprout.training.toy_model import build_toy
from sprout.training.toy_race import phase_change, phase_change_step, rise_step, steepest_drop, train_one
from sprout.training.toy_scores import best_heads, copy_loss, induction_scores, previous_token_scores
from sprout.training.toy_spec import SPEC_FILE, ToySpec, load_spec

SPEC = load_spec()


@pytest.fixture(scope="module", autouse=True)
def _one_thread(one_thread):
    """Every test here on one thread (conftest.one_thread)."""


# the spec


def test_the_spec_file_reads_as_written():
    written = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    assert SPEC.to_dict() == written
    assert len(SPEC.seeds) >= 5 and list(SPEC.layers) == [1, 2, 3]


@pytest.mark.parametrize(
    "change, words",
    [
        ({"surprise": 1}, "unknown keys ['surprise']"),
        ({"width": 25}, "not a multiple of heads"),
        ({"run_max": 13}, "do not fit twice"),
        ({"eval_seed": 2 * toy_data.BAND + 5}, "eval_seed"),
        ({"steps": 2001}, "not a multiple of eval_every"),
    ],
)
def test_a_bad_spec_is_named(change, words):
    with pytest.raises(ValueError, match="toy race spec") as caught:
        ToySpec.from_dict({**SPEC.to_dict(), **change})
    assert words in str(caught.value)


def test_streams_stay_inside_32_bits():
    with pytest.raises(ValueError, match="2\\*\\*32"):
        toy_data.generator(2**32)


# the stream of repeats


def test_the_second_copy_repeats_the_first_within_the_row():
    batch = heldout_batch(SPEC)
    for row, a, b, n in zip(batch.tokens, batch.first, batch.second, batch.length):
        assert SPEC.run_min <= n <= SPEC.run_max
        assert 0 <= a and a + n <= b and b + n <= SPEC.seq_len
        assert torch.equal(row[b : b + n], row[a : a + n])


def test_places_and_lengths_vary():
    batch = heldout_batch(SPEC)
    assert len(set(batch.first.tolist())) >= 8
    assert len(set(batch.second.tolist())) >= 8
    assert len(set((batch.second - batch.first).tolist())) >= 8
    assert set(batch.length.tolist()) == set(range(SPEC.run_min, SPEC.run_max + 1))


def test_a_batch_depends_only_on_seed_and_step():
    again = training_batch(SPEC, 3, 17)
    assert torch.equal(training_batch(SPEC, 3, 17).tokens, again.tokens)
    assert torch.equal(training_batch(SPEC, 3, 17).second, again.second)
    assert not torch.equal(training_batch(SPEC, 3, 18).tokens, again.tokens)
    assert not torch.equal(training_batch(SPEC, 4, 17).tokens, again.tokens)
    assert not torch.equal(heldout_batch(SPEC).tokens[: SPEC.batch], again.tokens)


def test_copy_positions_are_the_second_copy_after_its_first_token():
    batch = training_batch(SPEC, 0, 0)
    where = copy_positions(batch)
    for mask, b, n in zip(where, batch.second, batch.length):
        assert mask.nonzero().ravel().tolist() == list(range(b, b + n - 1))  # predicting b+1..b+n-1


# the toy's forward


def plain_forward(model, tokens):
    """The toy's forward written out place by place and head by head."""
    V, width = model.embed.shape
    heads = model.layers[0].heads
    size = width // heads

    def norm(x, gain):
        if not model.rms_norm:
            return x
        return x / torch.sqrt((x * x).sum(-1, keepdim=True) / width + model.rms_epsilon) * gain

    h = torch.stack([model.embed[t] + model.position[i] for i, t in enumerate(tokens.tolist())])
    for layer in model.layers:
        x = norm(h, layer.gain)
        joined = torch.zeros_like(h)
        for head in range(heads):
            cols = slice(head * size, (head + 1) * size)
            q, k, v = x @ layer.query[:, cols], x @ layer.key[:, cols], x @ layer.value[:, cols]
            for t in range(len(tokens)):
                scores = torch.stack([q[t] @ k[s] / math.sqrt(size) for s in range(t + 1)])
                w = torch.exp(scores - scores.max())
                w = w / w.sum()
                joined[t, cols] = sum(w[s] * v[s] for s in range(t + 1))
        h = h + joined @ layer.out
    return norm(h, model.gain) @ model.unembed


@pytest.mark.parametrize("rms_norm", [True, False])
def test_forward_matches_a_plain_computation(rms_norm):
    spec = dataclasses.replace(SPEC, rms_norm=rms_norm, init_std=0.3)
    model = build_toy(spec, 2, seed=1)
    with torch.no_grad():
        for layer in model.layers:
            layer.gain.uniform_(0.5, 1.5, generator=torch.Generator().manual_seed(2))
    tokens = training_batch(spec, 0, 0).tokens[:3]
    with torch.no_grad():
        logits = model(tokens)
        for row in range(3):
            torch.testing.assert_close(logits[row], plain_forward(model, tokens[row]), atol=1e-4, rtol=1e-4)


def test_forward_is_causal():
    model = build_toy(SPEC, 2, seed=0)
    tokens = training_batch(SPEC, 0, 0).tokens[:2]
    changed = tokens.clone()
    changed[:, 10:] = (changed[:, 10:] + 1) % SPEC.vocab
    with torch.no_grad():
        torch.testing.assert_close(model(tokens)[:, :10], model(changed)[:, :10])


def test_the_same_seed_starts_the_same_weights():
    one, two = build_toy(SPEC, 2, seed=4), build_toy(SPEC, 2, seed=4)
    assert all(torch.equal(a, b) for a, b in zip(one.parameters(), two.parameters()))
    other = build_toy(SPEC, 2, seed=5)
    assert not torch.equal(one.embed, other.embed)
    assert one.embed.std().item() == pytest.approx(SPEC.embed_std, rel=0.2)
    assert one.layers[0].query.std().item() == pytest.approx(SPEC.init_std, rel=0.2)


# the detectors, on a circuit whose answer is known


@torch.no_grad()
def scored(model):
    batch = heldout_batch(HAND_SPEC)
    logits, weights = model.forward_with_attention(batch.tokens)
    return copy_loss(logits, batch), induction_scores(weights, batch), previous_token_scores(weights)


def test_a_hand_set_induction_circuit_copies_and_is_found():
    loss, induction, previous = scored(induction_circuit())
    assert loss < 1.0 < math.log(HAND_SPEC.vocab) / 2  # chance matches in the filler cost a little
    assert induction[1, 0] > 0.7 and previous[0, 0] > 0.95
    assert induction[1, 1] < 0.3 and previous[0, 1] < 0.3
    found = best_heads(induction, previous)
    assert found["induction_head"] == [1, 0] and found["previous_token_head"] == [0, 0]
    assert found["induction"] > 0.7 and found["previous_token"] > 0.95


def test_uniform_attention_scores_low():
    loss, induction, previous = scored(uniform_attention())
    assert loss > math.log(HAND_SPEC.vocab) / 2
    assert induction.max() < 0.2 and previous.max() < 0.2


def test_the_induction_score_reads_the_token_after_the_earlier_copy():
    batch = heldout_batch(HAND_SPEC)
    rows, seq_len = batch.tokens.shape
    exact = torch.zeros(rows, 1, seq_len, seq_len)
    for r, (a, b, n) in enumerate(zip(batch.first, batch.second, batch.length)):
        for j in range(n - 1):
            exact[r, 0, b + j, a + j + 1] = 1.0
    assert induction_scores([exact], batch).item() == pytest.approx(1.0)
    shifted = exact.roll(1, dims=-1)  # one place too far
    assert induction_scores([shifted], batch).item() == 0.0


def test_an_induction_head_in_the_first_layer_has_nothing_below_it():
    found = best_heads(torch.tensor([[0.1, 0.6], [0.2, 0.3]]), torch.tensor([[0.9, 0.1], [0.2, 0.1]]))
    assert found == {"induction": 0.6, "induction_head": [0, 1], "previous_token": None, "previous_token_head": None}


# the phase change


@pytest.mark.parametrize(
    "curve, step",
    [
        ([(0, 2.8), (50, 2.2), (100, 1.3), (150, 0.6)], 100),
        ([(0, 2.8), (50, 1.0), (100, 2.0)], 50),  # the first time below counts, even if it rises again
        ([(0, 2.8), (50, 1.4), (100, 1.39)], None),  # half of ln 16 is 1.386: never below
        ([], None),
    ],
)
def test_the_phase_change_is_the_first_evaluation_below_the_threshold(curve, step):
    assert phase_change_step(curve, math.log(16) / 2) == step


PLATEAU = math.log(16)


def steps_of(values):
    return [(50 * i, v) for i, v in enumerate(values)]


SUDDEN = steps_of([2.8, 2.78, 2.75, 2.74, 2.2, 1.3, 1.0, 0.95, 0.9, 0.88])  # falls 1.44 nats from 150 to 250
SLIDE = steps_of([2.8 - 0.2 * i for i in range(10)])  # the same 1.8 nats, evenly: 0.4 per window
RISING = steps_of([0.05, 0.05, 0.06, 0.06, 0.3, 0.6, 0.7, 0.72, 0.74, 0.75])  # passes 0.375 at 250


def test_a_sudden_drop_is_found_at_its_steepest_window():
    assert steepest_drop(SUDDEN, PLATEAU / 8) == {"step": 200, "window": [150, 250], "fall": 1.44}


def test_a_slow_slide_has_no_drop_even_past_the_line():
    assert steepest_drop(SLIDE, PLATEAU / 8) is None  # 0.4 nats a window: 2/9 of its whole fall, under a quarter
    assert phase_change_step(SLIDE, PLATEAU / 2) == 400  # the threshold crossing alone calls it one
    found = phase_change(SLIDE, RISING, PLATEAU)
    assert found["drop_step"] is None and found["drop_window"] is None and not found["confirmed"]


@pytest.mark.parametrize("losses", [[2.8, 2.7, 2.6], [2.8, 2.75, 2.7, 2.62, 2.6, 2.55, 2.5, 2.48, 2.45]])
def test_a_small_fall_is_no_drop_however_steep_its_share(losses):
    assert steepest_drop(steps_of(losses), PLATEAU / 8) is None  # under an eighth of ln 16, 0.35 nats


def test_a_drop_with_the_induction_score_rising_in_it_is_confirmed():
    assert rise_step(RISING) == 250
    assert phase_change(SUDDEN, RISING, PLATEAU) == {
        "drop_step": 200,
        "drop_window": [150, 250],
        "drop_fall": 1.44,
        "induction_rise_step": 250,
        "confirmed": True,
    }


@pytest.mark.parametrize(
    "scores, rise",
    [
        ([0.05, 0.06, 0.05, 0.06, 0.05, 0.06, 0.05, 0.06, 0.05, 0.06], 0),  # flat: above half its last at once
        ([0.05] * 7 + [0.3, 0.6, 0.7], 400),  # rises, but after the drop is over
        ([0.0] * 10, None),
    ],
)
def test_a_drop_without_the_induction_score_rising_in_it_is_not_confirmed(scores, rise):
    found = phase_change(SUDDEN, steps_of(scores), PLATEAU)
    assert found["drop_step"] == 200 and found["induction_rise_step"] == rise and found["confirmed"] is False


# a run and the command, on a toy spec (their shape, not what they learn)

TINY = dataclasses.replace(SPEC, steps=4, eval_every=2, eval_batch=8, layers=(1, 2), seeds=(0,))


def test_a_run_records_what_the_race_reports():
    run = train_one(TINY, 2, 0)
    assert [step for step, _ in run["curve"]] == [0, 2, 4]
    assert run["final_loss"] == pytest.approx(run["curve"][-1][1], abs=1e-4)
    assert run["layers"] == 2 and run["seed"] == 0 and run["steps_per_s"] > 0
    assert set(run) >= {"phase_change_step", "induction", "induction_head", "previous_token", "previous_token_head"}
    assert set(run) >= {"drop_step", "drop_window", "drop_fall", "induction_rise_step", "confirmed"}
    assert (
        [step for step, _ in run["induction_curve"]] == [step for step, _ in run["previous_token_curve"]] == [0, 2, 4]
    )
    assert all(0 <= score <= 1 for _, score in run["induction_curve"] + run["previous_token_curve"])
    again = train_one(TINY, 2, 0)
    assert again["curve"] == run["curve"]


def test_the_command_writes_one_record(tmp_path, capsys):
    spec_file, out = tmp_path / "spec.json", tmp_path / "race" / "toy-race.json"
    spec_file.write_text(json.dumps(TINY.to_dict()), encoding="utf-8")
    assert sprout_main(["toy-race", "--spec", str(spec_file), "--out", str(out)]) == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["spec"] == TINY.to_dict()
    assert [(r["layers"], r["seed"]) for r in record["runs"]] == [(1, 0), (2, 0)]
    assert record["plateau"] == round(math.log(16), 4) and record["threshold"] == round(math.log(16) / 2, 4)
    assert record["drop_rule"] == {
        "window": 3,
        "min_fall": round(math.log(16) / 8, 4),
        "min_share": 0.25,
        "rise_share": 0.5,
    }
    one_layer = record["runs"][0]
    assert all(score is None for _, score in one_layer["previous_token_curve"])  # no layer below its heads
    assert sorted(p.name for p in out.parent.iterdir()) == ["toy-race.json"]  # no temporary file left
    assert "2 layer(s), seed 0" in capsys.readouterr().err


def test_the_command_names_a_bad_spec_in_one_line(tmp_path, capsys):
    spec_file = tmp_path / "spec.json"
    spec_file.write_text(json.dumps({**TINY.to_dict(), "width": 25}), encoding="utf-8")
    assert sprout_main(["toy-race", "--spec", str(spec_file), "--out", str(tmp_path / "r.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a multiple of heads" in err
