"""Training on two CPU ranks over gloo, started by torchrun, against one process."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import torch
from safetensors.torch import load_file

from sprout import folders
from sprout.training.distributed import Ranks
from tests.conftest import SMALL

pytestmark = pytest.mark.slow
TRAIN = [
    "train",
    "--steps",
    "12",
    "--batch-size",
    "4",
    "--seq-len",
    "32",
    "--warmup",
    "3",
    "--eval-every",
    "4",
    "--tinystories",
    "none",
    "--mix",
    "generated=1,copy=0.4,copy_min=4,copy_max=12",
]
ENV = {**os.environ, "SPROUT_THREADS": "1", "SPROUT_DDP_TIMEOUT_S": "60", "PYTHONUNBUFFERED": "1"}


def command(ranks, *args):
    launcher = [sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc-per-node={ranks}"]
    return [*(launcher if ranks > 1 else [sys.executable]), "-m", "tests.integration.ddp_run", *args]


def train(ranks, *args, timeout=240, **env):
    return subprocess.run(
        command(ranks, *args),
        cwd=folders.REPOSITORY,
        env={**ENV, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def tok_file(tmp_path_factory, tokenizer):
    path = tmp_path_factory.mktemp("tok") / "tokenizer.json"
    tokenizer.save(path)
    return str(path)


@pytest.fixture(scope="module")
def train_args(tmp_path_factory):
    """`sprout train` arguments for the test suite's small Sprout, given as a config file."""
    path = tmp_path_factory.mktemp("model") / "config.json"
    path.write_text(json.dumps(SMALL["sprout"].to_dict()))
    return [*TRAIN, "--model", str(path)]


@pytest.fixture(scope="module")
def reference(tmp_path_factory, tok_file, train_args):
    """One process and two ranks on the same recipe, each trained to the end."""
    runs = {}
    for ranks in (1, 2):
        out = tmp_path_factory.mktemp(f"ranks{ranks}") / "run"
        done = train(ranks, *train_args, "--out", str(out), "--tokenizer", tok_file)
        assert done.returncode == 0, done.stderr[-3000:]
        runs[ranks] = out
    return runs


def history(run):
    return json.loads((run / "training.json").read_text())["history"]


def weights(run):
    return load_file(str(run / "model.safetensors"))


def test_two_ranks_train_as_one_process(reference):
    one, two = history(reference[1]), history(reference[2])
    assert [e["step"] for e in one] == [e["step"] for e in two] == [4, 8, 12]
    for a, b in zip(one, two):
        assert b["train_loss"] == pytest.approx(a["train_loss"], abs=2e-3), (a, b)
        assert b["loss_generated"] == pytest.approx(a["loss_generated"], abs=2e-3), (a, b)
        assert b["tokens"] == a["tokens"]
    # bf16 matmuls over 2 rows instead of 4 round differently, and AdamW turns those differences
    # in tiny gradients into whole steps; the exact gradient check is test_train's
    w1, w2 = weights(reference[1]), weights(reference[2])
    for name in w1:
        assert (w1[name] - w2[name]).norm() <= 0.05 * w1[name].norm(), name


def test_a_killed_two_rank_run_resumes_and_matches(reference, tok_file, tmp_path, train_args):
    out = tmp_path / "run"
    args = [*train_args, "--out", str(out), "--tokenizer", tok_file, "--save-every-min", "0.0001"]
    job = subprocess.Popen(
        command(2, *args),
        cwd=folders.REPOSITORY,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 180
        while time.time() < deadline and job.poll() is None:
            if (out / "training.json").exists() and json.loads((out / "training.json").read_text())["step"] >= 3:
                break
            time.sleep(0.2)
    finally:
        os.killpg(job.pid, signal.SIGKILL)  # torchrun and both ranks, mid-run
        job.wait()
    killed_at = json.loads((out / "training.json").read_text())["step"]
    assert 3 <= killed_at < 12
    done = train(2, "train", "--out", str(out), "--resume")
    assert done.returncode == 0, done.stderr[-3000:]
    assert history(out)[-1]["step"] == 12
    assert history(out)[-1]["train_loss"] == pytest.approx(history(reference[2])[-1]["train_loss"], abs=1e-3)
    w, ref = weights(out), weights(reference[2])
    for name in ref:
        assert torch.allclose(w[name], ref[name], atol=1e-5), name


def test_a_batch_that_does_not_split_over_the_ranks_is_refused(tok_file, tmp_path, train_args):
    done = train(2, *train_args, "--out", str(tmp_path / "run"), "--tokenizer", tok_file, "--batch-size", "3")
    assert done.returncode != 0
    assert "a batch of 3 rows does not split over 2 ranks" in done.stderr
    assert not (tmp_path / "run").exists()


def test_the_late_phase_batch_must_split_too():
    with pytest.raises(ValueError, match="a batch of 2 rows does not split over 4 ranks"):
        Ranks(0, 4).check_batch(8, 2)
    Ranks(0, 2).check_batch(8, 2)


def test_when_a_rank_dies_the_others_stop_and_the_checkpoint_stays(tok_file, tmp_path, train_args):
    out = tmp_path / "run"
    # ranks that kept waiting for the dead one would hang: train's timeout fails the test then
    done = train(
        2, *train_args, "--out", str(out), "--tokenizer", tok_file, "--save-every-min", "0.0001", SPROUT_TEST_DIE_AT="6"
    )
    assert done.returncode != 0
    assert "exitcode  : 3" in done.stderr  # torchrun's report names the rank that died
    lines = [line for line in done.stderr.splitlines() if "sprout train: error:" in line]
    assert len(lines) == 1 and "rank 0 of 2 stopped (" in lines[0], done.stderr[-3000:]
    assert f"the last checkpoint in {out} is intact: continue with --resume" in lines[0]
    saved = json.loads((out / "training.json").read_text())
    assert 1 <= saved["step"] <= 6
    resumed = train(1, "train", "--out", str(out), "--resume", "--stop-after", "1")
    assert resumed.returncode == 0, resumed.stderr[-2000:]


def test_sigterm_to_torchrun_stops_both_ranks_at_one_step_and_saves(tok_file, tmp_path, train_args):
    out = tmp_path / "run"
    args = [*train_args, "--steps", "100000", "--out", str(out), "--tokenizer", tok_file, "--save-every-min", "0.0001"]
    job = subprocess.Popen(
        command(2, *args),
        cwd=folders.REPOSITORY,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 180
        while time.time() < deadline and not (out / "training.json").exists():
            time.sleep(0.2)
        job.send_signal(signal.SIGTERM)  # torchrun passes it on to both ranks
        _, err = job.communicate(timeout=120)
    finally:
        if job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
    saved = json.loads((out / "training.json").read_text())["step"]
    assert f"stopped at step {saved} and saved; continue with --resume" in err, err[-3000:]
    assert err.count("stopped at step") == 1  # rank 0 alone says it
