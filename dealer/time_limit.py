"""The learner's own time limit for a drill: untimed to start with, then the steps a dealer
school would use. Kept in the query string (the page's form) and carried by each answer's
form, so it survives without a session and a link keeps it.

One list of limits for the whole school; a drill offers the part of it that fits its
standard (a single call or amount is seconds, a whole table's step takes longer), and every
page shows the choice with templates/dealer/includes/time_limit.html.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

SECONDS = (3, 5, 10, 20, 30, 60)
# A drill of one answer (an amount, a call, a rule): its standard is 3 to 8 seconds.
ONE_ANSWER = (3, 5, 10, 20)
# A whole table's step (several payouts typed): its standard is longer.
TABLE_STEP = (10, 20, 30, 60)


def choices(offered: tuple[int, ...] = ONE_ANSWER) -> list[tuple[str, str]]:
    """The select's choices, labelled in the active language ("Untimed", "5 seconds")."""
    untimed = pgettext_lazy("a drill's time limit", "Untimed")
    return [("", untimed)] + [
        (str(s), ngettext("%(seconds)d second", "%(seconds)d seconds", s) % {"seconds": s})
        for s in SECONDS
        if s in offered
    ]


def seconds(value: str | None) -> float | None:
    """A chosen value ("10", or "" for untimed) as the limit in seconds."""
    return float(value) if value else None


def limit_field(offered: tuple[int, ...] = ONE_ANSWER, label=None) -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=lambda: choices(offered),
        required=False,
        label=label or gettext_lazy("Time limit"),
    )


class LimitForm(forms.Form):
    """The time limit alone, for a page whose other choices are not a GET form."""

    def __init__(self, *args, offered=ONE_ANSWER, label=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["limit"] = limit_field(offered, label)

    def seconds(self) -> float | None:
        return seconds(self.cleaned_data.get("limit")) if self.is_valid() else None


def limit_of(data, **options) -> tuple[LimitForm, float | None]:
    """The form, bound to `data` (GET or POST), and the limit it names; a bad value is
    shown as the form's error and the drill stays untimed."""
    form = LimitForm(data, **options)
    return form, form.seconds()
