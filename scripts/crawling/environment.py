"""The crawl's Django: the settings the test suite runs with (pytest's
DJANGO_SETTINGS_MODULE, DEBUG off as pytest-django sets it, the guards and the slow password
hasher tests/conftest.py turns off), over a fresh SQLite database in a temporary folder,
migrated at start."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = "baccarat_site.settings"  # pyproject.toml's [tool.pytest.ini_options]
UNLIMITED = "1000000/min"
# tests/conftest.py lifts every rate and turns off the processor share and django-axes;
# here, before the settings are read, by the environment they read.
GUARDS_OFF = {
    "DJANGO_ADDRESS_CPU_RATE": "off",
    "DJANGO_AXES_ENABLED": "0",
    **{
        name: UNLIMITED
        for name in (
            "DJANGO_API_ANON_WRITE_RATE",
            "DJANGO_USER_WRITE_RATE",
            "DJANGO_ADDRESS_WRITE_RATE",
            "DJANGO_NEW_BROWSER_RATE",
            "DJANGO_ANON_SIMULATED_SHOES_RATE",
            "DJANGO_USER_SIMULATED_SHOES_RATE",
            "DJANGO_ADDRESS_SIMULATED_SHOES_RATE",
            "DJANGO_SIGNUP_RATE",
            "DJANGO_SIGNIN_FAILURE_RATE",
            "DJANGO_RECOVERY_MAIL_RATE",
            "DJANGO_DATA_EXPORT_RATE",
        )
    },  # fmt: skip
}


def start():
    """Django set up over a new database; the folder holding it, to remove at the end."""
    folder = tempfile.mkdtemp(prefix="crawl-")
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/crawl.sqlite3"
    os.environ["DJANGO_CACHE_DIR"] = f"{folder}/cache"
    for name in ("REDIS_URL", "DJANGO_DEBUG", "DJANGO_EMAIL_BACKEND"):
        os.environ.pop(name, None)
    os.environ.update(GUARDS_OFF)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment(debug=False)  # as pytest-django: DEBUG off, mail kept in memory
    settings.AXES_ENABLED = False
    settings.ADDRESS_CPU_RATE = "off"
    # The cheap hasher the suite uses (tests/conftest.py, fast_hashing): the real one takes
    # ~0.5 s a password on purpose. No answer shows a hash (the data export leaves it out,
    # the reset token is a placeholder), so the crawl compares the same bodies either way.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()
    call_command("migrate", verbosity=0, interactive=False)
    return folder
