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

from ninja.parser import Parser

from guards.inputs import InputError, read_json, shown


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
            sent = media_type or "no Content-Type"
            if charset not in ("utf-8", "utf8"):
                sent += f"; charset={charset}"
            # A cross-site <form enctype="text/plain"> can send JSON-looking text, but
            # never as application/json.
            raise BodyRefused(
                415,
                "Content-Type: the body must be JSON sent as application/json (UTF-8); "
                f"this request sent {shown(sent, 60)}",
            )
        try:
            text = request.body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BodyRefused(
                400, f"body: not UTF-8 text (byte {error.start + 1} cannot be read)"
            ) from None
        try:
            return read_json(text)
        except json.JSONDecodeError as error:
            raise BodyRefused(
                400,
                f"body: not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            ) from None
        except InputError as error:
            raise BodyRefused(400, str(error)) from None
