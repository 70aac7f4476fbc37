"""gunicorn's settings for `make serve` (gunicorn reads ./gunicorn.conf.py by itself).

Each can be overridden from the environment: GUNICORN_BIND, WEB_CONCURRENCY (workers),
GUNICORN_TIMEOUT, GUNICORN_ACCESS_LOG. Workers are plain synchronous processes, cores + 1 by
default: a request here is CPU (drawing the roads, shaping the JSON) far more than waiting
on the database, so one worker a core keeps the cores busy and the one extra covers the
waits; more only queue for the CPU and hold more memory. bench/load.py found the usual
2 x cores + 1 no faster on this 2-core machine: the two were within the run-to-run noise
(docs/performance.md, "Performance under load").
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
workers = int(os.environ.get("WEB_CONCURRENCY", (cores or 1) + 1))
worker_class = "sync"
# Load Django once in the master and fork: a broken setting fails before any worker starts,
# and a worker that dies is replaced by a fork at once. (Django opens no database connection
# at import, so none is shared across the fork.)
preload_app = True
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
graceful_timeout = 30
keepalive = 5
# Errors to stderr; the reverse proxy in front keeps the access log.
errorlog = "-"
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
# Forwarded headers are trusted in exactly one place, Django's settings, and only when
# configured there (DJANGO_SECURE_PROXY_SSL_HEADER, DJANGO_NUM_PROXIES). gunicorn would
# otherwise turn X-Forwarded-Proto: https from 127.0.0.1 into wsgi.url_scheme=https by
# itself, skipping the HTTPS redirect and sending HSTS over plain HTTP.
secure_scheme_headers = {}
forwarded_allow_ips = ""
forwarder_headers = ""
# No gunicornc control socket: one shared path per user would clash between two instances.
control_socket_disable = True


def post_fork(server, worker):
    """In each worker: let the heavy work lower its priority and end its worker after the
    request (guards.shares.at_low_priority)."""
    from guards import shares

    shares.worker_started(worker)


def when_ready(server):
    """In the master, after Django is loaded and before any worker is forked: import every
    view through the URLconf and build the odds engine's tally of the 10^6 six-card value
    sequences, once, so that every worker inherits them rather than making its first
    requests wait (1.2 s for a worker's first odds answer without this, measured). The same
    for the lab: the simulation's lookup table, the default run a bare /lab/ shows and the
    reference shoes 8-deck tracked shoes are set against (1.7 s for a worker's first /lab/
    without this, measured)."""
    from django.conf import settings
    from django.urls import get_resolver
    from django.utils import translation

    from baccarat.odds.exact import tallies
    from baccarat.simulation.against_chance import reference
    from baccarat.simulation.shoes import hand_table
    from lab.runs import default_run
    from lessons.course import load_course

    resolver = get_resolver()
    resolver.resolve("/")  # imports the URLconf and every view it names
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            # The tables reverse() and {% url %} use (one a language, for the prefixed
            # URLs), and the language's catalogue.
            resolver.reverse_dict  # noqa: B018
    tallies()
    hand_table()
    default_run()
    reference(8)
    compile_templates()
    for code, _name in settings.LANGUAGES:
        load_course(language=code)  # the lessons, read and drawn: 0.4 s a language


def compile_templates():
    """Every template compiled into the cached loader, in the master, so that a newly forked
    worker's first pages do not compile them (80 to 150 ms of processor time a page,
    measured): time guards.shares would charge to whoever asked, and a visitor opening a few
    pages at once from workers just restarted was answered "busy"."""
    from pathlib import Path

    from django.forms.renderers import get_default_renderer
    from django.template import engines

    # The site's engine, and the forms' own (Django renders a form's fields and errors with
    # an engine of its own).
    for engine in [*engines.all(), get_default_renderer().engine]:
        for folder in engine.template_dirs:
            for path in sorted(Path(folder).rglob("*")):
                if path.is_file():
                    engine.get_template(path.relative_to(folder).as_posix())
