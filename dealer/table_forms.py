"""The whole-table drill's forms: the time limit, the house policy, and each step's answers.

Amounts are typed as a dealer would say them: digits, with an optional "$" in front,
commas only between thousands ("1,250"), and at most two decimals after a point ("3.75").
Full-width digits (a Chinese keyboard's) are read as digits. "3,75" is refused: a comma
before two digits could mean cents or a slip, and a payout must not be guessed.
"""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from baccarat.teaching.table_settlement import POLICIES

AMOUNT = re.compile(r"\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?", re.ASCII)
LIMITS = (("", _("Untimed")), ("10", "10 s"), ("20", "20 s"), ("30", "30 s"), ("60", "60 s"))


def read_amount(text: str) -> Fraction:
    """The amount typed, exactly; ValidationError when it is not one."""
    typed = unicodedata.normalize("NFKC", text).strip()
    match = AMOUNT.fullmatch(typed)
    if not match:
        raise ValidationError(
            _("Type an amount such as 25 or 3.75 (a point before the cents, no other signs)."),
            code="amount",
        )
    whole, cents = match.group(1).replace(",", ""), match.group(2) or "0"
    return Fraction(int(whole)) + Fraction(int(cents), 10 ** len(cents) if match.group(2) else 1)


class AmountField(forms.Field):
    """An amount typed in a payout's box, read exactly (see `read_amount`)."""

    def to_python(self, value):
        text = str(value or "").strip()
        if not text:
            return None
        if len(text) > 16:
            raise ValidationError(_("Too long for an amount."), code="max_length")
        return read_amount(text)


class LimitForm(forms.Form):
    """The learner's time limit for each step, in the query string (untimed at first)."""

    limit = forms.ChoiceField(choices=LIMITS, required=False, label=_("Time limit per step"))

    def seconds(self) -> float | None:
        value = self.cleaned_data.get("limit") if self.is_valid() else ""
        return float(value) if value else None


class ActionForm(forms.Form):
    """What the learner asks for besides an answer: a new shoe under a house policy, the
    next hand, or the box settled now."""

    action = forms.ChoiceField(choices=[(a, a) for a in ("new", "next", "settle", "answer")])
    policy = forms.ChoiceField(
        choices=[(key, _(name)) for key, name in POLICIES.items()], required=False
    )


class AnswerForm(forms.Form):
    """One step's answer: the signed question, and the fields the step asks for."""

    question = forms.CharField(max_length=4000)

    def __init__(self, *args, take_choices=(), amounts=(), **kwargs):
        super().__init__(*args, **kwargs)
        if take_choices:
            self.fields["take"] = forms.MultipleChoiceField(
                choices=[(key, key) for key in take_choices], required=False
            )
        for name, label in amounts:
            self.fields[name] = AmountField(label=label)
