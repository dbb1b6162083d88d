"""Training: any model of the family on any mix of corpora, resumable step for step."""

import dataclasses
import signal
import sys
import threading
import time
from functools import partial
from pathlib import Path

import torch
from tqdm import tqdm

from ..analysis.evaluate import head_report, heldout_loss
from ..checkpoint import RESUME_FILE, load_checkpoint, read_json, save_checkpoint
from ..corpus import data
from ..model import build_model, count_parameters
from ..tokenizer import Tokenizer
from . import distributed
from .flops import utilisation
from .recipe import learning_rate, make_optimizer, recipe_of_run, shape_at
from .run_inputs import build_tokenizer, corpus_files, hardware, hardware_speed, load_real_stories, pick_device
from .shards import ShardStories
from .step import TrainingStep


def snapshot_folder(out_dir):
    """Beside the run, not in it: every save swaps the run folder whole."""
    out_dir = Path(out_dir)
    return out_dir.with_name(out_dir.name + "-snapshots")


class Trainer:
    """One training run in its folder. Trainer.start begins a run, Trainer.resume continues the
    one saved in a folder; run() then trains and saves."""

    @classmethod
    def start(cls, recipe, out_dir, tinystories_dir=None, tokenizer=None, quiet=False, shards=None, ranks=None):
        """A new run of `recipe` in out_dir. The tokenizer is the one given, else the warm start's
        or the shards', else one trained on the recipe's stories.

        shards: a folder from `sprout data prepare`, read memory-mapped instead of tinystories_dir;
        ranks: this process's place in a torchrun job (sprout.training.distributed), one process by default."""
        self = cls(recipe, out_dir, tinystories_dir, quiet, ranks)
        if tokenizer is None and (recipe.init_from or shards):
            tokenizer = Tokenizer.load(Path(recipe.init_from or shards) / "tokenizer.json")
        self.tok = tokenizer or build_tokenizer(recipe, self.real_train)
        torch.manual_seed(recipe.seed)
        self.model = build_model(recipe.model_config(self.tok.vocab_size)).to(self.device)
        if recipe.init_from:
            start, _, _ = load_checkpoint(recipe.init_from, self.device)
            self.model.load_state_dict(start.state_dict())
        self.optimizer = make_optimizer(self.model, recipe, self.device)
        return self._ready(shards)

    @classmethod
    def resume(cls, out_dir, changes=None, tinystories_dir=None, quiet=False, shards=None, ranks=None):
        """The run saved in out_dir, continued from its last save with the recipe it recorded,
        `changes` ({field: value}: a new length, say) applied. shards: give the run's again."""
        out_dir = Path(out_dir)
        resume_file = out_dir / RESUME_FILE
        if not resume_file.exists():
            raise FileNotFoundError(f"--resume: no {resume_file} to continue from")
        recipe = dataclasses.replace(recipe_of_run(out_dir), **(changes or {}))
        self = cls(recipe, out_dir, tinystories_dir, quiet, ranks)
        self.model, self.tok, info = load_checkpoint(out_dir, self.device)
        state = torch.load(resume_file, map_location=self.device)
        self.optimizer = make_optimizer(self.model, recipe, self.device)
        self.optimizer.load_state_dict(state["optimizer"])
        self.step, self.tokens, self.elapsed = state["step"], state["tokens"], state["elapsed"]
        self.history = info.get("history", [])
        return self._ready(shards)

    def __init__(self, recipe, out_dir, tinystories_dir, quiet, ranks):
        """What a started and a resumed run share; use Trainer.start or Trainer.resume."""
        self.recipe, self.out, self.quiet = recipe, Path(out_dir), quiet
        self.ranks = ranks or distributed.Ranks()
        self.ranks.check_batch(recipe.batch_size, shape_at(recipe, recipe.steps - 1)[0])
        self.device = pick_device()
        self.corpus = corpus_files(tinystories_dir, recipe.corpus)
        self.real_train, real_valid = load_real_stories(tinystories_dir, self.corpus)
        self.eval_texts = {"generated": data.heldout_generated(recipe.eval_stories)}
        if real_valid:
            self.eval_texts["tinystories_heldout"] = real_valid[: recipe.eval_stories]
        self.step, self.tokens, self.elapsed, self.history = 0, 0, 0.0, []

    def _ready(self, shards):
        """The batches, the step and the speed figures, once the model and tokenizer are there."""
        recipe = self.recipe
        if shards:
            self.real_train = ShardStories(shards, self.tok, "train")
            self.corpus = self.real_train.sources
            heldout = ShardStories(shards, self.tok, "heldout")
            self.eval_texts["tinystories_heldout"] = [
                heldout.text(i) for i in range(min(len(heldout), recipe.eval_stories))
            ]
        self.ranks.same_everywhere(self.tok.sha256(), "tokenizers")
        self.batches = data.BatchMaker(self.tok, recipe.mix, recipe.seed, self.real_train)
        self.step_fn = TrainingStep(
            self.model, self.optimizer, recipe.clip, recipe.compile, forward=self.ranks.wrap(self.model, self.device)
        )
        self.speed = hardware_speed(self.model, recipe, self.device)
        return self

    def train_step(self, step, inputs, targets):
        tokens = inputs.numel()
        # a rank trains on its slice with the loss over the whole batch's scored targets
        share = (int((targets != data.IGNORE).sum()), self.ranks.world) if self.ranks.active else None
        inputs, targets = self.ranks.share(inputs), self.ranks.share(targets)
        inputs, targets = inputs.to(self.device, non_blocking=True), targets.to(self.device, non_blocking=True)
        loss = self.step_fn(inputs, targets, learning_rate(self.recipe, step), share)
        return self.ranks.sum(loss.item(), self.device), tokens

    def evaluate(self, train_loss):
        entry = {
            "step": self.step,
            "tokens": self.tokens,
            "elapsed_s": round(self.elapsed, 1),
            "train_loss": round(train_loss, 4),
        }
        for name, texts in self.eval_texts.items():
            entry[f"loss_{name}"] = round(heldout_loss(self.model, self.tok, texts), 4)
        entry.update(head_report(self.model, self.tok.vocab_size, self.tok.start_id))
        gain = self.mean_qk_gain()
        entry["qk_gain_mean"] = None if gain is None else round(gain, 3)
        self.history.append(entry)
        return entry

    def mean_qk_gain(self):
        gains = [
            p.abs().mean().item()
            for n, p in self.model.named_parameters()
            if n.endswith(("q_norm.weight", "k_norm.weight"))
        ]
        return sum(gains) / len(gains) if gains else None

    def training_info(self):
        rate = self.tokens / max(self.elapsed, 1e-9)
        return {
            "recipe": self.recipe.to_dict(),
            "seed": self.recipe.seed,
            "step": self.step,
            "tokens_seen": self.tokens,
            "duration_s": round(self.elapsed, 1),
            "tokens_per_s": round(rate, 1),
            "mfu": round(
                utilisation(rate, self.speed["train_flops_per_token"], 1e12 * self.speed["matmul_peak_tflops"]), 4
            ),
            **self.speed,
            "corpus_files": self.corpus,
            "tokenizer_sha256": self.tok.sha256(),
            "parameters": count_parameters(self.model),
            "hardware": hardware(),
            "history": self.history,
        }

    def save(self):
        state = {
            "optimizer": self.optimizer.state_dict(),
            "step": self.step,
            "tokens": self.tokens,
            "elapsed": self.elapsed,
        }
        save_checkpoint(self.out, self.model, self.tok, self.training_info(), state)

    def save_snapshot(self):
        folder = snapshot_folder(self.out) / f"step-{self.step:06d}"
        save_checkpoint(folder, self.model, self.tok, self.training_info(), dtype=torch.bfloat16)

    def batch_stream(self, start, end):
        return data.step_batches(self.batches, start, end, partial(shape_at, self.recipe), self.recipe.loader_workers)

    def fit_to_budget(self, deadline, seconds_per_step):
        """Set the run's length so that it ends by the deadline (a time-budgeted run)."""
        steps = self.step + max(1, int((deadline - time.time()) / seconds_per_step))
        steps = self.ranks.agree(steps, self.device)  # rank 0's clock decides for all
        self.recipe = dataclasses.replace(self.recipe, steps=steps)
        if self.ranks.is_main:
            print(f"time budget: {seconds_per_step:.3f} s/step, so {steps} steps in all", file=sys.stderr)
        return steps

    def run(self, stop_after=None):
        """Train to recipe.steps (or stop after `stop_after` more steps), saving as it goes."""
        try:
            return self._run(stop_after)
        except RuntimeError as e:  # a collective failed (gloo, NCCL) or this rank did: nothing more is saved
            if not self.ranks.active:
                raise
            raise self.ranks.lost(e, self.out) from None

    def _run(self, stop_after):
        main = self.ranks.is_main
        last_step = self.recipe.steps if stop_after is None else min(self.recipe.steps, self.step + stop_after)
        began, budget = time.time(), self.recipe.time_budget_s
        # the first steps compile; time the ones after them, keeping a margin for the saves
        timed_from, fit_at = self.step + 5, self.step + 25
        last_save, running = time.time(), None
        batches = self.batch_stream(self.step, last_step)
        bar = tqdm(total=last_step, initial=self.step, disable=self.quiet or not main, unit="step", dynamic_ncols=True)
        stop = StopRequest()
        while self.step < last_step and not self.ranks.any(stop.requested, self.device):
            start = time.time()
            loss, n = self.train_step(self.step, *next(batches))
            self.elapsed += time.time() - start
            self.step, self.tokens = self.step + 1, self.tokens + n
            running = loss if running is None else 0.95 * running + 0.05 * loss
            bar.update(1)
            bar.set_postfix(loss=f"{running:.3f}", tok_s=f"{self.tokens / self.elapsed:.0f}")
            if self.step == timed_from:
                timer = time.time()
            if budget and stop_after is None and self.step == fit_at:
                last_step = self.fit_to_budget(
                    began + 0.95 * budget - 20, (time.time() - timer) / (fit_at - timed_from)
                )
                batches = self.batch_stream(self.step, last_step)  # the late rows move with the end
                bar.total = last_step
            if main and (self.step % self.recipe.eval_every == 0 or self.step == self.recipe.steps):
                entry = self.evaluate(running)
                bar.write(" ".join(f"{k}={v}" for k, v in entry.items() if not k.endswith("_scores")))
                if self.recipe.keep_snapshots:
                    self.save_snapshot()
            if main and time.time() - last_save > 60 * self.recipe.save_every_min:
                self.save()
                last_save = time.time()
        bar.close()
        stop.restore()
        stopped = self.step < last_step  # asked to stop, maybe on another rank only
        if main:
            self.save()
        if stopped and main:
            print(f"stopped at step {self.step} and saved; continue with --resume", file=sys.stderr)
        return self.history


class StopRequest:
    """SIGINT/SIGTERM end the run at the next step boundary, so the saved state is consistent."""

    def __init__(self):
        self.requested = False
        self.previous = {}
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.previous[sig] = signal.signal(sig, self.request)

    def request(self, signum, frame):
        self.requested = True

    def restore(self):
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)


def with_earlier_stages(training):
    """training.json of a warm-started run, with the runs it started from (oldest first)
    under "earlier_stages" and the totals over all stages."""
    stages, source = [], training.get("recipe", {}).get("init_from")
    while source:
        earlier = read_json(Path(source) / "training.json")
        stages.insert(0, {k: v for k, v in earlier.items() if k != "earlier_stages"})
        if "earlier_stages" in earlier:  # a published folder carries its history; its runs may be gone
            stages[:0] = earlier["earlier_stages"]
            break
        source = earlier.get("recipe", {}).get("init_from")
    if not stages:
        return training
    every = stages + [training]
    return {
        **training,
        "earlier_stages": stages,
        "total_tokens_seen": sum(s["tokens_seen"] for s in every),
        "total_duration_s": round(sum(s["duration_s"] for s in every), 1),
    }
