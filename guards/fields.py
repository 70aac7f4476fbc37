"""Form fields that read numbers by guards.inputs' rule: ASCII digits only, ASCII spaces
around them, bounded before conversion. Django's IntegerField also takes "٨" (an
Arabic-Indic 8), "８", "8.0", " +8" and "0_8"; no form of the site uses it, nor
DecimalField or FloatField, for what a visitor sends. And fields that hand a query string's
text over as sent, for a form that reads it by that rule in its own words (odds/form.py,
lab/form.py, hands/form.py)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from guards.inputs import ASCII_SPACE, InputError, whole_number


class WholeNumberField(forms.IntegerField):
    def to_python(self, value):
        if value in self.empty_values or isinstance(value, str) and not value.strip(ASCII_SPACE):
            return None  # blank: the field's `required` says whether that will do
        if isinstance(value, int):
            return value
        try:
            return whole_number(
                str(value), field=self.label or "number", low=self.min_value, high=self.max_value
            )
        except InputError:
            raise ValidationError(
                _("Enter a whole number from %(low)s to %(high)s.")
                % {"low": self.min_value, "high": self.max_value},
                code="invalid",
            ) from None


class SentText(forms.Field):
    """A query string's value exactly as it was sent, for a form whose page reads it by its
    own rule and draws it back to be corrected: neither stripped nor refused here (a
    CharField strips it, and refuses a NUL in its own words), `absent` when not sent."""

    def __init__(self, *, absent="", **kwargs):
        super().__init__(required=False, **kwargs)
        self.absent = absent

    def to_python(self, value):
        return self.absent if value is None else value


class SentList(forms.Field):
    """Every value sent for a name, as sent ([] when none was), for a page that reads them
    by its own rule: a list of choices, where "name=" alone says the form was sent with
    none chosen."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)
