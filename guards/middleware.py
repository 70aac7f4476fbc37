"""Middleware in front of every view: the request-size limit, and the API's checks on
where a write comes from and what its body is.

Login throttling is django-axes and write throttling is guards.throttles; both are
configured in settings ("Guards") and key the client by guards.clients.client_ip.
"""

import json

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpResponse, JsonResponse

from guards.inputs import InputError, read_json, shown


class RequestBodyLimitMiddleware:
    """Refuse a request whose declared body is larger than MAX_REQUEST_BODY_BYTES with 413,
    before anything reads it. Django caps non-file form fields itself
    (DATA_UPLOAD_MAX_MEMORY_SIZE) but streams any size of uploaded file to disk."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.MAX_REQUEST_BODY_BYTES
        if length > limit:
            detail = (
                f"The request body is {length:,} bytes; the limit is {limit:,} bytes "
                "(a shoe file may be 1 MB)."
            )
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": detail}, status=413)
            return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


API_PREFIX = "/api/"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


class JsonApiMiddleware:
    """The API's writes, checked before django-ninja sees them.

    - A write carried by a cookie (the browser session the API trusts as the caller) from
      a page of another site, named by its Origin header, is a 403: SameSite=Lax keeps the
      cookie off most cross-site requests, but not off every browser or every form.
    - A body is JSON (Content-Type: application/json, UTF-8) or a 415: a cross-site
      `<form enctype="text/plain">` can send JSON-looking text, never that type.
    - The JSON is read by guards.inputs.read_json, which refuses what json.loads would let
      through or fail on later (nesting, NaN, lone surrogates, numbers too long), each a
      400 naming the place; the parsed document is handed to ninja (JsonParser), so the
      body is read once.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(API_PREFIX) and request.method not in SAFE_METHODS:
            refusal = cross_site_refusal(request) or body_refusal(request)
            if refusal is not None:
                return refusal
        return self.get_response(request)


def own_origins(request) -> set[str]:
    try:
        own = {f"{request.scheme}://{request.get_host()}"}
    except DisallowedHost:
        own = set()
    return own | set(settings.CSRF_TRUSTED_ORIGINS)


def cross_site_refusal(request):
    origin = request.META.get("HTTP_ORIGIN")
    if origin is None or settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return None
    if origin in own_origins(request):
        return None
    return JsonResponse(
        {
            "detail": f"Origin: a page of {shown(origin, 60)} may not write with this site's "
            "session cookie; call the API without the cookie, or from this site's own pages"
        },
        status=403,
    )


def body_refusal(request):
    if request.method == "DELETE" and not request.body:
        return None  # a body-less DELETE (undo) sends no type to check
    media_type = request.content_type or ""
    charset = (request.content_params or {}).get("charset", "utf-8").lower()
    if media_type.lower() != "application/json" or charset not in ("utf-8", "utf8"):
        sent = f"{media_type or 'no Content-Type'}" + (
            f"; charset={charset}" if charset not in ("utf-8", "utf8") else ""
        )
        return JsonResponse(
            {
                "detail": f"Content-Type: the body must be JSON sent as application/json "
                f"(UTF-8); this request sent {shown(sent, 60)}"
            },
            status=415,
        )
    body = request.body
    if not body:
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        return JsonResponse(
            {"detail": f"body: not UTF-8 text (byte {error.start + 1} cannot be read)"},
            status=400,
        )
    try:
        request.json_document = read_json(text)
    except json.JSONDecodeError as error:
        return JsonResponse(
            {
                "detail": f"body: not valid JSON: {error.msg} (line {error.lineno}, "
                f"column {error.colno})"
            },
            status=400,
        )
    except InputError as error:
        return JsonResponse({"detail": str(error)}, status=400)
    return None
