"""Spellfire on the core engine: the 55-card game of the seed (an unofficial rules model)."""
