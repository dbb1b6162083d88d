"""Sprout: the small language model behind the Attention chapter."""
