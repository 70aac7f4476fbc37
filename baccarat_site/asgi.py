"""ASGI entry point. Like wsgi.py, production unless told otherwise (DJANGO_DEBUG=0)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baccarat_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")

application = get_asgi_application()
