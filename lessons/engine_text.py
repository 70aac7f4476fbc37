"""The directives that print text from the engine: ``{{ rule }}``, ``{{ value }}``,
``{{ total }}``, ``{{ edge }}``, ``{{ edge-ratio }}``, ``{{ chance }}``,
``{{ expected-loss }}``, ``{{ swing }}``, ``{{ swing-range }}`` and ``{{ removal-largest }}``,
each an EngineText (inline, or a rule box alone on its line). Documented with the others in
lessons.directives."""

from __future__ import annotations

from baccarat.game.cards import CardError, parse_card, total_working
from baccarat.game.tableau import (
    BANKER_WHEN_PLAYER_STOOD,
    NATURALS,
    PLAYER_RULE,
    banker_stood_rule_text,
    player_rule_text,
    tableau_draws_against,
    tableau_row_claim,
    two_card_rule,
)
from baccarat.odds.exact import effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.roads.scoreboard import DERIVED_ROADS
from baccarat.teaching.charts import memory_pattern
from baccarat.teaching.definitions import (
    compared_columns,
    dragon_definition,
    starting_point,
    tie_frequency,
)
from baccarat.teaching.swings import amount, band, session_of
from baccarat.translation import _
from lessons.arguments import Args, DirectiveError, one_of, read_bet, read_cards, whole
from lessons.blocks import EngineText

CHANCES = {
    "banker": "banker", "player": "player", "tie": "tie", "natural": "natural_any",
    "player-draws": "player_draws", "banker-draws": "banker_draws",
    "dragon-7": "dragon_7", "panda-8": "panda_8", "pair": None,
    "banker-decided": None, "player-decided": None,
    "lucky-6-two": "banker_win_6_two", "lucky-6-three": "banker_win_6_three",
    "player-by-9": "player_by_9", "natural-win": "player_natural_win",
}  # fmt: skip


def _listing(values) -> str:
    """(0, 1, 8, 9) -> "0, 1, 8 or 9"."""
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return _("{some} or {last}").format(some=_(", ").join(words[:-1]), last=words[-1])


def _rule(args: Args) -> EngineText:
    which = args.positional.pop(0) if args.positional else None
    names = ("player", "player-totals", "banker-stood", "banker-stood-totals", "tableau-row",
             "draws-against", "stands-against", "memory", "naturals", "starting-point",
             "tie-frequency", "dragon", "columns")  # fmt: skip
    which = one_of("rule", which, names)
    if which in ("starting-point", "columns"):
        road = one_of("road", args.positional.pop(0) if args.positional else None, DERIVED_ROADS)
        args.finish()
        return EngineText((starting_point if which == "starting-point" else compared_columns)(road))
    if which in ("tableau-row", "draws-against", "stands-against"):
        row = whole(args.positional.pop(0) if args.positional else "", 0, 7)
        if row is None:
            raise DirectiveError(f"rule {which}: give the Banker's total, 0 to 7")
        args.finish()
        if which == "tableau-row":
            return EngineText(tableau_row_claim(row))  # it may stand alone: it says when
        draws = tableau_draws_against(row)
        values = draws if which == "draws-against" else [v for v in range(10) if v not in draws]
        if not values:
            raise DirectiveError(f"rule {which} {row}: Banker {row} has no such third card")
        return EngineText(_listing(values), kind="figure")
    args.finish()
    if which == "memory":
        lines = memory_pattern()
        return EngineText("; ".join(lines), tuple(lines))
    text = {
        "player": player_rule_text,
        "player-totals": lambda: two_card_rule(PLAYER_RULE),
        "banker-stood": banker_stood_rule_text,
        "banker-stood-totals": lambda: two_card_rule(BANKER_WHEN_PLAYER_STOOD),
        "naturals": lambda: _listing(NATURALS),
        "tie-frequency": tie_frequency,
        "dragon": dragon_definition,
    }[which]()
    return EngineText(text)


def _value(args: Args) -> EngineText:
    args.finish(1)
    if not args.positional:
        raise DirectiveError("value: give a card, e.g. value K")
    try:
        card = parse_card(args.positional[0])
    except CardError as error:
        raise DirectiveError(str(error)) from None
    if not card.known:
        raise DirectiveError("value: an unknown card has no value")
    return EngineText(str(card.value), kind="figure")


def _total(args: Args) -> EngineText:
    cards = read_cards(args.positional)
    args.positional.clear()
    args.finish()
    if not 2 <= len(cards) <= 3 or any(card == "?" for card in cards):
        raise DirectiveError("total: give two or three known cards")
    values = [value for c in cards if (value := parse_card(c).value) is not None]  # all known
    return EngineText(total_working(values), kind="figure")


def _edge(args: Args) -> EngineText:
    bet = read_bet(args.positional.pop(0) if args.positional else None)
    decks = args.number("decks", 8, 1, 8)
    places = args.number("places", 2, 0, 4)
    resolved, both = args.flag("resolved"), args.flag("both")
    args.finish()
    edges = odds_of_decks(decks).edges
    if bet not in edges:  # Perfect Pair: a shoe of one deck holds no two copies of a card
        raise DirectiveError(f"edge: {bet} has no house edge with {decks} deck(s)")
    edge = edges[bet]
    if both:
        text = _("{per_unit} per bet placed ({per_resolved} per bet that won or lost)").format(
            per_unit=percent(edge.per_unit, places), per_resolved=percent(edge.per_resolved, places)
        )
    else:
        text = percent(edge.per_resolved if resolved else edge.per_unit, places)
    return EngineText(text, kind="figure")


def _edge_ratio(args: Args) -> EngineText:
    bet = read_bet(args.positional.pop(0) if args.positional else None)
    other = read_bet(args.positional.pop(0) if args.positional else None)
    decks = args.number("decks", 8, 1, 8)
    places = args.number("places", 0, 0, 2)
    args.finish()
    shoe = odds_of_decks(decks)
    if bet not in shoe.edges or other not in shoe.edges:
        raise DirectiveError(f"edge-ratio: no house edge for both bets with {decks} deck(s)")
    if not shoe.edges[other].per_unit:
        raise DirectiveError(f"edge-ratio: {other} has no house edge to compare with")
    return EngineText(f"{float(shoe.edge_ratio(bet, other)):.{places}f}", kind="figure")


def _chance(args: Args) -> EngineText:
    event = one_of("event", args.positional.pop(0) if args.positional else None, CHANCES)
    decks = args.number("decks", 8, 1, 8)
    places = args.number("places", 2, 0, 4)
    args.finish()
    shoe = odds_of_decks(decks)
    chance = CHANCES[event]
    if event.endswith("-decided"):
        value = shoe.exact(event[:-8]) / (shoe.exact("banker") + shoe.exact("player"))
    elif chance is None:  # "pair": known for a shoe of whole decks, whose ranks are known
        pair = shoe.player_pair
        assert pair is not None
        value = pair
    else:
        value = shoe.exact(chance)
    return EngineText(percent(value, places), kind="figure")


def _expected_loss(args: Args) -> EngineText:
    bet = read_bet(args.positional.pop(0) if args.positional else None)
    stake = args.number("stake", 10, 1, 1_000_000)
    bets = args.number("bets", 100, 1, 10_000_000)
    decks = args.number("decks", 8, 1, 8)
    args.finish()
    loss = odds_of_decks(decks).edges[bet].per_unit * stake * bets
    return EngineText(f"{float(loss):,.2f}", kind="figure")


def _session(args: Args, name: str):
    bet = read_bet(args.positional.pop(0) if args.positional else None)
    stake = args.number("stake", 10, 1, 1_000_000)
    hands = args.number("hands", 1, 1, 100_000)
    decks = args.number("decks", 8, 1, 8)
    if bet == "player_pair" and decks != 8:
        raise DirectiveError(f"{name}: the pair bet is priced for 8 decks only")
    return session_of(bet, stake, hands, decks)


def _swing(args: Args) -> EngineText:
    run = _session(args, "swing")
    args.finish()
    return EngineText(amount(run.deviation), kind="figure")


def _swing_range(args: Args) -> EngineText:
    run = _session(args, "swing-range")
    deviations = args.number("sd", 1, 1, 3)
    args.finish()
    return EngineText(band(run, deviations), kind="figure")
def _removal_largest(args: Args) -> EngineText:
    """The most one card taken out of a full shoe moves a main bet's house edge, in
    percentage points: "0.0116"."""
    side = one_of("bet", args.positional.pop(0) if args.positional else None, ("banker", "player"))
    decks = args.number("decks", 8, 1, 8)
    args.finish()
    rows = effect_of_removal(shoe_of_decks(decks))
    largest = max(abs(row.banker_edge if side == "banker" else row.player_edge) for row in rows)
    return EngineText(f"{largest * 100:.4f}", kind="figure")


# By directive name, in the order lessons.directives lists them (its "known: …" message).
ENGINE_TEXT = {
    "rule": _rule,
    "value": _value,
    "total": _total,
    "edge": _edge,
    "edge-ratio": _edge_ratio,
    "chance": _chance,
    "expected-loss": _expected_loss,
    "swing": _swing,
    "swing-range": _swing_range,
    "removal-largest": _removal_largest,
}
