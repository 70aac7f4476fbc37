"""Who the client is, for the limits (guards.throttles, guards.budgets, guards.accounts)
and the sign-in lockout."""

import ipaddress

from django.conf import settings

# An IPv6 subscriber is handed a whole /64 (RFC 6177 and common practice), 2^64 addresses
# to pick from at will: keyed one by one, one person would have 2^64 allowances.
IPV6_PREFIX = 64


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


def client_address(request) -> str:
    """The caller's address as the limits count it: an IPv4 address as it is, an IPv6
    address by its /64 ("2001:db8:1:2::/64"), an IPv4 address mapped into IPv6 as the IPv4
    address. Text that is no address (a proxy's mistake) is kept, cut short."""
    return address_key(client_ip(request))


def address_key(text: str) -> str:
    try:
        address = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return text[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)
