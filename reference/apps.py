from django.apps import AppConfig


class ReferenceConfig(AppConfig):
    """The reference: the home page, the rules, the Banker-row pages, the glossary."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reference"
