"""Quiz questions generated from the engine, so they are endless and always right.

Every question names the *skill* it exercises (e.g. "banker:4:1": Banker 4 against a
Player third card of 1), which the quiz schedules with spaced repetition. The correct
answer is computed by the same functions the rest of the site uses, and the explanation is
the engine's own sentence (a resolution step, a road mark's proof, a settlement's reason).

Every question comes from here, the lessons' checks included: a check asks by skill, or on
the board, hand, bets or myth its lesson names. Which skills exist, and their names, are in
baccarat.teaching.skills.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from baccarat.game.cards import RANK_VALUES, RANKS, parse_card, total, total_working
from baccarat.game.rules import resolve
from baccarat.game.shoe import random_hand
from baccarat.odds.exact import odds_of_decks, percent
from baccarat.odds.payouts import bet_name, is_player_pair, money, settle
from baccarat.roads.scoreboard import DERIVED_ROADS, Mark, outcome_name, road_name, scoreboard
from baccarat.teaching.examples import complete_hand, deal_for, rank_for
from baccarat.teaching.mistakes import Myth, find_myth, myths
from baccarat.teaching.truths import truth_statements
from baccarat.translation import _, gettext_noop, pgettext


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    key: str  # keyboard shortcut


@dataclass(frozen=True)
class Question:
    kind: str
    skill: str
    prompt: str
    choices: tuple[Choice, ...]
    answer: str
    explanation: str
    cards: tuple[str, ...] = ()  # a hand to show, in dealing order
    outcomes: str = ""  # a shoe's results to show as a road

    def is_right(self, value: str) -> bool:
        return value == self.answer

    def choice(self, value: str) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    @property
    def answer_label(self) -> str:
        return next(c.label for c in self.choices if c.value == self.answer)


# The fixed choices, their labels in English and marked for translation: a question is
# given them in the active language (`translated`). The values, which answers are
# compared by, are the same in every language.
DRAW_STAND = (Choice("draw", gettext_noop("Draw"), "D"),
              Choice("stand", gettext_noop("Stand"), "S"))  # fmt: skip
YES_NO = (Choice("yes", gettext_noop("Yes"), "Y"), Choice("no", gettext_noop("No"), "N"))
WINNERS = (Choice("banker", gettext_noop("Banker"), "B"),
           Choice("player", gettext_noop("Player"), "P"),
           Choice("tie", gettext_noop("Tie"), "T"))  # fmt: skip
MYTH_TRUTH = (Choice("myth", gettext_noop("Myth"), "M"),
              Choice("truth", gettext_noop("Truth"), "T"))  # fmt: skip
RED_BLUE = (Choice("red", gettext_noop("Red (=)"), "R"),
            Choice("blue", gettext_noop("Blue (≠)"), "U"))  # fmt: skip
SIDES = {"B": "banker", "P": "player"}


def translated(choices: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """Fixed choices with their labels in the active language."""
    return tuple(Choice(c.value, _(c.label), c.key) for c in choices)


def myth_or_truth_prompt(statement: str) -> str:
    """ "Myth or truth? “…”" """
    return _("Myth or truth? “{statement}”").format(statement=statement)


def two_sentences(first: str, second: str) -> str:
    """Two sentences one after the other ("A. B."; a translation may join them its way)."""
    return pgettext("two sentences, one after the other", "{first} {second}").format(
        first=first, second=second
    )


def numbered(values: list[str], labels: list[str] | None = None) -> tuple[Choice, ...]:
    """Choices answered with the keys 1-4."""
    labels = labels or values
    return tuple(
        Choice(value, label, str(i))
        for i, (value, label) in enumerate(zip(values, labels, strict=True), 1)
    )


def digits(values: list[str]) -> tuple[Choice, ...]:
    """Choices that are single digits, answered by typing the digit itself: pressing 7 for
    "7" can never pick another option, as "the 3rd choice" could."""
    return tuple(Choice(value, value, value) for value in values)


def _options(right: int, rng: random.Random, pool: range = range(10), count: int = 4) -> list[str]:
    others = [v for v in pool if v != right]
    picked = rng.sample(others, count - 1) + [right]
    return [str(v) for v in sorted(picked)]


# --- cards and totals ------------------------------------------------------------------------


def card_value(rng: random.Random, rank: str | None = None) -> Question:
    rank = rank or rng.choice(RANKS)
    card = parse_card(rank)
    value = RANK_VALUES[rank]
    if rank == "A":
        why = _("An ace counts 1.")
    elif value == 0:
        why = _("Tens and pictures count 0.")
    else:
        why = _("Other cards count their pip value.")
    return Question(
        "card_value",
        f"value:{rank}",
        _("What is {card} worth in baccarat?").format(card=card.name),
        digits(_options(value, rng)),
        str(value),
        why,
        cards=(rank,),
    )


def hand_total(rng: random.Random, size: int | None = None) -> Question:
    size = size or rng.choice((2, 2, 3))
    ranks = [rng.choice(RANKS) for _ in range(size)]
    values = [RANK_VALUES[r] for r in ranks]
    right = total(values)
    return Question(
        "hand_total",
        f"total:{size}",
        _("What is this hand's total?"),
        digits(_options(right, rng)),
        str(right),
        _("{working}: only the last digit counts.").format(working=total_working(values)),
        cards=tuple(ranks),
    )


# --- the rules ----------------------------------------------------------------------------------


def natural(rng: random.Random) -> Question:
    cards = [str(c) for c in random_hand(seed=rng.random())[:4]]
    res = resolve(cards)
    step = res.steps[0]
    return Question(
        "natural",
        "natural",
        _("The first four cards are out (Player, Banker, Player, Banker). Is there a natural?"),
        translated(YES_NO),
        "yes" if res.natural else "no",
        step.text,
        cards=tuple(cards),
    )


def player_rule(rng: random.Random, player_total: int | None = None) -> Question:
    player_total = rng.randrange(8) if player_total is None else player_total
    banker_total = rng.choice([t for t in range(8)])
    cards = deal_for(player_total, banker_total, turn=rng.randrange(4))
    res = resolve(cards)
    step = next(s for s in res.steps if s.gate == "player")
    return Question(
        "player_rule",
        f"player:{player_total}",
        _("No natural. The Player has {total}. Does the Player draw?").format(total=player_total),
        translated(DRAW_STAND),
        step.decision,
        step.text,
        cards=tuple(cards),
    )


def banker_rule(rng: random.Random, skill: str | None = None) -> Question:
    """Banker draw or stand: one of the 80 tableau cells ("banker:b:v") or one of the 8
    Player-stood cases ("banker_stood:b")."""
    if skill is None:
        skill = (f"banker:{rng.randrange(8)}:{rng.randrange(10)}" if rng.random() < 0.85
                 else f"banker_stood:{rng.randrange(8)}")  # fmt: skip
    parts = skill.split(":")
    banker_total = int(parts[1])
    turn = rng.randrange(4)
    if parts[0] == "banker_stood":
        player_total = rng.choice((6, 7))
        cards = deal_for(player_total, banker_total, turn=turn)
        prompt = _(
            "The Player stood on {player}. The Banker has {banker}. Does the Banker draw?"
        ).format(player=player_total, banker=banker_total)
    else:
        third = int(parts[2])
        player_total = rng.randrange(6)
        cards = deal_for(player_total, banker_total, player_third=third, turn=turn)
        card = parse_card(cards[4])
        prompt = _(
            "The Player had {player} and drew {card}. The Banker has {banker}. Does the Banker "
            "draw?"
        ).format(player=player_total, card=card.name_with_value, banker=banker_total)
    res = resolve(cards)
    step = next(s for s in res.steps if s.gate == "banker")
    return Question("banker_rule", skill, prompt, translated(DRAW_STAND), step.decision,
                    step.text, cards=tuple(cards))  # fmt: skip


def winner(rng: random.Random) -> Question:
    cards = [str(c) for c in random_hand(seed=rng.random())]
    res = resolve(cards)
    step = res.steps[-1]
    return Question(
        "winner",
        "winner",
        _("The hand is complete. Who wins?"),
        translated(WINNERS),
        step.decision,  # the result step's decision is the winner
        step.text,
        cards=tuple(cards),
    )


# --- payouts ------------------------------------------------------------------------------------


def _money(amount: int | Fraction) -> str:
    return f"{amount:.2f}".rstrip("0").rstrip(".") if amount.denominator != 1 else str(amount)


def payout(rng: random.Random, bet: str | None = None) -> Question:
    """What does a winning (or pushing) bet pay back across the table?"""
    bet = bet or rng.choice(("banker", "tie", "ez_banker", "super6_banker", "player"))
    stake = rng.choice((10, 20, 50, 100, 200, 500))
    if bet == "ez_banker":
        # Banker wins with a three-card 7: Player 2 draws a K (2), Banker 3 draws a 4 (7).
        cards = complete_hand(2, 3, 0)
        cards = [*cards[:5], rank_for(4)]
    elif bet == "tie":
        cards = complete_hand(6, 6, None)
    elif bet == "super6_banker":
        cards = complete_hand(3, 6, 2)  # Player 3 draws a 2 (5); Banker 6 stands and wins
    elif bet == "player":
        cards = complete_hand(7, 3, None)
        cards = [*cards[:4], rank_for(3)]  # Banker 3 draws a 3: 6 against the Player's 7
    else:
        cards = complete_hand(2, 7, 3)
    res = resolve(cards)
    settlement = settle(bet, stake, res)
    options = _returned_options(stake, settlement.returned, rng)
    return Question(
        "payout",
        f"payout:{bet}",
        _("You bet {stake} on {bet}. How much comes back to you, stake included?").format(
            stake=stake, bet=bet_name(bet)
        ),
        numbered([_money(o) for o in options]),
        _money(settlement.returned),
        settlement.why,
        cards=tuple(cards),
    )


def _returned_options(stake: int, right: Fraction, rng: random.Random) -> list[int | Fraction]:
    """The right amount back and three of the usual wrong ones, in order."""
    wrong: set[int | Fraction] = {stake * 2, stake, stake * 9, stake * 10, Fraction(0),
                                  stake * Fraction(19, 10), stake * Fraction(3, 2)}  # fmt: skip
    wrong.discard(right)
    return sorted(rng.sample(sorted(wrong), 3) + [right])


# --- roads ---------------------------------------------------------------------------------------


def _random_outcomes(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("BBBBBPPPPPT") for _ in range(n))


BEAD_PLACES = (
    ("down", gettext_noop("One row down, same column")),
    ("new", gettext_noop("Top of a new column")),
    ("right", gettext_noop("To the right (dragon tail)")),
)


def bead_question(side: str, outcomes: str) -> Question:
    """Where the next bead goes if `side` ("B" or "P") wins after `outcomes`."""
    before, after = scoreboard(outcomes), scoreboard(outcomes + side)
    last = next((cell for cell in reversed(before.big_road) if cell.outcome), None)
    if last is None or last.outcome is None:
        raise ValueError(f"the board {outcomes!r} has no Banker or Player bead yet")
    new = after.big_road[-1]
    place = "new" if new.column != last.column else ("down" if new.col == last.col else "right")
    name = outcome_name(side)
    why = {
        "new": _(
            "{name} differs from the last result ({previous}), so it starts a new column at the "
            "top: column {column}, row {row}."
        ),
        "down": _(
            "{name} repeats the last result, so it goes one row down in the same column: "
            "column {column}, row {row}."
        ),
        "right": _(
            "{name} repeats the last result, but the cell below is past the last row or taken, "
            "so the streak turns right along its row (a dragon tail): column {column}, row {row}."
        ),
    }[place].format(
        name=name, previous=outcome_name(last.outcome), column=new.col + 1, row=new.row + 1
    )
    return Question(
        "big_road",
        "big_road",
        _("If the next hand is {name}, where does its bead go on the Big Road?").format(name=name),
        numbered([p for p, _label in BEAD_PLACES], [_(label) for _p, label in BEAD_PLACES]),
        place,
        why,
        outcomes=outcomes,
    )


def next_bead(rng: random.Random) -> Question:
    outcomes = _random_outcomes(rng, rng.randint(4, 30)).replace("T", "") or "B"
    return bead_question(rng.choice("BP"), outcomes)


def derived_mark(rng: random.Random, road: str | None = None, rule: int | None = None) -> Question:
    """Which mark a derived road adds next; `rule` (1 or 2) asks for a board where that
    rule decides it."""
    road = road or rng.choice(tuple(DERIVED_ROADS))
    for _attempt in range(500):
        outcomes = _random_outcomes(rng, rng.randint(8, 40))
        side = rng.choice("BP")
        mark = scoreboard(outcomes).ask[SIDES[side]][road]
        if mark is not None and rule in (None, mark.rule):
            return _mark_question(road, side, mark, outcomes)
    raise ValueError(f"no board of 500 tried has a {road} mark by rule {rule}")


def _mark_question(road: str, side: str, mark: Mark, outcomes: str) -> Question:
    return Question(
        "derived_mark",
        f"derived:{road}:{mark.rule}",
        _("If {name} wins the next hand, what does {road} add?").format(
            name=outcome_name(side), road=road_name(road)
        ),
        translated(RED_BLUE),
        mark.color,
        _("{proof} (Rule {rule}.)").format(proof=mark.proof, rule=mark.rule),
        outcomes=outcomes,
    )


# --- myth or truth ---------------------------------------------------------------------


def _myth_question(myth: Myth) -> Question:
    prompt = myth_or_truth_prompt(myth.myth)
    return Question("myth", "myth", prompt, translated(MYTH_TRUTH), "myth", myth.truth)


def myth_or_truth(rng: random.Random) -> Question:
    if rng.random() < 0.5:
        return _myth_question(rng.choice(myths()))
    statement = rng.choice(truth_statements())
    return Question(
        "myth", "myth", myth_or_truth_prompt(statement), translated(MYTH_TRUTH), "truth",
        _("True: this is the rule, as the tableau and the Player's rule state it."),
    )  # fmt: skip


# --- the lessons' checks: a question about the board, hand, bets or myth the lesson chose ------
# The lesson's own values, not random ones; a ValueError says the lesson asked the impossible.


def mark_question(road: str, side: str, outcomes: str) -> Question:
    """Which mark `road` adds if `side` ("B" or "P") wins after `outcomes`."""
    mark = scoreboard(outcomes).ask[SIDES[side]][road]
    if mark is None:
        raise ValueError(
            _(
                "{road} has not started on the board {outcomes}, so a next {name} adds no "
                "mark to ask about"
            ).format(road=road_name(road), outcomes=outcomes, name=outcome_name(side))
        )
    return _mark_question(road, side, mark, outcomes)


def settle_question(bet: str, stake: int, cards: tuple[str, ...], rng: random.Random) -> Question:
    """How much comes back on a bet of `stake` on these cards (a complete hand)."""
    resolution = resolve(list(cards))
    settlement = settle(bet, stake, resolution, player_pair=is_player_pair(resolution))
    options = _returned_options(stake, settlement.returned, rng)
    return Question(
        "payout",
        f"payout:{bet}",
        _("You bet {stake} on {bet}. How much comes back to you, stake included?").format(
            stake=money(stake), bet=bet_name(bet)
        ),
        numbered([money(o) for o in options]),
        money(settlement.returned),
        two_sentences(resolution.steps[-1].text, settlement.why),
        cards=cards,
    )


def lowest_edge_question(bets: tuple[str, ...], decks: int = 8) -> Question:
    edges = odds_of_decks(decks).edges
    best = min(bets, key=lambda bet: edges[bet].per_unit)
    figures = pgettext("between the clauses of a sentence", "; ").join(
        _("{bet}: {edge}").format(bet=edges[bet].name, edge=percent(edges[bet].per_unit))
        for bet in bets
    )
    return Question(
        "edge",
        "edge",
        _("Which of these bets has the lowest house edge?"),
        numbered(list(bets), [edges[bet].name for bet in bets]),
        best,
        _(
            "House edge per bet placed, {decks} decks: {figures}. The lower the edge, the less "
            "the bet costs on average, but every one of them costs something."
        ).format(decks=decks, figures=figures),
    )


def myth_question(word: str) -> Question:
    """Myth or truth, on the first myth in baccarat.teaching.mistakes that contains `word` (in its
    English wording, whatever the language shown)."""
    return _myth_question(find_myth(word))


GENERATORS: dict[str, Callable[[random.Random], Question]] = {
    "card_value": card_value,
    "hand_total": hand_total,
    "natural": natural,
    "player_rule": player_rule,
    "banker_rule": banker_rule,
    "winner": winner,
    "payout": payout,
    "big_road": next_bead,
    "derived_mark": derived_mark,
    "myth": myth_or_truth,
}


def question_for_skill(skill: str, rng: random.Random) -> Question:
    """A fresh question exercising exactly `skill`."""
    kind, _, rest = skill.partition(":")
    if kind in ("banker", "banker_stood"):
        return banker_rule(rng, skill)
    if kind == "player":
        return player_rule(rng, int(rest))
    if kind == "value":
        return card_value(rng, rest)
    if kind == "total":
        return hand_total(rng, int(rest))
    if kind == "payout":
        return payout(rng, rest)
    if kind == "derived":
        road, _, rule = rest.partition(":")
        return derived_mark(rng, road, int(rule) if rule else None)
    generator = {"natural": natural, "winner": winner, "big_road": next_bead, "myth": myth_or_truth}
    if kind in generator:
        return generator[kind](rng)
    raise ValueError(f"{skill!r} is not a skill")


def random_question(rng: random.Random, kind: str | None = None) -> Question:
    kind = kind or rng.choice(tuple(GENERATORS))
    if kind not in GENERATORS:
        raise ValueError(f"{kind!r} is not a kind of question; use one of {', '.join(GENERATORS)}")
    return GENERATORS[kind](rng)
