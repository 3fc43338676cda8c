"""Duel, a small test game on the chain resolver (core/chain.py), and its tests."""
