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
