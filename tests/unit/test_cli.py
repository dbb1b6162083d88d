import dataclasses
import io
import json
import shutil
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


def test_a_recompute_without_tinystories_stops_in_one_line_naming_what_it_lacks(capsys, tmp_path):
    """--recompute computes the numbers read on TinyStories' validation.txt again: without the
    folder it stops in one line, before reading anything, and writes nothing."""
    out = tmp_path / "out"
    assert build_main(["--quiet", "--no-cache", "--recompute", "--tinystories", "none", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--recompute needs TinyStories' validation.txt" in err
    assert "damage_validation" in err and "--tinystories DIR" in err
    assert not out.exists()


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


# ---- every bad input one line: broken checkpoints, tokenizers, texts and sampling options -------


def broken_copy(checkpoint, folder, file, change):
    """A copy of the checkpoint with one file changed: `change(bytes) -> bytes`."""
    shutil.copytree(checkpoint, folder)
    path = folder / file
    path.write_bytes(change(path.read_bytes()))
    return folder


def with_config(**fields):
    return lambda raw: json.dumps({**json.loads(raw), **fields}).encode()


BROKEN_CHECKPOINTS = {
    # name: (file, change, the words the one line must hold)
    "weights cut short": ("model.safetensors", lambda b: b[: len(b) // 2], "is not a readable safetensors file"),
    "weights cut in the header": ("model.safetensors", lambda b: b[:12], "is not a readable safetensors file"),
    "weights garbled": ("model.safetensors", lambda b: bytes(255 - x for x in b), "is not a readable safetensors"),
    "weights empty": ("model.safetensors", lambda b: b"", "is not a readable safetensors file"),
    "config not JSON": ("config.json", lambda b: b"{context: 512", "config.json is not valid JSON"),
    "config a list": ("config.json", lambda b: b"[1, 2]", "config.json"),
    "negative context": ("config.json", with_config(context=-5), "context = -5 should be above 0"),
    "no layers": ("config.json", with_config(n_layer=0), "n_layer = 0 should be above 0"),
    "gain not a number": (
        "config.json",
        lambda b: b.replace(b'"qk_gain_init": 2.0', b'"qk_gain_init": NaN'),
        "qk_gain_init = nan should be above 0",
    ),
    "context a string": ("config.json", with_config(context="512"), "context = '512' should be int"),
    "tokenizer not JSON": ("tokenizer.json", lambda b: b"not json", "tokenizer.json is not a tokenizer file"),
    "tokenizer {}": ("tokenizer.json", lambda b: b"{}", "tokenizer.json is not a tokenizer file"),
    "tokenizer cut short": ("tokenizer.json", lambda b: b[: len(b) // 3], "tokenizer.json is not a tokenizer file"),
    "tokenizer without its start mark": (
        "tokenizer.json",
        lambda b: b.replace(b"<|start|>", b"<|begin|>"),
        "tokenizer.json: tokenizer has no start mark",
    ),
}


@pytest.mark.parametrize("command", [["attend", "{ck}", "Tom saw Mia."], ["generate", "{ck}", "Tom", "--tokens", "2"]])
@pytest.mark.parametrize("broken", BROKEN_CHECKPOINTS)
def test_a_broken_checkpoint_is_one_line_naming_the_file(checkpoint, tmp_path, capsys, broken, command):
    file, change, words = BROKEN_CHECKPOINTS[broken]
    folder = broken_copy(checkpoint, tmp_path / "broken", file, change)
    assert main([part.format(ck=folder) for part in command]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"sprout {command[0]}: error: ") and captured.err.count("\n") == 1, captured.err
    assert words in captured.err, captured.err


BAD_TEXTS = {
    # name: (text, the one line)
    "empty": ("", "the text is empty"),
    "spaces": (" \n\t ", "the text is empty"),
    "zero-width characters": ("\u200b\u200c\u200d\ufeff", "the text is empty"),
    "a lone surrogate": ("Tom \ud83d waved.", "the text is not valid UTF-8: a lone surrogate U+D83D at character 4"),
}


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_text_that_cannot_be_read_is_one_line(checkpoint, capsys, bad):
    text, words = BAD_TEXTS[bad]
    assert main(["attend", str(checkpoint), text]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and words in captured.err, captured.err


@pytest.mark.parametrize(
    "command, stdin, words",
    [
        (["attend", "{ck}", b"Tom saw \xff Mia."], None, "the text is not valid UTF-8: byte 0xff at character 8"),
        (["attend", "{ck}", "-"], b"Tom saw \xc3( Mia.", "the text on stdin is not valid UTF-8: byte 0xc3 at byte 8"),
        (["generate", "{ck}", b"Once \xfe", "--tokens", "2"], None, "the prompt is not valid UTF-8: byte 0xfe at"),
    ],
)
def test_undecodable_bytes_are_named_as_such(checkpoint, command, stdin, words):
    argv = [part.format(ck=checkpoint).encode() if isinstance(part, str) else part for part in command]
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"sprout", *argv], input=stdin, capture_output=True, timeout=120
    )
    err = done.stderr.decode()
    assert done.returncode == 1 and done.stdout == b"" and err.count("\n") == 1 and words in err, err


def test_a_text_read_from_stdin_is_the_same_text(checkpoint, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("Tom saw Mia. He waved.".encode())))
    assert main(["attend", str(checkpoint), "-"]) == 0
    from_stdin = json.loads(capsys.readouterr().out)
    assert main(["attend", str(checkpoint), "Tom saw Mia. He waved."]) == 0
    assert json.loads(capsys.readouterr().out) == from_stdin


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("--tokens", "0", "argument --tokens: 0 is below 1, the least it can be"),
        ("--tokens", "-1", "argument --tokens: -1 is below 1"),
        ("--tokens", "many", "argument --tokens: 'many' is not a whole number"),
        ("--temperature", "-1", "argument --temperature: -1 is below 0, the least it can be"),
        ("--temperature", "nan", "argument --temperature: 'nan' is not a finite number"),
        ("--temperature", "inf", "argument --temperature: 'inf' is not a finite number"),
        ("--temperature", "warm", "argument --temperature: 'warm' is not a number"),
        ("--top-k", "0", "argument --top-k: 0 is below 1"),
        ("--top-k", "-3", "argument --top-k: -3 is below 1"),
    ],
)
def test_sampling_options_out_of_range_are_refused_before_loading(tmp_path, capsys, option, value, words):
    with pytest.raises(SystemExit) as done:
        main(["generate", str(tmp_path / "not-loaded"), "Tom", f"{option}={value}"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.count("\n") == 1 and words in err, err


def test_sampling_at_the_edges_of_the_range_works(checkpoint, capsys):
    assert main(["generate", str(checkpoint), "Tom", "--tokens", "1", "--temperature", "0", "--top-k", "1"]) == 0
    greedy = capsys.readouterr().out
    assert main(["generate", str(checkpoint), "Tom", "--tokens", "1", "--temperature", "0", "--seed", "7"]) == 0
    assert capsys.readouterr().out == greedy and greedy.startswith("Tom")


def test_the_build_keeps_the_removal_pass_record_beside_its_cache_never_in_its_output(tmp_path):
    """The pass over every head is read from the build's cache folder, then the published
    results, and written back there (the published copy only by the build of the site's data):
    never read from the folder the build writes."""
    from pathlib import Path

    from build_artifacts.pipeline import DEFAULT_OUT, Options, removal_records
    from sprout import folders

    elsewhere = Options(out=tmp_path / "out", cache=tmp_path / "cache")
    assert removal_records(elsewhere) == [tmp_path / "cache", folders.PUBLISHED_RESULTS]
    assert removal_records(elsewhere, writing=True) == [tmp_path / "cache"]
    site = Options(out=DEFAULT_OUT, cache=None)
    assert removal_records(site, writing=True) == [folders.PUBLISHED_RESULTS]
    assert all(folder != Path(opts.out) for opts in (elsewhere, site) for folder in removal_records(opts))


def test_which_heads_prints_both_rankings_as_the_notebook_measures_them(checkpoint, capsys):
    from sprout.notebook import which_heads

    text = "Tom saw Mia. Tom saw Mia."
    assert main(["which-heads", str(checkpoint), text, "--token", "6", "--top", "3"]) == 0
    out = capsys.readouterr().out
    data = which_heads(text, 6, checkpoint=checkpoint).data
    listed = [line.split()[-2:] for line in out.splitlines() if line.strip()[:2].rstrip(".").isdigit()]
    expected = [
        [f"{h['layer']}.{h['head']}", f"{h['value']:.3f}"]
        for key in ("removal", "direct")
        for h in data["ranked"][key][:3]
    ]
    assert listed == expected
    assert "Cost of removing the head alone" in out and "Direct effect" in out
    html = which_heads(text, 6, checkpoint=checkpoint)._repr_html_()
    assert html.count("<table>") == 2 and html.count('<th scope="row">') == 2 * 2  # two layers per grid


@pytest.mark.parametrize(
    "token, words",
    [("0", "token 0 is ◆"), ("40", "token 40 is not in the text"), (None, "required: --token")],
)
def test_which_heads_without_a_guess_to_read_is_one_line(checkpoint, capsys, token, words):
    args = ["which-heads", str(checkpoint), "Tom saw Mia."] + ([] if token is None else ["--token", token])
    if token is None:
        with pytest.raises(SystemExit):
            main(args)
    else:
        assert main(args) == 1
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
