"""The road boards every section draws (scoreboard/): the {% repeat %} tag's escaping, and the
road templates drawn from scoreboard_context alone, with no page of any section around them."""

from django.template.loader import render_to_string

from baccarat.roads.scoreboard import scoreboard
from scoreboard.boards import MIN_COLUMNS, scoreboard_context


def test_repeat_escapes_every_value():
    from scoreboard.templatetags.road_cells import repeat

    markup = repeat(
        [{"a": '<b title="x">&', "n": 3}, {"a": "{n}", "n": True}],
        '<i data-a="{a}" data-n="{n}" data-c="{c}"/>',
        c="'{}'",
    )
    assert markup == (
        '<i data-a="&lt;b title=&quot;x&quot;&gt;&amp;" data-n="3" data-c="&#x27;{}&#x27;"/>'
        '<i data-a="{n}" data-n="True" data-c="&#x27;{}&#x27;"/>'
    )


def test_the_road_templates_draw_a_board_from_its_context_alone():
    board = scoreboard("PPBTBBBPPTTBPBBBBBBBPPBPB")
    context = scoreboard_context(board, marks_url="/marks/")
    bead = render_to_string("scoreboard/road_bead_plate.html", context)
    # One bead a hand, ties included, each where the engine put it.
    assert bead.count('class="bead"') == len(board.bead_plate)
    first = board.bead_plate[0]
    assert (
        f'<use href="#bead-{first.outcome}" transform="translate({first.col} {first.row})"' in bead
    )
    assert f'viewBox="0 0 {MIN_COLUMNS["bead_plate"]} 6"' in bead  # a short shoe, a full board
    big = render_to_string("scoreboard/road_big_road.html", context)
    assert big.count('class="big-road-cell"') == len(
        [cell for cell in board.big_road if cell.outcome]
    )
    for entry in context["derived"]:
        derived = render_to_string("scoreboard/road_derived.html", {**context, "entry": entry})
        # Each derived mark links to its proof under the caller's marks_url.
        assert derived.count(f'href="/marks/{entry["key"]}/') == entry["marks"]
