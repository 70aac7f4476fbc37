from django.apps import AppConfig


class ReferenceConfig(AppConfig):
    """The reference: the home page, the rules, the Banker-row pages, the glossary."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reference"

    def ready(self):
        # The engine's sentences in the page's language (baccarat.translation).
        from django.utils.translation import gettext, pgettext

        from baccarat import translation

        translation.install(gettext, pgettext)
