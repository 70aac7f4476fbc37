"""Form fields that read numbers by guards.inputs' rule: ASCII digits only, ASCII spaces
around them, bounded before conversion. Django's IntegerField also takes "٨" (an
Arabic-Indic 8), "８", "8.0", " +8" and "0_8"; no form of the site uses it, nor
DecimalField or FloatField, for what a visitor sends."""

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
