"""A question dealt to a visitor who has no session yet, carried by its own form instead.

A page view alone keeps nothing: a crawler's or a first-time visitor's GET of a quiz page
must not leave a row in the sessions table. So a visitor without a session is dealt a
question that is not saved; its form carries what dealt it (topic, seed, skill, id),
signed so that it cannot be made up, and the answer, which is something to keep, saves it
in a new session as if it had been saved when dealt. A visitor with a session keeps the
question in it, as before (a reload shows the same question).
"""

from __future__ import annotations

from django.core import signing

SALT = "quiz.unsaved-question"
# A question left on screen longer than this is dealt afresh when answered.
MAX_AGE = 24 * 3600


def token(topic: str, entry: dict) -> str:
    """What dealt `entry`, signed."""
    return signing.dumps(
        {
            "topic": topic,
            "id": entry["id"],
            "number": entry["number"],
            "seed": entry["seed"],
            "skill": entry["question"]["skill"] if entry.get("served") else None,
            "served": entry.get("served"),
        },
        salt=SALT,
        compress=True,
    )


def read(text: object, topic: str) -> dict | None:
    """The dealing `token` signed for `topic`, or None when there is none, it was not ours,
    it is for another topic or it is too old."""
    if not isinstance(text, str) or not text or len(text) > 1000:
        return None
    try:
        dealing = signing.loads(text, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(dealing, dict) or dealing.get("topic") != topic:
        return None
    if type(dealing.get("seed")) is not int or not isinstance(dealing.get("id"), str):
        return None
    return dealing
