"""Where a request comes from, by its Origin header: this site, or a page of another."""

from django.conf import settings
from django.core.exceptions import DisallowedHost


def foreign_origin(request) -> str | None:
    """The Origin of a request sent by a page of another site, else None (no Origin, or
    this site's own, or one of CSRF_TRUSTED_ORIGINS)."""
    origin = request.META.get("HTTP_ORIGIN")
    if origin is None:
        return None
    try:
        own = {f"{request.scheme}://{request.get_host()}"}
    except DisallowedHost:
        own = set()
    if origin in own or origin in settings.CSRF_TRUSTED_ORIGINS:
        return None
    return origin
