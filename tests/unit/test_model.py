import json
import math

import pytest
import torch

from sprout.model import (
    CONFIGS,
    TransformerConfig,
    WindowConfig,
    apply_rope,
    build_model,
    config_from_dict,
    count_parameters,
    rope_tables,
)
from tests.conftest import ROOT

CHECKPOINTS = ROOT / "build_artifacts" / "checkpoints"


def test_causality_later_tokens_never_change_earlier_logits(small_model):
    torch.manual_seed(1)
    ids = torch.randint(0, 300, (2, 40))
    changed = ids.clone()
    changed[:, 25:] = torch.randint(0, 300, (2, 15))
    with torch.no_grad():
        a, b = small_model(ids), small_model(changed)
    assert torch.equal(a[:, :25], b[:, :25])
    assert not torch.allclose(a[:, 25:], b[:, 25:])


def test_window_network_sees_exactly_eight_tokens():
    torch.manual_seed(0)
    model = build_model(WindowConfig(vocab_size=50, d_embed=4, d_hidden=16)).eval()
    ids = torch.randint(0, 50, (1, 30))
    far = ids.clone()
    far[0, 10] = (far[0, 10] + 1) % 50  # token 10 is in the windows of positions 10..17 only
    with torch.no_grad():
        diff = (model(ids) - model(far)).abs().amax(-1)[0]
    assert (diff[10:18] > 0).all() and (diff[:10] == 0).all() and (diff[18:] == 0).all()


def test_published_shapes_match_the_chapter():
    sprout = CONFIGS["sprout"]
    assert (sprout.n_layer, sprout.n_head, sprout.d_model, sprout.head_dim, sprout.context) == (8, 6, 384, 64, 512)
    model = build_model(sprout)
    attn = model.blocks[0].attn
    assert tuple(attn.qkv.weight.shape) == (1152, 384) and attn.qkv.bias is None
    assert tuple(attn.proj.weight.shape) == (384, 384) and attn.proj.bias is None
    window = build_model(CONFIGS["window"])
    assert window.hidden.weight.shape[1] == 8 * 48 == 384
    gpt1 = CONFIGS["gpt1"]
    assert (gpt1.n_layer, gpt1.n_head, gpt1.head_dim, gpt1.context) == (1, 4, 64, 256)
    # 4 x 384^2 attention weights per Sprout layer (q, k, v and the output mix)
    assert sum(p.numel() for p in attn.parameters() if p.dim() == 2) == 4 * 384**2
    assert count_parameters(model) > 10_000_000


def test_rope_makes_scores_depend_on_relative_position_only():
    torch.manual_seed(0)
    cos, sin = rope_tables(16, 64)
    q, k = torch.randn(16), torch.randn(16)

    def score(i, j):
        rows = torch.zeros(1, 1, 64, 16)
        qi = rows.clone()
        qi[0, 0, i] = q
        kj = rows.clone()
        kj[0, 0, j] = k
        return (apply_rope(qi, cos, sin)[0, 0, i] @ apply_rope(kj, cos, sin)[0, 0, j]).item()

    assert score(10, 3) == pytest.approx(score(50, 43), abs=1e-4)
    assert score(7, 7) == pytest.approx(score(60, 60), abs=1e-4)
    assert score(10, 3) != pytest.approx(score(10, 4), abs=1e-3)


def test_rope_keeps_lengths():
    cos, sin = rope_tables(64, 32)
    x = torch.randn(2, 3, 32, 64)
    assert torch.allclose(apply_rope(x, cos, sin).norm(dim=-1), x.norm(dim=-1), atol=1e-4)


def test_attention_matches_a_by_hand_softmax():
    torch.manual_seed(0)
    cfg = TransformerConfig(vocab_size=10, context=16, n_layer=1, n_head=2, d_model=16)
    attn = build_model(cfg).blocks[0].attn
    x = torch.randn(1, 5, 16)
    cos, sin = rope_tables(cfg.head_dim, cfg.context)
    q, k, v = attn.qkv(x).split(16, dim=2)
    heads = [slice(0, 8), slice(8, 16)]
    outs = []
    for h in heads:
        qh = apply_rope(attn.q_norm(q[..., h])[:, None], cos, sin)[:, 0]
        kh = apply_rope(attn.k_norm(k[..., h])[:, None], cos, sin)[:, 0]
        scores = qh @ kh.transpose(1, 2) / math.sqrt(8)
        scores = scores.masked_fill(torch.ones(5, 5).triu(1).bool(), float("-inf"))
        outs.append(scores.softmax(-1) @ v[..., h])
    expected = attn.proj(torch.cat(outs, dim=-1))
    assert torch.allclose(attn(x, cos, sin), expected, atol=1e-5)


def test_too_long_input_is_refused():
    model = build_model(TransformerConfig(vocab_size=10, context=8, n_layer=1, n_head=1, d_model=8))
    with pytest.raises(ValueError, match="exceed the context of 8"):
        model(torch.zeros(1, 9, dtype=torch.long))


def test_qk_gains_start_at_the_configured_value():
    model = build_model(TransformerConfig(vocab_size=10, context=8, n_layer=1, n_head=1, d_model=8, qk_gain_init=2.5))
    assert torch.all(model.blocks[0].attn.q_norm.weight == 2.5)
    assert torch.all(model.blocks[0].attn_norm.weight == 1.0)


@pytest.mark.parametrize("name", ["window", "gpt1", "sprout"])
def test_the_published_config_files_read_as_the_named_configs(name):
    """They were written when one config class served both architectures and hold the other's
    fields too; those are read past."""
    written = json.loads((CHECKPOINTS / name / "config.json").read_text())
    assert config_from_dict(written) == CONFIGS[name]
    assert config_from_dict(CONFIGS[name].to_dict()) == CONFIGS[name]


def test_each_architecture_has_only_its_own_fields():
    window = CONFIGS["window"]
    assert (window.kind, window.window, window.d_embed, window.d_hidden) == ("window", 8, 48, 384)
    assert not any(hasattr(window, name) for name in ("d_model", "n_head", "head_dim", "context"))
    assert set(CONFIGS["sprout"].to_dict()) == {
        "kind",
        "vocab_size",
        "context",
        "n_layer",
        "n_head",
        "d_model",
        "mlp_ratio",
        "qk_gain_init",
    }


@pytest.mark.parametrize(
    "written, message",
    [
        ({"kind": "windw"}, "unknown model kind 'windw' (known: transformer, window)"),
        ({"n_layer": 2, "colour": "red"}, "unknown config fields: ['colour']"),
        ({"n_head": "six"}, "transformer config: n_head = 'six' should be int"),
        ({"kind": "window", "d_embed": 4.5}, "window config: d_embed = 4.5 should be int"),
        ({"d_model": 30, "n_head": 4}, "d_model 30 does not split into 4 heads of an even width"),
    ],
)
def test_a_config_that_cannot_be_built_is_one_line(written, message):
    with pytest.raises(ValueError) as e:
        config_from_dict(written)
    assert message in str(e.value) and "\n" not in str(e.value)
