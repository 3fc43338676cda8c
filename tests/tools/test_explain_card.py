"""`cardscript explain` shows a card's compiled program: handlers by event and zone, targets
with their filters, the effect tree and keywords — by card id or by file."""
from __future__ import annotations

import pytest
from cardscript.cardpool import CardPool
from cardscript.tools.cli import main


@pytest.fixture(autouse=True)
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def explain(capsys, *args) -> tuple[int, str, str]:
    rc = main(["explain", *args])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_self_trigger_with_target_filters(capsys):
    # the rules' 501.1 example: a self trigger on arrival, targeting a Wonder in the Abyss
    rc, out, _ = explain(capsys, "cairnvox-soulforger")
    assert rc == 0
    assert "on event 'arrived'" in out
    assert "#0 on_arrival" in out and "cairnvox-soulforger.card.yaml:13:5" in out
    assert "event=arrived · scope=self" in out
    assert "types=[wonder] · zone=abyss · owner=you" in out and "cmax=4" in out
    assert "put_into_realm PutIntoRealm  card=target · realm=this" in out
    assert "zone handlers" in out and "activated" in out


def test_keywords_expand_into_zone_handlers(capsys):
    rc, out, _ = explain(capsys, "chained-crow")  # Deathstrike, Flying (rule 404.3.2)
    assert rc == 0
    assert "keywords (2)" in out
    assert "in zone 'world' on battle_end, battle_result" in out
    assert "deathstrike (from keyword deathstrike)" in out
    assert "after_battle AfterBattle  event=battle_result · scope=world · results=[tied, won]" \
        in out
    assert "flying (from keyword flying)" in out and "may May" in out


def test_rule_level_keyword_and_activated_ability(capsys):
    rc, out, _ = explain(capsys, "graniteback-tortoise")
    assert rc == 0 and "guardian" in out and "rule-level" in out
    rc, out, _ = explain(capsys, "aetherforge-titan")
    assert rc == 0
    assert "tap_action TapAction  scope=activated · cost=tap" in out
    assert "counters Counters  card=this · amount=3" in out


def test_every_bundled_card_explains(capsys):
    pool = CardPool.bundled("wonders")
    for card_id, card in pool.cards.items():
        rc, out, err = explain(capsys, card_id)
        assert rc == 0 and not err, card_id
        for ab in card.program.abilities:
            assert f"#{ab.index} {ab.name}" in out, (card_id, ab)


def test_by_file_path_and_errors(tmp_path, capsys):
    f = tmp_path / "quick-study.card.yaml"
    f.write_text("id: quick-study\nname: Quick Study\ntype: spell\norbital: thalwind\n"
                 "tier: secondary\ncost: 1\nabilities:\n  - trigger: on_play\n"
                 "    effect: [{draw: 2}, {discard: 1}]\n")
    rc, out, _ = explain(capsys, str(f))
    assert rc == 0
    assert "effect stages Stages" in out and "stages (2)" in out
    assert "draw Draw  count=2 · player=you" in out and "discard Discard" in out

    rc, _, err = explain(capsys, "cairnvox-soulforgr")
    assert rc == 2 and "did you mean 'cairnvox-soulforger'" in err

    f.write_text(f.read_text().replace("draw: 2", "drwa: 2"))
    rc, _, err = explain(capsys, str(f))
    assert rc == 1 and "quick-study.card.yaml:9" in err and "draw" in err


@pytest.mark.parametrize("game", sorted(__import__("cardscript.plugins",
                                                   fromlist=["games"]).games()))
def test_every_game_explains_its_cards_with_their_printed_stats(capsys, game):
    """Each installed game's cards explain, with the stats its card model prints (derived
    from the model's fields, not one game's names)."""
    pool = CardPool.bundled(game)
    card = pool.cards[sorted(pool.cards)[0]]
    rc, out, err = explain(capsys, "--game", game, card.id)
    assert rc == 0, err
    assert f"type {card.type}" in out and card.name in out
