"""Recording a hand safely twice: the Idempotency-Key header (IETF httpapi draft
"The Idempotency-Key HTTP Header Field").

A lost answer is the normal failure between instances: the hand was committed, the answer
died with the instance. A client that sends a key with each hand may send the same request
again with the same key, and the shoe still gets the hand once:

- Stored: a RecordedKey row (tracker.models) per hand recorded under a key: the shoe, the key,
  a fingerprint of the hand asked for (`fingerprint`), the hand itself and its sequence
  number. It is written in the same transaction as the hand, under the shoe's lock
  (ShoeManager.record), so a committed hand always has its key and a rolled-back one never
  does, and of two requests racing with one key the second waits for the first and then
  finds its key.
- The same key again on the same shoe, for the same hand: nothing is stored and the first
  answer is given again, marked `Idempotent-Replayed: true` (REPLAYED). The answer is not
  stored, it is drawn again from the hand: the API's answer is the shoe as that hand left
  it (its hands up to that one, which cannot have changed while it is still there: hands
  are only ever added and removed at the end), so a replay never shows hands recorded
  later, and either form of it (`Prefer: return=minimal` or not: not part of the
  fingerprint) can be given.
- The same key for a different hand: KeyReused (the API's 422). Nothing is stored.
- The key's hand was undone since: KeyUndone (409). The key row outlives its hand (its hand
  is set to null), so a late retry of a hand that somebody has taken off the shoe neither
  records it again behind their back nor claims a hand that is gone; a new key records it.
- Keys are per shoe: the same key on another shoe is another hand.
- Kept KEEP (48 hours; the promise is at least 24): older keys are forgotten, and deleted
  a shoe at a time whenever a hand is recorded on that shoe with a key (one indexed DELETE,
  bounded by the shoe's hands, since a key row is written only with a new hand). A shoe's
  keys go with the shoe.
- The write throttles (guards.throttles) run before the view, so a replay counts as a
  write like any request; a client told 429 may retry later with the same key.
"""

import hashlib
import json
import uuid
from datetime import timedelta

from django.utils.translation import gettext as _

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"  # the tracker page's forms carry their key in this field too
REPLAYED = "Idempotent-Replayed"  # "true" on an answer given again for a key already used
MAX_LENGTH = 255
KEEP = timedelta(hours=48)


class KeyProblem(ValueError):
    """A key that cannot be used; the message names where it came from and what is wrong."""


class KeyConflict(Exception):
    """The key was used on this shoe before, and its answer cannot be given again."""

    def __init__(self, seq):
        self.seq = seq  # the number of the hand first recorded under the key
        super().__init__(self.detail())


class KeyReused(KeyConflict):
    def detail(self):
        return _(
            "%(header)s: already used for a different hand on this shoe (hand %(seq)s); "
            "send a new key for a new hand"
        ) % {"header": HEADER, "seq": self.seq}


class KeyUndone(KeyConflict):
    def detail(self):
        return _(
            "%(header)s: the hand recorded with this key (hand %(seq)s) was undone since; "
            "nothing was recorded: send a new key to record it again"
        ) % {"header": HEADER, "seq": self.seq}


def new_key():
    """A fresh key, as the tracker page draws one into its forms."""
    return uuid.uuid4().hex


def read_key(value, name=HEADER):
    """The key that `value` names: 1 to MAX_LENGTH printable ASCII characters, written bare
    (`Idempotency-Key: 4f1c…`, as most clients do) or as the draft's Structured Field string
    (`Idempotency-Key: "4f1c…"`, quotes and backslash escapes). KeyProblem, naming `name`,
    for anything else."""
    text = value.strip(" \t")
    if text.startswith('"'):
        text = unquoted(text, name)
    if not text:
        raise KeyProblem(
            _("%(name)s: the key is empty; send 1 to %(most)s characters")
            % {"name": name, "most": MAX_LENGTH}
        )
    if len(text) > MAX_LENGTH:
        raise KeyProblem(
            _("%(name)s: %(length)s characters is too long; at most %(most)s")
            % {"name": name, "length": f"{len(text):,}", "most": MAX_LENGTH}
        )
    for position, char in enumerate(text, 1):
        if not " " <= char <= "~":
            raise KeyProblem(
                _(
                    "%(name)s: character %(position)s (%(code)s) is not printable ASCII; "
                    "a key is 1 to %(most)s printable ASCII characters"
                )
                % {
                    "name": name,
                    "position": position,
                    "code": f"U+{ord(char):04X}",
                    "most": MAX_LENGTH,
                }
            )
    return text


def unquoted(text, name):
    """A Structured Field string's value (RFC 9651 section 3.3.3): `"..."`, where `\\"` and
    `\\\\` stand for a quote and a backslash."""
    chars, position = [], 1
    while position < len(text):
        char = text[position]
        if char == "\\":
            if text[position + 1 : position + 2] not in ('"', "\\"):
                raise KeyProblem(
                    _('%(name)s: in a quoted key a backslash escapes only " or \\') % {"name": name}
                )
            chars.append(text[position + 1])
            position += 2
        elif char == '"':
            if position != len(text) - 1:
                raise KeyProblem(_("%(name)s: nothing may follow the quoted key") % {"name": name})
            return "".join(chars)
        else:
            chars.append(char)
            position += 1
    raise KeyProblem(_("%(name)s: the quoted key has no closing quote") % {"name": name})


def page_key(request):
    """The key of a tracker page's POST, or None: the form's own field, drawn by the page,
    else the header (a program posting the form). htmx sends both, equal (tracker.js); were
    they not, the field, drawn by the latest answer, wins."""
    if FIELD in request.POST:
        return read_key(request.POST[FIELD], FIELD)
    if HEADER in request.headers:
        return read_key(request.headers[HEADER], HEADER)
    return None


def fingerprint(outcome, player_pair, banker_pair, natural, cards):
    """sha256 of what was asked, in a canonical form: the hand as it is stored (outcome and
    cards normalised by the caller), nothing about how the answer should look."""
    asked = {
        "outcome": outcome,
        "player_pair": bool(player_pair),
        "banker_pair": bool(banker_pair),
        "natural": bool(natural),
        "cards": list(cards) if cards else None,
    }
    canonical = json.dumps(asked, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def mark_replayed(response, hand):
    """Say so on an answer given again for a key already used (ShoeManager.record set
    `hand.replayed`)."""
    if getattr(hand, "replayed", False):
        response[REPLAYED] = "true"
    return response
