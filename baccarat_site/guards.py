"""Guards in front of every view: the request-size limit, and who the client is.

Login throttling is django-axes and API write throttling django-ninja's throttles; both are
configured in settings ("Guards") and key the client by `client_ip` below.
"""

from django.conf import settings
from django.http import HttpResponse, JsonResponse


def client_ip(request) -> str:
    """The caller's address: REMOTE_ADDR, or with settings.NUM_PROXIES proxies in front,
    the address the outermost of them saw (X-Forwarded-For counted from the right, which
    is the part a client cannot write). Same rule as django-ninja's throttles."""
    remote_addr = request.META.get("REMOTE_ADDR", "")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if settings.NUM_PROXIES and forwarded:
        addresses = [part.strip() for part in forwarded.split(",")]
        return addresses[-min(settings.NUM_PROXIES, len(addresses))] or remote_addr
    return remote_addr


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
