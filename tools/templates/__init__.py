"""Page templates of the designer tools (set spoiler, vocabulary catalogue), and the one Jinja2
environment that renders them: sandboxed and autoescaped, so card data can never inject markup
or run code; CSS and JS are included as literal template text, so the pages need no network."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

TEMPLATE_DIR = Path(__file__).parent


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=True,
                                undefined=StrictUndefined, trim_blocks=True,
                                lstrip_blocks=True, keep_trailing_newline=True)


def render(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
