"""Middleware in front of every view: the request-size limits.

Login throttling is django-axes and write throttling is guards.throttles; both are
configured in settings ("Guards") and key the client by guards.clients.client_ip.
"""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import override

from guards.accept_language import API_PREFIX, ENGLISH, api_language, mark_language

MULTIPART = "multipart/form-data"


def takes_shoe_files(view):
    """Mark a view that reads a shoe file (the import page): it alone may be sent a body
    over MAX_FORM_BODY_BYTES, up to MAX_REQUEST_BODY_BYTES, and only as multipart/form-data,
    the form a browser sends a file in (RequestBodyLimitMiddleware.process_view)."""
    view.takes_shoe_files = True
    return view


def declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class RequestBodyLimitMiddleware:
    """Refuse a request whose declared body is too large with 413, before anything reads it.

    Two limits. MAX_REQUEST_BODY_BYTES (2 MiB), for every request, is checked first, before
    the URL is even resolved. MAX_FORM_BODY_BYTES (128 KiB) is every view's limit but the
    shoe import's (`takes_shoe_files`), checked once the view is known and before any view
    or CSRF check reads the body: reading a body costs CPU by its size (Django decodes a
    form's percent-escapes, json.loads reads every number), so a view that needs no big
    body is never made to read one. A form, a lesson's answer or an API body is a few
    kilobytes at most; a shoe file may be 1 MB. Django caps non-file form fields itself
    (DATA_UPLOAD_MAX_MEMORY_SIZE) but streams any size of uploaded file to disk.

    It answers before LocaleMiddleware has chosen a language: the API's refusal is in the
    language of the request's Accept-Language, as its other refusals are; a page's is in
    English."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = declared_length(request)
        if length > settings.MAX_REQUEST_BODY_BYTES:
            return self.refused(request, length, settings.MAX_REQUEST_BODY_BYTES)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        length = declared_length(request)
        if length <= settings.MAX_FORM_BODY_BYTES:
            return None
        if getattr(view_func, "takes_shoe_files", False) and request.content_type == MULTIPART:
            return None
        return self.refused(request, length, settings.MAX_FORM_BODY_BYTES)

    def refused(self, request, length, limit):
        api = request.path.startswith(API_PREFIX)
        language = api_language(request) if api else ENGLISH
        with override(language):
            detail = _(
                "The request body is %(length)s bytes; the limit is %(limit)s bytes (a shoe "
                "file may be 1 MB)."
            ) % {"length": f"{length:,}", "limit": f"{limit:,}"}
        if api:
            return mark_language(JsonResponse({"detail": detail}, status=413), language)
        return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")
