"""Road sheets in Chromium's print: the blank sheet, and the sheets of an 80-hand and a
130-hand shoe, each print on exactly one page of A4 and of Letter (the page's own @page
size), with the site's header and footer left off the paper; on screen none scrolls
sideways on a phone."""

import re

import pytest
from browsing import start_shoe
from django.urls import reverse

# The 80 hands of the fitting test (tests/e2e/test_tracker_fits.py), whose dragon tails
# reach far right; and a longer shoe past a hundred hands.
HANDS = "BBPT" + "PBPPBBBPTBPBBPPPBTBPBPPBBBBPBPPTBBPB" + "PPBPBBPTBPPBPBB" + "B" * 24 + "P"
LONG = HANDS + "PBTBPPBBPBPBBBPPTPBPBBPPPPBBPBTPBBPBPPBPBBBPTB"
PAPERS = {"a4": "A4", "letter": "Letter"}
# Each paper's width and height in PDF points (1/72 in), as a PDF's MediaBox gives them.
POINTS = {"a4": (595, 842), "letter": (612, 792)}


def pages_in(pdf: bytes) -> int:
    """The pages of a PDF: its /Type /Page objects (not the /Pages tree above them)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.slow
@pytest.mark.same_on_any_database
def test_every_sheet_prints_on_one_page_of_a4_and_of_letter(live_server, phone):
    page = phone
    shoes = {}
    for name, hands in (("Eighty hands", HANDS), ("Long shoe", LONG)):
        shoe = start_shoe(live_server, page, name)
        for number, outcome in enumerate(hands):
            shoe.record(outcome, banker_pair=number % 9 == 2, natural=number % 5 == 0)
        shoes[name] = shoe
    assert len(LONG) > 120
    sheets = {
        "blank": reverse("tracker:sheet"),
        **{name: reverse("tracker:print", args=[shoe.pk]) for name, shoe in shoes.items()},
    }
    for label, path in sheets.items():
        for paper, paper_format in PAPERS.items():
            page.emulate_media(media="screen")
            page.goto(f"{live_server.url}{path}?paper={paper}")
            # On a phone's screen the sheet fits the window: no sideways scroll.
            assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), (
                f"{label} on {paper} scrolls sideways at 360 px"
            )
            page.emulate_media(media="print")
            assert page.locator(".site-header").is_hidden()
            assert page.locator(".site-footer").is_hidden()
            assert page.locator(".print-controls").is_hidden()
            assert page.locator(".sheet-road svg").count() == (6 if label == "blank" else 5)
            pdf = page.pdf(format=paper_format, prefer_css_page_size=True, print_background=True)
            assert pages_in(pdf) == 1, f"{label} on {paper}: {pages_in(pdf)} pages"
            box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
            size = tuple(round(float(side)) for side in box.groups())
            assert all(abs(a - b) <= 1 for a, b in zip(size, POINTS[paper], strict=True)), size
