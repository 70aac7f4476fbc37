"""The rules as the reference charts show them, computed from baccarat.game.rules' data: the
card values, a two-card rule with the naturals after it, the tableau's rows, the classic
way to remember it, and why it has 80 cells. The rules page, the Banker-row pages, the
lessons and the quiz draw the same charts from these."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from baccarat.game.cards import RANK_NAMES, RANK_VALUES
from baccarat.game.tableau import (
    NATURALS,
    TABLEAU,
    _article,
    _span,
    and_list,
    banker_draws,
    is_natural,
    player_draws,
    tableau_draws_against,
    tableau_row_rule,
)
from baccarat.odds.exact import odds_of_decks, percent
from baccarat.translation import _


def card_values() -> list[dict[str, str | int]]:
    """Rank -> value rows for the reference table, pictures and ten grouped."""
    return [
        {
            "rank": rank,
            "name": _(RANK_NAMES[rank]) if rank in "AJQK" else RANK_NAMES.get(rank, rank),
            "value": value,
        }
        for rank, value in RANK_VALUES.items()
    ]


def two_card_rows(rule: str) -> list[dict[str, int | bool]]:
    """A two-card rule ("DDDDDDSS") as rows for a table, with the naturals after it."""
    rows = [{"total": t, "draws": rule[t] == "D"} for t in range(len(rule))]
    return rows + [{"total": t, "natural": True} for t in NATURALS]


@dataclass(frozen=True)
class TableauRow:
    banker_total: int
    cells: tuple[bool, ...]  # cells[v]: does Banker draw against a third card of value v?
    rule: str

    @property
    def draw_count(self) -> int:
        return sum(self.cells)


def tableau_rows() -> list[TableauRow]:
    return [
        TableauRow(b, tuple(banker_draws(b, v) for v in range(10)), tableau_row_rule(b))
        for b in range(8)
    ]


def memory_pattern() -> list[str]:
    """The classic way to remember the tableau, computed from the data:
    "Banker 0, 1 and 2 always draw", "Banker 3 draws against everything except an 8", ..."""
    always = [b for b in range(8) if len(tableau_draws_against(b)) == 10]
    never = [b for b in range(8) if not tableau_draws_against(b)]
    lines = []
    if len(always) > 1:
        lines.append(_("Banker {totals} always draw").format(totals=and_list(always)))
    elif always:
        lines.append(_("Banker {total} always draws").format(total=always[0]))
    for b in range(8):
        draws = tableau_draws_against(b)
        if len(draws) in (0, 10):
            continue
        if len(draws) == 9:
            (missing,) = set(range(10)) - set(draws)
            if _article(missing) == "an":
                text = _("Banker {total} draws against everything except an {value}")
            else:
                text = _("Banker {total} draws against everything except a {value}")
            lines.append(text.format(total=b, value=missing))
        else:
            lines.append(
                _("Banker {total} draws against {values}").format(total=b, values=_span(draws))
            )
    if never:
        lines.append(_("Banker {totals} always stands").format(totals=_span(never)))
    return lines


@dataclass(frozen=True)
class Reachability:
    """Why the tableau has 80 cells: of the 1,000 (Banker total, Player total, Player
    third-card value) combinations, these never reach the Banker's tableau decision."""

    raw: int
    banker_natural: int
    player_natural: int
    player_stood: int
    reaching: int
    cells: int

    @property
    def impossible(self) -> int:
        return self.banker_natural + self.player_natural + self.player_stood

    @property
    def repeats(self) -> int:
        return self.reaching // self.cells


@cache
def tableau_reachability() -> Reachability:
    counts = {"banker_natural": 0, "player_natural": 0, "player_stood": 0, "reaching": 0}
    cells = set()
    for banker_total in range(10):
        for player_total in range(10):
            for third in range(10):
                if is_natural(banker_total):
                    counts["banker_natural"] += 1
                elif is_natural(player_total):
                    counts["player_natural"] += 1
                elif not player_draws(player_total):
                    counts["player_stood"] += 1
                else:
                    counts["reaching"] += 1
                    cells.add((banker_total, third))
    return Reachability(raw=1000, cells=len(cells), **counts)


@dataclass(frozen=True)
class Headline:
    figure: str  # "34.30%"
    says: str  # what it counts, as a sentence that follows the figure
    anchor: str  # the part of the rules page that explains it; "" for the odds page


def rules_at_a_glance(decks: int = 8) -> list[Headline]:
    """The rules page's headline figures, exact for a full shoe of `decks` decks."""
    shoe = odds_of_decks(decks)
    decided = shoe.p("banker") + shoe.p("player")
    cells = len(TABLEAU) * len(TABLEAU[0])
    return [
        Headline(
            percent(shoe.p("natural_any")), _("of hands end at once, with a natural"), "natural"
        ),
        Headline(
            percent(shoe.p("player_draws")), _("of hands the Player draws a third card"), "player"
        ),
        Headline(
            percent(shoe.p("banker_draws")), _("of hands the Banker draws a third card"), "banker"
        ),
        Headline(
            str(cells),
            _("cells in the tableau: {totals} Banker totals × {cards} third cards").format(
                totals=len(TABLEAU), cards=len(TABLEAU[0])
            ),
            "tableau",
        ),
        Headline(
            percent(shoe.p("banker") / decided),
            _("of the hands that do not tie go to Banker, {player} to Player: not 50/50").format(
                player=percent(shoe.p("player") / decided)
            ),
            "",
        ),
    ]
