"""Naming the machine a speed came from (sprout.training.hardware), on both CPU kinds the project meets."""

from sprout.training import hardware

INTEL = """processor\t: 0
vendor_id\t: GenuineIntel
model name\t: Intel(R) Xeon(R) Platinum 8488C
flags\t\t: fpu sse2 avx2 avx512f avx512_bf16 avx512_vnni avx512_fp16 amx_bf16 amx_tile amx_int8

processor\t: 1
vendor_id\t: GenuineIntel
model name\t: another name that is not read
"""
AMD = """processor\t: 0
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC
flags\t\t: fpu sse2 avx2 avx512f avx512_bf16 avx512_vnni
"""


def test_the_matrix_units_of_an_intel_cpu_with_amx():
    info = hardware.read_cpuinfo(INTEL)
    assert info["cpu"] == "Intel(R) Xeon(R) Platinum 8488C" and info["vendor"] == "GenuineIntel"
    assert info["matrix_units"] == [
        "AMX-BF16",
        "AMX-INT8",
        "AVX512-FP16",
        "AVX512-BF16",
        "AVX512-VNNI",
        "AVX512F",
        "AVX2",
    ]
    assert hardware.summary(info) == "Intel(R) Xeon(R) Platinum 8488C (AMX-BF16)"


def test_the_matrix_units_of_an_amd_cpu_without_amx():
    info = hardware.read_cpuinfo(AMD)
    assert info["matrix_units"] == ["AVX512-BF16", "AVX512-VNNI", "AVX512F", "AVX2"]
    assert hardware.summary(info) == "AMD EPYC (AVX512-BF16, no AMX)"


def test_a_machine_without_cpuinfo_is_still_named():
    info = hardware.read_cpuinfo("")
    assert info["cpu"] and info["matrix_units"] == []
    assert "no AMX" in hardware.summary(info)


def test_this_machine_is_described():
    info = hardware.describe("cpu")
    assert info["cpu"] and info["torch_cpu_capability"] in ("DEFAULT", "AVX2", "AVX512", "ZVECTOR", "NO AVX")
    assert "gpu" not in info
