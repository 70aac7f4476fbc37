from django.apps import AppConfig


class BaccaratSiteConfig(AppConfig):
    """The site as a whole: settings, root URLs, the middleware, context processors and error
    pages every section shares, and its management commands (backup, restore)."""

    name = "baccarat_site"

    def ready(self):
        # The engine's sentences in the page's language (baccarat.translation), on every page.
        from django.utils.translation import gettext, pgettext

        from baccarat import translation

        translation.install(gettext, pgettext)
