"""The quiz's clock and when a skill comes back in words, for the quiz's pages, the
progress page, the speed drill and the learner's home page alike."""

from datetime import UTC, datetime

from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _


def now():
    """The time, in one place so tests can move it."""
    return datetime.now(UTC)


def review_time(due, at):
    """When a skill comes back, in words: "now", "in 1 minute", "in 10 minutes", "in 2 days"."""
    if due <= at:
        return _("now")
    minutes = round((due - at).total_seconds() / 60)
    if minutes <= 1:
        return _("in 1 minute")
    if minutes < 60:
        return _("in %(minutes)s minutes") % {"minutes": minutes}
    return _("in %(time)s") % {"time": timeuntil(due, at)}
