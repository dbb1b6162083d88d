"""Sampling a continuation, one token at a time."""

import torch


@torch.no_grad()
def sample(model, tokenizer, prompt, max_new_tokens=80, temperature=0.8, top_k=40, seed=0):
    generator = torch.Generator().manual_seed(seed)
    model.eval()
    ids = tokenizer.encode(prompt)
    context = getattr(model.cfg, "context", len(ids) + max_new_tokens)
    for _ in range(max_new_tokens):
        window = torch.tensor([ids[-context:]])
        logits = model(window)[0, -1].float() / max(temperature, 1e-6)
        if top_k:
            cutoff = logits.topk(min(top_k, logits.numel())).values[-1]
            logits = logits.masked_fill(logits < cutoff, float("-inf"))
        next_id = torch.multinomial(logits.softmax(-1), 1, generator=generator).item()
        if next_id == tokenizer.start_id:  # a new story would begin: this one is over
            break
        ids.append(next_id)
    return tokenizer.decode(ids)
