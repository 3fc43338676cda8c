"""Battles (phase 4; rules notes 7). Not written yet on this branch: the phase passes."""
from __future__ import annotations

from .mixin_base import MixinBase


class Combat(MixinBase):
    def attack_phase(self) -> None:
        self.log.append(("no_attack", self.active.name))
