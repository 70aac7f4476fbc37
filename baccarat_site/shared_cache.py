"""The shared cache when REDIS_URL is set: Django's own RedisCache, made harmless when Redis
is away (settings, "Guards").

The cache holds the sessions (guards.sessions, in front of the database); it must not take
the site down with it. (The limits' counts are in the database, guards.allowances, so an
outage changes no limit.) So:

- Short socket timeouts (below): a Redis that does not answer costs a request a fraction of
  a second, not redis-py's default of 5 s, and no retries.
- Redis out of reach (ConnectionError, TimeoutError, and their families: a server still
  loading its snapshot, too many clients, a replica that refuses writes) is a cache miss:
  `get` answers the default, writes store nothing. Sessions then come from the database
  (cached_db reads it on a miss and writes it before the cache). Any other error is a bug
  and is raised.
- After a failure this process skips Redis altogether for BACKOFF_SECONDS, then one request
  tries it again: an outage costs at most one timeout per back-off window per process, not
  one per request. One warning per outage, when it starts.
- Sessions written or deleted while Redis was away were written or deleted in the database
  only, so the copies Redis still holds (it was only unreachable, or it restarted from its
  snapshot) may be stale; the worst is a session signed out during the outage, whose cached
  copy would sign its cookie back in. So before this process uses Redis again it deletes
  every cached session (SCAN + UNLINK of their key prefix, 1000 keys a round trip; the next
  request of each visitor reads theirs from the database). Other cached data is kept.
  The limit: the deletion is made by each process that saw the outage, the first time it
  uses Redis again (within a back-off window of Redis' return as long as it serves
  requests). A process that saw no failure (idle through the whole outage) could read a
  stale session before then, and if every process that saw the outage exits before Redis
  returns, nobody deletes them; only reading every session from the database would close
  that, which is what the cache is there to avoid.
"""

import logging
import re
import threading
import time
from urllib.parse import urlsplit

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ReadOnlyError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

logger = logging.getLogger(__name__)

# ConnectionError covers BusyLoadingError (a server loading its snapshot),
# MaxConnectionsError and AuthenticationError; ReadOnlyError is a replica during a failover.
OUTAGE = (RedisConnectionError, RedisTimeoutError, ReadOnlyError)
BACKOFF_SECONDS = 2.0
# Connect within 0.2 s and answer within 0.5 s (Redis answers in well under a millisecond on
# a healthy network), and never retry: the back-off above is the retry.
OPTIONS = {
    "socket_connect_timeout": 0.2,
    "socket_timeout": 0.5,
    "retry": Retry(NoBackoff(), 0),
}
# The key prefix of Django's cached_db sessions (guards.sessions), deleted after an outage.
SESSION_KEY_PREFIX = "django.contrib.sessions.cached_db"
SCAN_BATCH = 1000

# Replaced by the tests, to step through back-off windows without waiting.
clock = time.monotonic


class Health:
    """One Redis server as this process sees it. Django makes a cache object per thread;
    they all share this (module state, keyed by the server's address)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down_since = None  # clock() when the outage began; None while Redis answers
        self.retry_at = 0.0  # while down, skip Redis until then


_health: dict[tuple[str, ...], Health] = {}
_health_lock = threading.Lock()


def health_of(servers):
    with _health_lock:
        return _health.setdefault(tuple(servers), Health())


def reset():
    """Forget every outage (for the tests)."""
    with _health_lock:
        _health.clear()


def glob_escape(text):
    return re.sub(r"([*?\[\]\\])", r"\\\1", text)


class SharedRedisCache(RedisCache):
    forget_after_outage = (SESSION_KEY_PREFIX,)

    def __init__(self, server, params):
        params = {**params, "OPTIONS": {**OPTIONS, **params.get("OPTIONS", {})}}
        super().__init__(server, params)
        self._health = health_of(self._servers)

    def _where(self):
        """host:port for the log, never the URL (it may carry a password)."""
        parts = urlsplit(self._servers[0])
        return f"{parts.hostname}:{parts.port or 6379}" if parts.hostname else parts.scheme

    def _usable(self):
        health = self._health
        if health.down_since is None:
            return True
        with health.lock:
            if health.down_since is None:
                return True
            now = clock()
            if now < health.retry_at:
                return False
            # This thread tries Redis again; the others keep skipping it meanwhile.
            health.retry_at = now + BACKOFF_SECONDS
        try:
            forgotten = self._forget_stale_entries()
        except OUTAGE:
            return False
        with health.lock:
            since, health.down_since = health.down_since, None
        logger.info(
            "The shared cache (Redis at %s) answers again after %.1f s; %d cached sessions "
            "from before the outage were deleted.",
            self._where(),
            clock() - since,
            forgotten,
        )
        return True

    def _forget_stale_entries(self):
        client = self._cache.get_client(None, write=True)
        forgotten = 0
        for prefix in self.forget_after_outage:
            pattern = glob_escape(self.make_key(prefix)) + "*"
            batch = []
            for key in client.scan_iter(match=pattern, count=SCAN_BATCH):
                batch.append(key)
                if len(batch) == SCAN_BATCH:
                    forgotten += client.unlink(*batch)
                    batch = []
            if batch:
                forgotten += client.unlink(*batch)
        return forgotten

    def _failed(self, error):
        health = self._health
        with health.lock:
            now = clock()
            health.retry_at = now + BACKOFF_SECONDS
            if health.down_since is not None:
                return
            health.down_since = now
        logger.warning(
            "The shared cache (Redis at %s) cannot be reached (%s: %s). Skipping it, and "
            "trying again every %g s: sessions come from the database meanwhile.",
            self._where(),
            type(error).__name__,
            error,
            BACKOFF_SECONDS,
        )

    def _run(self, miss, operation, *args):
        """operation(*args), or `miss` while Redis is out of reach."""
        if not self._usable():
            return miss
        try:
            return operation(*args)
        except OUTAGE as error:
            self._failed(error)
            return miss

    # Every operation RedisCache has. BaseCache builds the rest on these: get_or_set (get,
    # add, get), decr (incr), __contains__ (has_key) and the async a* methods.

    def get(self, key, default=None, version=None):
        return self._run(default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._run({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._run(False, super().has_key, key, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._run(None, super().set, key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._run(False, super().add, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        # The keys that could not be stored: all of them.
        return self._run(list(data), super().set_many, data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._run(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._run(False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        self._run(None, super().delete_many, keys, version)

    def incr(self, key, delta=1, version=None):
        missing = object()
        value = self._run(missing, super().incr, key, delta, version)
        if value is missing:
            # What incr does for a key that is not there, which is what an outage looks like.
            raise ValueError(f"Key '{key}' not found (the shared cache is unavailable).")
        return value

    def clear(self):
        return self._run(False, super().clear)
