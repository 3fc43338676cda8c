"""Wonders of The First: the reference game (rules 401-405 and 501-511, and the rulebook)."""
