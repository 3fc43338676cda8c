"""The editor schemas of card, deck, scenario and keyword files, one folder per game
(written by ``cardscript schema``): installed as the package data ``cardscript.schemas``."""
