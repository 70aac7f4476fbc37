"""WSGI entry point, e.g. `gunicorn baccarat_site.wsgi`.

Anything served through here is production unless told otherwise: DJANGO_DEBUG defaults to
0, so DJANGO_SECRET_KEY must be set (settings.py fails fast without it). `manage.py`
(runserver, tests) keeps DEBUG on by default. Chunked request bodies are made whole first
(guards.chunked).
"""

import os

from django.core.wsgi import get_wsgi_application

from guards.chunked import WholeChunkedBodies

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")

application = WholeChunkedBodies(get_wsgi_application())
