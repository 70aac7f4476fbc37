"""The public JSON API, /api/v1/ (its contract is the OpenAPI document at /api/v1/openapi.json;
in words, docs/api.md).

Every answer comes from `baccarat/`; this package only validates input and shapes output.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import NinjaAPI
from ninja.errors import HttpError, Throttled, ValidationError

from api.errors import at_field, joined
from api.hands import router as hands_router
from api.numbers import NOT_DIGITS
from api.odds import router as odds_router
from api.parser import BodyRefused, CheckedJsonParser
from api.renderers import ORJSONRenderer
from api.roads import router as roads_router
from api.shoes import router as shoes_router
from api.simulations import router as simulations_router
from guards.inputs import shown

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class DocumentedAPI(NinjaAPI):
    """The OpenAPI document also lists the 422 that every operation with parameters or a
    body answers to a malformed request (`plain_validation_error` below), so a client, and
    schemathesis (tests/web/test_schemathesis.py), know it is part of the contract."""

    def get_openapi_schema(self, **kwargs):
        schema = super().get_openapi_schema(**kwargs)
        schema.setdefault("components", {}).setdefault("schemas", {})["ValidationErrorOut"] = {
            "title": "ValidationErrorOut",
            "type": "object",
            "properties": {
                "detail": {"type": "string", "title": "Detail"},
                "errors": {"type": "array", "items": {"type": "object"}, "title": "Errors"},
            },
            "required": ["detail", "errors"],
        }
        error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
        for path, operations in schema["paths"].items():
            for method, operation in operations.items():
                # ninja keys its responses by int; one key per status, or the document
                # would hold "400" twice (Swagger UI then refuses to read it).
                operation["responses"] = {
                    str(status): answer for status, answer in operation["responses"].items()
                }
                if method.upper() in WRITE_METHODS:
                    # Only the shoes' writes use the session; the others write nothing.
                    if "/shoes" in path:
                        operation["responses"].setdefault(
                            "403",
                            {
                                "description": "A write with this site's session cookie "
                                "from a page of another site (Origin), or a signed-in "
                                "session without its CSRF token",
                                "content": error,
                            },
                        )
                if operation.get("requestBody"):
                    operation["responses"].setdefault(
                        "400",
                        {
                            "description": "The body is not UTF-8 JSON, or nests too deeply, "
                            "or holds NaN, a lone surrogate or a number too long: `detail` "
                            "says which and where",
                            "content": error,
                        },
                    )
                    operation["responses"].setdefault(
                        "415",
                        {
                            "description": "The body was not sent as application/json",
                            "content": error,
                        },
                    )
                if operation.get("parameters") or operation.get("requestBody"):
                    malformed = "Malformed request: `detail` names each field"
                    if any(
                        parameter.get("name") == "Idempotency-Key"
                        for parameter in operation.get("parameters", [])
                    ):
                        malformed += (
                            "; or an Idempotency-Key already used on this shoe for a different hand"
                        )
                    operation["responses"].setdefault(
                        "422",
                        {
                            "description": malformed,
                            "content": {
                                "application/json": {
                                    "schema": {"$ref": "#/components/schemas/ValidationErrorOut"}
                                }
                            },
                        },
                    )
        return schema


api = DocumentedAPI(
    title="Baccarat School API",
    version="1",
    description="The engine behind the site: resolve punto banco hands step by step, work "
    "out the exact odds of a hand from any shoe, draw the scoreboard roads, keep your own "
    "shoes, and deal thousands of shoes to see what chance alone draws.",
    renderer=ORJSONRenderer(),
    parser=CheckedJsonParser(),
)
api.add_router("/hands", hands_router)
api.add_router("/odds", odds_router)
api.add_router("/roads", roads_router)
api.add_router("/shoes", shoes_router)
api.add_router("/simulations", simulations_router)


@api.exception_handler(HttpError)
def http_error(request, exc):
    """ninja's own answer to an HttpError, unless it wraps a body the parser refused: then
    that refusal's status and words (api.parser)."""
    refused = exc.__cause__
    if isinstance(refused, BodyRefused):
        return api.create_response(request, {"detail": refused.detail}, status=refused.status)
    if isinstance(exc, Throttled):  # ninja's own words, in the request's language
        return api.create_response(request, {"detail": _("Too many requests.")}, status=429)
    return api.create_response(request, {"detail": str(exc)}, status=exc.status_code)


# Pydantic tags an error inside a `str | int` field with the branch it tried.
UNION_BRANCHES = ("str", "int")


def field_name(location) -> str:
    """("body", "payload", "cards", 3) -> "cards[3]": the name a caller wrote."""
    parts = [p for p in location if p not in ("body", "payload", "query", "path", *UNION_BRANCHES)]
    name = ""
    for part in parts:
        if isinstance(part, str) and len(part) > 40:  # a key of the caller's: said short
            part = shown(part, 40)
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name or "body"


# Pydantic's error types in plain words, each a sentence about the field the caller wrote;
# the last two keep Pydantic's own English. Any other type keeps Pydantic's message.
PLAIN_ERRORS = {
    "missing": gettext_lazy("%(field)s: is required"),
    "string_type": gettext_lazy("%(field)s: must be text (a JSON string)"),
    "bool_type": gettext_lazy("%(field)s: must be true or false"),
    "int_type": gettext_lazy("%(field)s: must be a whole number"),
    "int_parsing": gettext_lazy("%(field)s: must be a whole number"),
    "int_from_float": gettext_lazy("%(field)s: must be a whole number"),
    "list_type": gettext_lazy("%(field)s: must be a list"),
    "dict_type": gettext_lazy("%(field)s: must be a JSON object"),
    "float_type": gettext_lazy("%(field)s: must be a number"),
    "float_parsing": gettext_lazy("%(field)s: must be a number"),
    "model_attributes_type": gettext_lazy(
        "%(field)s: Input should be a valid dictionary or object to extract fields from"
    ),
    "int_parsing_size": gettext_lazy(
        "%(field)s: Unable to parse input string as an integer, exceeded maximum size"
    ),
    NOT_DIGITS: gettext_lazy(
        "%(field)s: must be a whole number written with the digits 0-9 only (no sign, "
        "point, exponent or other digits)"
    ),
}


def plain_error(name: str, error: dict) -> str:
    """One of Pydantic's errors as a sentence about field `name`."""
    kind, context = error.get("type"), error.get("ctx") or {}
    if kind in PLAIN_ERRORS:
        return PLAIN_ERRORS[kind] % {"field": name}
    if kind == "too_long" and context.get("field_type") == "List":
        most = context.get("max_length")
        if most == 1:
            text = _(
                "%(field)s: List should have at most %(most)s item after validation, not %(count)s"
            )
        else:
            text = _(
                "%(field)s: List should have at most %(most)s items after validation, not %(count)s"
            )
        return text % {"field": name, "most": most, "count": context.get("actual_length")}
    return at_field(name, error.get("msg") or _("is not valid"))


# The most of Pydantic's errors a 422 lists: a list of a hundred thousand wrong items has as
# many errors, and neither the answer nor the work of wording it grows with them.
MAX_ERRORS = 20


def listed_error(error: dict) -> dict:
    """One of Pydantic's errors as the answer lists it: the caller's own keys in its `loc`
    quoted and cut when they are long, and only the fields a client reads."""
    location = [
        part if not isinstance(part, str) or len(part) <= 40 else shown(part, 40)
        for part in error.get("loc", ())
    ]
    return {key: error[key] for key in ("type", "msg") if key in error} | {"loc": location}


@api.exception_handler(ValidationError)
def plain_validation_error(request, exc):
    # Pydantic's list of errors is kept for programs; `detail` says it in words, once a field.
    messages = {}
    errors = exc.errors[:MAX_ERRORS]
    for error in errors:
        location = tuple(error.get("loc", ()))
        name = field_name(location)
        if error.get("type") == "extra_forbidden":
            # A key the body may not have: its own name (not read as a union branch), and
            # quoted when it is not a plain name, since it is the caller's text.
            key = str(location[-1]) if location else ""
            plain_name = key.isascii() and key.isidentifier() and len(key) <= 40
            written = key if plain_name else shown(key, 40)
            messages.setdefault(
                key, _("%(field)s: is not a field of this request") % {"field": written}
            )
        elif location and location[-1] in UNION_BRANCHES:
            messages[name] = _(
                '%(field)s: must be a card written as text, such as "Qh", "10" or "?"'
            ) % {"field": name}
        else:
            messages.setdefault(name, plain_error(name, error))
    said = list(messages.values())
    if len(exc.errors) > MAX_ERRORS:
        said.append(
            _("… and {count} more problems not listed.").format(
                count=f"{len(exc.errors) - MAX_ERRORS:,}"
            )
        )
    return api.create_response(
        request,
        {"detail": joined(said), "errors": [listed_error(error) for error in errors]},
        status=422,
    )
