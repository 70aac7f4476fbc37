"""The money drills' forms: the chooser (which policy or pay table, which way, what time
limit) kept in the query string, and the typed answer (an amount: dealer.amounts).
"""

from django import forms
from django.utils.translation import gettext_lazy

from dealer.amounts import AmountField
from dealer.time_limit import limit_field

ANY = "any"


class Chooser(forms.Form):
    """What to drill, from the query string (a hidden copy rides with each answer)."""

    choice = forms.ChoiceField(required=False)
    limit = limit_field()

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
    amount = AmountField()
