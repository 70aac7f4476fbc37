"""What the benchmarks share: the machine's speed right now (bench/archive.py, road_image.py,
phone_page.py), and the site started in this process against a fresh SQLite file, as
production runs it, for Django's test client to ask (archive.py, road_image.py).

    from in_process import calibration_loop, start_site   # beside the script
"""

import os
import sys
import tempfile
import time
import warnings
from pathlib import Path


def calibration_loop():
    """Seconds for a fixed pure-Python loop, best of 3: the machine's speed right now."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        sum(range(10**7))
        best = min(best, time.perf_counter() - start)
    return best


def start_site(prefix):
    """Django set up on a fresh SQLite file in a temporary folder named with `prefix` (not yet
    migrated); returns the file's path, so the caller can remove its folder at the end."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    database = Path(tempfile.mkdtemp(prefix=prefix)) / "db.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
    # As in production unless asked otherwise (DJANGO_DEBUG=1 also logs every SQL query).
    os.environ.setdefault("DJANGO_DEBUG", "0")
    # Production refuses to start without a key (settings.py); any will do for a benchmark.
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    # The test client speaks plain HTTP: no redirect to https:// here.
    os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
    # Requests sent back to back use the whole processor: far past one address's share.
    os.environ.setdefault("DJANGO_ADDRESS_CPU_RATE", "off")
    # WhiteNoise looks for STATIC_ROOT, which only `collectstatic` creates.
    warnings.filterwarnings("ignore", "No directory at")

    import django
    from django.conf import settings

    django.setup()
    if not settings.DEBUG:
        # Production serves hashed files after `collectstatic`; no manifest is needed here.
        settings.STORAGES = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    return database
