"""Snapshots of the site's database, taken while the site runs, and put back into an empty
database: `manage.py backup` and `manage.py restore` (baccarat_site/management/commands/;
docs/deploy.md, "Backups"). Both work on the database the site itself uses: Django's connection, so
DATABASE_URL (or db.sqlite3 in the checkout when it is unset) decides, as for the site.

- SQLite: SQLite's online backup API (sqlite3.Connection.backup), every page in one step and
  so in one read transaction: under write-ahead logging the site's writers carry on meanwhile,
  and the snapshot is the database as of one commit. Never a file copy: a copy of db.sqlite3
  taken while a hand is being committed can catch the file and its -wal out of step. The
  snapshot is one self-contained file (journal_mode DELETE, no -wal beside it), checked with
  PRAGMA quick_check before it is kept.
- PostgreSQL: pg_dump, custom format (-Fc), run inside a snapshot exported from a REPEATABLE
  READ transaction that also reads the counts printed, so that they are the dump's own.

Either way the file is written beside its final name, mode 0600 from the moment it exists
(it holds password hashes and sessions), flushed to disk, then renamed into place: a
snapshot under its final name is a whole one.
"""

import glob
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction

ENGINES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
# What a snapshot file starts with: a SQLite database, or pg_dump's custom format.
MAGIC = {b"SQLite format 3\x00": "sqlite", b"PGDMP": "postgresql"}
# The names `backup <folder>` gives, and the only files --keep-days ever deletes.
NAMED = re.compile(r"baccarat-(\d{8}T\d{6}Z)\.(sqlite3|pgdump)")
STAMP = "%Y%m%dT%H%M%SZ"
# Where Debian and Ubuntu put each PostgreSQL version's programs, when they are not on PATH.
POSTGRES_BINARIES = "/usr/lib/postgresql/*/bin"
# DATABASES["default"]["OPTIONS"] that libpq also reads from the environment.
LIBPQ_OPTIONS = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
    "passfile": "PGPASSFILE",
    "service": "PGSERVICE",
    "connect_timeout": "PGCONNECT_TIMEOUT",
    "options": "PGOPTIONS",
    "target_session_attrs": "PGTARGETSESSIONATTRS",
}
SINGULAR = {
    "shoes": "shoe",
    "hands": "hand",
    "accounts": "account",
    "progress rows": "progress row",
}


class SnapshotError(Exception):
    """Why a snapshot could not be written or restored, in a sentence for the operator."""


@dataclass
class Snapshot:
    path: Path
    size: int
    counts: dict


# --- What is counted ------------------------------------------------------------------------


def counted_tables():
    """{what: [table, ...]}: the rows both commands count, read from the models' own tables
    (the learner's progress is four models: lessons passed, skill cards, the best speed
    drill, practice days)."""
    return {
        "shoes": [apps.get_model("tracker", "Shoe")._meta.db_table],
        "hands": [apps.get_model("tracker", "Hand")._meta.db_table],
        "accounts": [get_user_model()._meta.db_table],
        "progress rows": [
            model._meta.db_table for model in apps.get_app_config("progress").get_models()
        ],
    }


def count_rows(cursor, present):
    """{what: rows} through a DB-API `cursor`; a table not in `present` counts 0."""
    counts = {}
    for what, tables in counted_tables().items():
        counts[what] = 0
        for table in tables:
            if table in present:
                cursor.execute(f"SELECT COUNT(*) FROM {quoted(table)}")
                counts[what] += cursor.fetchone()[0]
    return counts


def describe(counts):
    """'12 shoes, 340 hands, 1 account, 17 progress rows'."""
    return ", ".join(
        f"{count:,} {what if count != 1 else SINGULAR[what]}" for what, count in counts.items()
    )


def quoted(identifier):
    """An SQL identifier, double-quoted (SQLite and PostgreSQL alike)."""
    return '"' + identifier.replace('"', '""') + '"'


def engine(connection):
    """'sqlite' or 'postgresql'; SnapshotError for any other database."""
    if connection.vendor not in ENGINES:
        raise SnapshotError(
            f"backup and restore know SQLite and PostgreSQL; this database is "
            f"{connection.display_name}."
        )
    return connection.vendor


def where(connection):
    """The database, as the operator would name it."""
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"the SQLite database {settings_dict['NAME']}"
    host = settings_dict.get("HOST") or "the local socket"
    port = settings_dict.get("PORT") or 5432
    return f"the PostgreSQL database {settings_dict['NAME']!r} on {host}:{port}"


def tables_of(connection):
    """The tables (and views) in the configured database: none means it is empty."""
    with connection.cursor() as cursor:
        return [info.name for info in connection.introspection.get_table_list(cursor)]


# --- Writing one ----------------------------------------------------------------------------


def backup(connection, target, now=None):
    """Write a snapshot of `connection`'s database to `target` (a new file, or a folder to
    name one in: baccarat-<UTC time>.sqlite3 or .pgdump); returns the Snapshot written."""
    vendor = engine(connection)
    final = destination(Path(target), vendor, now or datetime.now(UTC))
    with private_file(final) as partial:
        if vendor == "sqlite":
            counts = sqlite_backup(connection, partial)
        else:
            counts = postgres_backup(connection, partial)
    return Snapshot(final, final.stat().st_size, counts)


def destination(target, vendor, now):
    """The file to write: in a folder, named by the time; else `target` itself, whose name
    must end in the engine's suffix (so that a folder that is missing, as when a disk is not
    mounted, is said to be missing rather than taken for a file's name)."""
    suffix = SUFFIXES[vendor]
    if target.is_dir():
        return target / f"baccarat-{now.astimezone(UTC):{STAMP}}{suffix}"
    if target.suffix != suffix:
        raise SnapshotError(
            f"there is no folder {target}; to name a file instead, end its name in {suffix} "
            f"(a {ENGINES[vendor]} snapshot)."
        )
    if target.exists() or target.is_symlink():
        raise SnapshotError(
            f"{target} exists already, and a snapshot is never written over another file: "
            "give a new name, or a folder to name it in."
        )
    if not target.parent.is_dir():
        raise SnapshotError(f"there is no folder {target.parent}: create it first (mode 0700).")
    return target


@contextmanager
def private_file(final):
    """A new, empty file beside `final`, readable by its owner only (mkstemp: 0600), for the
    caller to fill; flushed to disk and renamed to `final` when the block ends without an
    error, removed when it does not."""
    descriptor, name = tempfile.mkstemp(
        prefix=f".{final.name}.", suffix=".partial", dir=final.parent
    )
    os.close(descriptor)
    partial = Path(name)
    try:
        yield partial
        os.chmod(partial, 0o600)
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        if final.exists():
            raise SnapshotError(f"{final} appeared while the snapshot was written: not replaced.")
        os.replace(partial, final)
        folder = os.open(final.parent, os.O_RDONLY)
        try:
            os.fsync(folder)  # the rename itself on disk
        finally:
            os.close(folder)
    finally:
        partial.unlink(missing_ok=True)
        Path(f"{partial}-journal").unlink(missing_ok=True)


def sqlite_backup(connection, partial):
    """The online backup API into `partial`; the snapshot's own counts."""
    connection.ensure_connection()
    copy = sqlite3.connect(partial)
    try:
        # pages=-1 (the default): every page in one step, so in one read transaction. A
        # backup made in several steps starts again whenever another connection writes.
        connection.connection.backup(copy)
        # The source is in WAL mode and the copy inherits it: a snapshot is one file.
        copy.execute("PRAGMA journal_mode=DELETE")
        verify(copy, partial)
        cursor = copy.cursor()
        return count_rows(cursor, sqlite_tables(cursor))
    finally:
        copy.close()


def verify(database, path):
    problems = [row[0] for row in database.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise SnapshotError(f"{path} failed SQLite's quick_check: {'; '.join(problems[:5])}")


def sqlite_tables(cursor):
    cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {row[0] for row in cursor.fetchall()}


def postgres_backup(connection, partial):
    """pg_dump -Fc into `partial`, inside a snapshot exported from a transaction of our own
    that reads the counts too; the counts."""
    pg_dump = postgres_program("pg_dump")
    # A connection of its own, as Django would open one: Django's is left alone.
    raw = connection.Database.connect(**connection.get_connection_params())
    try:
        raw.autocommit = True  # so that the BEGIN below is the transaction's first statement
        cursor = raw.cursor()
        cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        exported = cursor.fetchone()[0]
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = ANY (current_schemas(false))"
        )
        counts = count_rows(cursor, {row[0] for row in cursor.fetchall()})
        # The snapshot lives as long as this transaction: pg_dump reads it meanwhile.
        run(
            [
                pg_dump,
                "--format=custom",
                f"--snapshot={exported}",
                f"--file={partial}",
                f"--dbname={connection.settings_dict['NAME'] or ''}",
            ],
            libpq_environment(connection.settings_dict),
        )
        cursor.execute("COMMIT")
    finally:
        raw.close()
    return counts


def postgres_program(name):
    """pg_dump or pg_restore: from PATH, else the newest in /usr/lib/postgresql/*/bin (where
    Debian's packages put them). It must be of the server's major version or newer."""
    found = shutil.which(name)
    if found:
        return found

    def version(folder):
        number = Path(folder).parent.name
        return tuple(int(part) for part in number.split(".") if part.isdigit())

    for folder in sorted(glob.glob(POSTGRES_BINARIES), key=version, reverse=True):
        candidate = Path(folder) / name
        if os.access(candidate, os.X_OK):
            return str(candidate)
    raise SnapshotError(
        f"{name} is neither on PATH nor in {POSTGRES_BINARIES}: install PostgreSQL's client "
        "programs (Debian: apt-get install postgresql-client), of the server's major version "
        "or newer."
    )


def libpq_environment(settings_dict):
    """The environment pg_dump and pg_restore connect with: Django's settings for the
    database as libpq's variables, the password too (never on a command line, where any
    user on the machine could read it)."""
    environment = dict(os.environ)
    for setting, variable in [
        ("HOST", "PGHOST"),
        ("PORT", "PGPORT"),
        ("USER", "PGUSER"),
        ("PASSWORD", "PGPASSWORD"),
    ]:
        if settings_dict.get(setting):
            environment[variable] = str(settings_dict[setting])
    for option, variable in LIBPQ_OPTIONS.items():
        if settings_dict.get("OPTIONS", {}).get(option) not in (None, ""):
            environment[variable] = str(settings_dict["OPTIONS"][option])
    return environment


def run(command, environment):
    try:
        done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    except OSError as error:
        raise SnapshotError(f"could not run {command[0]}: {error}") from None
    if done.returncode != 0:
        said = done.stderr.strip() or done.stdout.strip() or "(it said nothing)"
        raise SnapshotError(f"{Path(command[0]).name} failed (exit {done.returncode}): {said}")
    return done


def prune(folder, keep_days, now=None, spare=()):
    """Delete the snapshots in `folder` that `backup <folder>` named more than `keep_days`
    days before `now`, by the time in their names, sparing `spare`; the paths deleted. No
    other file is ever touched."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=keep_days)
    spared = {Path(path).resolve() for path in spare}
    removed = []
    for path in sorted(Path(folder).iterdir()):
        named = NAMED.fullmatch(path.name)
        if not named or not path.is_file() or path.resolve() in spared:
            continue
        taken = datetime.strptime(named.group(1), STAMP).replace(tzinfo=UTC)
        if taken < cutoff:
            path.unlink()
            removed.append(path)
    return removed


# --- Putting one back -----------------------------------------------------------------------


def kind_of(path):
    """'sqlite' or 'postgresql', from the file's first bytes."""
    try:
        with open(path, "rb") as snapshot:
            head = snapshot.read(16)
    except OSError as error:
        raise SnapshotError(f"cannot read {path}: {error.strerror}") from None
    for magic, vendor in MAGIC.items():
        if head.startswith(magic):
            return vendor
    raise SnapshotError(
        f"{path} is not a snapshot made by manage.py backup (neither a SQLite database nor "
        "a pg_dump custom-format archive)."
    )


def restore(connection, path, force=False):
    """Put the snapshot at `path` into `connection`'s database, which must be empty (no
    tables) unless `force`, which replaces everything in it; the counts restored."""
    vendor = engine(connection)
    path = Path(path)
    kind = kind_of(path)
    if kind != vendor:
        raise SnapshotError(
            f"{path} is a {ENGINES[kind]} snapshot and the configured database is "
            f"{ENGINES[vendor]}: restore it into a {ENGINES[kind]} database."
        )
    tables = tables_of(connection)
    if tables and not force:
        with connection.cursor() as cursor:
            counts = count_rows(cursor, set(tables))
        raise SnapshotError(
            f"{where(connection)} is not empty: it has {len(tables)} tables "
            f"({describe(counts)}). restore writes only into an empty database: create a new "
            "one and point DATABASE_URL at it, or, to replace everything in this one, stop "
            "the site and run again with --force."
        )
    if vendor == "sqlite":
        sqlite_restore(connection, path)
    else:
        postgres_restore(connection, path, tables)
    connection.close()  # what it knew of the old database
    with connection.cursor() as cursor:
        return count_rows(cursor, set(tables_of(connection)))


def sqlite_restore(connection, path):
    """The backup API the other way: every page of the snapshot into the configured
    database, in one transaction of the destination's (all or nothing)."""
    snapshot = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        verify(snapshot, path)
        connection.ensure_connection()
        snapshot.backup(connection.connection)
    finally:
        snapshot.close()


def postgres_restore(connection, path, tables):
    """pg_restore into the configured database, in one transaction; `tables` (there only
    with --force) are dropped first. Objects are owned by the role restoring them, and
    grants are left as the database has them, so a scratch database owned by another role
    takes the snapshot as well as production's."""
    pg_restore = postgres_program("pg_restore")
    if tables:
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            for info in connection.introspection.get_table_list(cursor):
                kind = "VIEW" if info.type == "v" else "TABLE"
                cursor.execute(f"DROP {kind} IF EXISTS {quoted(info.name)} CASCADE")
    connection.close()  # nothing of ours in pg_restore's way
    try:
        run(
            [
                pg_restore,
                "--single-transaction",
                "--exit-on-error",
                "--no-owner",
                "--no-privileges",
                f"--dbname={connection.settings_dict['NAME'] or ''}",
                str(path),
            ],
            libpq_environment(connection.settings_dict),
        )
    except SnapshotError as error:
        if tables:
            raise SnapshotError(
                f"{error} (--force had already emptied {where(connection)}: nothing of the "
                "snapshot was restored; run restore again once the cause is mended)"
            ) from None
        raise
