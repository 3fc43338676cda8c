"""cardscript: a data-driven card scripting framework. This package is the engine (loader ->
model -> compiler -> engine), which knows no particular game; the games are plugins under
``cardscript.games``, the command-line tools are ``cardscript.tools``, and the bundled cards
and editor schemas are package data (:func:`data_dir`)."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files
from pathlib import Path

try:
    __version__ = version("cardscript")
except PackageNotFoundError:  # pragma: no cover - imported without being installed
    __version__ = "0+unknown"


def data_dir(name: str) -> Path:
    """A folder of package data shipped with cardscript: ``"cardscripts"`` (the bundled card
    sets) or ``"schemas"`` (the editor schemas), found with ``importlib.resources``, wherever
    and however the package is installed."""
    path = files(f"{__name__}.{name}")
    if not isinstance(path, Path):  # pragma: no cover - a zip import, which we never make
        raise RuntimeError(f"cardscript's {name} are not on the file system: {path}")
    return path
