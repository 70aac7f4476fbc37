"""manage.py restore <snapshot>: put a snapshot made by `manage.py backup` into the configured
database (DATABASE_URL, as for the site), which must be empty: no tables at all (a new
SQLite file, or a database just made with createdb). A database that holds anything is
refused with a non-zero exit unless --force, which replaces everything in it. SQLite: the
online backup API the other way; PostgreSQL: pg_restore in one transaction. Prints the
shoes, hands, accounts and progress rows restored. docs/deploy.md, "Backups"; it lives beside
`backup` (see that module for why in baccarat_site).
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor

from baccarat_site.snapshots import SnapshotError, describe, restore, where


class Command(BaseCommand):
    help = (
        "Restore a snapshot made by `manage.py backup` into the configured database, which "
        "must be empty unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the snapshot (.sqlite3 or .pgdump)")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace everything in a database that is not empty (stop the site first)",
        )
        parser.add_argument(
            "--database", default=DEFAULT_DB_ALIAS, help="the database alias (default: default)"
        )

    def handle(self, *args, path, force, database, **options):
        connection = connections[database]
        try:
            counts = restore(connection, path, force=force)
        except (SnapshotError, DatabaseError, OSError) as error:
            raise CommandError(f"Nothing restored: {error}") from None
        self.stdout.write(f"Restored {path} into {where(connection)}: {describe(counts)}.")
        executor = MigrationExecutor(connection)
        waiting = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if waiting:
            self.stdout.write(
                f"The snapshot is older than this code: {len(waiting)} migrations to apply "
                "(manage.py migrate) before the site starts on it."
            )
