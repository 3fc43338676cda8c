"""Riftbound on the cardscript core: an unofficial rules model for designers
(docs/games/riftbound.md)."""
