"""{% pattern_tags board %}: the patterns going at a drawn board's last hand
(templates/patterns/tags.html), for any page that draws a shoe's roads."""

from django import template

from patterns.tags import pattern_tags as tags_of

register = template.Library()


@register.inclusion_tag("patterns/tags.html")
def pattern_tags(board):
    return {"pattern_tags": tags_of(board)}
