from django.apps import AppConfig


class HandsConfig(AppConfig):
    """Hands: the walkthrough of any hand, gate by gate, and the practice dealer."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "hands"
