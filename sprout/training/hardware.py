"""Which machine a speed was measured on: the processor's name and the matrix units it offers.

A tokens/s figure means little without this: the CPUs of the project's machines differ about
tenfold in bf16 matmul speed (Intel with AMX against AMD Zen 4 with AVX512-BF16 and no AMX).
"""

import platform
from pathlib import Path

import torch

# cpuinfo flags of the units that run matmuls, fastest first, as they are usually written
MATRIX_UNITS = {
    "amx_bf16": "AMX-BF16",
    "amx_int8": "AMX-INT8",
    "avx512_fp16": "AVX512-FP16",
    "avx512_bf16": "AVX512-BF16",
    "avx512_vnni": "AVX512-VNNI",
    "avx512f": "AVX512F",
    "avx2": "AVX2",
}
CPUINFO = Path("/proc/cpuinfo")


def read_cpuinfo(text):
    """{"cpu": its name, "vendor": ..., "matrix_units": [...]} from the text of /proc/cpuinfo."""
    fields = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            if fields:
                break  # the first processor says it for all
            continue
        fields.setdefault(key.strip(), value.strip())
    flags = set(fields.get("flags", "").split())
    return {
        "cpu": fields.get("model name") or platform.processor() or platform.machine(),
        "vendor": fields.get("vendor_id", ""),
        "matrix_units": [name for flag, name in MATRIX_UNITS.items() if flag in flags],
    }


def describe(device="cpu"):
    """The processor (and the GPU, on CUDA) a measurement ran on, and the instruction set
    PyTorch's CPU kernels picked."""
    info = read_cpuinfo(CPUINFO.read_text()) if CPUINFO.exists() else read_cpuinfo("")
    info["torch_cpu_capability"] = torch.backends.cpu.get_cpu_capability()
    if torch.device(device).type == "cuda":
        info["gpu"] = torch.cuda.get_device_name(torch.device(device))
    return info


def summary(info):
    """One line for people: "AMD EPYC (AVX512-BF16, no AMX)"."""
    units = info["matrix_units"]
    amx = any(u.startswith("AMX") for u in units)
    best = next((u for u in units if u in ("AMX-BF16", "AVX512-BF16")), units[0] if units else "no SIMD units found")
    cpu = f"{info['cpu']} ({best}{'' if amx else ', no AMX'})"
    return f"{info['gpu']} on {cpu}" if "gpu" in info else cpu
