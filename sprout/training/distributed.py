"""Training on several processes with DistributedDataParallel, started by torchrun.

Every rank builds the whole batch of a step (a pure function of seed and step, as in one
process) and trains on its own slice of the rows. The loss is summed over a rank's scored
targets and divided by the count over the whole batch, so the gradients DDP averages over the
ranks are the gradients one process would compute on the whole batch. Rank 0 alone writes
checkpoints and logs; decisions that must match on every rank (stop now, the length a time
budget fits) are taken together."""

import os
from datetime import timedelta

import torch
import torch.distributed as dist

# how long a rank waits for the others before it gives up (a dead rank, a lost node)
TIMEOUT_S = float(os.environ.get("SPROUT_DDP_TIMEOUT_S", 300))


class DistributedError(RuntimeError):
    pass


class Ranks:
    """This process's place among the training processes; one process is world 1, rank 0."""

    def __init__(self, rank=0, world=1, local_rank=0):
        self.rank, self.world, self.local_rank = rank, world, local_rank

    @property
    def active(self):
        return self.world > 1

    @property
    def is_main(self):
        return self.rank == 0

    def check_batch(self, *row_counts):
        """Each batch shape must split evenly, or the ranks would not see one process's batches."""
        bad = sorted({rows for rows in row_counts if rows % self.world})
        if bad:
            raise ValueError(
                f"a batch of {', '.join(map(str, bad))} rows does not split over {self.world} ranks: "
                f"use a --batch-size (and late-phase batch) divisible by the number of processes"
            )

    def share(self, rows):
        """This rank's slice of a whole batch's rows."""
        if not self.active:
            return rows
        per_rank = rows.size(0) // self.world
        return rows[self.rank * per_rank : (self.rank + 1) * per_rank]

    def wrap(self, model, device):
        if not self.active:
            return model
        ids = [self.local_rank] if device == "cuda" else None
        return torch.nn.parallel.DistributedDataParallel(model, device_ids=ids)

    def sum(self, value, device):
        """The sum over the ranks of a float (a float back on every rank)."""
        if not self.active:
            return float(value)
        t = torch.tensor([float(value)], dtype=torch.float64, device=device)
        dist.all_reduce(t)
        return t.item()

    def any(self, flag, device):
        return self.sum(1.0 if flag else 0.0, device) > 0 if self.active else bool(flag)

    def agree(self, value, device):
        """Rank 0's integer on every rank."""
        if not self.active:
            return value
        t = torch.tensor([int(value)], dtype=torch.int64, device=device)
        dist.broadcast(t, 0)
        return int(t.item())

    def same_everywhere(self, text, what):
        if not self.active:
            return
        texts = [None] * self.world
        dist.all_gather_object(texts, text)
        if len(set(texts)) > 1:
            raise ValueError(f"the ranks have different {what}: give every rank the same (e.g. --tokenizer FILE)")

    def lost(self, error, out_dir):
        first = (str(error).strip().splitlines() or [type(error).__name__])[0][:240]
        return DistributedError(
            f"rank {self.rank} of {self.world} stopped ({first}); where another rank died, "
            f"its log says why; the last checkpoint in {out_dir} is intact: continue with --resume"
        )


def world_size():
    return int(os.environ.get("WORLD_SIZE", 1))  # set by torchrun


def start(device):
    """Join the process group torchrun describes in the environment (gloo on the CPU, NCCL on
    CUDA, one GPU per rank); without torchrun, a world of one."""
    world = world_size()
    if world == 1:
        return Ranks()
    rank, local_rank = int(os.environ["RANK"]), int(os.environ.get("LOCAL_RANK", 0))
    if device == "cuda":
        torch.cuda.set_device(local_rank)
    try:
        dist.init_process_group("nccl" if device == "cuda" else "gloo", timeout=timedelta(seconds=TIMEOUT_S))
    except (RuntimeError, ValueError) as e:
        raise DistributedError(f"rank {rank} of {world} could not join the others: {e}") from None
    return Ranks(rank, world, local_rank)


def stop(ranks):
    if ranks.active and dist.is_initialized():
        dist.destroy_process_group()
