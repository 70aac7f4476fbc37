"""The whole-table drill's forms: the house policy and each step's answers (the time limit
is dealer.time_limit's, offered per step).

Amounts are read as every drill reads them (dealer.amounts), in cents, and handed to the
engine as exact units (Fractions of a dollar).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from baccarat.teaching.table_settlement import POLICIES
from dealer.amounts import AmountField, units
from dealer.time_limit import TABLE_STEP, LimitForm

LIMIT_LABEL = _("Time limit per step")


def limits_of(data) -> LimitForm:
    """The learner's time limit for each step, in the query string (untimed at first)."""
    return LimitForm(data, offered=TABLE_STEP, label=LIMIT_LABEL)


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

    def clean(self):
        cleaned = super().clean()
        for name, field in self.fields.items():
            if isinstance(field, AmountField) and name in cleaned:
                cleaned[name] = units(cleaned[name])
        return cleaned

    def problems(self) -> list[str]:
        """Each field's refusal, naming the field (an amount's message names it already)."""
        return [
            message
            if isinstance(self.fields.get(name), AmountField)
            else f"{self.fields[name].label or name}: {message}"
            if name in self.fields
            else message
            for name, messages in self.errors.items()
            for message in messages
        ]
