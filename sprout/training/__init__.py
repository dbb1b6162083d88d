"""Training: recipes as data, the training loop and its step, corpora batching into shards, many
processes at once, the FLOP count and the benchmark that measures it against the plain reference."""
