import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

# The rules' tableau is the engine's: nothing is stored or read back.
pytestmark = pytest.mark.same_on_any_database


def test_read_a_tableau_cell(live_server, page: Page):
    page.goto(live_server.url + reverse("reference:rules"))
    table = page.get_by_role("table", name="The tableau")
    row = table.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Banker 3"))
    cells = row.get_by_role("cell")
    # Columns: the Player's third-card value 0-9, then the draw count.
    expect(cells.nth(8)).to_have_text("S")
    expect(cells.nth(7)).to_have_text("D")
    expect(cells.nth(10)).to_have_text("9")
    # The row header leads to that row's page.
    row.get_by_role("link", name="Banker 3").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Banker 3")
