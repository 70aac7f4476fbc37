"""Every API operation fuzzed by schemathesis from our own /api/v1/openapi.json, in process
through the WSGI application: no 5xx, only documented status codes, content types and
headers, and every response body valid against its documented schema. Bounded and
deterministic (derandomized hypothesis, a few dozen examples an operation), so it runs in
every `make test`.

Left out: schemathesis's `positive_data_acceptance` check, which expects every request the
schema allows to succeed. The schema says `cards` are strings and `outcome` is a string; it
cannot say that "Z" is not a card or that Player's natural deals no third card, and those
are 400s with a `detail` by design (docs/api.md).
"""

import json

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.contrib.sessions.backends.db import SessionStore
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api.api import api
from guards.throttles import anonymous_writes
from tracker.models import Shoe

APP = get_wsgi_application()
# The document the site serves at /api/v1/openapi.json, read without a request: a request
# needs the database (guards.shares), which a test module may not touch while it loads.
schema = schemathesis.openapi.from_dict(
    json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/v1/")))
)
schema.app, schema.location = APP, "/api/v1/openapi.json"

FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


# Shoes a simulation may deal in one operation's run here: a few hundred small runs' worth,
# so the generated `shoes` (up to 100,000, several CPU seconds) are mostly refused by the
# budget (a 400 or 429, both documented) instead of dealt. Validation is the same.
SIMULATED_SHOES = "2000/min"


# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def in_process_requests_keep_the_test_database(db, monkeypatch, settings):
    """Like Django's test client: the WSGI handler would otherwise close the test's database
    connection at the end of every request. And a fuzzer writes far faster than the
    anonymous write throttle allows; it is tested in test_production.py. The budget of
    simulated shoes is lowered instead (SIMULATED_SHOES): it bounds the work."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    monkeypatch.setattr(anonymous_writes, "num_requests", 1_000_000)
    settings.ANON_SIMULATED_SHOES_RATE = SIMULATED_SHOES
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


# Bodies as sent to a client that does not accept gzip: the WSGI transport hands schemathesis
# the raw bytes, and a real client would have inflated them (the site gzips whatever a client
# accepts; tests/web/baccarat_site/test_site_files.py checks that).
PLAIN = {"Accept-Encoding": "identity"}


def test_the_document_lists_every_operation():
    operations = {
        (result.ok().method.upper(), result.ok().path) for result in schema.get_all_operations()
    }
    assert {
        ("POST", "/api/v1/hands/resolve"),
        ("POST", "/api/v1/roads"),
        ("GET", "/api/v1/shoes"),
        ("POST", "/api/v1/shoes"),
        ("GET", "/api/v1/shoes/{shoe_id}"),
        ("POST", "/api/v1/shoes/{shoe_id}/hands"),
        ("DELETE", "/api/v1/shoes/{shoe_id}/hands/last"),
        ("POST", "/api/v1/simulations"),
    } <= operations


def test_the_fuzzed_document_is_the_one_served(client):
    served = client.get("/api/v1/openapi.json").json()
    assert served == json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/v1/")))


@schema.parametrize()
@FUZZ
def test_every_operation_answers_within_its_contract(case):
    case.call_and_validate(headers=PLAIN, excluded_checks=[positive_data_acceptance])


@pytest.fixture
def own_shoe():
    """A shoe with a few hands, and the anonymous session cookie that owns it (made here
    rather than through Django's test client, which would put back the connection-closing
    signal handlers)."""
    session = SessionStore()
    session["visitor"] = "fuzzing-visitor"
    session.create()
    shoe = Shoe.objects.create(name="Fuzzed", visitor="fuzzing-visitor")
    for outcome in "BPT":
        shoe.record(outcome)
    return shoe.pk, {django_settings.SESSION_COOKIE_NAME: session.session_key}


@schema.include(path_regex=r"\{shoe_id\}").parametrize()
@FUZZ
def test_operations_on_a_shoe_of_ones_own(case, own_shoe):
    # The generated shoe ids are almost never a shoe of this session (a 404 each time): here
    # the same bodies go to a real shoe that the caller owns.
    shoe_id, cookies = own_shoe
    case.path_parameters = {**(case.path_parameters or {}), "shoe_id": shoe_id}
    case.call_and_validate(
        headers=PLAIN, cookies=cookies, excluded_checks=[positive_data_acceptance]
    )


def test_every_status_is_listed_once_per_operation(client):
    text = client.get("/api/v1/openapi.json").content.decode()

    def no_duplicates(pairs):
        keys = [key for key, _value in pairs]
        assert len(keys) == len(set(keys)), keys
        return dict(pairs)

    json.loads(text, object_pairs_hook=no_duplicates)
