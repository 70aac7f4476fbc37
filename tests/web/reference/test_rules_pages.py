import re

import pytest
from django.urls import reverse

from baccarat.teaching.charts import tableau_rows
from baccarat.teaching.mistakes import common_mistakes


def cell_text(html, banker_total, third):
    match = re.search(
        rf'<td class="(draw|stand)" data-cell="{banker_total}-{third}"><abbr[^>]*>([DS])</abbr>',
        html,
    )
    assert match, (banker_total, third)
    return match.groups()


def test_rules_page_renders_the_whole_tableau_from_the_data(client):
    html = client.get(reverse("reference:rules")).content.decode()
    for row in tableau_rows():
        for third, draws in enumerate(row.cells):
            # Letter as well as colour class: never colour alone.
            assert cell_text(html, row.banker_total, third) == (
                ("draw", "D") if draws else ("stand", "S")
            )
    counts = re.findall(r'<td class="count">(\d+)</td>', html)
    assert counts == ["10", "10", "10", "9", "6", "4", "2", "0"]
    assert '<th scope="col">' in html and '<th scope="row">' in html


def test_rules_page_sections(client):
    html = client.get(reverse("reference:rules")).content.decode()
    for expected in [
        "7 + 8 = 15 → 5",
        "natural",
        "draws on 0–5 and stands on 6 or 7",
        "Banker 3 draws against everything except an 8",
        "Banker 4 draws against 2–7",
        "Banker 5 draws against 4–7",
        "Banker 6 draws against 6 or 7",
        "Banker 7 always stands",
        "<td>520</td>",
        "<td>480</td>",
        "Why only 80 cells",
        "Myth",
        "Chemin de fer",
        "Mini baccarat",
    ]:
        assert expected in html, expected
    for total in range(8):
        assert f'href="/rules/banker/{total}/"' in html


@pytest.mark.parametrize("total", range(8))
def test_banker_row_page(client, total):
    response = client.get(reverse("reference:banker_row", args=[total]))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>Banker {total}</h1>" in html
    for third, draws in enumerate(tableau_rows()[total].cells):
        assert cell_text(html, total, third)[1] == ("D" if draws else "S")
    # Worked examples link to the hand page with their cards.
    assert html.count('href="/hands/?cards=') >= 3
    for mistake in common_mistakes(total):
        assert mistake.title.replace("'", "&#x27;") in html


@pytest.mark.parametrize(
    "url", ["/rules/banker/8/", "/rules/banker/9/", "/rules/banker/x/", "/rules/banker/-1/"]
)
def test_banker_rows_that_do_not_exist(client, url):
    assert client.get(url).status_code == 404


def test_examples_link_to_hands_that_resolve(client):
    html = client.get(reverse("reference:banker_row", args=[3])).content.decode()
    links = re.findall(r'href="(/hands/\?cards=[^"]+)"', html)
    assert links
    for link in links:
        page = client.get(link.replace("&amp;", "&"))
        assert page.status_code == 200
        assert 'data-gate="result" data-status="done"' in page.content.decode()
