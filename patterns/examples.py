"""A pattern's example shoe drawn as a Big Road, its sighting framed: what the pages draw."""

from django.utils.translation import gettext as _

from baccarat.roads.patterns import BY_SLUG, sightings
from baccarat.roads.scoreboard import scoreboard
from baccarat.teaching.pattern_text import EXAMPLES
from scoreboard.boards import scoreboard_context

# An example is short: drawn a little wider than it is, not as wide as a shoe's board, so
# that its beads stay large on a phone.
SPARE_COLUMNS = 1


def example_board(slug: str) -> dict:
    """The road component's context for `slug`'s example, the beads of its sighting framed."""
    outcomes = EXAMPLES[slug]
    board = scoreboard(outcomes)
    context = scoreboard_context(board, "")
    sighting = next(s for s in sightings(outcomes) if s.pattern.slug == slug)
    context["frames"] = [
        {"col": cell.col, "row": cell.row}
        for cell in board.big_road
        if cell.outcome and sighting.first_column <= cell.column <= sighting.last_column
    ]
    context["big_road_columns"] = board.big_road_width + SPARE_COLUMNS
    context["board_label"] = _("Example: %(name)s") % {"name": BY_SLUG[slug].name()}
    context["sighting"] = sighting
    return context
