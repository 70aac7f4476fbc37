"""Redis as the shared cache (REDIS_URL; baccarat_site/shared_cache.py), against a real
redis-server on a free loopback port, which the tests stop, pause (SIGSTOP: it holds its
data but answers nothing) and start again.

With Redis up the cache and the sessions live in it (the limits' counts never: they are in
the database, guards.allowances). With Redis away
every operation is a miss or does nothing, at the cost of one connection attempt per
back-off window (counted, not timed: the module's clock is a fake one the tests move), with
one warning per outage; sessions come from the database, the limits still count, and a
session signed out meanwhile is not signed back in by Redis' stale copy.
"""

import asyncio
import logging
import os
import shutil
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.test import Client, RequestFactory
from production_process import free_port, production_env, run_python

import guards.sessions
from baccarat_site import shared_cache
from baccarat_site.shared_cache import BACKOFF_SECONDS, SharedRedisCache
from guards.throttles import anonymous_writes, write_refused

pytestmark = pytest.mark.slow  # starts a Redis server

REDIS_SERVER = shutil.which("redis-server")
SESSION_PATTERN = ":1:django.contrib.sessions.cached_db*"
PASSWORD = "a long enough password 1"


def run_async(coroutine):
    """Run a coroutine to its end in a thread of its own: the browser tests leave an event
    loop running in the main thread (Playwright's sync API), where asyncio.run refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class RedisServer:
    """A redis-server of the test run's own, in a folder of its own: nothing saved unless
    asked (stop(keep_data=True) saves a snapshot, which the next start loads)."""

    def __init__(self, folder):
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None
        self.paused = False

    def start(self):
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no",
             "--loglevel", "warning", "--logfile", str(self.folder / "redis.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while True:
            try:
                self.client().ping()
                return
            except redis.exceptions.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    log = (self.folder / "redis.log").read_text(errors="replace")
                    raise RuntimeError(f"redis-server did not start:\n{log}") from None
                time.sleep(0.05)  # redis-server starting: polled until it answers

    def stop(self, keep_data=False):
        if keep_data:
            self.client().save()
        else:
            (self.folder / "dump.rdb").unlink(missing_ok=True)
        self.resume()
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process = None

    def pause(self):
        os.kill(self.process.pid, signal.SIGSTOP)
        self.paused = True

    def resume(self):
        if self.paused:
            os.kill(self.process.pid, signal.SIGCONT)
            self.paused = False

    def running(self):
        return self.process is not None and self.process.poll() is None

    def client(self):
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=5)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    if server.running():
        server.stop()


class FakeClock:
    def __init__(self):
        self.ticks = 0  # hundredths of a second: exact sums

    def __call__(self):
        return self.ticks / 100

    def advance(self, seconds):
        assert abs(seconds * 100 - round(seconds * 100)) < 1e-6
        self.ticks += round(seconds * 100)


@pytest.fixture
def cache_clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(shared_cache, "clock", fake)
    return fake


@pytest.fixture
def shared(redis_server, settings, cache_clock):
    """The default cache is the shared one, on a running, empty Redis, with no outage
    remembered."""
    if not redis_server.running():
        redis_server.start()
    redis_server.resume()
    redis_server.client().flushall()
    shared_cache.reset()
    settings.CACHES = {
        "default": {
            "BACKEND": "baccarat_site.shared_cache.SharedRedisCache",
            "LOCATION": redis_server.url,
        }
    }
    yield caches["default"]
    # Whatever the test did to it, the next one finds it running.
    redis_server.resume()
    if not redis_server.running():
        redis_server.start()
    shared_cache.reset()


@pytest.fixture
def connect_attempts(monkeypatch):
    """How many TCP connections redis-py has tried to open."""
    attempts = []
    real = redis.connection.Connection._connect

    def counted(self):
        attempts.append(1)
        return real(self)

    monkeypatch.setattr(redis.connection.Connection, "_connect", counted)
    return attempts


def signed_in_as(client, user):
    return f"Signed in as <strong>{user.username}</strong>" in client.get("/").text


def cached_sessions(redis_server):
    return list(redis_server.client().scan_iter(match=SESSION_PATTERN))


# --- Redis up ------------------------------------------------------------------------------


def test_the_cache_is_redis(shared, redis_server):
    assert isinstance(shared, SharedRedisCache)
    shared.set("hand", {"player": 8, "banker": 3}, 60)
    assert shared.get("hand") == {"player": 8, "banker": 3}
    assert redis_server.client().exists(shared.make_key("hand")) == 1  # in Redis, not memory
    assert shared.add("hand", "other") is False
    assert shared.add("shoe", 1) is True
    assert shared.incr("shoe", 5) == 6
    assert shared.decr("shoe") == 5
    assert shared.get_many(["hand", "shoe", "none"]) == {
        "hand": {"player": 8, "banker": 3},
        "shoe": 5,
    }
    assert shared.set_many({"a": 1, "b": 2}) == []
    assert shared.has_key("a") and "b" in shared
    assert shared.touch("a", 30) is True
    assert shared.get_or_set("c", lambda: "made") == "made"
    assert shared.get("c") == "made"
    shared.delete_many(["a", "b"])
    assert shared.delete("hand") is True
    assert shared.get_many(["a", "b", "hand"]) == {}
    assert run_async(shared.aget("shoe")) == 5


def test_settings_choose_redis_when_redis_url_is_set(tmp_path):
    script = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.CACHES['default']['BACKEND'], settings.CACHES['default']['LOCATION'])"
    )
    env = production_env(
        tmp_path, DJANGO_SETTINGS_MODULE="baccarat_site.settings", DJANGO_DEBUG="1"
    )
    for debug in ("1", "0"):
        env.update(DJANGO_DEBUG=debug, REDIS_URL="redis://127.0.0.1:6390/2")
        result = run_python(env, "-c", script)
        assert result.returncode == 0, result.stderr
        expected = "baccarat_site.shared_cache.SharedRedisCache redis://127.0.0.1:6390/2"
        assert result.stdout.split("\n")[0] == expected
    env.pop("REDIS_URL")
    result = run_python(env, "-c", script)
    assert "FileBasedCache" in result.stdout  # DEBUG off, no REDIS_URL: as before
    env.update(REDIS_URL="127.0.0.1:6379")
    result = run_python(env, "-c", script)
    assert result.returncode != 0
    assert "REDIS_URL must be a redis://" in result.stderr


def test_what_an_outage_forgets_is_the_session_engines_cache():
    assert SharedRedisCache.forget_after_outage == (guards.sessions.SessionStore.cache_key_prefix,)


# --- Redis away ----------------------------------------------------------------------------


def every_operation(cache):
    """Each operation the site's code or Django's may call, with what it gives when Redis
    cannot be reached: a miss, or nothing stored."""
    return [
        (lambda: cache.get("hand"), None),
        (lambda: cache.get("hand", "default"), "default"),
        (lambda: cache.get_many(["hand", "shoe"]), {}),
        (lambda: cache.has_key("hand"), False),
        (lambda: "hand" in cache, False),
        (lambda: cache.set("hand", 1), None),
        (lambda: cache.add("hand", 1), False),
        (lambda: cache.set_many({"a": 1, "b": 2}), ["a", "b"]),
        (lambda: cache.touch("hand"), False),
        (lambda: cache.delete("hand"), False),
        (lambda: cache.delete_many(["a", "b"]), None),
        (lambda: cache.get_or_set("hand", lambda: "made"), "made"),
        (lambda: cache.clear(), False),
        (lambda: run_async(cache.aget("hand", "default")), "default"),
    ]


def test_with_redis_stopped_every_operation_is_a_miss_or_does_nothing(shared, redis_server):
    shared.set("hand", "kept", 60)
    shared.set("shoe", 1, 60)
    redis_server.stop()
    for operation, expected in every_operation(shared):
        assert operation() == expected
    for counter in (shared.incr, shared.decr):
        with pytest.raises(ValueError, match="not found"):
            counter("shoe")


def test_an_outage_costs_one_connection_attempt_per_backoff_window(
    shared, redis_server, cache_clock, connect_attempts
):
    assert shared.get("warm") is None  # a connection in the pool, to a server about to go
    redis_server.stop()
    connect_attempts.clear()
    operations = every_operation(shared)
    for number in range(50):  # 5 s of requests, a tenth of a second apart
        operation, expected = operations[number % len(operations)]
        assert operation() == expected
        cache_clock.advance(0.1)
    # One attempt when the outage begins (t=0), one a window later (t=2, t=4): not 50.
    assert len(connect_attempts) == 3
    assert BACKOFF_SECONDS == 2.0

    redis_server.start()
    connect_attempts.clear()  # the test's own client, checking the server is up
    assert shared.get("warm") is None  # still inside the last window: Redis not asked
    assert connect_attempts == []
    cache_clock.advance(BACKOFF_SECONDS)
    shared.set("back", "yes", 60)
    assert redis_server.client().get(shared.make_key("back")) is not None


def test_an_unresponsive_redis_costs_one_timeout_per_window(
    shared, redis_server, cache_clock, monkeypatch
):
    shared.set("hand", "kept", 60)
    sent = []
    real = redis.connection.Connection.send_packed_command

    def counted(self, command, check_health=True):
        sent.append(command)
        return real(self, command, check_health)

    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", counted)
    redis_server.pause()  # connections are accepted, commands never answered
    for _ in range(20):  # over 1 s
        assert shared.get("hand") is None
        cache_clock.advance(0.05)
    # One command waited out its 0.5 s timeout; the other 19 were never sent.
    assert len(sent) == 1
    assert shared_cache.OPTIONS["socket_timeout"] == 0.5
    redis_server.resume()
    assert shared.get("hand") is None  # the window is not over
    assert len(sent) == 1
    cache_clock.advance(1.0)
    assert shared.get("hand") == "kept"


def test_one_warning_per_outage(shared, redis_server, cache_clock, caplog):
    def warnings():
        return [
            r
            for r in caplog.records
            if r.name == "baccarat_site.shared_cache" and r.levelno >= logging.WARNING
        ]

    caplog.set_level(logging.INFO, logger="baccarat_site.shared_cache")
    redis_server.stop()
    for _ in range(30):  # probes in 6 windows fail too: the same outage
        shared.get("hand")
        cache_clock.advance(0.5)
    [warning] = warnings()
    assert warning.levelno == logging.WARNING
    assert f"127.0.0.1:{redis_server.port}" in warning.getMessage()
    assert "ConnectionError" in warning.getMessage()

    redis_server.start()
    cache_clock.advance(BACKOFF_SECONDS)
    shared.set("hand", 1)
    assert shared.get("hand") == 1
    assert len(warnings()) == 1
    assert any("answers again" in r.getMessage() for r in caplog.records)

    redis_server.stop()
    for _ in range(10):
        shared.get("hand")
    assert len(warnings()) == 2  # a second outage, a second warning


# --- Sessions ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_sessions_are_read_from_redis_and_from_the_database_while_it_is_away(shared, redis_server):
    user = User.objects.create_user("punto", password=PASSWORD)
    client = Client()
    client.force_login(user)
    assert len(cached_sessions(redis_server)) == 1
    # Read from Redis: with the database's copy gone, the cookie still signs in.
    rows = list(Session.objects.all())
    Session.objects.all().delete()
    assert signed_in_as(client, user)
    Session.objects.bulk_create(rows)

    redis_server.stop()
    assert signed_in_as(client, user)  # from the database
    assert signed_in_as(client, user)


@pytest.mark.django_db
@pytest.mark.parametrize("outage", ["unresponsive", "restarted from its snapshot"])
def test_a_session_signed_out_while_redis_was_away_stays_signed_out(
    shared, redis_server, cache_clock, outage
):
    user = User.objects.create_user("banco", password=PASSWORD)
    client = Client()
    client.force_login(user)
    old_key = client.cookies["sessionid"].value
    assert signed_in_as(client, user)
    [cached] = cached_sessions(redis_server)
    assert cached.decode().endswith(old_key)

    if outage == "unresponsive":
        redis_server.pause()
    else:
        redis_server.stop(keep_data=True)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert not Session.objects.filter(session_key=old_key).exists()

    if outage == "unresponsive":
        redis_server.resume()
    else:
        redis_server.start()
    # Redis is back with the signed-out session in it: what the old cookie would find.
    assert cached in cached_sessions(redis_server)
    cache_clock.advance(BACKOFF_SECONDS)

    stolen = Client()
    stolen.cookies["sessionid"] = old_key
    assert not signed_in_as(stolen, user)
    assert cached not in cached_sessions(redis_server)  # gone for every process


@pytest.mark.django_db
def test_a_session_started_while_redis_is_away_works_once_it_is_back(
    shared, redis_server, cache_clock
):
    user = User.objects.create_user("tie", password=PASSWORD)
    redis_server.stop()
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": "tie", "password": PASSWORD}).status_code
        == 302
    )
    assert signed_in_as(client, user)
    redis_server.start()
    cache_clock.advance(BACKOFF_SECONDS)
    assert signed_in_as(client, user)
    assert len(cached_sessions(redis_server)) == 1  # cached again


# --- Throttles -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_write_limits_hold_while_redis_is_away(shared, redis_server, monkeypatch):
    """The limits' counts are in the database (guards.allowances), not in the cache: a
    Redis outage neither resets them nor lets writes through."""
    from django.contrib.sessions.backends.base import SessionBase

    monkeypatch.setattr(anonymous_writes, "num_requests", 2)
    request = RequestFactory().post("/api/v1/shoes", REMOTE_ADDR="203.0.113.9")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    request.session = type("Session", (SessionBase,), {})()
    request.session._session_key = "abcdefgh12345678"
    assert write_refused(request) is None
    assert write_refused(request) is None
    assert write_refused(request).status_code == 429
    assert not list(redis_server.client().scan_iter(match="*203.0.113.9*"))

    redis_server.stop()
    for _ in range(3):
        assert write_refused(request).status_code == 429  # still counted
