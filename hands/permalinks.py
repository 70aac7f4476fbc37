"""The address of a hand's walkthrough, /hands/?cards=...: the hand page links to itself
with it, and the lessons and the quiz send a learner to a hand's walkthrough with it."""

from urllib.parse import urlencode

from django.urls import reverse


def permalink(tokens, step=None, **extra):
    query = {"cards": ",".join(tokens)}
    if step is not None:
        query["step"] = step
    query.update({k: v for k, v in extra.items() if v not in (None, "")})
    return f"{reverse('hands:walkthrough')}?{urlencode(query, safe=',?')}"
