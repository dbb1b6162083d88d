"""The means the head switches put in a head's place: each head's mean output over the removal
pass's reference stories (sprout.chapter.removals), as the browser file ships them
(build_artifacts/browser_model.py) and as the notebook and the chapter remove a head for a guess."""

from ..analysis import ablate
from . import removals


def switch_means(model, tokenizer):
    """(layers, heads, head_dim), averaged on `model` (float32, bf16 autocast, as the export's)."""
    return ablate.mean_head_outputs(
        model, removals.reference_texts(tokenizer), min(removals.STORY_TOKENS, model.cfg.context)
    )
