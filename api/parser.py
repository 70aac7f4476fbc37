"""How the API reads a request body: JSON sent as application/json in UTF-8, read by
guards.inputs.read_json, which refuses what json.loads would let through or fail on later
(nesting that exhausts the stack, NaN, lone surrogates, numbers too long), each naming its
place. django-ninja calls the parser only for an operation that exists and takes a body,
so an unknown method is still its 405.

A refusal is raised as BodyRefused; ninja wraps whatever a parser raises in a plain
HttpError(400, "Cannot parse request body"), and api.api's handler answers the
BodyRefused it finds underneath with its own status and words.
"""

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from ninja.parser import Parser

from guards.inputs import InputError, read_json, shown

# What Python's JSON reader says of bad syntax (json.decoder and its C scanner): kept in
# English for an English answer, as before, and translated for another.
JSON_SYNTAX = (
    gettext_noop("Expecting value"),
    gettext_noop("Expecting property name enclosed in double quotes"),
    gettext_noop("Expecting ':' delimiter"),
    gettext_noop("Expecting ',' delimiter"),
    gettext_noop("Illegal trailing comma before end of object"),
    gettext_noop("Illegal trailing comma before end of array"),
    gettext_noop("Unterminated string starting at"),
    gettext_noop("Invalid control character at"),
    gettext_noop("Invalid \\escape"),
    gettext_noop("Invalid \\uXXXX escape"),
    gettext_noop("Extra data"),
)


class BodyRefused(Exception):
    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status = status
        self.detail = detail


class CheckedJsonParser(Parser):
    def parse_body(self, request):
        media_type = (request.content_type or "").lower()
        charset = (request.content_params or {}).get("charset", "utf-8").lower()
        if media_type != "application/json" or charset not in ("utf-8", "utf8"):
            sent = media_type or _("no Content-Type")
            if charset not in ("utf-8", "utf8"):
                sent += f"; charset={charset}"
            # A cross-site <form enctype="text/plain"> can send JSON-looking text, but
            # never as application/json.
            raise BodyRefused(
                415,
                _(
                    "Content-Type: the body must be JSON sent as application/json (UTF-8); "
                    "this request sent %(sent)s"
                )
                % {"sent": shown(sent, 60)},
            )
        try:
            text = request.body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BodyRefused(
                400,
                _("body: not UTF-8 text (byte %(byte)s cannot be read)")
                % {"byte": error.start + 1},
            ) from None
        try:
            return read_json(text)
        except json.JSONDecodeError as error:
            raise BodyRefused(
                400,
                _("body: not valid JSON: %(problem)s (line %(line)s, column %(column)s)")
                % {"problem": _(error.msg), "line": error.lineno, "column": error.colno},
            ) from None
        except InputError as error:
            raise BodyRefused(400, str(error)) from None
