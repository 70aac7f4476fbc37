from django.apps import AppConfig


class LabConfig(AppConfig):
    """The simulation lab (/lab/): chance deals whole shoes (the maths is
    baccarat/simulation/chance.py)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "lab"
