"""Form fields that read numbers by guards.inputs' rule: ASCII digits only, bounded before
conversion. Django's IntegerField also takes "٨" (an Arabic-Indic 8) and "8.0"."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from guards.inputs import InputError, whole_number


class WholeNumberField(forms.IntegerField):
    def to_python(self, value):
        if value in self.empty_values:
            return None
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
