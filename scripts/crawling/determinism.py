"""The same answers on every crawl: before each request the randomness the site draws on
(random, secrets, uuid4, and random.Random() made without a seed) is reseeded from the
request's own key, so a quiz question, a lab seed or a share token is the one it was last
time. Each function has its own stream, so a change in how often one of them is called
(Django's CSRF and session ids use secrets.choice) does not move the others' values.

The clock (datetime.now, so django.utils.timezone.now too) reads a fixed instant that moves
on one second a request: a review "due in 10 minutes" or a skill due now does not depend
on how fast the machine crawled. It is installed before Django and the site are imported,
so their `from datetime import datetime` take it.

Values that would still differ between two checkouts that draw them in another order are
also replaced by placeholders (crawling/normalise.py)."""

import datetime
import hashlib
import random
import secrets
import uuid
from base64 import urlsafe_b64encode

START = datetime.datetime(2026, 1, 5, 9, 0, tzinfo=datetime.UTC)
TICK = datetime.timedelta(seconds=1)
_now = START

_streams: dict[str, random.Random] = {}
_key = "set-up"
_original_random = random.Random


def stream(name):
    if name not in _streams:
        digest = hashlib.sha256(f"{_key}/{name}".encode()).digest()
        _streams[name] = _original_random(int.from_bytes(digest[:8]))
    return _streams[name]


def reseed(key):
    """Start every stream afresh for the request named `key`; the clock moves on."""
    global _key, _now
    _key = key
    _now += TICK
    _streams.clear()
    random.seed(hashlib.sha256(key.encode()).digest())


def _token_bytes(nbytes=None):
    return stream("token_bytes").randbytes(32 if nbytes is None else nbytes)


def _token_hex(nbytes=None):
    return stream("token_hex").randbytes(32 if nbytes is None else nbytes).hex()


def _token_urlsafe(nbytes=None):
    raw = stream("token_urlsafe").randbytes(32 if nbytes is None else nbytes)
    return urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


class _SeededRandom(_original_random):
    """random.Random() without a seed draws from the operating system: seed it instead."""

    def __init__(self, x=None):
        super().__init__(stream("Random()").getrandbits(64) if x is None else x)


class _CrawlClock(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        if tz is None:
            return cls.fromtimestamp(_now.timestamp())
        return cls.fromtimestamp(_now.timestamp(), tz)

    @classmethod
    def today(cls):
        return cls.now()


def install():
    """Before Django is set up (see above)."""
    datetime.datetime = _CrawlClock
    secrets.randbits = lambda k: stream("randbits").getrandbits(k)
    secrets.randbelow = lambda n: stream("randbelow").randrange(n)
    secrets.choice = lambda seq: stream("choice").choice(seq)
    secrets.token_bytes = _token_bytes
    secrets.token_hex = _token_hex
    secrets.token_urlsafe = _token_urlsafe
    uuid.uuid4 = lambda: uuid.UUID(int=stream("uuid4").getrandbits(128), version=4)
    random.Random = _SeededRandom
