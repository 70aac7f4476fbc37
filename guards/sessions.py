"""The session engine: Django's cached_db, refusing a session key it could never have made.

Django makes keys of 32 lower-case letters and digits, but looks up whatever the cookie
says. A cookie such as `sessionid="\\000abcdefghijk"` (Django reads the quoted escape as a
NUL) reached PostgreSQL, which cannot compare text with a NUL, and every page answered 500.
A key of any other shape is now no session at all, as an unknown key is.

With the cache in Redis (REDIS_URL) out of reach, sessions are read from and written to the
database alone, and the copies Redis held are deleted when it is back, so that a session
signed out meanwhile stays signed out: baccarat_site/shared_cache.py.
"""

import re

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbStore

KEY = re.compile(r"[a-z0-9]{8,40}")


class SessionStore(CachedDbStore):
    def _validate_session_key(self, key):
        return bool(key) and KEY.fullmatch(key) is not None
