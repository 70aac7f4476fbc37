"""Every URL the site answered before the apps were split by section answers as
it did: the same status for the same request. The table was made from the URL conf as it
stood before the move, one concrete request per pattern (and a few more), with the status
each answered then; nothing here reverses a URL name, so a renamed route cannot hide."""

import pytest
from django.test import Client

from tracker.models import Shoe

pytestmark = pytest.mark.django_db

LESSON = "/lessons/foundations/card-values/"
BOARD = "/lessons/bead-plate-and-big-road/bead-plate/"

# (method, path, data, status before the move). {shoe} and {token} are a shoe of the
# caller's, made first, with the hands BPPBPBBP.
REQUESTS = [
    ("GET", "/", None, 200),
    ("GET", "/rules/", None, 200),
    ("GET", "/rules/banker/3/", None, 200),
    ("GET", "/rules/banker/8/", None, 404),
    ("GET", "/hands/", None, 200),
    ("GET", "/hands/?cards=4,A,A,3,8&step=5", None, 200),
    ("GET", "/hands/?cards=4,A&add=3", None, 302),
    ("GET", "/hands/practice/", None, 200),
    ("POST", "/hands/practice/deal/", {}, 302),
    ("POST", "/hands/practice/answer/", {}, 400),
    ("POST", "/hands/practice/reset-score/", {}, 302),
    ("GET", "/odds/", None, 200),
    ("GET", "/odds/?decks=6", None, 200),
    ("GET", "/odds/?decks=9", None, 400),
    ("GET", "/glossary/", None, 200),
    ("GET", "/lessons/", None, 200),
    ("GET", "/lessons/foundations/", None, 302),
    ("GET", "/lessons/no-such-module/", None, 404),
    ("GET", LESSON, None, 200),
    ("GET", BOARD + "?r1=BPPB", None, 200),
    ("POST", "/lessons/foundations/the-table/read/", {}, 302),
    ("POST", LESSON + "checks/king/", {"attempt": "0", "answer": "0"}, 302),
    ("POST", LESSON + "checks/no-such-check/", {}, 404),
    ("GET", "/lessons/big-eye-boy/derived-roads/marks/BPPBPBBP/big_eye_boy/0/", None, 200),
    ("GET", "/quiz/", None, 200),
    ("GET", "/quiz/progress/", None, 200),
    ("GET", "/quiz/speed/", None, 200),
    ("POST", "/quiz/speed/start/", {"rule": "banker"}, 302),
    ("POST", "/quiz/speed/answer/", {}, 400),
    ("GET", "/quiz/banker-rule/", None, 200),
    ("GET", "/quiz/no-such-topic/", None, 404),
    ("POST", "/quiz/banker-rule/answer/", {}, 400),
    ("POST", "/quiz/banker-rule/next/", {}, 302),
    ("GET", "/tracker/", None, 200),
    ("GET", "/tracker/import/", None, 200),
    ("GET", "/tracker/{shoe}/", None, 200),
    ("GET", "/tracker/{shoe}/export.csv", None, 200),
    ("GET", "/tracker/{shoe}/export.json", None, 200),
    ("GET", "/tracker/{shoe}/marks/big_eye_boy/0/", None, 200),
    ("GET", "/tracker/{shoe}/delete/", None, 200),
    ("POST", "/tracker/{shoe}/hands/", {"outcome": "B"}, 302),
    ("POST", "/tracker/{shoe}/undo/", {}, 302),
    ("POST", "/tracker/{shoe}/rename/", {"name": "Renamed"}, 302),
    ("GET", "/tracker/shared/{token}/", None, 200),
    ("GET", "/tracker/shared/{token}/marks/big_eye_boy/0/", None, 200),
    ("GET", "/tracker/999999/", None, 404),
    ("GET", "/accounts/signup/", None, 200),
    ("GET", "/accounts/login/", None, 200),
    ("GET", "/accounts/logout/", None, 200),
    ("GET", "/accounts/password/", None, 302),
    ("GET", "/accounts/password/done/", None, 302),
    ("GET", "/api/v1/openapi.json", None, 200),
    ("GET", "/api/v1/docs", None, 200),
    ("GET", "/api/v1/odds?decks=8", None, 200),
    ("GET", "/api/v1/shoes", None, 200),
    ("GET", "/api/v1/shoes/{shoe}", None, 200),
    ("GET", "/healthz", None, 200),
    ("GET", "/admin/", None, 302),
    ("POST", "/tracker/{shoe}/delete/", {}, 302),
]


@pytest.fixture
def caller():
    client = Client()
    response = client.post("/tracker/", {"name": "Kept", "decks": "8"})
    shoe = Shoe.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))
    for outcome in "BPPBPBBP":
        client.post(f"/tracker/{shoe.pk}/hands/", {"outcome": outcome})
    return client, shoe


def test_every_url_answers_as_before(caller):
    client, shoe = caller
    answered = []
    for method, path, data, _status in REQUESTS:
        path = path.format(shoe=shoe.pk, token=shoe.share_token)
        if method == "GET":
            response = client.get(path)
        else:
            response = client.post(path, data)
        answered.append((method, path, response.status_code))
    expected = [
        (method, path.format(shoe=shoe.pk, token=shoe.share_token), status)
        for method, path, _data, status in REQUESTS
    ]
    assert answered == expected
