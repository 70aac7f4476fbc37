"""The learner's own time limit for a drill: untimed to start with, then a few steps a
dealer school would use. Kept in the query string (the page's form) and carried by each
answer's form, so it survives without a session and a link keeps it."""

from django import forms
from django.utils.translation import gettext_lazy

LIMITS = ("", "3", "5", "10", "20")


class LimitForm(forms.Form):
    limit = forms.TypedChoiceField(
        label=gettext_lazy("Time limit"),
        choices=[("", gettext_lazy("Untimed"))]
        + [(s, gettext_lazy("%(seconds)s seconds") % {"seconds": s}) for s in LIMITS[1:]],
        coerce=float,
        empty_value=None,
        required=False,
    )


def limit_of(data) -> tuple[LimitForm, float | None]:
    """The form, bound to `data` (GET or POST), and the limit it names; a bad value is
    shown as the form's error and the drill stays untimed."""
    form = LimitForm(data)
    if form.is_valid():
        return form, form.cleaned_data["limit"]
    return form, None
