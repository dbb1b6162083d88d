"""What this chapter asserts and the material it asserts it on: the example stories
(examples.toml), the probes, the untrained baselines, every measured number, and the claims."""
