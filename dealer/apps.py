from django.apps import AppConfig


class DealerConfig(AppConfig):
    """The dealer school (/dealer/): drills a dealer in training repeats until they are
    instant, timed and scored, feeding the same spaced-repetition skills as the quiz."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "dealer"
