"""The command line and designer tools: check, simulate, play, test, bench."""
