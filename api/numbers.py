"""Whole numbers the API reads from text, a query string's or a path's, by the one rule of
guards.inputs: ASCII digits only, ASCII spaces around them, bounded before they are
converted. Pydantic's own int would also read "+8", "0_8", "8.000" and five thousand
leading zeros. (A JSON body's numbers are JSON's own: read_json bounds them, and the
bodies' fields are StrictInt, so "8" and 8.0 are refused there.)"""

from typing import Annotated

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

from guards.inputs import ascii_whole

# Pydantic's error type for it; api.api.PLAIN_ERRORS says it in words, naming the field.
NOT_DIGITS = "whole_number_text"


def _read(value: object) -> object:
    if not isinstance(value, str):
        return value
    number = ascii_whole(value)
    if number is None:
        raise PydanticCustomError(
            NOT_DIGITS, "Input should be a whole number written with the digits 0-9 only"
        )
    return number


# An int in the OpenAPI document, read from its text by the rule.
WholeNumberText = Annotated[int, BeforeValidator(_read)]
