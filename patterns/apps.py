from django.apps import AppConfig


class PatternsConfig(AppConfig):
    """The players' road vocabulary (/patterns/): the shapes players name on the Big Road,
    each beside chance's figures (baccarat/roads/patterns.py, baccarat/simulation/patterns.py)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "patterns"
