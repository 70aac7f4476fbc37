"""The boards of a lesson, other than roads, that the learner can change: a hand (deal other
cards), a settled bet (another bet, stake or hand), the tableau and a tableau row (another
cell), a session of hands on one bet (another bet, stake or number of hands). Like a road
board's outcomes, what the learner changed lives in the page's URL
(?hand-2=3h+7s+Kd+Kc+3d): nothing is stored, any server can draw it, the back button works.

Each board's context says what the engine makes of the learner's choice; a choice that cannot
be read keeps the lesson's own board and says why (`refused`), so the page answers 400.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from baccarat.game.cards import RANKS, CardError, parse_cards
from baccarat.game.rules import HandError
from baccarat.game.shoe import random_hand
from baccarat.game.tableau import tableau_cell_text, tableau_row_rule
from baccarat.odds.payouts import BETS, bet_name
from baccarat.teaching.charts import tableau_rows
from baccarat.teaching.dealing import KEYS, DealingError, DealtHand, dealt
from guards.echo import drawn_back
from guards.inputs import InputError, whole_number
from hands.permalinks import permalink
from lessons.arguments import EDGE_BETS, DirectiveError
from lessons.directives import MAX_HANDS_RUN, MAX_STAKE, hand_spec, session_spec, settle_spec

LIVE = ("hand", "settle", "tableau", "tableau-row", "session")
MAX_CARDS_TEXT = 60  # a whole hand, suits and commas included, fits in well under this
# Every query parameter that belongs to some board of a lesson: r2 (a road's outcomes),
# hand-1, settle-3-bet, tableau-row-2-card. Other boards' parameters ride along when one
# board changes, so that changing one never resets another.
BOARD_PARAM = re.compile(
    r"r[0-9]{1,2}|(?:hand|settle|tableau|tableau-row|session)-[0-9]{1,2}"
    r"(?:-(?:bet|stake|row|card|hands))?"
)


@dataclass
class Live:
    """One board as the learner has it now."""

    dom_id: str
    lesson_url: str
    others: list[tuple[str, str]]
    changed: bool = False
    notice: str | None = None
    invalid: str | None = None  # the field whose value was refused: "cards", "stake", "row"...
    next_card: str | None = None  # a hand part-entered with the card picker: the card due
    partial: str = ""  # and its cards so far
    announcement: str = ""
    links: dict[str, str] = field(default_factory=dict)


def is_live(name: str) -> bool:
    return name in LIVE


# The longest value any board's parameter can have and be read (a road of MAX_HANDS letters,
# a hand of MAX_CARDS_TEXT characters): a longer one is no board's, and is not carried on.
MAX_BOARD_VALUE = 200


def others(request, mine) -> list[tuple[str, str]]:
    """The other boards' parameters, for a board's form; `mine(name)` tells its own."""
    return [
        (name, request.GET[name])
        for name in request.GET
        if BOARD_PARAM.fullmatch(name)
        and not mine(name)
        and len(request.GET[name]) <= MAX_BOARD_VALUE
    ]


def _belongs(dom_id):
    return lambda name: name == dom_id or name.startswith(f"{dom_id}-")


def _start(state, directive) -> Live:
    dom_id = f"{directive.name}-{directive.number}"
    return Live(dom_id, state.url, others(state.request, _belongs(dom_id)))


def _link(live: Live, params: dict[str, str]) -> str:
    """A link that changes this board and keeps the others (and asks htmx for the board)."""
    query = urlencode([*live.others, *params.items(), ("board", live.dom_id)])
    return f"{live.lesson_url}?{query}"


def read_hand(text: str) -> tuple[str, ...]:
    """The cards a learner typed, as a complete hand; a ValueError says what is wrong."""
    if len(text) > MAX_CARDS_TEXT:
        raise ValueError(
            _("That is %(length)s characters; type at most %(most)s")
            % {"length": len(text), "most": MAX_CARDS_TEXT}
        )
    try:
        cards = tuple(str(card) for card in parse_cards(text))
        hand_spec(cards)  # the engine says when a card has no place in the hand
    except (CardError, HandError, DirectiveError) as error:
        raise ValueError(str(error)) from None
    return cards


def keyed(text: str, key: str) -> tuple[str, DealtHand]:
    """The cards field after one key of the card picker (a rank, "back" or "clear"), and
    the hand so far; a ValueError says what is wrong."""
    if len(text) > MAX_CARDS_TEXT:
        raise ValueError(
            _("That is %(length)s characters; type at most %(most)s")
            % {"length": len(text), "most": MAX_CARDS_TEXT}
        )
    try:
        tokens = [str(card) for card in parse_cards(text)] if text.strip() else []
        if key == "clear":
            tokens = []
        elif key == "back":
            tokens = tokens[:-1]
        elif key in RANKS:
            # A key after a whole hand starts the next one, as at the table.
            tokens = [*tokens, key] if not tokens or not dealt(tokens).complete else [key]
        else:
            raise ValueError(_("Choose a card's rank: A, 2 to 9, 10, J, Q or K."))
        hand = dealt(tokens)
    except (CardError, DealingError) as error:
        raise ValueError(str(error)) from None
    return " ".join(tokens), hand


def typed_cards(live: Live, get) -> str | None:
    """What the cards field holds after this request: as typed, or changed by a key of the
    card picker. A hand not yet whole is kept in the field, the card it needs next in
    `live.next_card`, and None is returned: the board shows what it showed."""
    typed = get.get(live.dom_id)
    key = get.get(f"{live.dom_id}-key")
    if key is None:
        return typed
    text, hand = keyed((typed or "").strip(), key)
    if hand.complete:
        return text
    live.next_card = hand.next_card
    live.partial = text
    return None


# What a board says when the learner's change could not be used, one sentence a board (the
# thing refused and the thing kept are no words alone in Chinese).
REFUSALS = {
    "hand": gettext_lazy("Those cards could not be used: %(error)s. This is the lesson's hand."),
    "bet": gettext_lazy("That bet could not be used: %(error)s. This is the lesson's bet."),
    "tableau": gettext_lazy(
        "That cell could not be used: %(error)s. This is the lesson's tableau."
    ),
    "session": gettext_lazy(
        "That session could not be worked out: %(error)s. This is the lesson's session."
    ),
}


# Full stops that may end an engine's message (ASCII, ideographic, full-width).
FULL_STOPS = ".。．"


def clause(error: Exception | str) -> str:
    """A message made ready to sit inside a sentence: REFUSALS ends the sentence itself, so a
    message's own full stop would make "unknown card.. This is" (or "。。" in Chinese)."""
    return str(error).rstrip().rstrip(FULL_STOPS).rstrip()


def _refuse(live: Live, state, kept: str, error: Exception, field: str) -> None:
    live.notice = REFUSALS[kept] % {"error": clause(error)}
    live.invalid = field
    state.refused = True


def hand_context(state, directive) -> dict:
    live = _start(state, directive)
    spec = directive.spec
    typed = state.request.GET.get(live.dom_id)
    cards = spec.cards
    try:
        typed = typed_cards(live, state.request.GET)
        if typed is not None:
            cards = read_hand(typed.strip()) or spec.cards
    except ValueError as error:
        typed = state.request.GET.get(live.dom_id)
        _refuse(live, state, "hand", error, "cards")
    live.changed = cards != spec.cards
    shown = hand_spec(cards, spec.tableau, spec.values) if live.changed else spec
    dealt = " ".join(str(card) for card in random_hand())
    live.links = {
        "deal": _link(live, {live.dom_id: dealt}),
        "reset": _link(live, {live.dom_id: " ".join(spec.cards)}),
    }
    live.announcement = live.notice or _next(live) or shown.resolution.steps[-1].text
    return {
        "spec": shown,
        "lesson_spec": spec,
        "live": live,
        # What was typed, drawn again to be corrected, unless it is too long to be a hand.
        "typed": _field(live, typed, cards),
        "keys": KEYS,
        "resolution": shown.resolution,
        "gates": shown.gates,
        "walkthrough_url": permalink(list(cards)),
        "tableau": tableau_rows(),
        "banker_gate": shown.gates[4],
        "dom_id": live.dom_id,
    }


def _next(live: Live) -> str:
    return _("Next: %(card)s.") % {"card": live.next_card} if live.next_card else ""


def _field(live: Live, typed: str | None, cards) -> str:
    """The cards field as drawn again: what was refused (to be corrected, unless too long to
    be a hand), the cards so far of a hand being picked, or the hand shown."""
    if live.invalid == "cards":
        return drawn_back(typed or "", MAX_CARDS_TEXT)
    if live.next_card:
        return live.partial
    return " ".join(cards)


def _whole(text: str | None, low: int, high: int, what: str) -> int | None:
    """The number picked or typed, by guards.inputs' rule (ASCII digits only: not "٣",
    "+5" or "5.0"); None when blank ("Choose": nothing picked yet)."""
    if text is None or not text.strip():
        return None
    try:
        return whole_number(text, field=what, low=low, high=high)
    except InputError:
        raise ValueError(
            _("%(what)s must be a whole number from %(low)s to %(high)s")
            % {"what": what, "low": low, "high": high}
        ) from None


def settle_context(state, directive) -> dict:
    live = _start(state, directive)
    spec = directive.spec
    get = state.request.GET
    bet, stake, cards = spec.bet, spec.stake, spec.cards
    field = "bet"  # the field being read, to put a refusal by it
    try:
        if f"{live.dom_id}-bet" in get:
            bet = get[f"{live.dom_id}-bet"]
            if bet not in BETS:
                raise ValueError(_("choose one of the bets listed"))
        field = "stake"
        stake = _whole(get.get(f"{live.dom_id}-stake"), 1, MAX_STAKE, _("The stake")) or stake
        field = "cards"
        typed = typed_cards(live, get)
        if typed is not None:
            cards = read_hand(typed.strip()) or spec.cards
    except ValueError as error:
        bet, stake, cards = spec.bet, spec.stake, spec.cards
        _refuse(live, state, "bet", error, field)
    live.changed = (bet, stake, cards) != (spec.bet, spec.stake, spec.cards)
    shown = settle_spec(bet, stake, cards) if live.changed else spec
    live.links = {
        "reset": _link(
            live,
            {
                f"{live.dom_id}-bet": spec.bet,
                f"{live.dom_id}-stake": str(spec.stake),
                live.dom_id: " ".join(spec.cards),
            },
        )
    }
    live.announcement = (
        live.notice
        or _next(live)
        or _("%(bet)s, %(stake)s staked: %(result)s.")
        % {
            "bet": shown.bet_name,
            "stake": shown.stake,
            "result": shown.text,
        }
    )
    return {
        "spec": shown,
        "live": live,
        "dom_id": live.dom_id,
        "bets": [(bet, bet_name(bet)) for bet in BETS],
        "typed": _field(live, get.get(live.dom_id, ""), cards),
        "stake_typed": (
            drawn_back(get.get(f"{live.dom_id}-stake", ""), 7)
            if live.invalid == "stake"
            else shown.stake
        ),
        "keys": KEYS,
    }


def tableau_context(state, directive) -> dict:
    """The whole tableau (`tableau`) or one row (`tableau-row`), with the cell the learner
    picked and what the Banker does there."""
    live = _start(state, directive)
    spec = directive.spec
    get = state.request.GET
    row, column = spec.row, spec.column
    field = "row"
    try:
        if not spec.whole:
            row = spec.row
        else:
            picked = _whole(get.get(f"{live.dom_id}-row"), 0, 7, _("The Banker's total"))
            row = picked if picked is not None else row
        field = "card"
        picked = _whole(get.get(f"{live.dom_id}-card"), 0, 9, _("The Player's third card"))
        column = picked if picked is not None else column
    except ValueError as error:
        row, column = spec.row, spec.column
        _refuse(live, state, "tableau", error, field)
    live.changed = (row, column) != (spec.row, spec.column)
    cell = tableau_cell_text(row, column) if row is not None and column is not None else None
    live.announcement = live.notice or cell or ""
    return {
        "spec": spec,
        "live": live,
        "dom_id": live.dom_id,
        "tableau": tableau_rows(),
        "row": tableau_rows()[row] if row is not None else None,
        "row_rule": tableau_row_rule(row) if row is not None else None,
        "picked_row": row,
        "picked_column": column,
        "cell": cell,
        "totals": range(8),
        "cards": range(10),
    }


def session_context(state, directive) -> dict:
    """A session of hands on one bet: the learner picks the bet, the stake and the hands."""
    live = _start(state, directive)
    spec = directive.spec
    get = state.request.GET
    bet, stake, hands = spec.bet, spec.stake, spec.hands
    field = "bet"
    try:
        if f"{live.dom_id}-bet" in get:
            bet = get[f"{live.dom_id}-bet"]
            if bet not in EDGE_BETS:
                raise ValueError(_("choose one of the bets listed"))
        field = "stake"
        stake = _whole(get.get(f"{live.dom_id}-stake"), 1, MAX_STAKE, _("The stake")) or stake
        field = "hands"
        picked = _whole(get.get(f"{live.dom_id}-hands"), 1, MAX_HANDS_RUN, _("The hands"))
        hands = picked or hands
    except ValueError as error:
        bet, stake, hands = spec.bet, spec.stake, spec.hands
        _refuse(live, state, "session", error, field)
    live.changed = (bet, stake, hands) != (spec.bet, spec.stake, spec.hands)
    shown = session_spec(bet, stake, hands) if live.changed else spec
    mine = {"bet": spec.bet, "stake": str(spec.stake), "hands": str(spec.hands)}
    live.links = {"reset": _link(live, {f"{live.dom_id}-{k}": v for k, v in mine.items()})}
    live.announcement = live.notice or _(
        "%(bet)s, %(stake)s a hand for %(hands)s hands: expected %(expected)s; within one "
        "standard deviation, %(typical)s."
    ) % {"bet": shown.bet_name, "stake": shown.stake, "hands": f"{shown.hands:,}",
         "expected": shown.expected, "typical": shown.typical}  # fmt: skip
    typed = {key: drawn_back(get.get(f"{live.dom_id}-{key}", ""), 7) for key in ("stake", "hands")}
    return {
        "spec": shown,
        "live": live,
        "dom_id": live.dom_id,
        "bets": [(key, session_spec(key, 1, 1).bet_name) for key in EDGE_BETS],
        "stake_typed": typed["stake"] if live.invalid == "stake" else shown.stake,
        "hands_typed": typed["hands"] if live.invalid == "hands" else shown.hands,
    }


CONTEXTS = {
    "hand": hand_context,
    "settle": settle_context,
    "tableau": tableau_context,
    "tableau-row": tableau_context,
    "session": session_context,
}


def live_context(state, directive) -> dict:
    return CONTEXTS[directive.name](state, directive)
