"""Every URL pattern of the root URLconf, walked recursively, each with the key the sample
table (crawling/samples.py) uses: its name (namespaced), or its route when it has none."""

from dataclasses import dataclass

from django.urls import URLResolver, get_resolver
from django.urls.resolvers import LocalePrefixPattern


@dataclass(frozen=True)
class Pattern:
    key: str
    route: str  # the full route from the root, without the language prefix
    translated: bool  # under i18n_patterns: /zh-hant/... and /zh-hans/... too


def joined(prefix, route):
    """As Django joins the routes of a match (ResolverMatch.route)."""
    return prefix + (route[1:] if prefix and route.startswith("^") else route)


def walk(patterns, prefix="", namespace=None, translated=False):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = namespace
            if entry.namespace:
                inner = f"{namespace}:{entry.namespace}" if namespace else entry.namespace
            is_locale = isinstance(entry.pattern, LocalePrefixPattern)
            yield from walk(
                entry.url_patterns,
                prefix if is_locale else joined(prefix, str(entry.pattern)),
                inner,
                translated or is_locale,
            )
        else:
            route = joined(prefix, str(entry.pattern))
            if entry.name:
                key = f"{namespace}:{entry.name}" if namespace else entry.name
            else:
                key = route
            yield Pattern(key, route, translated)


def url_patterns():
    """The patterns in URLconf order (a name used twice, as django-ninja does for one path
    with two methods, is one key per name)."""
    return list(walk(get_resolver().url_patterns))
