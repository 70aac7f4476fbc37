"""Which of the site's languages a request asks for, by its Accept-Language, and marking an
answer with the one it is in. The site's language middleware and switch
(baccarat_site.languages) read pages' requests with it; a refusal from guards (a share of
the processor, a body too large) answers an API caller in the language it asked for, before
that middleware is reached.
"""

from django.utils.cache import patch_vary_headers
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

ENGLISH = "en"
TRADITIONAL = "zh-hant"
SIMPLIFIED = "zh-hans"
# What the browsers of Chinese readers send, to the script they read: Hong Kong, Macau and
# Taiwan read Traditional; the mainland and Singapore Simplified.
SCRIPT_OF_REGION = {
    "zh-hk": TRADITIONAL,
    "zh-mo": TRADITIONAL,
    "zh-tw": TRADITIONAL,
    "zh-cn": SIMPLIFIED,
    "zh-sg": SIMPLIFIED,
}
# BCP 47 as <html lang> and hreflang write them.
TAGS = {ENGLISH: "en", TRADITIONAL: "zh-Hant", SIMPLIFIED: "zh-Hans"}


def preferred_language(accept_language: str) -> str | None:
    """The site's language a browser's Accept-Language prefers, by its own order; None when
    it names none of them."""
    for tag, _quality in parse_accept_lang_header(accept_language or ""):
        if tag == "*":
            return None
        tag = tag.lower()
        if tag in SCRIPT_OF_REGION:
            return SCRIPT_OF_REGION[tag]
        if tag.startswith("zh-hant"):
            return TRADITIONAL
        if tag.startswith("zh-hans") or tag == "zh":
            return SIMPLIFIED
        try:
            return get_supported_language_variant(tag)
        except LookupError:
            continue
    return None


# Where the API lives: its refusals are worded in the language its caller asks for.
API_PREFIX = "/api/"


def api_language(request) -> str:
    """The language of an API answer's sentences: the one the request's Accept-Language
    prefers, else English. Never the switch's cookie: a program says what it wants in its
    header, and a browser calling the API sends the header as well."""
    return preferred_language(request.headers.get("Accept-Language", "")) or ENGLISH


def mark_language(response, language: str):
    """Say which language an API answer is in, and that it depends on Accept-Language."""
    response.headers["Content-Language"] = TAGS[language]
    patch_vary_headers(response, ["Accept-Language"])
    return response
