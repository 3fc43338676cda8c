"""The bundled card sets, one folder per game (cards, decks, keyword macros): installed as the
package data ``cardscript.cardscripts`` and found with ``importlib.resources``."""
