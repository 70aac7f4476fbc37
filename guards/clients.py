"""Who the client is, for throttles and the sign-in lockout."""

from django.conf import settings


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
