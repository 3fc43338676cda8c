"""Pipeline stage 2: pydantic models of the card language, built per game from its registry."""
from .nodes import AbilityFields, CardBase, build_types, with_keywords
from .validate import validate_document

__all__ = ["build_types", "with_keywords", "CardBase", "AbilityFields", "validate_document"]
