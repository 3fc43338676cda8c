"""cardscript's engine: loader -> model -> compiler -> engine; knows no particular game."""
from pathlib import Path

#: The repository root when installed editable (bundled cards live beside the code).
ROOT = Path(__file__).resolve().parent.parent
