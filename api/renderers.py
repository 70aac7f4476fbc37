"""The API's JSON, written by orjson: an 80-hand shoe's answer is about 110 KB, which the
standard library's encoder took 2.2 ms to write and orjson writes in a tenth of that."""

import json

import orjson
from django.http import HttpResponse
from ninja.renderers import BaseRenderer
from ninja.responses import NinjaJSONEncoder

# Anything orjson does not know natively (Decimal, lazy translation strings...) goes through
# django-ninja's own encoder, so the output is the one ninja would have written.
_fallback = NinjaJSONEncoder().default


class ORJSONRenderer(BaseRenderer):
    media_type = "application/json"

    def render(self, request, data, *, response_status):
        try:
            return orjson.dumps(data, default=_fallback)
        except orjson.JSONEncodeError:
            # Text orjson will not encode (a lone surrogate that slipped into a message):
            # the standard library writes it as an escape rather than failing the answer.
            return json.dumps(data, default=_fallback, ensure_ascii=True).encode()


def json_response(data, status=200):
    """An answer written straight to JSON, for the shoe answers that are built as plain dicts
    by api.shoes: validating their ~4,000 values against the response models again cost
    3.5 ms of an 80-hand shoe's 15 ms. The models stay the documented contract; the tests
    check every answer against them (tests/web/test_api_shoes.py, schemathesis)."""
    return HttpResponse(
        ORJSONRenderer().render(None, data, response_status=status),
        status=status,
        content_type=ORJSONRenderer.media_type,
    )
