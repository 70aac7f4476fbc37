"""An amount of money typed at the dealer school: one reading for every drill.

An amount is typed as a dealer writes it: dollars, optionally a "$", optionally commas
between thousands ("1,250"), optionally a point and one or two digits of cents ("3.75",
"3.5"). ASCII digits only, as every number field of the site (guards.inputs): one rule
answers the pages, the API and the importer, and a full-width "３" is refused there too, so
it is refused here with the same "type digits" message rather than read on some pages and
not on others. "3,75" is refused with its own message: a comma before two digits could be a
decimal comma, and a dealer's amount must never be read two ways.

The drills count in cents; the whole table counts in units of Fraction (see `units`).
"""

from __future__ import annotations

import re
from fractions import Fraction

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from guards.inputs import ASCII_SPACE, at_field

# Longer than any amount at a table ("$1,000,000.00" is 13), and nothing longer is read.
MAX_AMOUNT_TEXT = 20
_AMOUNT = re.compile(r"\$?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,9})(?:\.([0-9]{1,2}))?")
_DECIMAL_COMMA = re.compile(r"\$?[0-9]+,[0-9]{1,2}")
AMOUNT_LABEL = gettext_lazy("Amount")


def cents(text: str) -> int:
    """The amount typed, in cents; ValueError saying what is wanted for anything else (the
    sentence does not name the field: AmountField puts its label in front)."""
    text = text.strip(ASCII_SPACE)
    if not text:
        raise ValueError(_("type how much, like 3.75."))
    if len(text) > MAX_AMOUNT_TEXT:
        raise ValueError(_("that is longer than any amount at this table."))
    if _DECIMAL_COMMA.fullmatch(text):
        raise ValueError(_("write the cents after a point, like 3.75, not a comma."))
    match = _AMOUNT.fullmatch(text)
    if not match:
        raise ValueError(
            _("type digits, like 3.75 or $1,250 (a $ and commas in thousands are fine).")
        )
    whole, part = match.groups()
    return int(whole.replace(",", "")) * 100 + int((part or "0").ljust(2, "0"))


def units(amount_cents: int) -> Fraction:
    """Cents as the table's exact units (dollars): 375 -> 15/4."""
    return Fraction(amount_cents, 100)


class AmountField(forms.Field):
    """A typed amount, read by `cents`; its messages name the field by its label
    ("Amount: type digits, ..."), so a page can show them as they come."""

    widget = forms.TextInput(
        attrs={"inputmode": "decimal", "autocomplete": "off", "enterkeyhint": "done",
               "maxlength": MAX_AMOUNT_TEXT, "spellcheck": "false"}
    )  # fmt: skip

    def __init__(self, *, label=None, **kwargs):
        super().__init__(label=label or AMOUNT_LABEL, **kwargs)

    def to_python(self, value):
        try:
            return cents(value or "")
        except ValueError as error:
            raise ValidationError(at_field(str(self.label), str(error)), code="invalid") from None

    def validate(self, value):
        # Empty is refused by `cents` with the field's own message, not Django's "required".
        pass
