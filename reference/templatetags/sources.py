"""{% lesson_sources lesson.key as sources %}: the sections a lesson relies on and the day its
text was compared with each (reference/sources.toml), for templates/lessons/sources.html."""

from django import template

from reference.sources import for_lesson

register = template.Library()


@register.simple_tag
def lesson_sources(key):
    return for_lesson(key)
