"""The text Sprout is trained and probed on, generated from a seed.

- ``words``: the word lists, kept in words.toml and read by name (``WORDS.boy_names``)
- ``made_up_names``: made-up names, sounds and magic words (their syllables in made_up_names.toml); the reserved name kept out of them
- ``grammar``: plurals, articles, lists, a character's pronouns, seeded picks from a tuple
- ``sentences``: the shapes' sentences, kept in shapes.toml and drawn by name (``Teller``)
- ``shapes``: the main generator's story shapes (their plots) and their weights
- ``stories``: the main generator (``generate_stories(seed, count)``)
- ``pronoun_stories``: two-child stories where "he"/"she" decides the next words
- ``renaming``: new names for the characters of a real story
- ``cleaning``: TinyStories' mojibake repaired, its quotes and dashes made ASCII
- ``data``: corpus files, the held-out corpora, and the batches training reads
- ``probe_texts``: the seeded stories the probes ask their questions of"""
