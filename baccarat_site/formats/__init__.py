"""Number and date formats per language, where the site's differ from Django's
(settings.FORMAT_MODULE_PATH)."""
