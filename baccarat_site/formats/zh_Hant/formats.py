"""zh-hant: Django's own formats for the language, with thousands grouped by commas in threes
(CLDR's zh decimal pattern #,##0.###), as the engine's sentences write numbers."""

from django.conf.locale.zh_Hant.formats import *  # noqa: F403

THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
