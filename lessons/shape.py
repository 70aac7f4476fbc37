"""The directives that say why the tableau has its shape (baccarat.odds.tableau_shape): the inline
``{{ shape … }}`` figures and the ``{{ tableau-shape }}`` table. Documented with the others in
lessons.directives."""

from __future__ import annotations

from dataclasses import dataclass

from baccarat.game.tableau import TABLEAU
from baccarat.odds.exact import percent
from baccarat.odds.tableau_shape import banker_gain, tableau_agreement, third_card_effects
from baccarat.translation import _
from lessons.arguments import Args, DirectiveError, one_of, whole
from lessons.blocks import EngineText

MEASURES = ("improves", "worsens", "strong", "rows", "agree", "exceptions", "gain")


def _digit(args: Args, what: str, top: int) -> int:
    word = args.positional.pop(0) if args.positional else ""
    number = whole(word, 0, top)
    if number is None:
        raise DirectiveError(f"give {what}, 0 to {top}")
    return number


def _cell(b: int, v: int) -> str:
    return _("Banker {banker} against a Player third card of {card}").format(banker=b, card=v)


def shape(args: Args) -> EngineText:
    measure = one_of("shape", args.positional.pop(0) if args.positional else None, MEASURES)
    places = args.number("places", 0, 0, 3)
    if measure in ("improves", "worsens", "strong", "rows"):
        row = third_card_effects()[_digit(args, "the Player's third card", 9)]
        args.finish()
        value = getattr(row, measure)
        return EngineText(
            str(value) if measure == "rows" else percent(value, places), kind="figure"
        )
    if measure == "gain":
        b, v = _digit(args, "the Banker's total", len(TABLEAU) - 1), _digit(args, "a card", 9)
        args.finish()
        return EngineText(percent(abs(banker_gain(b, v)), places), kind="figure")
    args.finish()
    agreement = tableau_agreement()
    if measure == "agree":
        text = _("{agree} of its {cells}").format(agree=agreement.agree, cells=agreement.cells)
        return EngineText(text, kind="figure")
    cells = [_cell(b, v) for b, v in agreement.exceptions] or [_("none")]
    return EngineText(_("; ").join(cells), kind="figure")


@dataclass(frozen=True)
class ShapeRow:
    value: int
    improves: str
    worsens: str
    strong: str
    rows: int


@dataclass(frozen=True)
class ShapeTable:
    rows: tuple[ShapeRow, ...]
    banker_rows: int  # how many rows the tableau has


def tableau_shape(args: Args) -> ShapeTable:
    args.finish()
    return ShapeTable(
        tuple(
            ShapeRow(
                e.value, percent(e.improves, 0), percent(e.worsens, 0), percent(e.strong, 0), e.rows
            )  # fmt: skip
            for e in third_card_effects()
        ),
        len(TABLEAU),
    )
