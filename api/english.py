"""An API answer's content is the same whatever the request's language: English. Only a
refusal's `detail` is translated (baccarat_site.languages.answers_in_their_language)."""

from functools import wraps

from django.utils.translation import override

from guards.accept_language import ENGLISH


def in_english(function):
    """For what builds an API answer's content: the engine words its sentences when they
    are read (a hand's steps, a mark's proof, how a shoe was dealt), and an answer's content
    is the same whatever the request's language; only a refusal's `detail` is translated."""

    @wraps(function)
    def english(*args, **kwargs):
        with override(ENGLISH):
            return function(*args, **kwargs)

    return english
