"""Where the limits keep their counts: a table of their own in the database (guards.models.
Allowance), one row a client and limit, changed by one SQL statement a check.

Not the cache. A cache may drop any entry to make room for another (Django's file cache
keeps 300 and culls a third of them when full), and anybody's traffic fills it: cookie-less
page views from other addresses used to evict a client's write counts, and its limits
started again from zero. Nothing but time and these functions changes a row here, on every
gunicorn worker and every machine alike (they share the database).

Each limit is a rate, an amount a period, kept with the generic cell rate algorithm: a row
holds the moment the client's allowance is whole again. Taking `amount` moves that moment
`amount` × period / rate later (from now, if it had passed); it fits while the moment stays
within one period of now. So a client may use its whole allowance at once, and then at the
rate it comes back. The check and the charge are one statement (an upsert whose update is
conditional), so parallel requests on any number of workers can never both take the last
of an allowance.
"""

from __future__ import annotations

import itertools
import time

from django.db import connection
from django.db.models import F

from guards.models import Allowance
from guards.rates import Rate

# Float rounding of the refill arithmetic: an allowance spent to the last unit must fit.
SLACK = 1e-6
# Rows whose moment has passed hold nothing: every this-many takes in a process, delete them.
SWEEP_EVERY = 1000

clock = time.time  # replaced by the tests, to step through time without waiting
_takes = itertools.count(1)


def _table() -> str:
    return connection.ops.quote_name(Allowance._meta.db_table)


def _greatest() -> str:
    # SQLite's max() with two arguments is the scalar one; PostgreSQL calls it greatest().
    return "MAX" if connection.vendor == "sqlite" else "GREATEST"


def take(key: str, rate: Rate, amount: int = 1, now: float | None = None) -> float | None:
    """Charge `amount` to `key`'s allowance at `rate`, if it fits: None when charged, else
    the seconds until it would fit (math.inf when it never will: more than the whole
    allowance). A refused take charges nothing."""
    if amount > rate.amount:
        return float("inf")
    now = clock() if now is None else now
    # It fits while the new moment is within one period of now; a new row always fits
    # (amount <= rate.amount).
    if _add(key, now, amount * rate.seconds / rate.amount, up_to=now + rate.seconds + SLACK):
        return None
    wait = wait_for(key, rate, amount, now=now)
    return wait if wait is not None else 1.0  # refilled in between: try again in a second


def take_all(takes: list[tuple[str, Rate]], now: float | None = None) -> float | None:
    """take(key, rate) for each (key, rate), all or none, in one statement: None when every
    one fitted (all charged), else the seconds until the first that did not would fit
    (nothing charged: those that fitted are given back). A write counts against two limits,
    and this spares it a round trip to the database."""
    now = clock() if now is None else now
    costs = {key: rate.seconds / rate.amount for key, rate in takes}
    if len(costs) < len(takes):
        raise ValueError("take_all: a key twice (one statement cannot change a row twice)")
    table, greatest = _table(), _greatest()
    key_column, moment = (connection.ops.quote_name(name) for name in ("key", "whole_at"))
    # Each row's own cost and limit, picked by its key.
    by_key = f"(CASE {table}.{key_column} {' '.join(['WHEN %s THEN %s'] * len(takes))} END)"
    values = ", ".join(["(%s, %s)"] * len(takes))
    sql = (
        f"INSERT INTO {table} ({key_column}, {moment}) VALUES {values} "
        f"ON CONFLICT ({key_column}) DO UPDATE "
        f"SET {moment} = {greatest}({table}.{moment}, %s) + {by_key} "
        f"WHERE {greatest}({table}.{moment}, %s) + {by_key} <= {by_key} "
        f"RETURNING {key_column}"
    )
    by_cost = [part for key in costs for part in (key, costs[key])]
    by_limit = [part for key, rate in takes for part in (key, now + rate.seconds + SLACK)]
    params = [part for key in costs for part in (key, now + costs[key])]
    params += [now, *by_cost, now, *by_cost, *by_limit]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        moved = {row[0] for row in cursor.fetchall()}
    for _key in takes:
        if next(_takes) % SWEEP_EVERY == 0:
            sweep()
    if len(moved) == len(takes):
        return None
    for key, rate in takes:
        if key in moved:
            give_back(key, rate)
    for key, rate in takes:
        if key not in moved:
            wait = wait_for(key, rate, now=now)
            return wait if wait is not None else 1.0  # refilled in between: try again
    return None


def charge(key: str, rate: Rate, amount: float, now: float | None = None) -> None:
    """Charge `amount` to `key`'s allowance whatever is left of it: for a cost known only
    once it is spent (guards.shares), which the client then owes before its next request."""
    now = clock() if now is None else now
    _add(key, now, amount * rate.seconds / rate.amount)


def _add(key: str, now: float, cost: float, up_to: float | None = None) -> bool:
    """Move `key`'s moment to greatest(moment, now) + cost, in one statement; with `up_to`,
    only if the new moment is no later than it. True when it moved."""
    table, greatest = _table(), _greatest()
    key_column, moment = (connection.ops.quote_name(name) for name in ("key", "whole_at"))
    sql = (
        f"INSERT INTO {table} ({key_column}, {moment}) VALUES (%s, %s) "
        f"ON CONFLICT ({key_column}) DO UPDATE "
        f"SET {moment} = {greatest}({table}.{moment}, %s) + %s "
    )
    params: list[str | float] = [key, now + cost, now, cost]
    if up_to is not None:
        sql += f"WHERE {greatest}({table}.{moment}, %s) + %s <= %s "
        params += [now, cost, up_to]
    with connection.cursor() as cursor:
        cursor.execute(sql + f"RETURNING {moment}", params)
        moved = cursor.fetchone() is not None
    if next(_takes) % SWEEP_EVERY == 0:
        sweep()
    return moved


def hold(key: str, seconds: float, now: float | None = None) -> float | None:
    """Hold `key` for at most `seconds`, unless somebody holds it already: the moment the
    hold ends (to let go of it with), or None when it is held. A hold not let go of (its
    worker killed) ends by itself."""
    now = clock() if now is None else now
    table = _table()
    key_column, moment = (connection.ops.quote_name(name) for name in ("key", "whole_at"))
    sql = (
        f"INSERT INTO {table} ({key_column}, {moment}) VALUES (%s, %s) "
        f"ON CONFLICT ({key_column}) DO UPDATE SET {moment} = %s "
        f"WHERE {table}.{moment} < %s "
        f"RETURNING {moment}"
    )
    until = now + seconds
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, until, until, now])
        held = cursor.fetchone()
    return until if held is not None else None


def let_go(key: str, until: float) -> None:
    """End the hold that `hold` returned `until` for (not a later holder's)."""
    Allowance.objects.filter(key=key, whole_at=until).delete()


def wait_for(key: str, rate: Rate, amount: int = 1, now: float | None = None) -> float | None:
    """Seconds until `amount` fits in `key`'s allowance, without charging anything; None
    when it fits now. With `amount` 0: until the allowance is no longer overdrawn."""
    if amount > rate.amount:
        return float("inf")
    now = clock() if now is None else now
    whole_at = _moment(key)
    after = max(whole_at or now, now) + amount * rate.seconds / rate.amount
    over = after - now - rate.seconds
    return over if over > SLACK else None


def _moment(key: str) -> float | None:
    """`key`'s moment, None without a row. In SQL: every request reads its address's
    processor share (guards.shares), and the ORM took longer to build this than the
    database to answer it."""
    key_column, moment = (connection.ops.quote_name(name) for name in ("key", "whole_at"))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {moment} FROM {_table()} WHERE {key_column} = %s", [key])
        row = cursor.fetchone()
    return None if row is None else row[0]


def left(key: str, rate: Rate, now: float | None = None) -> int:
    """How many units `key` could take now."""
    now = clock() if now is None else now
    whole_at = Allowance.objects.filter(key=key).values_list("whole_at", flat=True).first()
    used = max(0.0, (whole_at or now) - now)
    return max(0, int((rate.seconds - used) * rate.amount / rate.seconds + SLACK))


def give_back(key: str, rate: Rate, amount: int = 1) -> None:
    """Undo a charge of `amount` (a sign-in that turned out right costs nothing)."""
    cost = amount * rate.seconds / rate.amount
    Allowance.objects.filter(key=key).update(whole_at=F("whole_at") - cost)


def sweep() -> int:
    """Delete the rows that hold nothing any more (their moment has passed)."""
    deleted, _ = Allowance.objects.filter(whole_at__lt=clock()).delete()
    return deleted
