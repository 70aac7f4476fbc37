"""manage.py backup <file or folder>: a consistent snapshot of the site's database, taken
while the site runs (SQLite's online backup API, or pg_dump -Fc for PostgreSQL), written
readable by its owner only; prints the file, its size and the shoes, hands, accounts and
progress rows in it. Run it daily (docs/deploy.md, "Backups"); `manage.py restore` puts one back.

Why here, in baccarat_site: a snapshot is of the whole database (the tracker's shoes, the
accounts, the learners' progress, sessions, the sign-in lockout), not of one section, and
baccarat_site is where the site-wide concerns live (settings, health, error pages). Django
finds commands only in installed apps, so settings.INSTALLED_APPS lists baccarat_site for
these two; it has no models, templates or static files for that to pick up. The work itself
is in baccarat_site/snapshots.py.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from baccarat_site.snapshots import SnapshotError, backup, describe, prune


class Command(BaseCommand):
    help = (
        "Write a consistent snapshot of the database while the site runs, mode 0600: to a new "
        "file, or into a folder as baccarat-<UTC time>.sqlite3 (SQLite) or .pgdump "
        "(PostgreSQL, pg_dump's custom format)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="a new file, or an existing folder to name one in")
        parser.add_argument(
            "--keep-days",
            type=int,
            metavar="N",
            help="with a folder: once this snapshot is written, delete the ones this command "
            "named there more than N days ago (no other file is touched)",
        )
        parser.add_argument(
            "--database", default=DEFAULT_DB_ALIAS, help="the database alias (default: default)"
        )

    def handle(self, *args, path, keep_days, database, **options):
        connection = connections[database]
        if keep_days is not None and not Path(path).is_dir():
            raise CommandError(f"--keep-days goes with a folder, and {path} is not one.")
        if keep_days is not None and keep_days < 1:
            raise CommandError("--keep-days must be 1 or more.")
        try:
            snapshot = backup(connection, path)
        except (SnapshotError, DatabaseError, OSError) as error:
            raise CommandError(f"No snapshot written: {error}") from None
        self.stdout.write(
            f"Wrote {snapshot.path} ({snapshot.size:,} bytes, {connection.display_name}): "
            f"{describe(snapshot.counts)}."
        )
        if keep_days is not None:
            removed = prune(snapshot.path.parent, keep_days, spare=[snapshot.path])
            if removed:
                names = ", ".join(old.name for old in removed)
                self.stdout.write(f"Removed {len(removed)} older than {keep_days} days: {names}.")
