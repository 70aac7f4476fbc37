"""The dealer school's front page."""

import pytest

from dealer.catalogue import DRILLS

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("prefix", ["", "/zh-hant", "/zh-hans"])
def test_the_dealer_school_lists_every_drill(client, prefix):
    response = client.get(f"{prefix}/dealer/")
    assert response.status_code == 200
    for drill in DRILLS:
        assert str(drill.title) in response.content.decode()


def test_the_drills_are_listed_in_the_schools_teaching_order(client):
    from dealer.catalogue import ORDER

    assert [drill.url_name for drill in DRILLS] == list(ORDER)
    page = client.get("/dealer/").content.decode()
    places = [page.index(str(drill.title)) for drill in DRILLS]
    assert places == sorted(places)
