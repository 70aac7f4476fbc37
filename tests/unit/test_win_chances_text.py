"""The win chances in words (baccarat.teaching.win_chances): the figures come from the
engine, a chance that is not certain is never written as certain, and a squeeze reads as
the squeezer would say it."""

from fractions import Fraction

from baccarat.game.rules import resolve
from baccarat.odds.as_cards_come import chances
from baccarat.teaching.win_chances import (
    _percent,
    chance_steps,
    reading_of,
    squeezable,
    squeeze,
)


def test_a_chance_that_is_not_certain_is_never_written_as_certain():
    assert _percent(Fraction(0)) == "0.0%" and _percent(Fraction(1)) == "100.0%"
    assert _percent(Fraction(1, 10_000)) == "under 0.1%"
    assert _percent(Fraction(9_999, 10_000)) == "over 99.9%"
    assert _percent(Fraction(461, 1000)) == "46.1%"


def test_each_card_is_named_with_its_seat_and_the_engines_figures():
    steps = chance_steps(resolve("4h 2s Ad Tc 8c 5d"))
    assert [s.turned for s in steps] == list(range(7))
    after_ace = chances("4h 2s Ad")
    assert steps[3].chances == after_ace
    assert steps[3].text == (
        f"After the Player's second card (an ace), Banker wins {_percent(after_ace.banker)}, "
        f"Player {_percent(after_ace.player)}, tie {_percent(after_ace.tie)}."
    )
    assert steps[-1].text == (
        "After the Banker's third card (a 5), the hand is decided: the Banker wins."
    )
    assert steps[-1].decided == "banker" and steps[3].decided is None


def test_squeezes_read_as_they_are_said():
    assert reading_of(frozenset("TJQK")) == "a picture or ten"
    assert reading_of(frozenset("678")) == "one of 6–8"
    assert reading_of(frozenset("8")) == "an 8"
    assert reading_of(frozenset({"K", "2", "T"})) == "one of 2, 10, K"
    said = squeeze(resolve("3 K 2 6"), "TJQK")
    assert (
        said.text == "If the Player's third card is a picture or ten, the Banker wins, for certain."
    )
    assert said.after == chances("3 K 2 6", narrowed="TJQK")


def test_a_face_down_card_may_be_squeezed_by_its_place():
    hand = resolve("3 ? 2")
    assert squeezable(hand) == [
        (1, "card 2 (Banker's first card)"),
        (3, "the Banker's second card"),
    ]
    said = squeeze(hand, {"K"}, place=1)
    assert said.after == chances("3 ? 2", narrowed={"K"}, narrowed_at=1)
    assert said.text.startswith("If card 2 (Banker's first card) is a king, Banker wins ")
    assert squeezable(resolve("9 2 K 3")) == []
