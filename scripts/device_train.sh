#!/usr/bin/env bash
# The prepared GPU run for the published checkpoints (issue 3): one call of the device tool.
# It continues the published Sprout on far more tokens than the CPU budget allows, keeps a
# snapshot at every evaluation, scores them all with `sprout probes`, publishes the best one
# (most one-story claims held, then the steadiest probes) next to the published gpt-1 and
# window network, and measures the claims on that set. Everything it returns fits the tool's
# limits (8 files of at most 16 MiB): the checkpoint travels as a tar split in 15 MiB parts.
#
#   bash scripts/device_train.sh CORPUS_DIR OUT_DIR [MINUTES]
#
# CORPUS_DIR holds the TinyStories files (train-*.txt, validation.txt); carry it in a folder
# that .git/info/exclude ignores. Smaller shapes for a trial on the CPU:
#   BATCH=2 SEQ=64 WORKERS=0 COMPILE= bash scripts/device_train.sh ../shared/data/tinystories /tmp/dev 2
# Back here: cat OUT/sprout.tar.part-* | tar -x -C runs/  (gives runs/sprout-device/)
# On a machine with several GPUs the training uses them all (RANKS=N to choose); BATCH must be
# a multiple of the number of ranks.
set -euo pipefail
corpus=${1:?the TinyStories folder}
out=${2:?an output folder}
minutes=${3:-7}
# one training process per GPU (torchrun, NCCL); the global batch of 64 rows is split over them
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
ranks=${RANKS:-$(( gpus > 0 ? gpus : 1 ))}
batch=${BATCH:-64} seq=${SEQ:-512} workers=${WORKERS:-$(( 8 / ranks > 0 ? 8 / ranks : 1 ))} compile=${COMPILE---compile}
python=${PYTHON:-python3}
export PYTHONUNBUFFERED=1
mkdir -p "$out"
work=$(mktemp -d)
{ nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || echo "no GPU"; } | tee "$out/log.txt"

$python -m torch.distributed.run --standalone --nproc-per-node "$ranks" \
    -m sprout train --model sprout --out "$work/sprout-device" --init-from build_artifacts/checkpoints/sprout \
    --steps 1000000 --minutes "$minutes" --batch-size "$batch" --seq-len "$seq" --lr 6e-4 --warmup 200 \
    --seed 71 --eval-every 500 --keep-snapshots $compile --loader-workers "$workers" --tinystories "$corpus" \
    --mix generated=0.6,tinystories=0.2,copy=0.1,copy_min=8,copy_max=64,copy_times=3,score_first_copy=0.5,echo=0.3 \
    2>&1 | tr '\r' '\n' | grep -v '%|' | tee -a "$out/log.txt"

$python -m sprout probes "$work"/sprout-device-snapshots/step-* --tinystories "$corpus" | tee "$out/probes.jsonl"
best=$($python - "$out/probes.jsonl" build_artifacts/checkpoints/sprout/training.json <<'PY'
import json, sys
from sprout.chapter.claims import THRESHOLDS as T
rows = [json.loads(line) for line in open(sys.argv[1])]
# 870k tokens of TinyStories are read many times on a GPU: a snapshot that has begun to learn
# them by heart (held-out loss more than 0.05 nats above the published one's) ranks below
# every one that has not
published_loss = json.load(open(sys.argv[2]))["history"][-1]["loss_tinystories_heldout"]
def rank(r):
    fresh = (r["loss_tinystories_heldout"] or float("inf")) <= published_loss + 0.05
    held = ((r["tom_he"] >= T["tom_he_share"]) + (r["first_token_argmax_examples"] >= T["first_token_argmax_share"])
            + (r["zorbin_mean_prob"] >= T["zorbin_sprout_prob"]))
    return fresh, held, r["pronoun_probe"] + r["first_token_argmax_probe"] + r["name_probe"], r["step"]
print(max(rows, key=rank)["checkpoint"])
PY
)
echo "best snapshot: $best" | tee -a "$out/log.txt"

set_dir="$work/checkpoints"
mkdir -p "$set_dir"
cp -r build_artifacts/checkpoints/gpt1 build_artifacts/checkpoints/window "$set_dir/"
# the snapshot's training.json names its run's init_from chain, which publish follows
$python -m sprout publish "$best" "$set_dir/sprout" | tee -a "$out/log.txt"
$python -m sprout claims --checkpoints "$set_dir" --tinystories "$corpus" --json > "$out/claims.json"
$python -c "import json, sys; from sprout.chapter.claims import print_claims; print_claims(json.load(open(sys.argv[1])))" \
    "$out/claims.json" | tee -a "$out/log.txt"

mkdir -p "$work/pack/sprout-device"
cp "$set_dir"/sprout/* "$work/pack/sprout-device/"
tar -C "$work/pack" -cf - sprout-device | split -b 15M -d - "$out/sprout.tar.part-"
ls -l "$out" | tee -a "$out/log.txt"
