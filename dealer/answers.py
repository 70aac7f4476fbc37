"""The money drills' forms: the chooser (which policy or pay table, which way, what time
limit) kept in the query string, and the typed answer.

An amount is typed as a dealer writes it: dollars, optionally a "$", optionally commas
between thousands ("1,250"), optionally a point and one or two digits of cents ("3.75",
"3.5"). ASCII digits only, as every number field of the site (guards.inputs). "3,75" is
refused with its own message: a comma before two digits could be a decimal comma, and a
dealer's amount must never be read two ways.
"""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from guards.inputs import ASCII_SPACE

MAX_AMOUNT_TEXT = 20
_AMOUNT = re.compile(r"\$?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,9})(?:\.([0-9]{1,2}))?")
_DECIMAL_COMMA = re.compile(r"\$?[0-9]+,[0-9]{1,2}")

LIMITS = [
    ("", pgettext_lazy("a drill's time limit", "Untimed")),
    ("3", gettext_lazy("3 seconds")),
    ("5", gettext_lazy("5 seconds")),
    ("10", gettext_lazy("10 seconds")),
    ("20", gettext_lazy("20 seconds")),
]
ANY = "any"


def cents(text: str) -> int:
    """The amount typed, in cents; ValueError with the reason for anything else."""
    text = text.strip(ASCII_SPACE)
    if not text:
        raise ValueError(_("Amount: type how much, like 3.75."))
    if len(text) > MAX_AMOUNT_TEXT:
        raise ValueError(_("Amount: that is longer than any amount at this table."))
    if _DECIMAL_COMMA.fullmatch(text):
        raise ValueError(_("Amount: write the cents after a point, like 3.75, not a comma."))
    match = _AMOUNT.fullmatch(text)
    if not match:
        raise ValueError(
            _("Amount: type digits, like 3.75 or $1,250 (a $ and commas in thousands are fine).")
        )
    whole, part = match.groups()
    return int(whole.replace(",", "")) * 100 + int((part or "0").ljust(2, "0"))


class AmountField(forms.Field):
    widget = forms.TextInput(
        attrs={"inputmode": "decimal", "autocomplete": "off", "enterkeyhint": "done",
               "maxlength": MAX_AMOUNT_TEXT, "spellcheck": "false"}
    )  # fmt: skip

    def to_python(self, value):
        try:
            return cents(value or "")
        except ValueError as error:
            raise ValidationError(str(error), code="invalid") from None


def limit_seconds(value: str) -> float | None:
    return float(value) if value else None


class Chooser(forms.Form):
    """What to drill, from the query string (a hidden copy rides with each answer)."""

    choice = forms.ChoiceField(required=False)
    limit = forms.ChoiceField(choices=LIMITS, required=False, label=gettext_lazy("Time limit"))

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = [
            (ANY, gettext_lazy("Any: spaced repetition picks")),
            *choices,
        ]

    def clean_choice(self):
        return self.cleaned_data.get("choice") or ANY


class CommissionChooser(Chooser):
    mode = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Question"),
        choices=[
            ("take", gettext_lazy("The commission on a bet")),
            ("back", gettext_lazy("The bet behind a commission")),
        ],
    )

    def clean_mode(self):
        return self.cleaned_data.get("mode") or "take"


class Answer(forms.Form):
    question = forms.CharField(max_length=4000)
    amount = AmountField(label=gettext_lazy("Amount"))
