import dataclasses
import json
import subprocess
import sys

import pytest
import torch

from build_artifacts.__main__ import main as build_main
from sprout.checkpoint import save_checkpoint
from sprout.cli import build_parser, main
from sprout.corpus.tinystories_option import tinystories_folder
from sprout.model import build_model
from tests.conftest import SMALL


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory, tokenizer):
    folder = tmp_path_factory.mktemp("ck") / "sprout"
    cfg = dataclasses.replace(SMALL["sprout"], vocab_size=tokenizer.vocab_size)
    torch.manual_seed(0)
    save_checkpoint(folder, build_model(cfg), tokenizer, {"note": "untrained"})
    return folder


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "sprout", *args], capture_output=True, text=True, timeout=120)


def test_attend_prints_tokens_attention_and_logprobs(checkpoint, capsys):
    assert main(["attend", str(checkpoint), "Tom saw Mia. He waved."]) == 0
    out = json.loads(capsys.readouterr().out)
    T = len(out["tokens"])
    assert out["tokens"][0] == "\u25c6" and len(out["ids"]) == T
    assert len(out["attention"]) == 2 and len(out["attention"][0]) == 2
    rows = out["attention"][1][0]
    assert len(rows) == T and all(len(r) == T for r in rows)
    assert all(rows[q][k] == 0 for q in range(T) for k in range(q + 1, T))
    assert all(abs(sum(r) - 1) < 1e-3 for r in rows)
    assert len(out["next_logprob"]) == T - 1 and all(lp <= 0 for lp in out["next_logprob"])


def test_eval_and_generate(checkpoint, capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("Mia had a doll.\n<|endoftext|>\nTom ran.\n<|endoftext|>\n")
    assert main(["eval", str(checkpoint), "--corpus", str(corpus)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["stories"] == 2 and result["loss_nats_per_token"] > 0
    assert abs(result["e_to_the_loss"] - 2.718281828 ** result["loss_nats_per_token"]) < 0.05 * result["e_to_the_loss"]
    assert main(["generate", str(checkpoint), "Once upon a time", "--tokens", "5"]) == 0
    assert capsys.readouterr().out.startswith("Once upon a time")


def test_errors_are_one_clear_line(tmp_path):
    missing = run_cli("eval", str(tmp_path / "nothing"))
    assert missing.returncode == 1
    assert missing.stderr.strip() == f"sprout eval: error: no checkpoint folder at {tmp_path / 'nothing'}"
    bad = run_cli("train", "--out", str(tmp_path / "x"), "--steps", "many")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    assert "invalid int value: 'many'" in bad.stderr and "Traceback" not in bad.stderr
    mix = run_cli("train", "--out", str(tmp_path / "x"), "--mix", "cats=1")
    assert mix.returncode == 2 and "bad --mix" in mix.stderr and "Traceback" not in mix.stderr


@pytest.mark.parametrize(
    "prog, command",
    [
        ("sprout train", ["train", "--out", "{tmp}/run"]),
        ("sprout claims", ["claims"]),
        ("sprout data", ["data", "prepare", "--out", "{tmp}/shards"]),
        ("python -m build_artifacts", None),
    ],
)
def test_a_tinystories_folder_that_is_not_there_is_the_same_one_line_everywhere(prog, command, tmp_path, capsys):
    missing = tmp_path / "no-such-folder"
    if command is None:
        code = build_main(["--out", str(tmp_path / "out"), "--quiet", "--no-cache", "--tinystories", str(missing)])
    else:
        code = main([part.format(tmp=tmp_path) for part in command] + ["--tinystories", str(missing)])
    assert code == 1
    assert capsys.readouterr().err == f"{prog}: error: --tinystories: no folder at {missing}\n"
    assert not (tmp_path / "out").exists() and not (tmp_path / "run").exists()


def test_the_site_data_is_not_rebuilt_on_stand_in_stories(capsys):
    """docs/artifacts publishes numbers read on TinyStories' validation.txt: a build into it
    without that folder stops in one line, before reading anything, and changes no file there."""
    from build_artifacts.pipeline import DEFAULT_OUT

    before = {p: p.stat().st_mtime_ns for p in DEFAULT_OUT.rglob("*")}
    assert build_main(["--quiet", "--no-cache", "--tinystories", "none"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no TinyStories folder here" in err and "--tinystories DIR" in err
    assert {p: p.stat().st_mtime_ns for p in DEFAULT_OUT.rglob("*")} == before


def test_the_tinystories_option_reads_none_a_folder_or_the_default(tmp_path, monkeypatch):
    monkeypatch.setenv("SPROUT_TINYSTORIES", str(tmp_path))
    assert tinystories_folder("none") is None
    assert tinystories_folder(str(tmp_path)) == tmp_path
    assert tinystories_folder("") == tmp_path
    monkeypatch.setenv("SPROUT_TINYSTORIES", "none")
    assert tinystories_folder("") is None


def test_a_model_that_is_neither_a_name_nor_a_config_file_is_one_line(tmp_path):
    unknown = run_cli("train", "--out", str(tmp_path / "x"), "--model", "huge")
    assert unknown.returncode == 2 and len(unknown.stderr.strip().splitlines()) == 1
    assert "--model 'huge': neither one of window, gpt1, sprout nor a config.json file" in unknown.stderr
    (tmp_path / "bad.json").write_text('{"kind": "transformer", "d_model": 30, "n_head": 4}')
    bad = run_cli("train", "--out", str(tmp_path / "x"), "--model", str(tmp_path / "bad.json"))
    assert bad.returncode == 2 and "d_model 30 does not split into 4 heads" in bad.stderr
    assert "Traceback" not in unknown.stderr + bad.stderr and not (tmp_path / "x").exists()


def commands(parser, prefix=()):
    """Every command line of the parser: ("train",), ("data", "fetch"), ..."""
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        for name, sub in action.choices.items():
            yield prefix + (name,)
            yield from commands(sub, prefix + (name,))


def test_every_command_has_help(capsys):
    every = list(commands(build_parser()))
    assert {("train",), ("publish",), ("probes",), ("data",), ("data", "download"), ("data", "prepare")} <= set(every)
    for command in every:
        with pytest.raises(SystemExit) as done:
            main([*command, "--help"])
        out = capsys.readouterr().out
        assert done.value.code == 0 and out.startswith("usage: sprout " + " ".join(command)), command


@pytest.mark.parametrize("module", ["build_artifacts", "build_site.stills"])
def test_the_build_commands_have_help(module):
    result = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.startswith("usage: "), result.stderr
