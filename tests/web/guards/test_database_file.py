"""The SQLite database holds the sessions table: only the site's user may read it, and the
files SQLite keeps beside it (guards.folders.private_database_file, settings)."""

import os
import sqlite3
import stat

import pytest
from django.db import connection
from production_process import production_env, run_python

from guards.folders import FolderError, private_database_file


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_database_and_its_wal_files_are_the_owners_only(tmp_path):
    path = tmp_path / "site.sqlite3"
    old = os.umask(0o022)  # the usual umask, which lets others read new files
    try:
        assert private_database_file(path) == []
        database = sqlite3.connect(path)
        database.execute("PRAGMA journal_mode=WAL")
        database.execute("CREATE TABLE t (x)")
        database.execute("INSERT INTO t VALUES (1)")
        database.commit()
        for name in ("site.sqlite3", "site.sqlite3-wal", "site.sqlite3-shm"):
            assert mode(tmp_path / name) == 0o600, name
        database.close()
    finally:
        os.umask(old)


def test_an_existing_database_open_to_others_is_tightened(tmp_path):
    path = tmp_path / "site.sqlite3"
    sqlite3.connect(path).close()
    (tmp_path / "site.sqlite3-wal").write_bytes(b"")
    os.chmod(path, 0o644)
    os.chmod(tmp_path / "site.sqlite3-wal", 0o666)
    tightened = private_database_file(path)
    assert len(tightened) == 2 and "0644 to 0600" in tightened[0]
    assert mode(path) == 0o600 and mode(tmp_path / "site.sqlite3-wal") == 0o600
    assert private_database_file(path) == []


def test_a_link_in_the_databases_place_stops_the_start(tmp_path):
    target = tmp_path / "elsewhere.sqlite3"
    target.write_bytes(b"")
    (tmp_path / "site.sqlite3").symlink_to(target)
    with pytest.raises(FolderError, match="link"):
        private_database_file(tmp_path / "site.sqlite3")


def test_an_in_memory_database_has_no_file():
    assert private_database_file(":memory:") == []


@pytest.mark.django_db
def test_the_test_database_is_the_owners_only_too():
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL keeps its own files")
    assert mode(connection.settings_dict["NAME"]) == 0o600


def test_the_site_makes_its_database_private_at_start(tmp_path):
    """A production start (settings imported, migrate) on a fresh path leaves the database
    mode 0600 whatever the umask."""
    path = tmp_path / "db.sqlite3"
    env = production_env(tmp_path) | {
        "DATABASE_URL": f"sqlite:///{path}",
        "DJANGO_SETTINGS_MODULE": "baccarat_site.settings",
    }
    code = (
        "import os; os.umask(0o022); import django; django.setup(); "
        "from django.core.management import call_command; call_command('migrate', verbosity=0)"
    )
    result = run_python(env, "-c", code)
    assert result.returncode == 0, result.stderr
    assert mode(path) == 0o600
    for companion in ("db.sqlite3-wal", "db.sqlite3-shm"):
        if (tmp_path / companion).exists():
            assert mode(tmp_path / companion) == 0o600
