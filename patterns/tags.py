"""The tags a shoe's page shows for the patterns going at its last hand: "單跳 Ping-pong,
4 hands", each a link to its pattern's page. Names for what the board already shows."""

from django.urls import reverse

from baccarat.roads.patterns import board_columns, sightings_of


def pattern_tags(board) -> list[dict]:
    """One tag a sighting going at the board's last hand (board: a drawn Scoreboard)."""
    return [
        {
            "slug": s.pattern.slug,
            "chinese": s.pattern.chinese[0],
            "name": s.pattern.name(),
            "hands": s.hands,
            "url": reverse("patterns:detail", args=[s.pattern.slug]),
        }
        for s in sightings_of(board_columns(board))
        if s.ongoing
    ]
