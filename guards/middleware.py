"""Middleware in front of every view: the request-size limit.

Login throttling is django-axes and write throttling is guards.throttles; both are
configured in settings ("Guards") and key the client by guards.clients.client_ip.
"""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import override

from baccarat_site.languages import API_PREFIX, ENGLISH, api_language, mark_language


class RequestBodyLimitMiddleware:
    """Refuse a request whose declared body is larger than MAX_REQUEST_BODY_BYTES with 413,
    before anything reads it. Django caps non-file form fields itself
    (DATA_UPLOAD_MAX_MEMORY_SIZE) but streams any size of uploaded file to disk.

    It answers before LocaleMiddleware has chosen a language: the API's refusal is in the
    language of the request's Accept-Language, as its other refusals are; a page's is in
    English."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.MAX_REQUEST_BODY_BYTES
        if length > limit:
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
        return self.get_response(request)
