"""Marking a lesson's or module's text that a Chinese page shows in English, for want of a
translation: `<h1{{ lesson|lang_attr }}>` adds lang="en" there (screen readers then read it
as English), and nothing where the text is in the page's language."""

from django import template
from django.utils.html import format_html

from lessons.state import untranslated

register = template.Library()


@register.filter
def lang_attr(item) -> str:
    if item is None or not untranslated(item):
        return ""
    return format_html(' lang="{}"', item.language)


@register.filter
def marked(item, field: str = "title") -> str:
    """The item's `field` (its title, its summary), in a <span lang="en"> when the page shows
    it in English for want of a translation."""
    if item is None:
        return ""
    text = getattr(item, field)
    if not untranslated(item):
        return text
    return format_html('<span lang="{}">{}</span>', item.language, text)
