"""The worked hands, mistakes and myths shown on the rules pages must really show what
their words claim."""

import pytest

from baccarat.game.rules import banker_draws, resolve
from baccarat.teaching.charts import memory_pattern, tableau_reachability
from baccarat.teaching.examples import (
    banker_row_examples,
    deal_for,
    two_and_three_card_sevens,
    two_cards_for,
)
from baccarat.teaching.mistakes import GENERAL_MISTAKES, common_mistakes, harmless_here, myths


@pytest.mark.parametrize("total", range(10))
@pytest.mark.parametrize("turn", range(4))
def test_two_cards_for_gives_the_total(total, turn):
    hand = resolve(deal_for(total, 7 if total < 8 else 0, turn=turn))
    assert hand.player.initial_total == total


@pytest.mark.parametrize("banker_total", range(8))
def test_row_examples_are_that_row_and_complete(banker_total):
    examples = banker_row_examples(banker_total)
    assert len(examples) >= 3
    for example in examples:
        res = example.resolution
        assert res.banker.initial_total == banker_total
        assert res.complete and res.winner is not None
        banker_step = [s for s in res.steps if s.gate == "banker"]
        if res.natural:
            assert "does not draw" in example.title
            continue
        # The title's verb is the engine's decision.
        verb = "draws" if res.banker_action == "draw" else "stands"
        assert (
            example.title.endswith(f"Banker {banker_total} {verb}")
            or f"Banker {banker_total} {verb}" in example.title
        )
        assert banker_step
    thirds = {e.resolution.player.third_card_value for e in examples} - {None}
    decisions = {banker_draws(banker_total, v) for v in thirds}
    if banker_total in (3, 4, 5, 6):
        assert decisions == {True, False}, "a mixed row shows both a draw and a stand"


@pytest.mark.parametrize("banker_total", range(8))
def test_mistakes_show_a_real_difference(banker_total):
    for mistake in common_mistakes(banker_total):
        res = resolve(list(mistake.cards))
        assert res.banker.initial_total == banker_total
        assert res.banker_action == mistake.right
        assert mistake.right != mistake.wrong


def test_the_famous_mistakes_appear_where_they_belong():
    titles = {b: [m.title for m in common_mistakes(b)] for b in range(8)}
    assert "Banker 3 against an 8" in titles[3]
    assert "Using the tableau when the Player stood" in titles[6]
    assert all("Forgetting the natural check" in titles[b] for b in range(6))
    assert any("new total" in t for t in titles[4])


def test_myth_hands_support_the_truth():
    by_myth = {m.myth: m for m in myths()}
    three_card = resolve(list(by_myth["A three-card 8 or 9 is a natural."].cards))
    assert three_card.natural is False and three_card.player.final_total == 8
    five = resolve(list(by_myth["Banker always draws on 5 or less."].cards))
    assert five.banker.initial_total == 5 and five.banker_action == "stand"
    six = resolve(list(by_myth["Banker 6 never draws."].cards))
    assert six.banker.initial_total == 6 and six.banker_action == "draw"


def test_reachability_counts():
    r = tableau_reachability()
    assert (r.raw, r.banker_natural, r.player_natural, r.player_stood) == (1000, 200, 160, 160)
    assert (r.impossible, r.reaching, r.cells, r.repeats) == (520, 480, 80, 6)


def test_memory_pattern():
    assert memory_pattern() == [
        "Banker 0, 1 and 2 always draw",
        "Banker 3 draws against everything except an 8",
        "Banker 4 draws against 2–7",
        "Banker 5 draws against 4–7",
        "Banker 6 draws against 6 or 7",
        "Banker 7 always stands",
    ]


def test_two_cards_for_never_makes_an_accidental_natural():
    for total in range(8):
        for turn in range(6):
            a, b = two_cards_for(total, turn)
            assert resolve([a, "K", b, "K"]).player.initial_total == total


@pytest.mark.parametrize("banker_total", range(8))
def test_every_general_mistake_is_either_shown_or_called_harmless(banker_total):
    shown = {m.title for m in common_mistakes(banker_total)}
    harmless = set(harmless_here(banker_total))
    assert shown.isdisjoint(harmless)
    assert set(GENERAL_MISTAKES.values()) <= shown | harmless


def test_a_two_card_seven_is_paid_and_a_three_card_seven_pushes_at_ez():
    two, three = two_and_three_card_sevens()
    for shown in (two, three):
        hand = shown.example.resolution
        assert hand.winner == "banker" and hand.banker.final_total == 7
    assert len(two.example.resolution.banker.cards) == 2
    assert len(three.example.resolution.banker.cards) == 3
    assert (two.settlement.result, two.settlement.net) == ("win", 100)
    assert (three.settlement.result, three.settlement.net) == ("push", 0)
    # At a standard table both are Banker wins less the commission.
    assert {s.settlement.net for s in two_and_three_card_sevens("banker")} == {95}
