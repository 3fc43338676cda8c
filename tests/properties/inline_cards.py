"""Cards written inline in a property test, compiled by the real pipeline (loader, model,
compiler) for the Wonders registry: the decks the random games of these tests are dealt."""
from __future__ import annotations

from cardscript.compiler import Compiler
from cardscript.loader import load_text
from cardscript.model import validate_document
from cardscript.plugins import load_game


def compile_cards(cards: dict[str, str]) -> dict:
    """Each card's YAML text, by id, compiled into its card definition."""
    spec = load_game("wonders")
    compiler = Compiler(spec.registry)
    out = {}
    for cid, text in cards.items():
        doc = load_text(text, f"<test {cid}>")
        model = validate_document(doc, spec.card_model)
        out[cid] = compiler.card(model, doc.pos(()))
    return out
