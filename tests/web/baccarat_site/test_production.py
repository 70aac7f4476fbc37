"""Production readiness: settings from the environment (checked in a fresh process, as
gunicorn would load them), `check --deploy`, the Content Security Policy the pages must
satisfy, /healthz, and the guards: login lockout, the API write throttle, body size."""

import json
import re
import secrets
import subprocess
import sys

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError
from django.test import Client
from production_process import PRODUCTION_HOST, ROOT, production_env, run_python

from guards.throttles import address_writes, anonymous_writes
from tracker.models import Hand, Shoe

pytestmark = pytest.mark.slow  # most of its tests start a production Python process

# --- Settings from the environment ------------------------------------------------------


def test_check_deploy_reports_nothing_with_production_env(tmp_path):
    result = run_python(
        production_env(tmp_path), "manage.py", "check", "--deploy", "--fail-level", "DEBUG"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_would_report_a_development_key(tmp_path):
    # The check above passes because of the settings, not because nothing is checked.
    env = production_env(tmp_path, DJANGO_SECRET_KEY="django-insecure-" + "x" * 60)
    result = run_python(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_serve_refuses_to_start_with_a_short_key_and_says_how_to_make_one(tmp_path):
    env = production_env(tmp_path, DJANGO_SECRET_KEY="too-short", VENV_PY=sys.executable)
    result = subprocess.run(
        ["sh", "scripts/serve"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 1
    assert "security.W009" in result.stdout + result.stderr
    assert "the site was not started" in result.stderr
    assert "secrets.token_urlsafe(50)" in result.stderr


def test_a_protection_switched_off_by_its_variable_is_the_only_warning_silenced(tmp_path):
    trial = production_env(
        tmp_path,
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_SECURE_HSTS_SECONDS="0",
    )
    result = run_python(trial, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    # The same settings reached some other way are not silenced: a warning per protection.
    env = production_env(tmp_path, DJANGO_DEBUG="1", DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    result = run_python(env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    for check in ("security.W008", "security.W012", "security.W016", "security.W004"):
        assert check in result.stdout + result.stderr


@pytest.mark.parametrize("entry", ["manage.py check", "wsgi"])
def test_production_without_a_secret_key_fails_fast_saying_how_to_set_it(tmp_path, entry):
    if entry == "wsgi":
        # gunicorn's way in: DJANGO_DEBUG unset means production there.
        env = production_env(tmp_path, DJANGO_DEBUG=None, DJANGO_SECRET_KEY=None)
        result = run_python(env, "-c", "import baccarat_site.wsgi")
    else:
        env = production_env(tmp_path, DJANGO_SECRET_KEY=None)
        result = run_python(env, "manage.py", "check")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY is not set" in result.stderr
    assert "export DJANGO_SECRET_KEY=" in result.stderr


# Settings only: no django.setup(), so no app or database driver is imported (a PostgreSQL
# DATABASE_URL must not need psycopg installed just to be read).
SHOW_SETTINGS = """
import json
from django.conf import settings
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "SECURE_SSL_REDIRECT": settings.SECURE_SSL_REDIRECT,
    "SESSION_COOKIE_SECURE": settings.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": settings.CSRF_COOKIE_SECURE,
    "SECURE_HSTS_SECONDS": settings.SECURE_HSTS_SECONDS,
    "SECURE_PROXY_SSL_HEADER": settings.SECURE_PROXY_SSL_HEADER,
    "STATICFILES_STORAGE": settings.STORAGES["staticfiles"]["BACKEND"],
    "DATABASE_ENGINE": settings.DATABASES["default"]["ENGINE"],
    "CACHE": settings.CACHES["default"]["BACKEND"],
    "ADDRESS_CPU_RATE": settings.ADDRESS_CPU_RATE,
}))
"""


def production_settings(env):
    env = {**env, "DJANGO_SETTINGS_MODULE": "baccarat_site.settings"}
    result = run_python(env, "-c", SHOW_SETTINGS)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_production_settings_are_secure_by_default(tmp_path):
    shown = production_settings(production_env(tmp_path))
    assert shown["DEBUG"] is False
    assert shown["ALLOWED_HOSTS"] == [PRODUCTION_HOST]
    assert shown["SECURE_SSL_REDIRECT"] is True
    assert shown["SESSION_COOKIE_SECURE"] is True
    assert shown["CSRF_COOKIE_SECURE"] is True
    assert shown["SECURE_HSTS_SECONDS"] == 31_536_000
    assert shown["SECURE_PROXY_SSL_HEADER"] is None  # opt-in: only behind a proxy
    assert shown["STATICFILES_STORAGE"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert shown["DATABASE_ENGINE"] == "django.db.backends.sqlite3"
    assert shown["CACHE"].endswith("FileBasedCache")  # shared by the gunicorn workers
    assert shown["ADDRESS_CPU_RATE"] == "250/s"


def test_the_development_server_charges_no_processor_share_unless_asked(tmp_path):
    # Its first page after a start or a reload costs a second of imports: charged, the one
    # developer's second page was refused as "busy".
    development = production_env(tmp_path, DJANGO_DEBUG="1")
    assert production_settings(development)["ADDRESS_CPU_RATE"] == "off"
    asked = {**development, "DJANGO_ADDRESS_CPU_RATE": "100/s"}
    assert production_settings(asked)["ADDRESS_CPU_RATE"] == "100/s"


def test_production_switches_come_from_the_environment(tmp_path):
    env = production_env(
        tmp_path,
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_SECURE_COOKIES="0",
        DJANGO_SECURE_HSTS_SECONDS="3600",
        DJANGO_SECURE_PROXY_SSL_HEADER="1",
        DJANGO_ALLOWED_HOSTS="a.example, b.example",
        DATABASE_URL="postgres://user:secret@db.example:5432/baccarat",
    )
    shown = production_settings(env)
    assert shown["SECURE_SSL_REDIRECT"] is False
    assert shown["SESSION_COOKIE_SECURE"] is False
    assert shown["SECURE_HSTS_SECONDS"] == 3600
    assert shown["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert shown["ALLOWED_HOSTS"] == ["a.example", "b.example"]
    assert shown["DATABASE_ENGINE"] == "django.db.backends.postgresql"


def test_a_mistyped_switch_is_refused_not_guessed(tmp_path):
    env = production_env(tmp_path, DJANGO_SECURE_SSL_REDIRECT="maybe")
    result = run_python(env, "manage.py", "check")
    assert result.returncode != 0
    assert "DJANGO_SECURE_SSL_REDIRECT='maybe'" in result.stderr


# --- Content Security Policy --------------------------------------------------------------

MAIN_PAGES = [
    "/",
    "/rules/",
    "/rules/banker/3/",
    "/hands/?cards=4,3,A,K,8",
    "/glossary/",
    "/tracker/",
    "/tracker/import/",
    "/odds/",
    "/accounts/login/",
    "/api/v1/docs",
]


def policy(response):
    header = response.headers["Content-Security-Policy"]
    return dict(
        (part.split(" ", 1) + [""])[:2] for part in (p.strip() for p in header.split(";")) if part
    )


@pytest.mark.django_db
@pytest.mark.parametrize("path", MAIN_PAGES)
def test_pages_carry_the_policy_and_satisfy_it(client, path):
    response = client.get(path)
    assert response.status_code == 200
    directives = policy(response)
    # The nonce is in the header only when the page used it (the API docs page does not).
    script_src = re.fullmatch(r"'self'(?: 'nonce-([\w-]+)')?", directives["script-src"])
    assert script_src, directives["script-src"]
    nonce = script_src.group(1) or "no nonce was given"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    html = response.content.decode()
    for tag in re.findall(r"<script\b[^>]*>", html):
        # Every script is one of our files, or data (not run), or carries this nonce.
        assert (
            re.search(r'\bsrc="/static/', tag)
            or 'type="application/json"' in tag
            or f'nonce="{nonce}"' in tag
        ), tag
    for tag in re.findall(r"<style\b[^>]*>", html):
        assert f'nonce="{nonce}"' in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handlers are refused by CSP"
    assert "javascript:" not in html


@pytest.mark.django_db
def test_a_shoe_page_satisfies_the_policy(client):
    client.post("/tracker/import/", {"text": "BPPT BBPPB TBPBB", "name": "CSP"})
    shoe = Shoe.objects.get(name="CSP")
    test_pages_carry_the_policy_and_satisfy_it(client, f"/tracker/{shoe.pk}/")


def htmx_config(client):
    html = client.get("/").content.decode()
    found = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", html)
    assert found, "no htmx-config meta tag"
    return json.loads(found.group(1))


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    assert htmx_config(client)["includeIndicatorStyles"] is False


def handling(config, status):
    """The responseHandling entry htmx picks for `status`: the first whose code matches (a
    JavaScript RegExp test, which Python's re.search reads alike for these patterns)."""
    rules = config["responseHandling"]
    return next(rule for rule in rules if re.search(rule["code"], str(status)))


@pytest.mark.django_db
def test_htmx_swaps_refusals_shown_in_place_and_no_other_error(client):
    config = htmx_config(client)
    for status in (400, 409, 422):  # the refusals a view points at their place (HX-Retarget)
        rule = handling(config, status)
        assert rule["swap"] is True and rule["error"] is False, status
    for status in (403, 404, 413, 429, 500, 503):  # said in refusals.js's notice instead
        rule = handling(config, status)
        assert rule["swap"] is False and rule["error"] is True, status
    assert handling(config, 200)["swap"] is True
    assert handling(config, 204)["swap"] is False


def test_every_response_gets_a_fresh_nonce(client, db):
    first, second = (policy(client.get("/"))["script-src"] for _ in range(2))
    assert first != second


# --- /healthz -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_healthz_answers_200_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_answers_503_when_the_database_does_not(client, monkeypatch):
    from django.db import connection

    def refuse():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "database": "error"}


def test_healthz_is_not_redirected_to_https(client, settings, db):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/").status_code == 301  # everything else is


# --- Guards -------------------------------------------------------------------------------

PASSWORD = "a long enough password 1"


@pytest.mark.django_db
def test_sign_in_locks_out_after_five_wrong_passwords(client, settings):
    settings.AXES_ENABLED = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("ada", password=PASSWORD)
    for _attempt in range(4):
        response = client.post("/accounts/login/", {"username": "ada", "password": "wrong"})
        assert response.status_code == 400  # the form again, with its error
    # The fifth wrong password locks the pair out, and then even the right one is refused.
    assert (
        client.post("/accounts/login/", {"username": "ada", "password": "wrong"}).status_code == 429
    )
    response = client.post("/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many sign-in attempts" in response.content.decode()
    assert "15 minutes" in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_successful_sign_in_before_the_limit_resets_the_count(client, settings):
    settings.AXES_ENABLED = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("ada", password=PASSWORD)
    for _attempt in range(4):
        client.post("/accounts/login/", {"username": "ada", "password": "wrong"})
    signed_in = client.post("/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert signed_in.status_code == 302
    client.post("/accounts/logout/")
    for _attempt in range(4):
        response = client.post("/accounts/login/", {"username": "ada", "password": "wrong"})
        assert response.status_code == 400


@pytest.mark.django_db
def test_changing_the_password_locks_out_after_five_wrong_old_passwords(client, settings):
    settings.AXES_ENABLED = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = User.objects.create_user("ada", password=PASSWORD)
    client.force_login(user)
    new = "another long password 2"
    change = {"new_password1": new, "new_password2": new}
    for _attempt in range(4):
        response = client.post("/accounts/password/", {"old_password": "wrong", **change})
        assert response.status_code == 400  # the form again, with its error
        assert "incorrectly" in response.content.decode()
    response = client.post("/accounts/password/", {"old_password": "wrong", **change})
    assert response.status_code == 429
    # Locked out: even the right old password changes nothing now.
    response = client.post("/accounts/password/", {"old_password": PASSWORD, **change})
    assert response.status_code == 429
    user.refresh_from_db()
    assert user.check_password(PASSWORD) and not user.check_password(new)
    # And signing in with that username from this address is locked too: one count.
    client.logout()
    signing_in = client.post("/accounts/login/", {"username": "ada", "password": PASSWORD})
    assert signing_in.status_code == 429


@pytest.mark.django_db
def test_the_right_old_password_still_changes_it(client, settings):
    settings.AXES_ENABLED = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = User.objects.create_user("ada", password=PASSWORD)
    client.force_login(user)
    new = "another long password 2"
    change = {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    response = client.post("/accounts/password/", change)
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


@pytest.fixture
def three_anonymous_writes_a_minute(monkeypatch):
    monkeypatch.setattr(anonymous_writes, "num_requests", 3)


@pytest.mark.django_db
def test_anonymous_api_writes_are_throttled_with_429(client, three_anonymous_writes_a_minute):
    created = client.post("/api/v1/shoes", {"name": "Fast"}, content_type="application/json")
    assert created.status_code == 201
    shoe_id = created.json()["id"]
    url = f"/api/v1/shoes/{shoe_id}/hands"
    assert client.post(url, {"outcome": "B"}, content_type="application/json").status_code == 200
    assert client.delete(f"{url}/last").status_code == 200
    refused = client.post(url, {"outcome": "P"}, content_type="application/json")
    assert refused.status_code == 429
    assert refused.json() == {"detail": "Too many requests."}
    assert int(refused["Retry-After"]) > 0
    assert Hand.objects.filter(shoe_id=shoe_id).count() == 0  # nothing stored when refused
    # Reading is never throttled, nor are the stateless POSTs.
    assert client.get(f"/api/v1/shoes/{shoe_id}").status_code == 200
    resolve = client.post(
        "/api/v1/hands/resolve", {"cards": ["4", "2", "4", "3"]}, content_type="application/json"
    )
    assert resolve.status_code == 200


@pytest.mark.django_db
def test_the_throttle_counts_each_browser_apart(client, three_anonymous_writes_a_minute):
    for _write in range(3):
        client.post("/api/v1/shoes", {"name": "A"}, content_type="application/json")
    assert (
        client.post("/api/v1/shoes", {"name": "A"}, content_type="application/json").status_code
        == 429
    )
    # Another browser at the same address has its own allowance.
    other = Client().post("/api/v1/shoes", {"name": "B"}, content_type="application/json")
    assert other.status_code == 201
    # Another address does not make the same browser a new one.
    moved = client.post(
        "/api/v1/shoes", {"name": "C"}, content_type="application/json", REMOTE_ADDR="10.0.0.2"
    )
    assert moved.status_code == 429


@pytest.mark.django_db
def test_the_address_ceiling_counts_each_address_apart(monkeypatch):
    monkeypatch.setattr(address_writes, "num_requests", 3)
    for _browser in range(3):
        created = Client().post("/api/v1/shoes", {"name": "A"}, content_type="application/json")
        assert created.status_code == 201
    refused = Client().post("/api/v1/shoes", {"name": "A"}, content_type="application/json")
    assert refused.status_code == 429 and refused["Retry-After"] == "20"
    other = Client().post(
        "/api/v1/shoes", {"name": "B"}, content_type="application/json", REMOTE_ADDR="10.0.0.2"
    )
    assert other.status_code == 201
    # A forged X-Forwarded-For does not make a new address (no proxies are configured).
    forged = Client().post(
        "/api/v1/shoes",
        {"name": "C"},
        content_type="application/json",
        HTTP_X_FORWARDED_FOR="203.0.113.9",
    )
    assert forged.status_code == 429
    assert Shoe.objects.count() == 4


@pytest.mark.django_db
def test_signed_in_writers_are_not_counted_as_anonymous(client, three_anonymous_writes_a_minute):
    client.force_login(User.objects.create_user("ada"))
    for _write in range(5):
        response = client.post("/api/v1/shoes", {"name": "Mine"}, content_type="application/json")
        assert response.status_code == 201


@pytest.mark.django_db
def test_an_oversized_api_body_is_refused_with_413(client):
    body = json.dumps({"cards": ["4"] * 600_000})  # ~3.6 MB
    response = client.post("/api/v1/hands/resolve", body, content_type="application/json")
    assert response.status_code == 413
    assert "limit" in response.json()["detail"]


@pytest.mark.django_db
def test_an_oversized_upload_is_refused_with_413_and_nothing_is_stored(client):
    upload = SimpleUploadedFile("huge.txt", b"B" * 3_000_000, content_type="text/plain")
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 413
    assert Shoe.objects.count() == 0


@pytest.mark.django_db
def test_a_1_mb_shoe_file_still_imports(client):
    # 70 hands padded with blank lines up to just under the importer's 1 MB limit.
    text = "BPPT BBPPB TBPBB\n" * 5 + "\n" * (999_000 - 85)
    upload = SimpleUploadedFile("big.txt", text.encode(), content_type="text/plain")
    assert len(text.encode()) < 1_000_000
    response = client.post("/tracker/import/", {"file": upload, "name": "Big file"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Shoe.objects.get(name="Big file").hands.count() == 70


@pytest.mark.django_db
def test_a_file_over_the_importers_limit_but_under_the_body_cap_gets_its_message(client):
    upload = SimpleUploadedFile("big.txt", b"B" * 1_500_000, content_type="text/plain")
    response = client.post("/tracker/import/", {"file": upload})
    assert response.status_code == 400
    assert "the limit is 1 MB" in response.content.decode()
    assert Shoe.objects.count() == 0


@pytest.mark.django_db
def test_too_many_form_fields_is_a_400_not_a_500(client):
    fields = {f"f{i}": "x" for i in range(500)}
    response = client.post("/tracker/", fields)
    assert response.status_code == 400


# --- gunicorn's master ------------------------------------------------------------------

WARM_MASTER = """
import runpy
import sys
import baccarat_site.wsgi  # what preload_app does
from django.db import connections
from django.urls import get_resolver
from baccarat.odds.exact import tallies

conf = runpy.run_path("gunicorn.conf.py")
assert tallies.cache_info().currsize == 0 and "api.api" not in sys.modules
conf["when_ready"](None)
assert tallies.cache_info().currsize == 1, "the odds tally was not built"
assert "api.api" in sys.modules and "tracker.views" in sys.modules, "views not imported"
assert get_resolver()._populated, "reverse() would build its table in each worker"
# Nothing the workers will inherit may be a database connection.
assert all(connection.connection is None for connection in connections.all())
print("warm")
"""


def test_the_master_warms_what_workers_inherit_without_touching_the_database(tmp_path):
    result = run_python(production_env(tmp_path), "-c", WARM_MASTER)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "warm"
