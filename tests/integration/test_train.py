import dataclasses
import json
import shutil

import pytest
import torch
from safetensors.torch import load_file, save_file

from sprout.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from sprout.corpus.data import Mix
from sprout.corpus.stories import generate_stories
from sprout.model import TransformerConfig, build_model, config_from_dict
from sprout.tokenizer import Tokenizer
from sprout.training.recipe import Recipe, learning_rate
from sprout.training.train import Trainer
from tests.conftest import SMALL

pytestmark = pytest.mark.slow  # every test trains a small model

TINY = dict(
    model=SMALL["sprout"],
    batch_size=4,
    seq_len=48,
    lr=3e-3,
    warmup=5,
    eval_every=1000,
    eval_stories=8,
    save_every_min=60.0,
    tokenizer_stories=150,
)


@pytest.fixture(autouse=True)
def two_threads():
    torch.set_num_threads(2)


def test_short_training_lowers_heldout_loss(tmp_path, tokenizer):
    recipe = Recipe(steps=60, mix=Mix(generated=1.0, copy=0.2), **TINY)
    trainer = Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True)
    before = trainer.evaluate(train_loss=0.0)["loss_generated"]
    trainer.run()
    after = trainer.evaluate(train_loss=0.0)["loss_generated"]
    assert after < before - 0.5, (before, after)
    info = json.loads((tmp_path / "run" / "training.json").read_text())
    assert info["tokens_seen"] == 60 * 4 * 48 and info["recipe"]["seed"] == 1
    for key in ("repeat_loss_first", "repeat_loss_second", "best_induction", "previous_token_scores"):
        assert key in info["history"][-1]


def test_resumed_run_matches_uninterrupted_run_step_for_step(tmp_path, tokenizer):
    recipe = Recipe(steps=10, mix=Mix(generated=1.0, copy=0.3), **TINY)
    whole = Trainer.start(recipe, tmp_path / "whole", tokenizer=tokenizer, quiet=True)
    whole.run()
    first = Trainer.start(recipe, tmp_path / "split", tokenizer=tokenizer, quiet=True)
    first.run(stop_after=4)
    resumed = Trainer.resume(tmp_path / "split", quiet=True)
    assert resumed.step == 4
    resumed.run()
    a, b = whole.model.state_dict(), resumed.model.state_dict()
    for name in a:
        assert torch.equal(a[name], b[name]), name


@pytest.fixture
def saved_run(tmp_path):
    """A tiny run stopped and saved at step 3 of 6, as `sprout train` saves every run (weights,
    tokenizer, training.json and resume.pt with AdamW's moments). Made here, not kept in git:
    optimizer state stays out of the repository."""
    tokenizer = Tokenizer.train(generate_stories(123, 100), vocab_size=320)
    recipe = Recipe(
        model=TransformerConfig(context=32, n_layer=1, n_head=2, d_model=16),
        steps=6,
        batch_size=2,
        seq_len=16,
        warmup=5,
        eval_every=1000,
        eval_stories=4,
        mix=Mix(generated=1.0, copy=0.3, copy_min=4, copy_max=8),
    )
    folder = tmp_path / "saved_run"
    Trainer.start(recipe, folder, tokenizer=tokenizer, quiet=True).run(stop_after=3)
    return folder


def test_a_saved_run_resumed_continues_as_if_never_stopped(tmp_path, saved_run):
    """Stopped at step 3 of 6 and resumed, a run must end where an uninterrupted run ends: AdamW
    restarted without its saved moments lands about 1e-2 away."""
    run = shutil.copytree(saved_run, tmp_path / "saved")
    resumed = Trainer.resume(run, quiet=True)
    assert (resumed.step, resumed.tokens) == (3, 3 * 2 * 16)
    resumed.run()
    recorded = json.loads((saved_run / "training.json").read_text())["recipe"]
    cfg = config_from_dict(json.loads((saved_run / "config.json").read_text()))
    whole = Trainer.start(
        Recipe.from_dict({**recorded, "model": cfg.to_dict()}),
        tmp_path / "whole",
        tokenizer=Tokenizer.load(saved_run / "tokenizer.json"),
        quiet=True,
    )
    whole.run()
    assert json.loads((run / "training.json").read_text())["step"] == 6
    for name, value in whole.model.state_dict().items():
        assert torch.allclose(resumed.model.state_dict()[name], value, atol=1e-4), name


def test_resume_without_a_run_is_a_clear_error(tmp_path, tokenizer):
    with pytest.raises(FileNotFoundError, match="no .*resume.pt"):
        Trainer.resume(tmp_path / "empty")


def test_learning_rate_warms_up_then_decays():
    recipe = Recipe(steps=100, warmup=10, lr=1.0, min_lr_frac=0.1)
    rates = [learning_rate(recipe, s) for s in range(100)]
    assert rates[0] == pytest.approx(0.1) and rates[9] == pytest.approx(1.0)
    assert all(x >= y for x, y in zip(rates[9:], rates[10:]))
    assert rates[-1] == pytest.approx(0.1, abs=0.01)


def test_checkpoint_round_trip_in_bf16(tmp_path, tokenizer):
    cfg = dataclasses.replace(SMALL["gpt1"], vocab_size=tokenizer.vocab_size)
    model = build_model(cfg)
    save_checkpoint(tmp_path / "ck", model, tokenizer, {"note": "test"}, dtype=torch.bfloat16)
    loaded, tok, info = load_checkpoint(tmp_path / "ck")
    assert info == {"note": "test"} and tok.vocab_size == tokenizer.vocab_size
    for name, p in model.state_dict().items():
        assert torch.equal(loaded.state_dict()[name], p.to(torch.bfloat16).float())


def test_checkpoint_that_does_not_match_its_config(tmp_path, tokenizer):
    cfg = dataclasses.replace(SMALL["sprout"], vocab_size=tokenizer.vocab_size)
    save_checkpoint(tmp_path / "ck", build_model(cfg), tokenizer, {})
    weights = tmp_path / "ck" / "model.safetensors"
    tensors = load_file(str(weights))
    tensors["blocks.0.attn.qkv.weight"] = tensors["blocks.0.attn.qkv.weight"][:, :16].contiguous()
    del tensors["norm.weight"]
    save_file(tensors, str(weights))
    with pytest.raises(
        CheckpointError,
        match=r"does not match .*config.json: missing norm.weight; "
        r"blocks.0.attn.qkv.weight: config wants \(96, 32\)",
    ):
        load_checkpoint(tmp_path / "ck")


def test_broken_config_is_a_clear_error(tmp_path, tokenizer):
    cfg = dataclasses.replace(SMALL["sprout"], vocab_size=tokenizer.vocab_size)
    save_checkpoint(tmp_path / "ck", build_model(cfg), tokenizer, {})
    (tmp_path / "ck" / "config.json").write_text('{"n_layer": 2, "colour": "red"}')
    with pytest.raises(CheckpointError, match="unknown config fields: \\['colour'\\]"):
        load_checkpoint(tmp_path / "ck")
    with pytest.raises(CheckpointError, match="no checkpoint folder"):
        load_checkpoint(tmp_path / "missing")


def test_interrupted_save_keeps_the_previous_checkpoint(tmp_path, tokenizer, monkeypatch):
    cfg = dataclasses.replace(SMALL["gpt1"], vocab_size=tokenizer.vocab_size)
    save_checkpoint(tmp_path / "ck", build_model(cfg), tokenizer, {"version": 1})
    import sprout.checkpoint as ck

    def crash(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(ck, "save_file", crash)
    with pytest.raises(KeyboardInterrupt):
        save_checkpoint(tmp_path / "ck", build_model(cfg), tokenizer, {"version": 2})
    assert load_checkpoint(tmp_path / "ck")[2] == {"version": 1}


def test_a_stop_signal_saves_at_a_step_boundary(tmp_path, tokenizer, monkeypatch):
    import os
    import signal

    recipe = Recipe(steps=50, mix=Mix(generated=1.0), **TINY)
    trainer = Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True)
    real_step = trainer.train_step

    def step_then_signal(step, inputs, targets):
        result = real_step(step, inputs, targets)
        if step == 2:
            os.kill(os.getpid(), signal.SIGTERM)
        return result

    monkeypatch.setattr(trainer, "train_step", step_then_signal)
    trainer.run()
    assert trainer.step == 3
    assert Trainer.resume(tmp_path / "run", quiet=True).step == 3
    assert signal.getsignal(signal.SIGTERM) is not None


def test_a_warm_start_keeps_the_history_of_the_run_it_started_from(tmp_path, tokenizer):
    from sprout.training.train import with_earlier_stages

    first = Trainer.start(
        Recipe(steps=3, mix=Mix(generated=1.0), **TINY), tmp_path / "a", tokenizer=tokenizer, quiet=True
    )
    first.run()
    recipe = Recipe(steps=2, mix=Mix(generated=1.0), **{**TINY, "init_from": str(tmp_path / "a")})
    second = Trainer.start(recipe, tmp_path / "b", quiet=True)
    assert torch.equal(second.model.embed.weight, first.model.embed.weight)
    assert second.tok.encode("Mia") == tokenizer.encode("Mia")
    second.run()
    merged = with_earlier_stages(second.training_info())
    assert [s["step"] for s in merged["earlier_stages"]] == [3]
    assert merged["total_tokens_seen"] == 5 * 4 * 48

    # a stage that starts from a published copy of b, whose runs a and b are gone
    from sprout.checkpoint import write_json

    write_json(tmp_path / "b" / "training.json", merged)
    shutil.rmtree(tmp_path / "a")
    recipe = Recipe(steps=1, mix=Mix(generated=1.0), **{**TINY, "init_from": str(tmp_path / "b")})
    third = Trainer.start(recipe, tmp_path / "c", quiet=True)
    third.run()
    chain = with_earlier_stages(third.training_info())
    assert [s["step"] for s in chain["earlier_stages"]] == [3, 2]
    assert chain["total_tokens_seen"] == 6 * 4 * 48


def test_snapshots_keep_the_weights_of_every_evaluation(tmp_path, tokenizer):
    recipe = Recipe(steps=4, mix=Mix(generated=1.0), keep_snapshots=True, **{**TINY, "eval_every": 2})
    trainer = Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True)
    trainer.run(stop_after=2)
    middle = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    trainer.run()
    snapshots = tmp_path / "run-snapshots"
    assert sorted(p.name for p in snapshots.iterdir()) == ["step-000002", "step-000004"]
    model, _, info = load_checkpoint(snapshots / "step-000002")
    assert info["step"] == 2 and not (snapshots / "step-000002" / "resume.pt").exists()
    for name, value in model.state_dict().items():  # bf16 copies of the weights at step 2
        assert torch.allclose(value, middle[name].to(torch.bfloat16).float()), name
    assert not (tmp_path / "run" / "snapshots").exists()


def test_worker_processes_build_exactly_the_same_batches(tokenizer):
    from functools import partial

    from sprout.corpus.data import BatchMaker, step_batches
    from sprout.training.recipe import shape_at

    recipe = Recipe(steps=7, late_seq_len=96, late_steps=2, mix=Mix(generated=1.0, copy=0.3), **TINY)
    maker = BatchMaker(tokenizer, recipe.mix, recipe.seed)
    shapes = partial(shape_at, recipe)
    inline = list(step_batches(maker, 1, 7, shapes))
    ahead = list(step_batches(maker, 1, 7, shapes, workers=2))
    assert [x.shape for x, _ in inline] == [(4, 48)] * 4 + [(2, 96)] * 2
    assert len(ahead) == len(inline)
    for (x, y), (x2, y2) in zip(inline, ahead):
        assert torch.equal(x, x2) and torch.equal(y, y2)


def test_a_time_budget_fits_the_run_to_the_clock(tmp_path, tokenizer, monkeypatch):
    import types

    import sprout.training.train as train

    class Clock:  # the trainer's clock, moving on a fixed tick each time it is read
        now = 1_000.0

        @classmethod
        def time(cls):
            cls.now += 0.05
            return cls.now

    monkeypatch.setattr(train, "time", types.SimpleNamespace(time=Clock.time))
    # the run keeps 5% and 20 s of the budget back for its last save: 30 s leaves about 8 s of training
    recipe = Recipe(steps=100_000, time_budget_s=30.0, mix=Mix(generated=1.0), **TINY)
    trainer = Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True)
    began = Clock.now
    trainer.run()
    took = Clock.now - began
    assert 25 < trainer.step < 100_000 and trainer.recipe.steps == trainer.step
    assert 0.95 * recipe.time_budget_s - 20 - 1 < took < recipe.time_budget_s, took  # in time, with its margin
    info = json.loads((tmp_path / "run" / "training.json").read_text())
    assert info["recipe"]["steps"] == trainer.step and info["history"][-1]["step"] == trainer.step


def test_ranks_slices_add_up_to_the_whole_batchs_gradient(tmp_path, tokenizer):
    """What DDP does with each rank's train_step (the mean of their gradients) gives the gradient
    of one process on the whole batch, though the ranks' rows hold unequal numbers of scored
    targets (single-document rows end in unscored padding)."""
    from sprout.training.distributed import Ranks

    class Alone(Ranks):  # a rank of two whose gradients are averaged by hand below
        def sum(self, value, device):
            return value

    # no clipping: DDP clips the averaged gradient, the simulation here would clip each part
    recipe = Recipe(steps=4, mix=Mix(generated=1.0, copy=0.5, single_story=0.5), clip=1e9, **{**TINY, "lr": 0.0})
    trainer = Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True)
    inputs, targets = trainer.batches.batch(0, 4, 48)
    halves = [(targets[:2] != -100).sum().item(), (targets[2:] != -100).sum().item()]
    assert halves[0] != halves[1]

    def gradients(ranks):
        trainer.ranks = ranks
        trainer.optimizer.zero_grad = lambda set_to_none=True: None  # keep .grad for the check
        for p in trainer.model.parameters():
            p.grad = None
        loss, tokens = trainer.train_step(0, inputs, targets)
        return loss, tokens, [p.grad.clone() for p in trainer.model.parameters()]

    whole_loss, whole_tokens, whole = gradients(Ranks())
    parts = [gradients(Alone(rank, 2)) for rank in (0, 1)]
    assert whole_tokens == parts[0][1] == 4 * 48
    assert parts[0][0] + parts[1][0] == pytest.approx(whole_loss, rel=1e-3)
    for g, g0, g1 in zip(whole, parts[0][2], parts[1][2]):  # bf16 matmuls: about 0.2% apart
        assert ((g0 + g1) / 2 - g).norm() <= 1e-2 * g.norm()


def test_the_window_network_trains_and_saves_only_its_own_fields(tmp_path, tokenizer):
    recipe = Recipe(steps=2, mix=Mix(generated=1.0), **{**TINY, "model": SMALL["window"]})
    Trainer.start(recipe, tmp_path / "run", tokenizer=tokenizer, quiet=True).run()
    written = json.loads((tmp_path / "run" / "config.json").read_text())
    assert written == {"kind": "window", "vocab_size": tokenizer.vocab_size, "window": 8, "d_embed": 8, "d_hidden": 32}
    model, _, info = load_checkpoint(tmp_path / "run")
    assert model.cfg == dataclasses.replace(SMALL["window"], vocab_size=tokenizer.vocab_size)
    assert info["recipe"]["model"] == SMALL["window"].to_dict() and info["matmul_peak_tflops"] > 0
    assert info["hardware"]["cpu"] and "matrix_units" in info["hardware"], (
        "the peak names the machine it was measured on"
    )
    assert Trainer.resume(tmp_path / "run", quiet=True).recipe.model == SMALL["window"]
