"""Property-based checks over random card lists, with unknowns and junk mixed in."""

from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.game.cards import CardError, parse_card
from baccarat.game.rules import GATES, HandError, resolve

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "10", "J", "Q", "K"]
SUITS = ["", "h", "S", "♦", "c"]
known = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
token = st.one_of(known, known, known, st.just("?"))
junk = st.text(min_size=0, max_size=4).filter(lambda t: t.strip() != "?" and not _is_card(t))


def _is_card(text):
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def value(tok):
    return parse_card(tok).value


@given(st.lists(token, max_size=8))
@settings(max_examples=600)
def test_resolve_either_answers_or_refuses_clearly(tokens):
    try:
        res = resolve(tokens)
    except HandError as error:
        assert "card" in str(error) and "has no place" in str(error)
        # Refusing is only right past the opening, and never for a hand of six or fewer
        # known cards that the rules deal in full.
        assert len(tokens) > 4
        assert (
            "?" in tokens
            or len(tokens) > 6
            or resolve(tokens[:4]).needs is None
            or (resolve(tokens[:5]).needs is None)
        )
        return
    assert [s.gate for s in res.steps] == sorted([s.gate for s in res.steps], key=GATES.index), (
        "gates come in order"
    )
    # Every card is placed, or kept unplaced (its seat hangs on an unknown card): none lost.
    assert len(res.player.cards) + len(res.banker.cards) + len(res.unplaced) == len(tokens)
    if res.unplaced:
        assert "?" in tokens and not res.complete and res.needs is None
    if res.winner is not None:
        assert res.complete and res.needs is None
        p, b = res.player.final_total, res.banker.final_total
        assert res.winner == ("player" if p > b else "banker" if b > p else "tie")
    if res.needs:
        assert not res.complete and res.winner is None
    if res.complete and "?" not in tokens:
        assert res.winner is not None, "a complete hand of known cards has a winner"


@given(st.lists(known, min_size=4, max_size=6))
def test_unknown_never_invents_a_card(tokens):
    """Replacing a card by ? never makes a decision that the real card would contradict:
    every decided action agrees with the fully known hand's action."""
    try:
        full = resolve(tokens)
    except HandError:
        return
    for i in range(len(tokens)):
        masked = [*tokens[:i], "?", *tokens[i + 1 :]]
        try:
            res = resolve(masked)
        except HandError:
            continue  # the hand can't be followed past the unknown: refused, not guessed
        for mine, real in (
            (res.player_action, full.player_action),
            (res.banker_action, full.banker_action),
        ):
            # "stand" beside an undecided natural means "no third card either way".
            allowed = ("undecided", real, "stand") if real == "natural" else ("undecided", real)
            assert mine in allowed
            if mine == "stand" and real == "natural":
                assert res.natural is None
        if res.natural is not None:
            assert res.natural == full.natural
        assert res.winner in (None, full.winner)
        for mine, real in ((res.player, full.player), (res.banker, full.banker)):
            assert mine.final_total in (None, real.final_total)


@given(st.lists(known, min_size=4, max_size=6))
def test_prefixes_say_what_comes_next(tokens):
    try:
        full = resolve(tokens)
    except HandError:
        return
    for n in range(len(tokens)):
        prefix = resolve(tokens[:n])
        assert prefix.winner is None
        if n < 4:
            assert (
                prefix.needs
                == ["player_first", "banker_first", "player_second", "banker_second"][n]
            )
        elif full.complete and n < len(full.cards):
            expected = "player_third" if full.player.third_card and n == 4 else "banker_third"
            assert prefix.needs == expected


@given(
    st.lists(st.one_of(known, junk), min_size=1, max_size=7).filter(
        lambda ts: any(not _is_card(t) and t.strip() != "?" for t in ts)
    )
)
def test_junk_is_refused_naming_the_card(tokens):
    bad = next(i for i, t in enumerate(tokens) if not _is_card(t) and t.strip() != "?")
    try:
        resolve(tokens)
    except CardError as error:
        assert str(error).startswith(f"Card {bad + 1}:")
    else:
        raise AssertionError("junk was accepted")
