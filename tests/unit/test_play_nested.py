"""A card an effect plays (seek) is played at once, its triggers and On Play resolving
before it enters The World (rulebook, On Play; BatchResolver.settle_now): a game paused on a
decision inside that nested resolution copies and saves like any other (docs/architecture.md,
"Copying and saving a game")."""
from __future__ import annotations

from pathlib import Path

from cardscript.games.wonders.scenario import build
from cardscript.save import loads
from cardscript.tools.scenarios import load_scenario, prepare

SCENARIO = """\
scenario: a seek plays a card whose On Play asks
rule: "404.2"
cards:
  - id: nomad
    name: Nomad
    type: wonder
    orbital: boundless
    tier: secondary
    cost: 1
    power: 1
    abilities:
      - trigger: on_play
        effect: [{may: {discard: 1}}, {if_done: {draw: 2}}]
  - {id: seeker, name: Seeker, type: wonder, orbital: boundless, tier: secondary, cost: 1,
     power: 1, keywords: [{seek: {count: 2, filter: {wonder: {cost: {max: 1}}}}}]}
setup:
  round: 1
  players:
    A: {energy: 1, actions: 1, hand: [seeker, filler], deck: [nomad, filler, filler, filler]}
    B: {actions: 1}
"""


def paused_in_the_play(tmp_path: Path):
    path = tmp_path / "nested.scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    doc, model = load_scenario(path)
    pool = prepare(doc, model)
    g = build(model.setup, pool)
    g.advance()
    g.choose("play seeker")
    d = g.choose(g.decision.find("nomad"))  # seek: play Nomad
    assert d is not None and d.kind == "may"  # Nomad's On Play asks, Nomad not yet in play
    assert g.resolver.outer, "the play resolves nested in the seek's resolution"
    assert not g.realms[0].sides[0].cards[1:]  # only Seeker is in realm 1
    return g, pool


def finish(g) -> list:
    g.choose(True)  # discard a card (the only one in hand), draw 2
    while g.decision is not None and g.decision.kind != "turn":
        g.choose(0)
    return g.log


def test_a_clone_mid_play_continues_as_the_original(tmp_path):
    g, _ = paused_in_the_play(tmp_path)
    c = g.clone()
    assert c.resolver.outer is not g.resolver.outer
    assert repr(finish(c)) == repr(finish(g))
    assert not g.resolver.outer and [x.proto.id for x in g.realms[0].sides[0].cards] == \
        ["seeker", "nomad"]


def test_a_save_mid_play_continues_as_the_original(tmp_path):
    g, pool = paused_in_the_play(tmp_path)
    cards = {**pool.cards, **{c.id: c for deck in g.decks for c in deck}}  # filler too
    loaded = loads(g.save(), cards, "wonders")
    assert repr(finish(loaded)) == repr(finish(g))
