"""Road sheets and pictures through the test client: the blank sheet on each paper, a shoe's
filled sheet and its counts, the roads as SVG (parsed, its marks counted against the engine)
and PNG (its size read by Pillow), someone else's shoe, a shared shoe's, and an empty one."""

import re
from io import BytesIO
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from PIL import Image

from baccarat.roads.scoreboard import Result, scoreboard
from tracker.models import Shoe
from tracker.picture import WIDTH

pytestmark = pytest.mark.django_db

# The 25-hand worked example of the road rules (docs/roads.md).
EXAMPLE = "PPBTBBBPPTTBPBBBBBBBPPBPB"
SVG = "{http://www.w3.org/2000/svg}"


def start_shoe(client, name="Printed shoe", outcomes=EXAMPLE):
    response = client.post(reverse("tracker:index"), {"name": name, "decks": 8})
    shoe = Shoe.objects.get(pk=int(response.url.strip("/").split("/")[-1]))
    for number, outcome in enumerate(outcomes):
        # A pair and a natural now and then, so the sheet has them to draw.
        shoe.record(outcome, banker_pair=number == 4, player_pair=number == 7, natural=number == 0)
    return shoe


def example_board():
    return scoreboard(
        Result(o, banker_pair=i == 4, player_pair=i == 7, natural=i == 0)
        for i, o in enumerate(EXAMPLE)
    )


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("paper, size", [("", "A4"), ("a4", "A4"), ("letter", "letter")])
def test_the_blank_sheet_on_each_paper(client, paper, size):
    response = client.get(reverse("tracker:sheet"), {"paper": paper} if paper else {})
    assert response.status_code == 200
    html = response.content.decode()
    assert f"@page {{ size: {size};" in html
    # Five empty grids (the Big Road's in two strips), the places to write the table, date
    # and shoe, and the key.
    assert len(re.findall(r'<figure class="sheet-road', html)) == 6
    assert "Big Road, continued" in html
    assert "<use " not in html.split('<figure class="sheet-road', 1)[1].split("<footer", 1)[0]
    for words in ("Table", "Date", "Shoe no.", "Bead Plate", "Cockroach Pig", "red = the board"):
        assert words in html
    assert f'<option value="{paper or "a4"}" selected>' in html


@pytest.mark.same_on_any_database
def test_letter_paper_is_narrower_so_its_grids_have_fewer_columns(client):
    def columns(paper):
        html = client.get(reverse("tracker:sheet"), {"paper": paper}).content.decode()
        return [int(c) for c in re.findall(r'<svg viewBox="0 0 (\d+) 6"', html)]

    a4, letter = columns("a4"), columns("letter")
    assert len(a4) == len(letter) == 6
    assert all(a >= b for a, b in zip(a4, letter, strict=True))
    assert a4[0] == 190 // 5  # the Big Road's 5 mm cells across A4's 190 mm


@pytest.mark.same_on_any_database
@pytest.mark.parametrize("paper", ["a3", "A4 ", "<b>legal</b>"])
def test_a_paper_we_do_not_print_on_is_a_400_naming_it(client, paper):
    response = client.get(reverse("tracker:sheet"), {"paper": paper})
    assert response.status_code == 400
    html = response.content.decode()
    assert "is not a paper size here; choose A4 or Letter" in html
    assert "<b>legal" not in html


def test_the_filled_sheet_shows_the_shoes_roads_and_counts(client):
    shoe = start_shoe(client)
    board = example_board()
    response = client.get(reverse("tracker:print", args=[shoe.pk]), {"paper": "letter"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "@page { size: letter;" in html
    assert "Printed shoe" in html
    stats = board.stats
    for key, value in (
        ("banker", stats.banker),
        ("player", stats.player),
        ("tie", stats.tie),
        ("banker-pairs", 1),
        ("player-pairs", 1),
        ("naturals", 1),
        ("longest-banker", stats.longest_banker),
        ("longest-player", stats.longest_player),
    ):
        assert re.search(rf'data-count="{key}">{value}<', html), key
    assert f"{100 * stats.banker / stats.hands:.1f}%" in html
    assert "25 hands" in html
    # Every mark drawn: the beads, the Big Road's rings and the derived roads' marks.
    sheet = html.split('<figure class="sheet-road', 1)[1].split("<footer", 1)[0]
    assert sheet.count('href="#pic-bead-') == 25
    assert sheet.count('href="#pic-ring-') == stats.banker + stats.player
    for key, road in board.derived.items():
        assert sheet.count(f'href="#pic-{key}-') == len(road.marks)
    assert reverse("tracker:roads_png", args=[shoe.pk]) in html


def test_someone_elses_shoe_is_a_404_on_every_print_and_image_address(client):
    shoe = start_shoe(client)
    stranger = Client()
    for name in ("print", "roads_svg", "roads_png"):
        assert stranger.get(reverse(f"tracker:{name}", args=[shoe.pk])).status_code == 404
        assert client.get(reverse(f"tracker:{name}", args=[shoe.pk])).status_code == 200


def marks_by_road(svg_bytes):
    root = ElementTree.fromstring(svg_bytes)
    assert root.tag == f"{SVG}svg"
    return {
        group.get("data-road"): [use.get("href")[len("#pic-") :] for use in group.iter(f"{SVG}use")]
        for group in root.iter(f"{SVG}g")
        if group.get("data-road")
    }


def test_the_svg_is_well_formed_with_every_mark_of_a_known_shoe(client):
    shoe = start_shoe(client, name='Table 7 & "friends" <late>')
    response = client.get(reverse("tracker:roads_svg", args=[shoe.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="roads-{shoe.pk}-table-7-friends-late.svg"'
    )
    body = response.content
    assert b"http" not in body.replace(b"http://www.w3.org/2000/svg", b"")  # nothing outside
    marks = marks_by_road(body)
    board = example_board()
    assert list(marks) == ["big_road", "bead_plate", "big_eye_boy", "small_road", "cockroach_pig"]
    beads = [m for m in marks["bead_plate"] if m.startswith("bead-")]
    assert "".join(b[-1] for b in beads) == EXAMPLE
    assert marks["bead_plate"].count("natural") == 1
    rings = [m[-1] for m in marks["big_road"] if m.startswith("ring-")]
    assert "".join(rings) == "".join(board.columns)
    assert marks["big_road"].count("tie") == sum(1 for c in board.big_road if c.ties)
    for key, road in board.derived.items():
        colours = ["R" if m.endswith("red") else "B" for m in marks[key]]
        assert "".join(colours) == road.letters, key
    title = ElementTree.fromstring(body).find(f"{SVG}title").text
    assert title.startswith('Table 7 & "friends" <late>: 25 hands')


def test_the_png_is_a_png_of_the_stated_size(client):
    shoe = start_shoe(client)
    response = client.get(reverse("tracker:roads_png", args=[shoe.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Content-Disposition"].endswith('.png"')
    assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(BytesIO(response.content))
    svg = ElementTree.fromstring(client.get(reverse("tracker:roads_svg", args=[shoe.pk])).content)
    assert image.format == "PNG"
    assert image.size == (WIDTH, int(svg.get("height")))
    # Not a blank picture: the Banker's red is in it.
    pixels = image.convert("RGB").get_flattened_data()
    assert any(r > 150 and g < 80 and b < 80 for r, g, b in pixels)


def test_the_image_of_an_empty_shoe(client):
    shoe = start_shoe(client, outcomes="")
    svg = client.get(reverse("tracker:roads_svg", args=[shoe.pk]))
    assert svg.status_code == 200
    assert all(marks == [] for marks in marks_by_road(svg.content).values())
    png = client.get(reverse("tracker:roads_png", args=[shoe.pk]))
    assert Image.open(BytesIO(png.content)).size[0] == WIDTH
    sheet = client.get(reverse("tracker:print", args=[shoe.pk]))
    assert sheet.status_code == 200
    assert "0 hands" in sheet.content.decode()


def test_a_shared_shoe_prints_and_pictures_through_its_link_until_revoked(client):
    shoe = start_shoe(client)
    client.post(reverse("tracker:share", args=[shoe.pk]), {"action": "new"})
    token = Shoe.objects.get(pk=shoe.pk).share_token
    watcher = Client()
    page = watcher.get(reverse("tracker:shared", args=[token])).content.decode()
    assert reverse("tracker:shared_print", args=[token]) in page
    assert reverse("tracker:shared_roads_png", args=[token]) in page
    sheet = watcher.get(reverse("tracker:shared_print", args=[token]))
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert "Printed shoe" in html
    assert reverse("tracker:shared_roads_svg", args=[token]) in html
    assert reverse("tracker:shoe", args=[shoe.pk]) not in html
    assert "no-cache" in sheet["Cache-Control"]
    for name in ("shared_roads_svg", "shared_roads_png"):
        assert watcher.get(reverse(f"tracker:{name}", args=[token])).status_code == 200
    client.post(reverse("tracker:share", args=[shoe.pk]), {"action": "revoke"})
    for name in ("shared_print", "shared_roads_svg", "shared_roads_png"):
        assert watcher.get(reverse(f"tracker:{name}", args=[token])).status_code == 404


def test_the_shoe_page_and_the_list_lead_to_paper_and_pictures(client):
    shoe = start_shoe(client)
    html = client.get(reverse("tracker:shoe", args=[shoe.pk])).content.decode()
    for name in ("print", "roads_png", "roads_svg"):
        assert reverse(f"tracker:{name}", args=[shoe.pk]) in html
    assert reverse("tracker:sheet") in client.get(reverse("tracker:index")).content.decode()


def test_a_long_shoe_keeps_the_picture_the_same_width(client):
    shoe = start_shoe(client, outcomes="BBBBBBBBPPPT" * 25)
    svg = ElementTree.fromstring(client.get(reverse("tracker:roads_svg", args=[shoe.pk])).content)
    assert int(svg.get("width")) == WIDTH
    assert int(svg.get("height")) < 2 * WIDTH


def test_the_png_in_chinese_draws_the_latin_letters_and_any_name(client):
    shoe = start_shoe(client, name="莊閒 shoe", outcomes="BPT")
    with translation.override("zh-hant"):
        png_url = reverse("tracker:roads_png", args=[shoe.pk])
        svg_url = reverse("tracker:roads_svg", args=[shoe.pk])
    assert png_url.startswith("/zh-hant/")
    response = client.get(png_url)
    assert response.status_code == 200
    assert Image.open(BytesIO(response.content)).size[0] == WIDTH
    svg = client.get(svg_url).content.decode()
    assert "莊閒 shoe" in svg
    assert ">莊</text>" in svg  # the SVG draws the page's own letters
