"""The tracker's own data: /api/v1/shoes. The caller is the signed-in user, or else the
anonymous browser session (tracker.visitors); a shoe that is not the caller's is a 404,
exactly like one that does not exist.

CSRF, as Django REST framework does it: a request from a signed-in user (authenticated by
the session cookie) must pass Django's CSRF check on every unsafe method, so another site
cannot act as them. Anonymous callers are not checked: their only credential is the
session cookie, which is SameSite=Lax, so browsers do not send it with another site's
POST or DELETE; and a program without a session has nothing to forge. Django's
CsrfViewMiddleware itself does not check these views because django-ninja marks them
csrf_exempt; `check_write_allowed` puts the check back where it matters, and refuses
any cookie-carried write whose Origin is another site's.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.http import Http404
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from ninja import Header, Router, Schema
from ninja.errors import HttpError
from ninja.utils import check_csrf
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr

from api.english import in_english
from api.errors import ErrorOut, at_field, joined
from api.numbers import WholeNumberText
from api.renderers import json_response
from api.roads import RoadsOut, scoreboard_payload
from baccarat.roads.scoreboard import Result, scoreboard
from guards.echo import brief
from guards.inputs import shown
from guards.origins import foreign_origin
from guards.throttles import WRITES
from tracker.exchange_hand import read_cards, read_outcome
from tracker.idempotency import (
    HEADER,
    KEEP,
    MAX_LENGTH,
    REPLAYED,
    KeyConflict,
    KeyProblem,
    KeyReused,
    mark_replayed,
    read_key,
)
from tracker.models import Shoe, ShoeFull, owner_of
from tracker.visitors import TooManyShoes, create_shoe, own_shoe_or_404

router = Router(tags=["shoes"])

MAX_NAME = 100


class ShoeSummaryOut(BaseModel):
    id: int
    name: str
    decks: int
    hands: int = Field(description="How many hands are recorded")
    created: str = Field(description="ISO 8601 date and time")


class HistoryHandOut(BaseModel):
    seq: int
    outcome: str
    player_pair: bool
    banker_pair: bool
    natural: bool
    cards: list[str] | None


class ShoeOut(RoadsOut):
    id: int
    name: str
    decks: int
    created: str
    history: list[HistoryHandOut] = Field(description="The hands in dealing order")


class RecordedOut(BaseModel):
    """The answer to a hand recorded with `Prefer: return=minimal`."""

    id: int = Field(description="The shoe")
    hands: int = Field(description="How many hands the shoe holds now")
    hand: HistoryHandOut = Field(description="The hand just recorded, with its sequence number")


class ShoeIn(Schema):
    name: StrictStr = Field(description=f"1 to {MAX_NAME} characters", examples=["Table 7"])
    decks: StrictInt = Field(default=8, description="Decks in the shoe, 1 to 8")


class HandIn(Schema):
    outcome: StrictStr = Field(description="B, P or T (Banker, Player, Tie)", examples=["B"])
    player_pair: StrictBool = False
    banker_pair: StrictBool = False
    natural: StrictBool = False
    cards: list[StrictStr] | None = Field(
        default=None,
        max_length=16,
        description="Optional: the hand's cards in dealing order (Player, Banker, Player, "
        "Banker, then third cards), e.g. ['Qh', '4', '9s', 'K']. They must agree with the "
        "outcome.",
    )


def check_write_allowed(request) -> None:
    """A 403 for a write that rides on this site's session cookie from a page of another
    site (its Origin says so; SameSite=Lax keeps the cookie off most such requests, not
    all), and for a signed-in session without its CSRF token."""
    origin = foreign_origin(request)
    if origin is not None and settings.SESSION_COOKIE_NAME in request.COOKIES:
        raise HttpError(
            403,
            _(
                "Origin: a page of %(origin)s may not write with this site's session cookie; "
                "call the API without the cookie, or from this site's own pages"
            )
            % {"origin": shown(origin, 60)},
        )
    if request.user.is_authenticated:
        refused = check_csrf(request)
        if refused is not None:
            raise HttpError(
                403,
                _(
                    "CSRF check failed: a signed-in browser session must send the CSRF token "
                    "(the X-CSRFToken header) with this request"
                ),
            )


def caller_shoe(request, shoe_id: int) -> Shoe:
    try:
        return own_shoe_or_404(request, shoe_id)
    except Http404:
        raise HttpError(404, not_found(shoe_id)) from None


def not_found(shoe_id: int) -> str:
    return _("shoe %(id)s: not found among your shoes") % {"id": shoe_id}


HISTORY_FIELDS = ("seq", "outcome", "player_pair", "banker_pair", "natural", "cards")


@in_english  # the roads' proofs, whatever the language of the request
def shoe_payload(shoe: Shoe, through: int | None = None) -> dict:
    """The roads answer for the shoe, plus its id, name, decks and history; with
    `through`, the shoe as it was when hand number `through` was recorded (its hands up to
    that one: hands are only added and removed at the end, so while that hand is there,
    those before it are the ones it followed)."""
    hands = shoe.hands.all() if through is None else shoe.hands.filter(seq__lte=through)
    # Plain rows, not Hand objects: this runs on every hand recorded (as Shoe.results does).
    rows = hands.values_list(*HISTORY_FIELDS)
    history = [dict(zip(HISTORY_FIELDS, row, strict=True)) for row in rows]
    results = [
        Result(hand["outcome"], hand["banker_pair"], hand["player_pair"], hand["natural"])
        for hand in history
    ]
    payload = scoreboard_payload(scoreboard(results))
    payload.update(
        id=shoe.pk,
        name=shoe.name,
        decks=shoe.decks,
        created=shoe.created.isoformat(),
        history=history,
    )
    return payload


@router.get(
    "",
    response={200: list[ShoeSummaryOut]},
    summary="Your shoes",
    description="The caller's shoes, newest first: the signed-in user's, else this browser "
    "session's.",
)
def list_shoes(request):
    # Meta.ordering does not apply to a GROUP BY query: order explicitly.
    shoes = (
        Shoe.objects.owned_by(request)
        .annotate(hand_count=Count("hands"))
        .order_by("-created", "-id")
    )
    return [
        {
            "id": shoe.pk,
            "name": shoe.name,
            "decks": shoe.decks,
            "hands": shoe.hand_count,
            "created": shoe.created.isoformat(),
        }
        for shoe in shoes
    ]


@router.post(
    "",
    response={201: ShoeOut, 400: ErrorOut, 403: ErrorOut, 429: ErrorOut},
    throttle=WRITES,
    summary="Start a shoe",
    description="Creates an empty shoe for the caller. An anonymous caller gets a session "
    "cookie that owns it: send it back to use the shoe.",
)
def start_shoe(request, payload: ShoeIn):
    check_write_allowed(request)
    name = payload.name.strip()
    if not name:
        raise HttpError(400, _("name: give the shoe a name (it is empty)"))
    if len(name) > MAX_NAME:
        raise HttpError(
            400,
            _("name: %(length)s characters is too long; at most %(most)s")
            % {"length": len(name), "most": MAX_NAME},
        )
    try:
        Shoe.check_name(name)  # the model's validators, as the page forms use them
    except ValidationError as error:
        raise HttpError(400, at_field("name", error.messages[0])) from None
    if not 1 <= payload.decks <= 8:
        raise HttpError(
            400,
            _("decks: %(decks)s is not a number of decks from 1 to 8") % {"decks": payload.decks},
        )
    try:
        shoe = create_shoe(request, name, payload.decks)
    except TooManyShoes as refusal:
        raise HttpError(400, at_field("name", str(refusal))) from None
    return json_response(shoe_payload(shoe), status=201)


@router.get(
    "/{shoe_id}",
    response={200: ShoeOut, 404: ErrorOut},
    summary="A shoe and its roads",
)
def get_shoe(request, shoe_id: WholeNumberText):
    return json_response(shoe_payload(caller_shoe(request, shoe_id)))


def wants_minimal(prefer: str | None) -> bool:
    """Does the Prefer header (RFC 7240) ask for `return=minimal`? Preferences are separated
    by commas, may carry parameters after a semicolon, and their values may be quoted."""
    for preference in (prefer or "").split(","):
        name, _, value = preference.split(";", 1)[0].partition("=")
        if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
            return True
    return False


@router.post(
    "/{shoe_id}/hands",
    response={
        200: ShoeOut | RecordedOut,
        400: ErrorOut,
        403: ErrorOut,
        404: ErrorOut,
        409: ErrorOut,
        429: ErrorOut,
    },
    throttle=WRITES,
    summary="Record the next hand",
    description="Adds a hand at the end of the shoe and returns the shoe as that hand left "
    "it, roads and all. With the header `Prefer: return=minimal` (RFC 7240) the answer is "
    "only the hand just recorded, its sequence number and the shoe's new count, and says so "
    "in `Preference-Applied`: for a program that logs many hands and reads the roads when "
    "it needs them.\n\n"
    f"**Retrying safely.** Send an `{HEADER}` header (IETF httpapi draft; 1 to {MAX_LENGTH} "
    "printable ASCII characters, bare or as a quoted string; a fresh one per hand, e.g. a "
    "UUID) and send it again, unchanged, with any retry of that hand. The same key on the "
    "same shoe for the same hand (outcome, flags and cards; `Prefer` may differ) stores "
    "nothing and answers again as the first time: 200, the shoe as that hand left it (or "
    f"the short answer), with `{REPLAYED}: true`. The same key for a different hand is a "
    "422, and a key whose hand was undone since (`DELETE .../hands/last`) is a 409: a late "
    "retry never puts back a hand that was taken off, nor answers with a hand that is gone; "
    "record it again with a new key. Keys are per shoe, and kept for "
    f"{KEEP.total_seconds() / 3600:g} hours (at least 24 are promised). Any other key is a "
    "400 naming the header. Retries count against the write limit (429) like any request.",
)
def record_hand(
    request,
    shoe_id: WholeNumberText,
    payload: HandIn,
    prefer: str | None = Header(
        None,
        alias="Prefer",
        description="`return=minimal` for the short answer; anything else, or none, for "
        "the whole shoe",
    ),
    idempotency_key: str | None = Header(
        None,
        alias=HEADER,
        description="A key of the client's choosing, the same for every retry of one hand "
        "and new for the next hand: a retry then records the hand only once",
    ),
):
    check_write_allowed(request)
    key = None
    if idempotency_key is not None:
        try:
            key = read_key(idempotency_key)
        except KeyProblem as problem:
            raise HttpError(400, str(problem)) from None
    outcome = read_outcome(payload.outcome)
    if outcome is None:
        raise HttpError(
            400,
            _("outcome: %(outcome)s is not an outcome; use B, P or T")
            % {"outcome": brief(payload.outcome)},
        )
    cards = None
    if payload.cards:  # [] is no cards, as null is
        normalised, problems = read_cards(payload.cards, outcome)
        if problems:
            raise HttpError(400, joined(problems))
        cards = list(normalised)
    try:
        # The caller's shoe is found, held and added to in one step: see ShoeManager.record.
        hand = Shoe.objects.record(
            shoe_id,
            outcome,
            player_pair=payload.player_pair,
            banker_pair=payload.banker_pair,
            natural=payload.natural,
            cards=cards,
            key=key,
            owner=owner_of(request),
        )
    except Shoe.DoesNotExist:
        raise HttpError(404, not_found(shoe_id)) from None
    except ShoeFull as full:
        raise HttpError(400, at_field("outcome", str(full))) from None
    except KeyReused as reused:
        return key_reused(reused)
    except KeyConflict as undone:
        raise HttpError(409, str(undone)) from None
    if wants_minimal(prefer):
        # Sequence numbers run 1..n with no gap (record and undo both work at the end), so
        # the new hand's number is the shoe's count as it left it; the shoe itself is not
        # read at all.
        answer = {
            "id": hand.shoe_id,
            "hands": hand.seq,
            "hand": {field: getattr(hand, field) for field in HISTORY_FIELDS},
        }
        response = json_response(answer)
        response["Preference-Applied"] = "return=minimal"
    else:
        # As the hand left the shoe, not as it is now: a replay gives the same answer, and
        # a hand another tab recorded meanwhile is not reported as this one's.
        response = json_response(shoe_payload(hand.shoe, through=hand.seq))
    patch_vary_headers(response, ["Prefer"])
    return mark_replayed(response, hand)


def key_reused(reused: KeyReused):
    """The draft's 422 for a key sent again with a different hand, shaped as every 422 of
    this API is (api.api.plain_validation_error): `detail` in words, `errors` for programs."""
    return json_response(
        {
            "detail": str(reused),
            "errors": [
                {
                    "type": "idempotency_key_reused",
                    "loc": ["header", HEADER],
                    "msg": str(reused).removeprefix(f"{HEADER}: "),
                }
            ],
        },
        status=422,
    )


@router.delete(
    "/{shoe_id}/hands/last",
    response={200: ShoeOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    throttle=WRITES,
    summary="Undo the last hand",
)
def undo_hand(request, shoe_id: WholeNumberText):
    check_write_allowed(request)
    shoe = caller_shoe(request, shoe_id)
    if shoe.undo() is None:
        raise HttpError(409, _("this shoe has no hands to undo"))
    return json_response(shoe_payload(shoe))
