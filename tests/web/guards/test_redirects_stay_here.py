"""Every redirect the site makes goes to a path on this site (guards.redirects).

`GET //evil.example/tracker/` from a browser that prefers Chinese was answered with a 302
to `//evil.example/zh-hant/tracker/`, which a browser reads as another site: the language
redirect (baccarat_site.languages.to_their_language) built its target with translate_url,
which keeps the host it reads in a path that starts with "//".

The requests here are made as gunicorn hands them to Django: PATH_INFO is the request's
path percent-decoded, whatever it holds ("//host", "/\\host", a tab), and the test client's
own URL parsing (which would read "//host/x" as host and path) is bypassed.
"""

import re
from urllib.parse import unquote_to_bytes, urljoin, urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from guards.redirects import is_local_path, on_this_site, redirects_stay_here, stays_here

# Exhaustive or fuzzing at length: `make test` runs it, `make test-fast` leaves it out.
pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.same_on_any_database]

HOST = "evil.example"
# The visitor's language: chosen with the switch (its cookie), or their browser's.
CHOSEN = ["en", "zh-hant", "zh-hans"]
BROWSERS = ["en", "zh-TW", "zh-HK", "zh-MO", "zh-CN", "zh-SG", "zh", "zh-TW,zh;q=0.9,en;q=0.5"]
VISITORS = [("cookie", code) for code in CHOSEN] + [("browser", tag) for tag in BROWSERS]
# Raw request paths (as on the request line) that name another host to a browser, or would
# once a server or browser has decoded, dropped or straightened something.
ATTACKS = [
    f"//{HOST}",
    f"///{HOST}",
    f"////{HOST}",
    f"/\\{HOST}",
    f"/\\\\{HOST}",
    f"\\\\{HOST}",
    f"/%2F%2F{HOST}",
    f"/%2F{HOST}",
    f"/%5C{HOST}",
    f"/%5C%5C{HOST}",
    f"/%09/{HOST}",
    f"/%0a/{HOST}",
    f"/%0d%0a/{HOST}",
    f"/\t/{HOST}",
    f"/\n/{HOST}",
    f"/\r\n/{HOST}",
    f"/\t\t/{HOST}",
    f"/./{HOST}",
    f"/.//{HOST}",
    f"/%2E/{HOST}",
    f"/ //{HOST}",
    f"/%20//{HOST}",
    f"//{HOST}:80",
    f"//user@{HOST}",
    f"//testserver@{HOST}",
]
# Each attack followed by one of the site's pages (which translate), or by nothing.
PAGES = ["/tracker/", "/", ""]
QUERIES = ["", "next=//evil.example/&x=%0d%0aLocation:%20//evil.example"]
ATTACK_PATHS = [attack + page for attack in ATTACKS for page in PAGES]


def visit(client, raw_path, query="", visitor=("browser", "zh-TW"), method="get"):
    """A request whose path is `raw_path` as it stands on the request line."""
    how, language = visitor
    if how == "cookie":
        client.cookies["django_language"] = language
        headers = {}
    else:
        headers = {"HTTP_ACCEPT_LANGUAGE": language}
    path_info = unquote_to_bytes(raw_path).decode("iso-8859-1")  # as WSGI carries it
    return getattr(client, method)("/", PATH_INFO=path_info, QUERY_STRING=query, **headers)


LOCAL = re.compile(r"/(?![/\\])")  # "/" then anything but another "/" or a "\"


def assert_stays_here(response):
    """If `response` sends the browser anywhere, it is to this site: resolved against
    http://testserver/ its host is testserver, and it is written as a path ("/" then not
    "/" or "\\") or as an absolute URL to testserver; no control character, no backslash."""
    assert response.status_code < 500
    for header in ("Location", "HX-Redirect", "HX-Location"):
        target = response.headers.get(header)
        if target is None:
            continue
        assert not re.search(r"[\x00-\x20\x7f\\]", target), (header, target)
        assert urlsplit(urljoin("http://testserver/", target)).hostname == "testserver", target
        assert LOCAL.match(target) or re.match(r"https?://testserver(/|$)", target), target
    if 300 <= response.status_code < 400:
        assert "Location" in response


# --- The language redirect ----------------------------------------------------------------


def test_the_report(client):
    """The request from the report: a 404 now, not a 302 to evil.example."""
    response = visit(client, "//evil.example/tracker/", visitor=("browser", "zh-TW"))
    assert response.status_code == 404
    assert "Location" not in response


@pytest.mark.parametrize("visitor", VISITORS, ids="-".join)
def test_no_path_sends_a_visitor_to_another_host(client, visitor):
    failures = []
    for raw_path in ATTACK_PATHS:
        for query, method in [(query, "get") for query in QUERIES] + [("", "head")]:
            response = visit(client, raw_path, query, visitor, method)
            try:
                assert_stays_here(response)
            except AssertionError:
                failures.append((raw_path, query, method, response.headers.get("Location")))
    assert failures == []


@pytest.mark.parametrize("visitor", VISITORS, ids="-".join)
def test_the_language_redirect_still_works(client, visitor):
    how, language = visitor
    wanted = {"zh-hant": "zh-hant", "zh-hans": "zh-hans"}.get(language)
    if how == "browser":
        wanted = {"zh-TW": "zh-hant", "zh-HK": "zh-hant", "zh-MO": "zh-hant"}.get(
            language.split(",")[0], "zh-hans" if language.startswith("zh") else None
        )
    response = visit(client, "/tracker/", "a=1", visitor)
    assert_stays_here(response)
    if wanted is None:
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"] == f"/{wanted}/tracker/?a=1"


@pytest.mark.parametrize("query", ["", "a=1", *QUERIES, "x=%0d%0a//evil.example#//evil"])
def test_a_query_cannot_make_a_target_of_its_own(client, query):
    response = visit(client, "/lab/", query, ("browser", "zh-CN"))
    assert response.status_code == 302
    assert response["Location"].startswith("/zh-hans/lab/")
    assert_stays_here(response)


@pytest.mark.parametrize("visitor", [("browser", "en"), ("browser", "zh-TW")], ids="-".join)
@pytest.mark.parametrize("raw_path", [f"//{HOST}/tracker/", f"/\\{HOST}/lab/", f"///{HOST}/"])
def test_the_page_for_such_a_path_links_only_here(client, raw_path, visitor):
    """The 404 page's hreflang links were built from the same path (`languages`), and
    pointed at http://evil.example/zh-hant/tracker/."""
    response = visit(client, raw_path, "", visitor)
    assert response.status_code == 404
    html = response.content.decode()
    links = re.findall(r'(?:href|action|src)="([^"]*)"', html)
    assert links
    for link in links:  # the footer links to help with gambling elsewhere: not to HOST
        assert urlsplit(urljoin("http://testserver/", link)).hostname != HOST, link


PATH_CHARACTERS = st.characters(exclude_categories=["Cs"])  # what UTF-8 can carry
PATH_PARTS = st.sampled_from(
    ["/", "//", "\\", "/\\", "%2F", "%5C", "%09", "%0a", "%0d", "\t", "\n", ".", "..", "@",
     ":", "?", "#", HOST, "tracker/", "lab/", "zh-hant/", "http:", "%", "%E4%B8%AD", " "]
)  # fmt: skip
RAW_PATHS = st.lists(st.one_of(PATH_PARTS, st.text(PATH_CHARACTERS, max_size=8)), max_size=8).map(
    lambda parts: "/" + "".join(parts)
)


def raw_bytes_path(text):
    """`text` as a request line's path: its UTF-8 bytes, percent-escaped where a request
    line would need it (what unquote_to_bytes in `visit` turns back)."""
    return "".join(
        char
        if char.isascii() and char.isprintable()
        else "".join(f"%{byte:02X}" for byte in char.encode())
        for char in text
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    raw_path=RAW_PATHS,
    query=st.text(PATH_CHARACTERS, max_size=20),
    visitor=st.sampled_from(VISITORS),
)
@example(raw_path="//evil.example/tracker/", query="", visitor=("browser", "zh-TW"))
@example(raw_path="/\t/evil.example/lab/", query="", visitor=("cookie", "zh-hans"))
def test_any_path_stays_here(raw_path, query, visitor):
    client = Client()
    response = visit(client, raw_bytes_path(raw_path), raw_bytes_path(query), visitor)
    assert_stays_here(response)


# --- The forms that carry where to go next ------------------------------------------------

BAD_NEXT = [
    f"//{HOST}/",
    f"///{HOST}/",
    f"////{HOST}/",
    f"/\\{HOST}/",
    f"/\\\\{HOST}/",
    f"\\\\{HOST}/",
    f"\\/{HOST}/",
    f"/\t/{HOST}/",
    f"/\n/{HOST}/",
    f"/\r\n/{HOST}/",
    f"\t//{HOST}/",
    f" //{HOST}/",
    f"https://{HOST}/",
    f"http:{HOST}",
    f"https:/{HOST}",
    f"http://testserver@{HOST}/",
    f"http://{HOST}\\@testserver/",
    "http://testserver.evil.example/",
    "javascript:alert(1)",
    "data:text/html,hi",
    "/%2F%2Fevil.example/",
    "/%5Cevil.example/",
    # This host, but written as an address: sent on as its path only.
    "//testserver/lab/",
    "http://testserver/lab/?x=1",
    "lab/",
    "",
]


def chosen_theme(client, back):
    return client.post("/theme/", {"theme": "dark", "back": back})


def chosen_language(client, back, language="zh-hant"):
    return client.post("/language/", {"language": language, "next": back})


def chosen_english_from_chinese(client, back):
    return client.post("/language/", {"language": "en", "next": back})


def referer_only(client, back):
    return client.post("/language/", {"language": "zh-hans"}, HTTP_REFERER=back)


def signed_in(client, back):
    User.objects.create_user("ada", password="a long enough password 1")
    return client.post(
        "/accounts/login/",
        {"username": "ada", "password": "a long enough password 1", "next": back},
    )


def signed_up(client, back):
    return client.post(
        "/accounts/signup/",
        {"username": "grace", "password1": "x long enough password 2",
         "password2": "x long enough password 2", "next": back},
    )  # fmt: skip


def signup_while_signed_in(client, back):
    client.force_login(User.objects.create_user("ada"))
    return client.get("/accounts/signup/", {"next": back})


def signed_out(client, back):
    client.force_login(User.objects.create_user("ada"))
    return client.post("/accounts/logout/", {"next": back})


FORMS = [
    chosen_theme,
    chosen_language,
    chosen_english_from_chinese,
    referer_only,
    signed_in,
    signed_up,
    signup_while_signed_in,
    signed_out,
]


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.__name__)
@pytest.mark.parametrize("back", BAD_NEXT, ids=ascii)
def test_no_form_sends_anyone_to_another_host(client, form, back):
    response = form(client, back)
    assert response.status_code == 302, response.content[:300]
    assert_stays_here(response)


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.__name__)
@pytest.mark.parametrize(
    "back, there",
    [("//testserver/lab/", "/lab/"), ("http://testserver/lab/?x=1", "/lab/?x=1")],
)
def test_this_host_as_an_address_is_kept_as_a_path(client, form, back, there):
    response = form(client, back)
    location = response["Location"]
    assert location in (
        there,
        there.replace("/lab/", "/zh-hant/lab/"),
        there.replace("/lab/", "/zh-hans/lab/"),
    )


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.__name__)
def test_a_page_of_the_site_is_still_where_each_goes(client, form):
    response = form(client, "/hands/?cards=4,A,A,3,8&step=5")
    location = response["Location"]
    assert re.fullmatch(r"(/zh-han[st])?/hands/\?cards=4,A,A,3,8&step=5", location), location


@pytest.mark.parametrize("back", BAD_NEXT, ids=ascii)
def test_the_sign_in_form_does_not_carry_a_bad_next(client, back):
    html = client.get("/accounts/login/", {"next": back}).content.decode()
    for value in re.findall(r'name="next" value="([^"]*)"', html):
        if value and "language-switch" not in value:
            assert LOCAL.match(value), value


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    back=st.lists(st.one_of(PATH_PARTS, st.text(PATH_CHARACTERS, max_size=6)), max_size=6).map(
        "".join
    ),
    form=st.sampled_from([chosen_theme, chosen_language, referer_only, signup_while_signed_in]),
)
def test_any_next_stays_here(back, form):
    User.objects.filter(username="ada").delete()
    response = form(Client(), back.replace("\x00", ""))
    assert_stays_here(response)


# --- The redirects the site builds itself -------------------------------------------------


def test_the_labs_seed_redirect_stays_here(client):
    for raw_path in ("/lab/", "/zh-hant/lab/", "/zh-hans/lab/"):
        response = visit(client, raw_path, "shoes=10", ("browser", "en"))
        assert response.status_code == 302
        assert re.fullmatch(rf"{raw_path}\?.*seed=\d+.*", response["Location"])
        assert_stays_here(response)


def test_the_trackers_redirects_after_a_post_stay_here(client):
    response = client.post("/tracker/", {"name": "Shoe 1", "decks": 8})
    assert_stays_here(response)
    shoe = response["Location"]
    assert re.fullmatch(r"/tracker/\d+/", shoe)
    for action, data in [("rename/", {"name": "Renamed"}), ("delete/", {})]:
        assert_stays_here(client.post(f"{shoe}{action}", data))


def test_the_favicon_redirect_stays_here(client):
    assert_stays_here(client.get("/favicon.ico"))


# --- The pieces ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url, local",
    [
        ("/", True),
        ("/lab/?x=1#y", True),
        ("/zh-hant/tracker/", True),
        ("//evil.example/", False),
        ("/\\evil.example/", False),
        ("/a\\b", False),
        ("/\t/evil.example", False),
        ("/a\nb", False),
        ("/a\x7fb", False),
        ("/a\x85b", False),
        ("lab/", False),
        ("", False),
        ("https://testserver/", False),
        (None, False),
    ],
)
def test_is_local_path(url, local):
    assert is_local_path(url) is local


def test_on_this_site(rf):
    request = rf.get("/")
    assert on_this_site("/lab/?x=1#y", request) == "/lab/?x=1#y"
    assert on_this_site("http://testserver/lab/", request) == "/lab/"
    assert on_this_site("//testserver/lab/", request) == "/lab/"
    assert on_this_site("https://testserver/lab/", request) == "/lab/"
    assert on_this_site("//testserver//evil.example/", request) is None
    assert on_this_site("http://evil.example/", request) is None
    assert on_this_site("lab/", request) is None
    assert on_this_site(None, request) is None
    secure = rf.get("/", secure=True)
    assert on_this_site("http://testserver/lab/", secure) is None
    bad_host = rf.get("/", HTTP_HOST=HOST)
    assert on_this_site("/lab/", bad_host) is None


@pytest.mark.parametrize(
    "url, here",
    [
        ("/lab/", True),
        ("https://testserver/lab/", True),
        ("http://testserver", True),
        ("../", True),
        ("?page=2", True),
        ("//evil.example/", False),
        ("https://evil.example/", False),
        ("https://testserver@evil.example/", False),
        ("http://evil.example\\@testserver/", False),
        ("\\\\evil.example", False),
        (" //evil.example", False),
        ("javascript:alert(1)", False),
        ("", False),
    ],
)
def test_stays_here(rf, url, here):
    assert stays_here(url, rf.get("/")) is here


@pytest.mark.parametrize("header", ["Location", "HX-Redirect", "HX-Location"])
def test_the_net_stops_a_redirect_to_another_site(rf, header, caplog):
    from django.http import HttpResponse

    def view(request):
        response = HttpResponse(status=302 if header == "Location" else 200)
        response[header] = "//evil.example/"
        return response

    response = redirects_stay_here(view)(rf.get("/"))
    assert response[header] == "/"
    assert "A redirect to another site was stopped" in caplog.text

    def json_location(request):
        response = HttpResponse()
        response["HX-Location"] = '{"path": "//evil.example/", "target": "#main"}'
        return response

    assert redirects_stay_here(json_location)(rf.get("/"))["HX-Location"] == "/"

    def fine(request):
        response = HttpResponse(status=302)
        response["Location"] = "/zh-hant/lab/?x=1"
        return response

    assert redirects_stay_here(fine)(rf.get("/"))["Location"] == "/zh-hant/lab/?x=1"


@pytest.mark.parametrize("back", ["//[", "//]x", "http://[::1/", "/x?//["])
def test_a_next_that_is_no_address_goes_home(client, back):
    """urllib cannot split an unclosed IPv6 bracket: the switch still answers, with a page
    of this site."""
    response = client.post("/language/", {"language": "zh-hant", "next": back})
    assert response.status_code == 302
    assert response["Location"].startswith("/")
    assert not response["Location"].startswith("//")
