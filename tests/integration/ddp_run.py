"""`sprout train` for torchrun, able to kill a rank: torchrun -m tests.integration.ddp_run train ...

With SPROUT_TEST_DIE_AT=STEP, rank 1 dies at that step the way a crashed process does (no
cleanup, no goodbye), for the test of what the other ranks do then."""

import os
import sys

import torch

import sprout.training.train as train
from sprout.cli import main

die_at = int(os.environ.get("SPROUT_TEST_DIE_AT", 0))
if die_at and os.environ.get("RANK") == "1":
    step = train.Trainer.train_step

    def dying_step(self, at, *batch):
        if at == die_at:
            os._exit(3)
        return step(self, at, *batch)

    train.Trainer.train_step = dying_step
torch.set_num_threads(1)
sys.exit(main(sys.argv[1:]))
