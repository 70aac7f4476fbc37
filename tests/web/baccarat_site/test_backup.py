"""manage.py backup and restore (baccarat_site/management/commands/, baccarat_site/snapshots.py):
a snapshot taken while another thread keeps recording hands, restored into an empty
database, holds every shoe, hand, account and progress row that existed when it was taken,
and no hand recorded after it; restore refuses a database that holds anything unless
--force. Runs on the suite's database: SQLite here, PostgreSQL in the PostgreSQL run
(pg_dump and pg_restore), so each engine's own way is the one tested."""

import os
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, date, datetime, timedelta
from io import StringIO
from pathlib import Path
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection, connections
from django.utils import timezone

from baccarat_site import snapshots
from progress.models import LessonProgress, PracticeDay, SkillCard, SpeedBest
from tracker.models import Hand, Shoe

# A real commit for every write: the snapshot is taken by another connection (SQLite), or
# by pg_dump in another process, and neither sees a test's open transaction.
real_commits = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]
SUFFIX = snapshots.SUFFIXES[connection.vendor]  # a snapshot file's name ends in it
User = get_user_model()

# What is compared, table by table: columns every engine and driver reads back alike
# (quoted: `natural` is a keyword).
COMPARED = {
    "shoes": (Shoe, "id, name, visitor, decks, share_token, owner_id"),
    "hands": (Hand, "id, shoe_id, seq, outcome, player_pair, banker_pair, natural"),
    "accounts": (User, "id, username, password, email"),
    "lessons passed": (LessonProgress, "id, user_id, lesson"),
    "skill cards": (SkillCard, "id, user_id, skill, attempts, correct"),
    "speed bests": (SpeedBest, "id, user_id"),
    "practice days": (PracticeDay, "id, user_id"),
}


def select(cursor):
    """{what: set of rows} through a DB-API cursor on any copy of the database."""
    rows = {}
    for what, (model, columns) in COMPARED.items():
        names = ", ".join(f'"{column.strip()}"' for column in columns.split(","))
        cursor.execute(f'SELECT {names} FROM "{model._meta.db_table}"')
        rows[what] = {tuple(row) for row in cursor.fetchall()}
    return rows


def live_rows():
    with connection.cursor() as cursor:
        return select(cursor)


def fill():
    """Two accounts, three shoes (one signed-in, two anonymous) with hands, and a row of
    each kind of progress; the shoe the writer thread records into."""
    ada = User.objects.create(username="ada", email="ada@example.org", password="pbkdf2$x$y$z")
    User.objects.create(username="bo", password="!")
    mine = Shoe.objects.create(owner=ada, name="Ada's table", decks=6)
    for outcome in "BBPTB":
        mine.record(outcome, natural=outcome == "T")
    mine.record("P", player_pair=True, cards=["9", "8s", "K", "K"])
    other = Shoe.objects.create(visitor="visitor-1", name="Anonymous table")
    for outcome in "PPB":
        other.record(outcome)
    LessonProgress.objects.create(
        user=ada, lesson="foundations/card-values", checks_passed=["king"], completed=timezone.now()
    )
    SkillCard.objects.create(
        user=ada, skill="banker:3:8", card={"state": 2}, due=timezone.now(), attempts=4, correct=3
    )
    SpeedBest.objects.create(user=ada, result={"answered": 40, "right": 38})
    PracticeDay.objects.create(user=ada, day=date(2026, 12, 1))
    return Shoe.objects.create(visitor="visitor-2", name="Busy table")


def wait_for(condition, seconds=20):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)  # another thread's progress: polled, with a deadline


class Writer(threading.Thread):
    """Records hands into one shoe, one transaction each, until stopped; `written` holds
    each hand's id once its commit has returned."""

    def __init__(self, shoe_pk):
        super().__init__(daemon=True)
        self.shoe_pk, self.stop, self.written, self.errors = shoe_pk, threading.Event(), [], []

    def run(self):
        try:
            shoe = Shoe.objects.get(pk=self.shoe_pk)
            while not self.stop.is_set():
                self.written.append(shoe.record("BPBBPT"[len(self.written) % 6]).pk)
                time.sleep(0.002)  # a steady stream of writes, not one held lock
        except Exception as error:  # reported in the test's thread
            self.errors.append(error)
        finally:
            connections.close_all()  # this thread's own


@pytest.fixture
def scratch(tmp_path):
    """An empty database of the suite's engine, as (its DATABASE_URL, a function opening a
    DB-API connection to it)."""
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        path = tmp_path / "scratch.sqlite3"
        yield f"sqlite:///{path}", lambda: sqlite3.connect(path)
        return
    import psycopg

    name = f"backup_scratch_{os.getpid()}"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        cursor.execute(f'CREATE DATABASE "{name}"')
    user, password = settings_dict["USER"] or "", settings_dict["PASSWORD"] or ""
    host, port = settings_dict["HOST"] or "localhost", settings_dict["PORT"] or 5432
    url = f"postgres://{quote(user, safe='')}:{quote(password, safe='')}@{host}:{port}/{name}"
    yield (
        url,
        lambda: psycopg.connect(dbname=name, user=user, password=password, host=host, port=port),
    )
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(database_url, *args):
    """manage.py in a process of its own, on the database at `database_url`, as an operator
    runs it (docs/deploy.md, "Backups")."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("DJANGO_") and name != "DATABASE_URL"
    }
    env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def read(open_connection):
    database = open_connection()
    try:
        return select(database.cursor())
    finally:
        database.close()


@real_commits
def test_a_snapshot_taken_while_hands_are_recorded_restores_whole(tmp_path, scratch):
    folder = tmp_path / "snapshots"
    folder.mkdir()
    busy = fill()
    writer = Writer(busy.pk)
    writer.start()
    try:
        wait_for(lambda: len(writer.written) >= 10)
        before = live_rows()  # all committed: the snapshot must hold every row of these
        out = StringIO()
        call_command("backup", str(folder), stdout=out)
        after = live_rows()  # anything the snapshot holds was committed by now
        recorded_by_then = len(writer.written)
        wait_for(lambda: len(writer.written) >= recorded_by_then + 10)  # it never waited
    finally:
        writer.stop.set()
        writer.join(timeout=30)
    assert not writer.errors, writer.errors

    [snapshot] = folder.iterdir()  # one file: no -wal beside it, nothing left half-written
    assert snapshots.NAMED.fullmatch(snapshot.name)
    assert snapshot.stat().st_mode & 0o777 == 0o600
    said = out.getvalue()
    assert f"Wrote {snapshot} ({snapshot.stat().st_size:,} bytes" in said

    url, open_scratch = scratch
    restored = manage(url, "restore", str(snapshot))
    assert restored.returncode == 0, restored.stderr
    got = read(open_scratch)

    # Every shoe, account and progress row: nothing of them changed while the writer ran.
    for what in COMPARED:
        if what != "hands":
            assert got[what] == before[what] == after[what], what
    # The hands: all that were committed before the snapshot began, none that was not
    # committed when it ended, and each shoe's numbers without a gap (one moment's state).
    assert before["hands"] <= got["hands"] <= after["hands"]
    later = set(writer.written) - {hand[0] for hand in after["hands"]}
    assert later and later.isdisjoint(hand[0] for hand in got["hands"])
    for shoe_id in {hand[1] for hand in got["hands"]}:
        seqs = sorted(hand[2] for hand in got["hands"] if hand[1] == shoe_id)
        assert seqs == list(range(1, len(seqs) + 1))
    assert sum(hand[1] == busy.pk for hand in got["hands"]) >= 10

    # What backup and restore printed are the snapshot's own counts.
    progress = sum(len(got[what]) for what in list(COMPARED)[3:])
    counts = (
        f"{len(got['shoes'])} shoes, {len(got['hands'])} hands, {len(got['accounts'])} "
        f"accounts, {progress} progress rows"
    )
    assert said.endswith(f"): {counts}.\n")
    assert f"Restored {snapshot} into " in restored.stdout and counts in restored.stdout

    # A database that holds anything is refused, unless --force, which replaces it all.
    database = open_scratch()
    database.cursor().execute(
        f'INSERT INTO "{Shoe._meta.db_table}" (name, visitor, decks, created, share_token) '
        "VALUES ('Added later', 'v', 8, '2026-12-01 00:00:00', 'later')"
    )
    database.commit()
    database.close()
    refused = manage(url, "restore", str(snapshot))
    assert refused.returncode != 0
    assert "Nothing restored" in refused.stderr and "is not empty" in refused.stderr
    assert "--force" in refused.stderr
    assert len(read(open_scratch)["shoes"]) == len(got["shoes"]) + 1
    forced = manage(url, "restore", "--force", str(snapshot))
    assert forced.returncode == 0, forced.stderr
    assert read(open_scratch) == got


@real_commits
def test_restore_refuses_the_site_s_own_database_when_it_holds_data(tmp_path):
    fill()
    call_command("backup", str(tmp_path / f"snapshot{SUFFIX}"), stdout=StringIO())
    Shoe.objects.create(visitor="v", name="After the snapshot")
    before = live_rows()
    with pytest.raises(CommandError, match=r"is not empty: it has \d+ tables \(4 shoes, 9 hands"):
        call_command("restore", str(tmp_path / f"snapshot{SUFFIX}"), stdout=StringIO())
    assert live_rows() == before


@real_commits
def test_what_backup_and_restore_refuse(tmp_path):
    taken = tmp_path / f"taken{SUFFIX}"
    taken.write_text("someone's file")
    with pytest.raises(CommandError, match="never written over another file"):
        call_command("backup", str(taken))
    assert taken.read_text() == "someone's file"
    with pytest.raises(CommandError, match="there is no folder .*missing: create it first"):
        call_command("backup", str(tmp_path / "missing" / f"snapshot{SUFFIX}"))
    # A folder that is not there (a disk not mounted) is not taken for a file's name.
    with pytest.raises(CommandError, match="there is no folder .*unmounted; .* end its name in"):
        call_command("backup", str(tmp_path / "unmounted"))
    assert not (tmp_path / "unmounted").exists()
    with pytest.raises(CommandError, match="goes with a folder, and .* is not one"):
        call_command("backup", str(tmp_path / f"new{SUFFIX}"), "--keep-days", "7")
    with pytest.raises(CommandError, match="is not a snapshot made by manage.py backup"):
        call_command("restore", str(taken))
    other = "postgresql" if connection.vendor == "sqlite" else "sqlite"
    foreign = tmp_path / "foreign"
    foreign.write_bytes(next(m for m, v in snapshots.MAGIC.items() if v == other) + b"\0" * 64)
    with pytest.raises(CommandError, match=f"is a {snapshots.ENGINES[other]} snapshot"):
        call_command("restore", str(foreign))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("restore", str(tmp_path / "absent"))


@real_commits
def test_keep_days_deletes_only_old_snapshots_of_its_own_naming(tmp_path):
    now = datetime.now(UTC)
    old = tmp_path / "baccarat-20200101T041500Z.sqlite3"
    old_dump = tmp_path / "baccarat-20200102T041500Z.pgdump"
    recent = tmp_path / f"baccarat-{now - timedelta(days=2):%Y%m%dT%H%M%SZ}.pgdump"
    others = [tmp_path / "baccarat-20200101T041500Z.sqlite3.bak", tmp_path / "notes.txt"]
    for path in [old, old_dump, recent, *others]:
        path.write_text("x")
    out = StringIO()
    call_command("backup", str(tmp_path), "--keep-days", "7", stdout=out)
    assert not old.exists() and not old_dump.exists()
    assert recent.exists() and all(path.exists() for path in others)
    assert len(list(tmp_path.glob("baccarat-*"))) == 3  # the new one, the recent, the .bak
    assert f"Removed 2 older than 7 days: {old.name}, {old_dump.name}." in out.getvalue()


def test_pg_programs_are_found_where_debian_puts_them(tmp_path, monkeypatch):
    for version in ("9.6", "13", "15"):
        folder = tmp_path / version / "bin"
        folder.mkdir(parents=True)
        (folder / "pg_dump").write_text("#!/bin/sh\n")
        (folder / "pg_dump").chmod(0o755)
    monkeypatch.setattr(snapshots.shutil, "which", lambda name: None)
    monkeypatch.setattr(snapshots, "POSTGRES_BINARIES", str(tmp_path / "*" / "bin"))
    assert snapshots.postgres_program("pg_dump") == str(tmp_path / "15" / "bin" / "pg_dump")
    with pytest.raises(snapshots.SnapshotError, match="pg_restore is neither on PATH"):
        snapshots.postgres_program("pg_restore")


def test_the_password_reaches_pg_dump_through_its_environment():
    environment = snapshots.libpq_environment(
        {
            "NAME": "baccarat",
            "USER": "site",
            "PASSWORD": "s3cret",
            "HOST": "db.internal",
            "PORT": 5433,
            "OPTIONS": {"sslmode": "require", "connect_timeout": 2},
        }
    )
    assert environment["PGPASSWORD"] == "s3cret" and environment["PGUSER"] == "site"
    assert environment["PGHOST"] == "db.internal" and environment["PGPORT"] == "5433"
    assert environment["PGSSLMODE"] == "require" and environment["PGCONNECT_TIMEOUT"] == "2"
