"""django-ninja reads request bodies through this parser: the document that
guards.middleware.JsonApiMiddleware already read and checked, so a body is parsed once and
by one rule (guards.inputs.read_json)."""

from ninja.parser import Parser

from guards.inputs import read_json


class CheckedJsonParser(Parser):
    def parse_body(self, request):
        if hasattr(request, "json_document"):
            return request.json_document
        return read_json(request.body.decode("utf-8"))
