"""How much a bet swings, in words: a session's expected result and its typical range as a
lesson prints them, and the questions a lesson asks about them. Every figure is
baccarat.odds.swing's, for a full shoe; no Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.odds.exact import odds_of_decks
from baccarat.odds.payouts import money
from baccarat.odds.swing import Session, deviation, session
from baccarat.teaching.questions import Question, numbered
from baccarat.translation import _, pgettext

DECKS = 8


def amount(value: float) -> str:
    """Money as the swing lessons print it, always to the cent: "1,234.50"."""
    return f"{abs(value):,.2f}"


def result(value: float) -> str:
    """A session's result in words: "a loss of 21.16", "a win of 109.99"."""
    if round(value, 2) < 0:
        return _("a loss of {amount}").format(amount=amount(value))
    if round(value, 2) > 0:
        return _("a win of {amount}").format(amount=amount(value))
    return _("breaking even")


def band(run: Session, deviations: int) -> str:
    """The results within `deviations` standard deviations: "from a loss of 152.31 to a win
    of 109.99"."""
    low, high = run.band(deviations)
    return _("from {low} to {high}").format(low=result(low), high=result(high))


def session_of(bet: str, stake: int, hands: int, decks: int = DECKS) -> Session:
    return session(odds_of_decks(decks), bet, stake, hands)


@dataclass(frozen=True)
class SwingRow:
    bet: str
    name: str
    per_hand: str  # one hand's standard deviation, in money
    expected: str  # the session's expected result, in words
    typical: str  # within one standard deviation
    wide: str  # within two


def swing_rows(
    bets: tuple[str, ...], stake: int, hands: int, decks: int = DECKS
) -> tuple[SwingRow, ...]:
    shoe = odds_of_decks(decks)
    rows = []
    for bet in bets:
        run = session(shoe, bet, stake, hands)
        rows.append(SwingRow(
            bet, shoe.edges[bet].name, amount(deviation(shoe, bet) * stake),
            result(run.expected), band(run, 1), band(run, 2),
        ))  # fmt: skip
    return tuple(rows)


def _bets(bets: tuple[str, ...]) -> None:
    known = odds_of_decks(DECKS).edges
    for bet in bets:
        if bet not in known:
            raise ValueError(f"{bet!r} is not a bet; use one of {', '.join(known)}")


def bigger_question(bet: str, hands: int, stake: int) -> Question:
    """Over `hands` hands of `stake` on `bet`, which is bigger: the expected loss or the
    typical swing (one standard deviation)?"""
    _bets((bet,))
    run = session_of(bet, stake, hands)
    loss, swing = -run.expected, run.deviation
    if abs(loss - swing) < 0.005:
        raise ValueError(f"swing-bigger:{bet}:{hands}: the two are equal to the cent")
    name = odds_of_decks(DECKS).edges[bet].name
    labels = [_("The expected loss"), _("The typical swing (one standard deviation)")]
    return Question(
        "swing", f"swing-bigger:{bet}:{hands}",
        _("You bet {stake} a hand for {hands} hands, on this bet: {bet}. Which is bigger: the "
          "expected loss, or the typical swing of the result around it?").format(
            stake=money(stake), bet=name, hands=f"{hands:,}"),
        numbered(["loss", "swing"], labels), "loss" if loss > swing else "swing",
        _("The expected loss is {loss}; the typical swing is {swing} either side of it, so "
          "most such sessions end somewhere {typical}. The swing decides one session; over "
          "more hands the expected loss grows in step with the hands and the swing only with "
          "their square root, so the edge wins in the end.").format(
            loss=amount(loss), swing=amount(swing), typical=band(run, 2)),
    )  # fmt: skip


def most_question(bets: tuple[str, ...]) -> Question:
    """Which of these bets swings the most on one hand?"""
    _bets(bets)
    if not 2 <= len(set(bets)) == len(bets) <= 4:
        raise ValueError("swings-most: name two to four different bets")
    shoe = odds_of_decks(DECKS)
    sd = {bet: deviation(shoe, bet) for bet in bets}
    most = max(bets, key=sd.__getitem__)
    if sum(sd[bet] == sd[most] for bet in bets) > 1:
        raise ValueError(f"swings-most:{','.join(bets)}: two bets swing alike")
    figures = pgettext("between the clauses of a sentence", "; ").join(
        _("{bet}: {swing}").format(bet=shoe.edges[bet].name, swing=amount(sd[bet] * 100))
        for bet in bets
    )
    return Question(
        "swing", f"swings-most:{','.join(bets)}",
        _("Which of these bets swings the most on a single hand?"),
        numbered(list(bets), [shoe.edges[bet].name for bet in bets]), most,
        _("One hand's standard deviation, per 100 staked: {figures}. A long shot wins rarely "
          "and pays a lot, so its results lie far apart; that is swing, not value: its house "
          "edge is still the price of every bet.").format(figures=figures),
    )  # fmt: skip
