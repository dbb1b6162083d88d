"""Why divide by the square root of d: the spread of a dot product of random vectors (the chapter's
F1), and what QK-norm makes of it in a fresh Sprout head."""

from .. import dot_products
from ..claims import Claim
from ..declarations import Figure, Result, Section


def spread(reading):
    cfg = reading.loaded.models["sprout"].cfg
    return dot_products.spread_of_dot_products(seed=reading.seed, qk_gain=cfg.qk_gain_init, head_dim=cfg.head_dim)


def settings(reading):
    cfg = reading.loaded.models["sprout"].cfg
    return (reading.seed, cfg.qk_gain_init, cfg.head_dim)


def measure(reading):
    """The spread at d = 64, unscaled and scaled; QK-norm's starting gain and the spread it gives
    random vectors (about gain**2); and how many gains QK-norm learns in one layer of Sprout,
    where one RMSNorm for queries and one for keys serve all the layer's heads."""
    s = reading.dot_product_spread
    at64 = s["d"].index(64)
    attn = reading.loaded.models["sprout"].blocks[0].attn
    return {
        "f1.unscaled_std_at_64": s["unscaled"][at64],
        "f1.scaled_std_at_64": s["scaled"][at64],
        "f1.qk_gain_init": s["qk_norm"]["gain"],
        "f1.qk_norm_std": s["qk_norm"]["std"],
        "f1.qk_norm_gains_per_layer": attn.q_norm.weight.numel() + attn.k_norm.weight.numel(),
        "f1.heads_per_layer": attn.n_head,
    }


CLAIMS = (
    Claim(
        "f1.qk_norm_std",
        "<",
        "1.05 * f1.qk_gain_init ** 2",
        "QK-norm scores' spread, about gain squared (above)",
        words="spread by about",
    ),
    Claim(
        "f1.qk_norm_std",
        ">",
        "0.95 * f1.qk_gain_init ** 2",
        "QK-norm scores' spread, about gain squared (below)",
        words="spread by about",
        name="f1.qk_norm_std.not_below",
    ),
)

SECTION = Section(
    prefix="f1",
    heading="Why divide by the square root of d",
    measure=measure,
    claims=CLAIMS,
    figures=lambda reading: [Figure("f1_dot_product_spread", "f1_figure", (reading.dot_product_spread,))],
    results=(Result("dot_product_spread", spread, settings),),
)
