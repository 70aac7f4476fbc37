import logging

from django.apps import AppConfig
from django.conf import settings
from django.db.backends.signals import connection_created

logger = logging.getLogger("guards")


class GuardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "guards"

    def ready(self):
        for tightened in getattr(settings, "DATABASE_FILE_TIGHTENED", []):
            logger.warning(
                "The database file %s was readable by other users; no longer.", tightened
            )
        connection_created.connect(keep_sqlite_private, dispatch_uid="guards.sqlite_private")


def keep_sqlite_private(sender, connection, **kwargs):
    """A database file SQLite made itself (the test run's, one restored from a snapshot)
    gets the same owner-only mode as the site's (settings: private_database_file)."""
    from guards.folders import private_database_file

    if connection.vendor != "sqlite":
        return
    private_database_file(str(connection.settings_dict.get("NAME") or ""))
