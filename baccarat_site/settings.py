"""Settings for the Baccarat School site.

Everything that differs between a laptop and a server comes from the environment, read
through baccarat_site.environment (django-environ); every variable, its default and meaning
are in the table in docs/deploy.md ("Configuration"). `manage.py` defaults to DEBUG on; the
WSGI/ASGI entry points (gunicorn) default to DEBUG off, which then requires DJANGO_SECRET_KEY.
"""

import os
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from baccarat_site.environment import comma_separated, env, flag, text, whole_number
from guards.folders import (
    FolderError,
    default_cache_folder,
    private_database_file,
    private_folder,
)

BASE_DIR = Path(__file__).resolve().parent.parent


DEBUG = flag("DJANGO_DEBUG", True)
SECRET_KEY = text("DJANGO_SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        # Fail at start-up, not with a guessable key: sessions, CSRF tokens and share
        # links are all signed with it.
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set, and DJANGO_DEBUG is off (production). Set it to a "
            "long random value kept out of the repository, e.g.\n"
            "    export DJANGO_SECRET_KEY=\"$(python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')\"\n"
            "or run with DJANGO_DEBUG=1 on a laptop."
        )
    SECRET_KEY = "django-insecure-dev-only-baccarat-school-change-me-in-production"
ALLOWED_HOSTS = comma_separated("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = comma_separated("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "ninja",  # serves the API docs' Swagger UI from our static files, not a CDN
    "reference",
    "hands",
    "odds",
    "lessons",
    "quiz",
    "progress",
    "tracker",
    "scoreboard",  # the road boards that lab, lessons, quiz and tracker draw
    "lab",
    "patterns",  # the players' road vocabulary, beside chance's figures
    "dealer",  # the dealer school's drills
    "accounts",
    "baccarat_site",  # site-wide management commands: backup, restore (docs/deploy.md)
    "guards",  # the limits' allowances (guards.allowances)
    "axes",  # login throttling (see "Guards" below)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Each address's share of the processor time; outermost but for the security headers,
    # so that it counts all the rest (guards.shares).
    "guards.shares.ProcessorShareMiddleware",
    # The net under every redirect: none sends the browser to another site
    # (guards.redirects).
    "guards.redirects.redirects_stay_here",
    # Pages and API answers compressed (static files come compressed from WhiteNoise). Safe
    # from BREACH here: Django masks the CSRF token afresh in every response, and this
    # middleware pads each gzip stream with up to 100 random bytes ("Heal the Breach"), so
    # response lengths no longer reveal what a secret in the page has in common with text an
    # attacker gets reflected into it. docs/security.md, "What guards the site".
    "django.middleware.gzip.GZipMiddleware",
    "guards.middleware.RequestBodyLimitMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The database out of reach: 503 with Retry-After instead of 500 (baccarat_site.database).
    "baccarat_site.database.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language from its URL prefix (baccarat_site.languages); an English URL asked
    # for by a visitor who chose Chinese (or whose browser prefers it) is sent to the Chinese
    # page; the API answers in the language of the request's Accept-Language (after
    # LocaleMiddleware, which makes every unprefixed path English).
    "django.middleware.locale.LocaleMiddleware",
    "baccarat_site.languages.to_their_language",
    "baccarat_site.languages.answers_in_their_language",
    "django.middleware.common.CommonMiddleware",
    # A write from a page of another version of the site: 409, in the page's language
    # (baccarat_site.site_version).
    "baccarat_site.site_version.refuse_other_versions",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "baccarat_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "baccarat_site.context_processors.site",
                "baccarat_site.languages.languages",
                "baccarat_site.theme.theme_context",
                "baccarat_site.site_version.context",  # <html data-site-version>
                "baccarat_site.site_files.manifest_link",  # the page's language's manifest
                "guards.echo.echo_context",  # `here`: the page's address for its links
            ],
        },
    },
]
# A form drawn again shows at most a short part of what was sent (guards.echo).
FORM_RENDERER = "guards.echo.BoundedEchoRenderer"

WSGI_APPLICATION = "baccarat_site.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        text("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=600,
        conn_health_checks=True,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take SQLite's write lock when a transaction starts, so two tabs recording into one
    # shoe queue up instead of failing with "database is locked" half-way through.
    # Write-ahead logging: readers never wait for the writer, and a commit is an append
    # with no fsync (synchronous=NORMAL), which takes ~3 ms off recording every hand.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
    # The test database is a file too, one per test run. Django's default in-memory test
    # database shares one cache between connections, and its table locks fail at once
    # ("database table is locked") instead of waiting as above, so the two-tab test would
    # test something production never does.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(Path(tempfile.gettempdir()) / f"baccarat-school-test-{os.getpid()}.sqlite3")
    )
    # The sessions table is in it: the site's user alone may read the file (and the -wal
    # and -shm files SQLite makes with its mode). Made 0600 before SQLite first opens it; an
    # existing one open to others is tightened (logged by guards.apps), one that is a link
    # or another user's stops the start.
    try:
        DATABASE_FILE_TIGHTENED = private_database_file(DATABASES["default"]["NAME"])
    except FolderError as error:
        raise ImproperlyConfigured(f"Refusing to start: {error}") from None

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# English, and the two scripts Chinese readers read (baccarat_site.languages). Each named in
# its own language, as the header's switch shows it.
LANGUAGES = [("en", "English"), ("zh-hant", "繁體中文"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # the choice, remembered for a year
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Numbers as each language writes them (baccarat_site/formats): Chinese groups thousands with
# commas as English does (CLDR's zh pattern #,##0.###), where Django's own Chinese formats
# group nothing, which would set 1000 on a page beside the engine's 1,000.
FORMAT_MODULE_PATH = ["baccarat_site.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
if not DEBUG:
    # Hashed, compressed files served by WhiteNoise; needs `manage.py collectstatic`.
    # In DEBUG (and so in the test suite) the default storage needs no collectstatic.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

# The site's version (baccarat_site.site_version): pages, the service worker's caches and the
# tracker's writes carry it. Unset, a hash of the deployed files computed at start; set it (a
# release tag) to choose the value, the same on every app server.
SITE_VERSION = text("SITE_VERSION")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Accounts (accounts/): Django's auth views under /accounts/. Signing out is a POST.
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "reference:home"
LOGOUT_REDIRECT_URL = "reference:home"

# --- Errors: the log, the admins' e-mail, the error pages -----------------------------------
# Every warning and error goes to stderr in every mode (gunicorn collects it): an unhandled
# exception as an ERROR from django.request with its request line and traceback
# (baccarat_site/logs.py). DJANGO_LOG_LEVEL lowers or raises the threshold (WARNING).
# DJANGO_ADMINS (comma-separated addresses) also has each error e-mailed to them, from
# DJANGO_SERVER_EMAIL, through the SMTP server at DJANGO_EMAIL_HOST:DJANGO_EMAIL_PORT
# (localhost:25 by default). A mail server that does not answer costs a request at most
# the timeout below and is reported on stderr; the error page is still served.
ADMINS = comma_separated("DJANGO_ADMINS")
if text("DJANGO_SERVER_EMAIL"):
    SERVER_EMAIL = text("DJANGO_SERVER_EMAIL")
# Django 6.1's mail configuration (the EMAIL_HOST family of settings is deprecated). The site
# also mails password-reset links and recovery addresses' confirmations (accounts/recovery.py)
# from DJANGO_DEFAULT_FROM_EMAIL. DJANGO_EMAIL_BACKEND picks the backend: SMTP by default
# with DEBUG off; with DEBUG on (a laptop) the console, where the links can be read; the
# tests use Django's in-memory one whatever this says.
EMAIL_BACKEND_PATH = text("DJANGO_EMAIL_BACKEND") or (
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend"
)
MAILERS: dict[str, dict[str, Any]] = {"default": {"BACKEND": EMAIL_BACKEND_PATH}}
if EMAIL_BACKEND_PATH == "django.core.mail.backends.smtp.EmailBackend":
    MAILERS["default"]["OPTIONS"] = {
        "host": text("DJANGO_EMAIL_HOST", "localhost"),
        "port": whole_number("DJANGO_EMAIL_PORT", 25),
        "timeout": 10,
    }
DEFAULT_FROM_EMAIL = text("DJANGO_DEFAULT_FROM_EMAIL", "Baccarat School <noreply@localhost>")
LOG_LEVEL = text("DJANGO_LOG_LEVEL").upper() or "WARNING"
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise ImproperlyConfigured(f"DJANGO_LOG_LEVEL={LOG_LEVEL!r}: use DEBUG, INFO, WARNING or ERROR")
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,  # gunicorn's, and runserver's request lines
    "filters": {
        "request_line": {"()": "baccarat_site.logs.RequestLineFilter"},
        "refused_host": {"()": "baccarat_site.logs.RefusedHostFilter"},
    },
    "formatters": {
        "stderr": {"format": "%(asctime)s %(levelname)s %(name)s %(request_line)s%(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "level": LOG_LEVEL,
            "filters": ["request_line"],
            "formatter": "stderr",
        },
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    # Replaces Django's default handlers (console in DEBUG only, mail_admins); its records
    # reach stderr through the root logger.
    "loggers": {
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        # A request for a host name that is not ours: one short line, not Django's traceback,
        # and a few a minute from one address (baccarat_site.logs.RefusedHostFilter).
        "django.security.DisallowedHost": {"filters": ["refused_host"]},
    },
}
if ADMINS:
    LOGGING["handlers"]["mail_admins"] = {
        "class": "baccarat_site.logs.SafeAdminEmailHandler",
        "level": "ERROR",
        "filters": ["require_debug_false"],
    }
    LOGGING["filters"]["require_debug_false"] = {"()": "django.utils.log.RequireDebugFalse"}
    LOGGING["loggers"]["django"]["handlers"] = ["mail_admins"]
    # A request for a host name that is not ours is a bot scanning addresses, not a fault.
    LOGGING["loggers"]["django.security.DisallowedHost"].update(
        handlers=["stderr"], level=LOG_LEVEL, propagate=False
    )
# Branded error pages (templates/400.html … 500.html; JSON under /api/): baccarat_site.errors,
# wired in urls.py, and this for a failed CSRF check.
CSRF_FAILURE_VIEW = "baccarat_site.errors.csrf_failure"

# --- Production: HTTPS, cookies, Content Security Policy ------------------------------------
# With DEBUG off these default to a site served over HTTPS only; each can be switched by its
# environment variable (docs/deploy.md). Behind a reverse proxy that terminates TLS, set
# DJANGO_SECURE_PROXY_SSL_HEADER=1 so Django trusts the proxy's X-Forwarded-Proto (only then:
# a client could send that header itself when nothing strips it).
SECURE_SSL_REDIRECT = flag("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
# A load balancer's health check speaks plain HTTP to the app server.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
if flag("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = flag("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = whole_number("DJANGO_SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = flag("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = flag("DJANGO_SECURE_HSTS_PRELOAD", True)
# `make serve` fails on every warning of `check --deploy`, except those about a protection
# the operator switched off on purpose with its own variable (a plain-HTTP trial on one
# machine, docs/deploy.md); leaving the variables unset never silences anything.
SILENCED_SYSTEM_CHECKS = [
    check
    for variable, off, checks in [
        ("DJANGO_SECURE_SSL_REDIRECT", not SECURE_SSL_REDIRECT, ["security.W008"]),
        ("DJANGO_SECURE_COOKIES", not SESSION_COOKIE_SECURE, ["security.W012", "security.W016"]),
        ("DJANGO_SECURE_HSTS_SECONDS", not SECURE_HSTS_SECONDS, ["security.W004"]),
    ]
    if text(variable) and off
    for check in checks
]

# Django's own Content Security Policy, in every mode (so the browser tests see it too).
# Scripts come only from our static files (htmx included) or carry the request's nonce;
# htmx's own indicator <style> is turned off in base.html (htmx-config meta tag), so
# stylesheets too are ours or nonced. style-src-attr allows the `style="fill:var(--banker)"`
# attributes of the road SVGs: attributes cannot load anything or run code.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# --- Guards: request size, login throttling, API write throttling ---------------------------
# Every request body: the largest legitimate one is a 1 MB shoe import plus its form fields.
# A bigger Content-Length is refused with 413 before anything reads it
# (guards.middleware); DATA_UPLOAD_MAX_MEMORY_SIZE is Django's own cap on non-file fields.
MAX_REQUEST_BODY_BYTES = 2 * 1024 * 1024
# Every other view's body: a form, an answer, an API request (the largest, 1,000 hands and
# their pairs for /api/v1/roads, is under 70 KB), a lab step's state (about 6 KB). Reading
# a body costs CPU by its size, so no view but the import is made to read more
# (guards.middleware; bench/worst_bodies.py measures each at this limit).
MAX_FORM_BODY_BYTES = 128 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

# How many reverse proxies in front of the app append to X-Forwarded-For: 0 (the default)
# means the client is REMOTE_ADDR and X-Forwarded-For is ignored, so it cannot be forged.
NUM_PROXIES = whole_number("DJANGO_NUM_PROXIES", 0)
NINJA_NUM_PROXIES = NUM_PROXIES

# Writes (start, import, rename or delete a shoe, record or undo a hand), through the API or
# the tracker's pages, counted together (guards.throttles): per browser (session) for
# anonymous callers, per account for signed-in ones, kept in the database (guards.allowances)
# where every worker and machine sees them and no one's traffic evicts them. Generous: a
# person recording at a table makes a few a minute; the limits only stop a runaway script.
# The variable keeps its first name, from when only the API counted.
ANON_WRITE_RATE = env.str("DJANGO_API_ANON_WRITE_RATE", default="120/min")
USER_WRITE_RATE = env.str("DJANGO_USER_WRITE_RATE", default="600/min")
# Every write also counts against its address, whoever makes it: a crowded casino floor
# behind one address (100 players, a hand every 20 s each: 300 a minute) stays well under.
ADDRESS_WRITE_RATE = env.str("DJANGO_ADDRESS_WRITE_RATE", default="600/min")
# An anonymous write without a session starts one: per address, so that dropping the cookie
# buys no fresh allowance.
NEW_BROWSER_RATE = env.str("DJANGO_NEW_BROWSER_RATE", default="120/hour")
# Simulated shoes (POST /api/v1/simulations, guards.budgets): the work is the shoes dealt, not
# the requests (100,000 eight-deck shoes take about 8 CPU seconds), so the budget counts
# shoes: per client address for anonymous callers, per account when signed in.
ANON_SIMULATED_SHOES_RATE = env.str("DJANGO_ANON_SIMULATED_SHOES_RATE", default="200000/min")
USER_SIMULATED_SHOES_RATE = env.str("DJANGO_USER_SIMULATED_SHOES_RATE", default="500000/min")
# And per address, whoever asks: accounts made at one address share its ceiling.
ADDRESS_SIMULATED_SHOES_RATE = env.str("DJANGO_ADDRESS_SIMULATED_SHOES_RATE", default="500000/min")
# Every request's processor time, in milliseconds a period, per address (guards.shares):
# whatever one address sends, it gets at most this share of the server, and the honest
# requests do not queue behind it. "off" turns it off. Off by default on the development
# server: its first page after every start or reload imports and compiles the whole site, a
# second or more of processor time that the share would charge to the one person using it.
ADDRESS_CPU_RATE = env.str("DJANGO_ADDRESS_CPU_RATE", default="off" if DEBUG else "250/s")
# Shoes one person (an account, or an anonymous browser) may keep at once.
MAX_SHOES_PER_OWNER = whole_number("DJANGO_MAX_SHOES_PER_OWNER", 500)
# The cache holds the sessions (below) and what pages compute again and again; never a
# limit's count (guards.allowances keeps those in the database).
# REDIS_URL (redis://[:password@]host:port/db, rediss:// for TLS) makes it Redis, shared by
# every worker on every machine, in any mode (the tests can use one too): Django's
# RedisCache with short timeouts, and a Redis out of reach is a cache miss rather than an
# error (baccarat_site/shared_cache.py): sessions then come from the database, with one
# warning in the log per outage.
REDIS_URL = text("REDIS_URL")
if REDIS_URL:
    if urlsplit(REDIS_URL).scheme not in ("redis", "rediss", "unix"):
        raise ImproperlyConfigured(
            "REDIS_URL must be a redis://, rediss:// or unix:// URL, e.g. redis://127.0.0.1:6379/0"
        )
    CACHES = {
        "default": {
            "BACKEND": "baccarat_site.shared_cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
elif DEBUG:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
else:
    # One machine, several worker processes: a file cache they all see, in memory (tmpfs)
    # where the machine has it. Several machines need the shared one: REDIS_URL, above.
    # The file cache unpickles what it reads, so its folder must be the site's alone
    # (guards.folders): the site refuses to start otherwise.
    try:
        cache_folder = private_folder(text("DJANGO_CACHE_DIR") or default_cache_folder())
    except FolderError as error:
        raise ImproperlyConfigured(f"Refusing to start: {error}") from None
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(cache_folder),
        }
    }

# Sessions are read on every request (who is calling, whose shoes): from the cache, with the
# database behind it, so a restart or a culled cache entry loses nothing.
# guards.sessions is Django's cached_db, refusing a key it could never have made (a NUL in
# the cookie reached PostgreSQL).
SESSION_ENGINE = "guards.sessions"

# django-axes: after 5 wrong passwords for one username from one address, that pair is locked
# out for 15 minutes (a 429 page); a successful sign-in clears the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = flag("DJANGO_AXES_ENABLED", True)
# The failed attempts are kept in the database (django-axes' default, said here): shared by
# every machine, and never in the cache, which may be away (REDIS_URL above).
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "guards.clients.client_address"
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
# The lockout page with Retry-After, the seconds until the cool-off ends.
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
AXES_VERBOSE = False
# The account forms' limits, per address (guards.accounts): new accounts; wrong passwords
# whatever the username (each costs a password hash, and axes above counts one username at
# a time); mail sent on request (reset links, address confirmations), also per recipient.
SIGNUP_RATE = env.str("DJANGO_SIGNUP_RATE", default="5/hour")
SIGNIN_FAILURE_RATE = env.str("DJANGO_SIGNIN_FAILURE_RATE", default="20/15min")
RECOVERY_MAIL_RATE = env.str("DJANGO_RECOVERY_MAIL_RATE", default="5/hour")
# Downloads of an account's data, per account: each reads all of it.
DATA_EXPORT_RATE = env.str("DJANGO_DATA_EXPORT_RATE", default="10/hour")
# A password-reset link works this long (Django's default is three days in a mailbox).
PASSWORD_RESET_TIMEOUT = 2 * 60 * 60
