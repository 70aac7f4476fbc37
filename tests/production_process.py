"""A production process for the tests that start one: its environment, and a way to run
Python in it (settings are read at start-up, so only a new process sees a new setting)."""

import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION_HOST = "baccarat.example"


def free_port():
    """A TCP port on 127.0.0.1 nothing listens on, for a server the test starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def production_env(tmp_path, **overrides):
    """The environment of a production process: DEBUG off, a real key, our host, and a
    database of its own (SQLite in tmp_path; no test needs to reach it)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("DJANGO_") and name != "DATABASE_URL"
    }
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=PRODUCTION_HOST,
        DATABASE_URL=f"sqlite:///{tmp_path / 'production.sqlite3'}",
        DJANGO_CACHE_DIR=str(tmp_path / "cache"),
    )
    for name, value in overrides.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run_python(env, *args):
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
