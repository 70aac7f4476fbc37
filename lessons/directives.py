"""The directive language of the lesson files, for content authors, and its reader: the
text between ``{{`` and ``}}`` becomes engine text or a block spec (lessons.blocks).

A directive is ``{{ name arguments }}``. Arguments are words, ``key=value`` options and bare
flags, separated by spaces. Alone on its line a directive is a *block*; inside a sentence it
is *inline* and must print text. Write ``\\{{`` for literal braces.

Text from the engine (inline, or a block that shows it as a rule box):

    {{ rule player }}              the Player's rule: "With no natural, the Player draws on …"
    {{ rule player-totals }}       "draws on 0–5 and stands on 6 or 7"
    {{ rule banker-stood }}        the Banker's rule when the Player stood
    {{ rule banker-stood-totals }}   its totals: "draws on 0–5 and stands on 6 or 7"
    {{ rule tableau-row 3 }}       "When the Player has drawn a third card, Banker 3 draws
                                   unless the Player's third card is an 8"
    {{ rule draws-against 4 }}     the third cards Banker 4 draws against: "2, 3, 4, 5, 6 or 7"
    {{ rule stands-against 4 }}    …and stands against: "0, 1, 8 or 9"
    {{ rule memory }}              the tableau's memory pattern (a list when a block)
    {{ rule naturals }}            "8 or 9"
    {{ rule tie-frequency }}       how often a tie comes, said the same way everywhere:
                                   "9.52% of hands from a full 8-deck shoe, about 1 hand in 10.5"
    {{ rule dragon }}              what the site calls a dragon, and that usage varies
    {{ rule starting-point big_eye_boy }}   where a derived road's first mark comes from:
                                   "the bead at column 2, row 2; or, if column 2 has …"
    {{ rule columns small_road }}  which columns it reads: "Small Road: a bead that starts
                                   column c compares column c−1, which just finished, with …"
    {{ value K }}                  a card's value: "0"
    {{ total 7 8 }}                the working of a total: "7 + 8 = 15 → 5"
    {{ edge banker }}              a house edge per bet placed: "1.06%"
    {{ edge banker resolved }}     …per bet that won or lost (pushes left out)
    {{ edge banker both }}         "1.06% per bet placed (1.17% per bet that won or lost)"
    {{ edge-ratio tie_8_to_1 tie_9_to_1 }}   how many times the second bet's edge the first
                                   bet's is, per bet placed: "3" (places=0 by default)
    {{ chance banker }}            how often it happens: banker, player, tie, natural,
                                   player-draws, banker-draws, dragon-7, panda-8, pair,
                                   lucky-6-two, lucky-6-three (Banker wins with a two- or
                                   three-card 6), player-by-9 (wins by 9, no natural),
                                   natural-win (the Player wins with a natural)
    {{ chance banker-decided }}    …as a share of the hands that do not tie (player-decided)
    {{ shape strong 6 }}           why the tableau has its shape (baccarat.odds.tableau_shape): of
                                   the Player's drawing hands, the share a third card of 6
                                   leaves on 6 to 9 (improves, worsens: raises, lowers the
                                   total; rows: the Banker rows that draw against it, "7")
    {{ shape agree }}              the cells where the tableau's move gives the Banker hand
                                   more wins less losses: "79 of its 80"; shape exceptions
                                   names the others; shape gain 4 1 is by how much per hand
    {{ settle banker 100 Kh 7s 6d Qc }}   what a bet gets on those cards: "wins 95"
    {{ expected-loss banker stake=10 bets=100 }}   the edge over time: "10.58"
    {{ swing banker stake=10 hands=200 }}   how far a result typically strays from the
                                   expected one (one standard deviation, baccarat.odds.swing):
                                   "131.15"; hands=1 (the default) is one hand's swing
    {{ swing-range banker stake=10 hands=200 sd=2 }}   the results within sd=1 (default), 2 or
                                   3 standard deviations: "from a loss of 283.46 to a win of
                                   241.14"
    {{ removal-largest banker }}   the most one card taken out of a full shoe moves that
                                   bet's house edge (banker or player), in percentage
                                   points: "0.0116"

Edges, ratios, chances, losses and swings take ``decks=N`` (default 8) and ``places=N`` (default 2;
0 for a ratio). Bets are the odds engine's: banker, player, tie_8_to_1, tie_9_to_1,
ez_banker, super6_banker, dragon_7, panda_8, player_pair, and the side bets named one by one
(baccarat.odds.side_bets): lucky_6, dragon_bonus_player, dragon_bonus_banker, perfect_pair,
perfect_pair_both, banker_4_percent.

Blocks only:

    {{ road BPPBTB show=bead_plate,big_road,big_eye_boy proofs=big_eye_boy ask }}
        a scoreboard from outcomes (``-`` for none) with Add Banker / Player / Tie buttons;
        ``show`` picks the roads (default bead_plate,big_road), ``proofs`` lists every mark
        of a derived road with its proof, ``ask`` adds the Banker / Player ask preview,
        ``next=B|P`` says under the board what one more Banker / Player would make each
        derived road shown compare, read off the board as it stands (so it follows the
        learner's changes; never write that in the prose).
    {{ hand 4h 3s Ad Kc 8d expect=tie tableau values }}
        a complete hand, gate by gate, with a link to the walkthrough; ``expect`` (banker,
        player or tie) is checked against the engine at load; ``tableau`` adds the tableau
        with the hand's cell marked; ``values`` shows the card-values gate too.
    {{ tableau-row 3 }}            one row of the tableau, with its rule
    {{ tableau row=3 column=8 }}   the whole tableau, optionally with a row / cell marked
    {{ chart player }}             a two-card rule as a table: player, banker-stood; or
    {{ chart values }}             the card values
    {{ edges banker player … }}    house edges in both conventions, as a table
    {{ over-time banker player stake=10 }}   expected losses after 10 … 10,000 bets
    {{ swings banker player tie_8_to_1 stake=10 hands=80 }}   for each bet, one hand's swing and,
                                   after that many hands, the expected result and the ranges
                                   within one and two standard deviations
    {{ session banker stake=10 hands=200 }}   the same for one bet, with a form to choose
                                   another bet, stake or number of hands (lessons.live)
    {{ removal }}                  what taking one card of each value out of a full shoe
                                   does to the Banker's and the Player's house edge
    {{ settle banker 100 Kh 7s 6d Qc expect=win }}   the hand and how the bet is settled
    {{ tableau-shape }}            the shape figures for every third card, as a table
    {{ helplines }}                where to find help
    {{ check <id> <question> }}    an inline check; the lesson is complete when all pass

A check's question is one of:

    skill=<skill>                  generated by baccarat.teaching.questions for that skill (value:K,
                                   total:2, natural, winner, player:5, banker:3:8,
                                   banker_stood:6, payout:ez_banker, big_road,
                                   derived:small_road, myth), seeded by lesson, check and try
    mark=<road> next=B|P outcomes=…     which mark a derived road adds next
    case=<road> next=B|P outcomes=…     which rule decides that mark (or no mark yet)
    plate=<n> outcomes=…           where hand n goes on the Bead Plate
    bead=B|P outcomes=…            where the next bead goes on the Big Road
    settle=<bet> stake=N cards=c,c,c,c  how much comes back
    lowest-edge=<bet>,<bet>,…      which bet has the lowest house edge
    myth=<word>                    the myth (from baccarat.teaching.mistakes) containing that word
    ask=<question> stake=N         a question about the table (baccarat.teaching.table_questions):
                                   tie-to:9, tie-for:9, decided, lifts:1,6,8,9,
                                   lowers:2,5,7,9, fact:dealer-error, fact:electronic,
                                   fact:live-shoe, fact:paytable, fact:commission-box,
                                   swing-bigger:banker:200, swings-most:banker,player,…

The check's id is the progress key: keep it when editing the lesson.
"""

from __future__ import annotations

import re

from baccarat.odds.exact import effect_of_removal, odds_of_decks, percent, shoe_of_decks
from baccarat.odds.payouts import BETS, bet_name, is_player_pair, money, settle
from baccarat.roads.scoreboard import DERIVED_ROADS
from baccarat.teaching.mistakes import find_myth
from baccarat.teaching.questions import SIDES
from baccarat.teaching.swings import amount, band, result, session_of, swing_rows
from baccarat.teaching.walkthrough import walkthrough
from lessons.arguments import (
    EDGE_BETS,
    Args,
    DirectiveError,
    one_of,
    read_bet,
    read_cards,
    read_outcomes,
    resolve_complete,
    whole,
)
from lessons.blocks import (
    MAX_HANDS,
    Chart,
    Check,
    EdgeRow,
    Edges,
    HandSpec,
    Helplines,
    OverTime,
    RemovalRow,
    Removals,
    Road,
    SessionSpec,
    SettleSpec,
    Swings,
    TableauSpec,
)
from lessons.engine_text import ENGINE_TEXT
from lessons.shape import shape, tableau_shape

_CHECK_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_STAKE = 1_000_000  # a bet a lesson settles, and one a learner types (lessons.live)
ROAD_KEYS = ("bead_plate", "big_road", *DERIVED_ROADS)
SKILLS = (
    r"value:(A|[2-9]|T|J|Q|K)", r"total:[23]", r"natural", r"winner", r"player:[0-7]",
    r"banker:[0-7]:[0-9]", r"banker_stood:[0-7]",
    r"payout:(banker|player|tie|ez_banker|super6_banker)", r"big_road",
    r"derived:(big_eye_boy|small_road|cockroach_pig)", r"myth",
)  # fmt: skip
BLOCK_ONLY = {"road", "hand", "tableau-row", "tableau", "chart", "edges", "over-time", "check",
              "helplines", "tableau-shape", "swings", "session", "removal"}  # fmt: skip


def _settle(args: Args) -> SettleSpec:
    if len(args.positional) < 2:
        raise DirectiveError("settle: give a bet, a stake and the hand's cards")
    bet = one_of("bet", args.positional.pop(0), BETS)
    written = args.positional.pop(0)
    stake = whole(written, 1, MAX_STAKE)
    if stake is None:
        raise DirectiveError(
            f"settle: the stake {written!r} is not a whole number from 1 to {MAX_STAKE:,}"
        )
    cards = read_cards(args.positional)
    args.positional.clear()
    expect = args.option("expect")
    args.finish()
    spec = settle_spec(bet, stake, cards)
    if expect is not None and expect != spec.result:
        raise DirectiveError(
            f"expect={expect}, but the engine says the bet {spec.result}s: {spec.why}"
        )
    return spec


def settle_spec(bet: str, stake: int, cards: tuple[str, ...]) -> SettleSpec:
    """A bet settled on a complete hand (the lesson's, or one the learner dealt)."""
    resolution = resolve_complete(cards)
    pair = is_player_pair(resolution)
    settlement = settle(bet, stake, resolution, player_pair=pair)
    return SettleSpec(
        bet, bet_name(bet), stake, cards, resolution, settlement.result,
        money(settlement.net), money(settlement.returned), settlement.why, pair,
    )  # fmt: skip


def _road(args: Args) -> Road:
    if not args.positional:
        raise DirectiveError("road: give the outcomes, e.g. road BPPBT (or - for none)")
    outcomes = read_outcomes(args.positional.pop(0))
    show = tuple((args.option("show") or "bead_plate,big_road").split(","))
    for key in show:
        one_of("road", key, ROAD_KEYS)
    proofs = tuple(filter(None, (args.option("proofs") or "").split(",")))
    for key in proofs:
        one_of("proofs road", key, DERIVED_ROADS)
    ask = args.flag("ask")
    following = args.option("next")
    if following is not None:
        one_of("next", following, ("B", "P"))
    args.finish()
    return Road(outcomes, show, proofs, ask, following)


def _hand(args: Args) -> HandSpec:
    expect = args.option("expect")
    tableau, values = args.flag("tableau"), args.flag("values")
    cards = read_cards(args.positional)
    args.positional.clear()
    args.finish()
    spec = hand_spec(cards, tableau, values)
    if expect is not None and expect != spec.resolution.winner:
        raise DirectiveError(f"expect={expect}, but {spec.resolution.steps[-1].text}")
    return spec


def hand_spec(cards: tuple[str, ...], tableau: bool = False, values: bool = False) -> HandSpec:
    """A complete hand gate by gate (the lesson's, or one the learner dealt)."""
    resolution = resolve_complete(cards)
    return HandSpec(cards, resolution, tuple(walkthrough(resolution)), tableau, values)


def _tableau_row(args: Args) -> TableauSpec:
    row = args.positional.pop(0) if args.positional else ""
    args.finish()
    number = whole(row, 0, 7)
    if number is None:
        raise DirectiveError("tableau-row: give the Banker's total, 0 to 7")
    return TableauSpec(number, whole=False)


def _tableau(args: Args) -> TableauSpec:
    row = args.number("row", -1, 0, 7)
    column = args.number("column", -1, 0, 9)
    args.finish()
    return TableauSpec(row if row >= 0 else None, column if column >= 0 else None)


def _chart(args: Args) -> Chart:
    kind = one_of("chart", args.positional.pop(0) if args.positional else None,
                   ("player", "banker-stood", "values"))  # fmt: skip
    args.finish()
    return Chart(kind)


def _edge_rows(bets: tuple[str, ...], decks: int) -> tuple[EdgeRow, ...]:
    edges = odds_of_decks(decks).edges
    return tuple(
        EdgeRow(
            bet,
            edges[bet].name,
            percent(edges[bet].per_unit),
            percent(edges[bet].per_resolved),
            percent(edges[bet].pushes) if edges[bet].pushes else None,
        )
        for bet in bets
    )


def _edges(args: Args) -> Edges:
    bets = tuple(read_bet(bet) for bet in args.positional) or EDGE_BETS
    args.positional.clear()
    decks = args.number("decks", 8, 1, 8)
    args.finish()
    return Edges(decks, _edge_rows(bets, decks))


def _over_time(args: Args) -> OverTime:
    bets = tuple(read_bet(bet) for bet in args.positional)
    if not bets:
        raise DirectiveError("over-time: name at least one bet")
    args.positional.clear()
    stake = args.number("stake", 10, 1, 1_000_000)
    decks = args.number("decks", 8, 1, 8)
    args.finish()
    edges = odds_of_decks(decks).edges
    rows = tuple(
        (f"{count:,}", tuple(f"{float(edges[bet].per_unit * stake * count):,.2f}" for bet in bets))
        for count in (10, 100, 1_000, 10_000)
    )
    return OverTime(decks, stake, bets, tuple(edges[bet].name for bet in bets), rows)


def _swings(args: Args) -> Swings:
    bets = tuple(read_bet(bet) for bet in args.positional)
    if not bets:
        raise DirectiveError("swings: name at least one bet")
    args.positional.clear()
    stake = args.number("stake", 10, 1, 1_000_000)
    hands = args.number("hands", 80, 1, 100_000)
    args.finish()
    return Swings(stake, hands, swing_rows(bets, stake, hands))


MAX_HANDS_RUN = 100_000  # the longest session a lesson or a learner can ask about


def session_spec(bet: str, stake: int, hands: int) -> SessionSpec:
    """`hands` hands of `stake` on `bet` (the lesson's, or the learner's choice)."""
    run = session_of(bet, stake, hands)
    name = odds_of_decks(8).edges[bet].name
    return SessionSpec(bet, name, stake, hands, result(run.expected), amount(run.deviation),
                       band(run, 1), band(run, 2))  # fmt: skip


def _session(args: Args) -> SessionSpec:
    bet = read_bet(args.positional.pop(0) if args.positional else None)
    stake = args.number("stake", 10, 1, MAX_STAKE)
    hands = args.number("hands", 80, 1, MAX_HANDS_RUN)
    args.finish()
    return session_spec(bet, stake, hands)
def _removal(args: Args) -> Removals:
    decks = args.number("decks", 8, 1, 8)
    args.finish()

    def points(change: float) -> str:
        return f"{change * 100:+.4f}".replace("-", "\u2212")  # a real minus sign

    rows = effect_of_removal(shoe_of_decks(decks))
    shown = (RemovalRow(r.value, points(r.banker_edge), points(r.player_edge)) for r in rows)
    return Removals(decks, tuple(shown))


def _check(args: Args) -> Check:
    if not args.positional:
        raise DirectiveError("check: give the check an id first, e.g. check king-value skill=…")
    check_id = args.positional.pop(0)
    if not _CHECK_ID.match(check_id):
        raise DirectiveError(f"check id {check_id!r}: use lower-case letters, digits and dashes")
    kinds = ("skill", "mark", "case", "bead", "plate", "settle", "lowest-edge", "myth", "ask")
    sources = [key for key in kinds if key in args.options]
    if len(sources) != 1:
        listed = ", ".join(f"{key}=" for key in kinds)
        raise DirectiveError(f"check: give exactly one of {listed}")
    source = sources[0]
    value = args.option(source, "")  # there: `sources` found it
    if source == "skill":
        if not any(re.fullmatch(pattern, value) for pattern in SKILLS):
            raise DirectiveError(f"skill {value!r} is not a skill a check can ask about")
        check = Check(check_id, "skill", value)
    elif source in ("mark", "case"):
        one_of(f"{source} road", value, DERIVED_ROADS)
        side = one_of("next", args.option("next"), SIDES)
        check = Check(check_id, source, value, side, read_outcomes(args.option("outcomes", "")))
    elif source == "plate":
        if whole(value, 1, MAX_HANDS) is None:
            raise DirectiveError(f"plate={value}: give a hand number from 1 to {MAX_HANDS}")
        check = Check(check_id, "plate", value, outcomes=read_outcomes(args.option("outcomes", "")))
    elif source == "bead":
        one_of("bead", value, SIDES)
        check = Check(check_id, "bead", value, value, read_outcomes(args.option("outcomes", "")))
    elif source == "settle":
        one_of("bet", value, BETS)
        stake = args.number("stake", 100, 1, 1_000_000)
        cards = read_cards([args.option("cards", "")])
        resolve_complete(cards)
        check = Check(check_id, "settle", value, stake=stake, cards=cards)
    elif source == "lowest-edge":
        bets = value.split(",")
        for bet in bets:
            read_bet(bet)
        if len(bets) < 2 or len(bets) > 4:
            raise DirectiveError("lowest-edge: name two to four bets, separated by commas")
        check = Check(check_id, "lowest-edge", value, decks=args.number("decks", 8, 1, 8))
    elif source == "ask":
        check = Check(check_id, "ask", value, stake=args.number("stake", 10, 1, 1_000_000))
    else:
        try:
            find_myth(value)  # by its English wording, whatever the language read in
        except StopIteration:
            message = f"myth={value}: no myth in baccarat.teaching.mistakes mentions it"
            raise DirectiveError(message) from None
        check = Check(check_id, "myth", value)
    args.finish()
    try:
        check.question("validate", 0)  # a board with no mark to ask about fails here
    except ValueError as error:  # the question builders are the game's: no DirectiveError
        raise DirectiveError(str(error)) from None
    return check


def _helplines(args: Args) -> Helplines:
    args.finish()
    return Helplines()


PARSERS = {
    **ENGINE_TEXT,
    "settle": _settle,
    "road": _road,
    "hand": _hand,
    "tableau-row": _tableau_row,
    "tableau": _tableau,
    "chart": _chart,
    "edges": _edges,
    "over-time": _over_time,
    "swings": _swings,
    "session": _session,
    "removal": _removal,
    "check": _check,
    "helplines": _helplines,
    "shape": shape,
    "tableau-shape": tableau_shape,
}


def parse_directive(source: str, block: bool) -> object:
    """The spec for one directive's text (what is between the braces). DirectiveError says
    what is wrong with it."""
    words = source.split()
    if not words:
        raise DirectiveError("empty directive")
    name = words[0]
    if name not in PARSERS:
        raise DirectiveError(f"unknown directive {name!r}; known: {', '.join(PARSERS)}")
    if not block and name in BLOCK_ONLY:
        raise DirectiveError(f"{name} is a block directive: put it on a line of its own")
    try:
        return PARSERS[name](Args(words[1:]))
    except DirectiveError as error:
        message = str(error)
        prefixed = message if message.startswith(name) else f"{name}: {message}"
        raise DirectiveError(prefixed) from None
