from django.apps import AppConfig


class OddsConfig(AppConfig):
    """The odds calculator page (the maths is baccarat/odds/exact.py)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "odds"
