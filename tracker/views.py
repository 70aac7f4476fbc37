"""The tracker's pages: your shoes, a shoe's scoreboard, recording and undoing hands, the
proof behind each derived mark, and a read-only share page.

Every road, mark, colour, count and proof comes from baccarat.roads.scoreboard(), computed
once per request; the templates only draw it. Someone else's shoe is a 404 on every URL.
"""

from functools import lru_cache
from urllib.parse import urlencode

from django import forms
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from baccarat.cards import CardError, parse_card
from baccarat.dealing import DealingError
from baccarat.odds import MIN_CARDS, ShoeError, odds, odds_of_decks, shoe_after
from baccarat.roads import (
    DERIVED_ROADS,
    OUTCOME_NAMES,
    OUTCOMES,
    scoreboard,
)
from guards.fields import WholeNumberField
from guards.throttles import throttled_writes, write_refused
from tracker.boards import proof_context, proofs_url, scoreboard_context
from tracker.exchange import FORMATS, MAX_BYTES
from tracker.export import export_csv, export_filename, export_json
from tracker.importing import import_shoe
from tracker.keypad import empty_keypad, hand_after, keypad_context
from tracker.models import Shoe, ShoeFull
from tracker.visitors import (
    TooManyShoes,
    check_room_for_a_shoe,
    create_shoe,
    own_shoe_or_404,
)


class ShoeForm(forms.ModelForm):
    """The model's own fields and validators, which the API and the importer use too."""

    decks = WholeNumberField(min_value=1, max_value=8, initial=8)

    class Meta:
        model = Shoe
        fields = ["name", "decks"]


class ImportForm(forms.Form):
    text = forms.CharField(
        label="Paste a shoe",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text="Outcomes such as BPPT BBP (several lines are fine), or an exported CSV or JSON.",
    )
    file = forms.FileField(label="…or choose a file", required=False)
    format = forms.ChoiceField(
        choices=[
            ("", "Work it out"),
            *((f, f.upper() if f != "plain" else "Plain outcomes") for f in FORMATS),
        ],
        required=False,
    )
    name = forms.CharField(
        max_length=100,
        required=False,
        validators=Shoe._meta.get_field("name").validators,
        help_text="Blank: taken from the file.",
    )
    decks = WholeNumberField(min_value=1, max_value=8, required=False)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload and upload.size > MAX_BYTES:
            raise forms.ValidationError(f"The file is {upload.size:,} bytes; the limit is 1 MB.")
        if not cleaned.get("text", "").strip() and not upload:
            raise forms.ValidationError("Paste some outcomes or choose a file to import.")
        if cleaned.get("text", "").strip() and upload:
            raise forms.ValidationError("Paste text or choose a file, not both.")
        return cleaned


class RenameForm(forms.ModelForm):
    class Meta:
        model = Shoe
        fields = ["name"]


# Stored cards are a few dozen normalised tokens ("Qh", "T", "?"), read again on every
# hand recorded: parse each once.
stored_card = lru_cache(maxsize=256)(parse_card)


@lru_cache(maxsize=64)
def odds_of_cards_left(ranks):
    """The odds for the cards left, as sorted (rank, count) pairs. They change only when a
    hand with cards is recorded or undone, so most redraws ask for the same shoe again."""
    return odds(ranks=dict(ranks))


def percent(x):
    return f"{x * 100:.4f}%".replace("-", "−")


def next_hand_context(shoe, recorded, hands):
    """The exact odds of the next hand from the cards left in the shoe, beside the full
    shoe's, when some of its `hands` were recorded with their cards: `recorded` is their
    (seq, cards), as Shoe.results_and_cards() reads them.

    The cards left cost one engine call (about half a millisecond) when they change; the
    full shoe's figures are computed once per deck count (odds_of_decks)."""
    context = {"decks": shoe.decks, "hands_with_cards": len(recorded)}
    if not recorded:
        return context
    dealt = []
    for seq, tokens in recorded:
        try:
            dealt.extend(stored_card(token) for token in tokens)
        except CardError as error:
            context["problem"] = f"Hand {seq}'s cards cannot be read ({error})"
            return context
    try:
        left = shoe_after(shoe.decks, dealt)
    except ShoeError as error:
        # "dealt: 33 cards of rank 7, but 8 decks hold only 32"
        detail = str(error).split(": ", 1)[1]
        context["problem"] = (
            f"The cards recorded cannot all come from this shoe: {detail}. Check the "
            "cards of the hands recorded."
        )
        return context
    if left.cards < MIN_CARDS:
        context["problem"] = (
            f"Only {left.cards} card{'s are' if left.cards != 1 else ' is'} left after the "
            f"cards recorded; a hand needs at least {MIN_CARDS}."
        )
        return context
    full, now = odds_of_decks(shoe.decks), odds_of_cards_left(tuple(sorted(left.ranks.items())))
    rows = [
        (label, full.p(key), now.p(key))
        for key, label in (("banker", "Banker wins"), ("player", "Player wins"), ("tie", "Tie"))
    ]
    rows += [
        (label, float(full.edges[key].per_unit), float(now.edges[key].per_unit))
        for key, label in (("banker", "Banker edge (5%)"), ("player", "Player edge"))
    ]
    largest = max(abs(before - after) for _label, before, after in rows[:3])
    context.update(
        rows=[(label, percent(before), percent(after)) for label, before, after in rows],
        known=left.known,
        unknown=left.unknown,
        hands_without_cards=hands - len(recorded),
        cards_left=left.cards,
        largest=f"{largest * 100:.4f}",
        calculator_url=f"{reverse('odds:calculator')}?{urlencode({'shoe': 'ranks', **left.ranks})}",
    )
    return context


def shoe_page_context(request, shoe, **extra):
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    context = scoreboard_context(board, proofs_url(reverse("tracker:shoe", args=[shoe.pk])))
    share_url = reverse("tracker:shared", args=[shoe.share_token])
    context.update(
        shoe=shoe,
        owner=True,
        share_url=request.build_absolute_uri(share_url),
        rename_form=RenameForm(initial={"name": shoe.name}),
        keypad=empty_keypad(),
        status="",
        next_hand=next_hand_context(shoe, recorded, board.stats.hands),
    )
    context.update(extra)
    return context


@require_http_methods(["GET", "HEAD", "POST"])
@throttled_writes
def index(request):
    shoes = Shoe.objects.owned_by(request).annotate(hand_count=Count("hands"))
    if request.method == "POST":
        form = ShoeForm(request.POST)
        if form.is_valid():
            try:
                shoe = create_shoe(request, form.cleaned_data["name"], form.cleaned_data["decks"])
            except TooManyShoes as refusal:
                form.add_error(None, str(refusal))
            else:
                return redirect("tracker:shoe", shoe_id=shoe.pk)
    else:
        form = ShoeForm(initial={"name": f"Shoe {len(shoes) + 1}"})
    status = 400 if form.errors else 200
    return render(request, "tracker/index.html", {"shoes": shoes, "form": form}, status=status)


@require_safe
def shoe(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    return render(request, "tracker/shoe.html", shoe_page_context(request, shoe))


def board_response(request, shoe, status, keypad=None):
    """After a change: the whole page again (PRG) without htmx; with htmx the roads, plus
    the stats and the announcement out of band, in one response (and the card keypad's
    hand, emptied, after a hand entered by its cards)."""
    if not request.htmx:
        return redirect("tracker:shoe", shoe_id=shoe.pk)
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    context = scoreboard_context(board, proofs_url(reverse("tracker:shoe", args=[shoe.pk])))
    context.update(
        shoe=shoe,
        owner=True,
        status=status,
        oob=True,
        keypad=keypad,
        next_hand=next_hand_context(shoe, recorded, board.stats.hands),
    )
    return render(request, "tracker/shoe.html#update", context)


def refuse_hand(request, shoe, error):
    """A hand that was not recorded: 400, the reason in the status region (htmx) or on the
    whole page again."""
    if request.htmx:
        response = render(request, "tracker/shoe.html#error", {"error": error}, status=400)
        response["HX-Retarget"] = "#tracker-status"
        response["HX-Reswap"] = "innerHTML"
        return response
    context = shoe_page_context(request, shoe, error=error)
    return render(request, "tracker/shoe.html", context, status=400)


@require_POST
@throttled_writes
def record(request, shoe_id):
    outcome = request.POST.get("outcome", "").strip().upper()
    if outcome not in OUTCOMES:
        return refuse_hand(
            request,
            own_shoe_or_404(request, shoe_id),
            "Choose Banker (B), Player (P) or Tie (T); nothing was recorded.",
        )
    try:
        # The caller's shoe is found, held and added to in one step (ShoeQuerySet.record).
        hand = Shoe.objects.owned_by(request).record(
            shoe_id,
            outcome,
            player_pair="player_pair" in request.POST,
            banker_pair="banker_pair" in request.POST,
            natural="natural" in request.POST,
        )
    except Shoe.DoesNotExist:
        raise Http404("No such shoe.") from None
    except ShoeFull as full:
        return refuse_hand(
            request, own_shoe_or_404(request, shoe_id), f"Nothing was recorded: {full}."
        )
    status = f"Hand {hand.seq}: {OUTCOME_NAMES[outcome]} recorded."
    return board_response(request, hand.shoe, status)


@require_POST
def deal(request, shoe_id):
    """One key of the card keypad (tracker/keypad.py): the hand so far again, or, once the
    rules end the hand, the hand recorded with everything its cards say. Only that last
    POST is a write, and only it is throttled."""
    shoe = own_shoe_or_404(request, shoe_id)
    try:
        hand = hand_after(request.POST)
    except DealingError as error:
        return refuse_hand(request, shoe, f"{error} Nothing was recorded.")
    if not hand.complete:
        if request.htmx:
            context = {"keypad": keypad_context(hand), "shoe": shoe}
            return render(request, "tracker/shoe.html#keypad_hand", context)
        context = shoe_page_context(request, shoe, keypad=keypad_context(hand), keypad_open=True)
        return render(request, "tracker/shoe.html", context)
    refused = write_refused(request)
    if refused is not None:
        return refused
    try:
        recorded = Shoe.objects.owned_by(request).record(
            shoe_id,
            hand.outcome,
            player_pair=hand.player_pair,
            banker_pair=hand.banker_pair,
            natural=hand.natural,
            cards=hand.tokens,
        )
    except ShoeFull as full:
        return refuse_hand(request, shoe, f"Nothing was recorded: {full}.")
    status = f"Hand {recorded.seq}: {OUTCOME_NAMES[hand.outcome]}, from its cards. {hand.result}"
    response = board_response(request, recorded.shoe, status, keypad=empty_keypad())
    if request.htmx:
        # The keys aim at the hand so far; a finished hand redraws the roads instead.
        response["HX-Retarget"] = "#board"
        response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
@throttled_writes
def undo(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    hand = shoe.undo()
    if hand is None:
        status = "The shoe is empty: nothing to undo."
    else:
        status = f"Hand {hand.seq} ({OUTCOME_NAMES[hand.outcome]}) removed."
    return board_response(request, shoe, status)


@require_POST
@throttled_writes
def rename(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    form = RenameForm(request.POST)
    if not form.is_valid():
        context = shoe_page_context(request, shoe, rename_form=form, rename_open=True)
        return render(request, "tracker/shoe.html", context, status=400)
    shoe.name = form.cleaned_data["name"]
    shoe.save(update_fields=["name"])
    return redirect("tracker:shoe", shoe_id=shoe.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@throttled_writes
def delete(request, shoe_id):
    shoe = own_shoe_or_404(request, shoe_id)
    if request.method == "POST":
        shoe.delete()
        return redirect("tracker:index")
    return render(request, "tracker/delete.html", {"shoe": shoe, "hand_count": shoe.hands.count()})


def mark_response(request, board, road, index, back_url, shoe):
    if road not in DERIVED_ROADS:
        raise Http404("No such derived road.")
    proof = proof_context(board, road, index)
    if proof is None:
        raise Http404("That road has no such mark.")
    if request.htmx:
        return render(request, "tracker/mark.html#proof", proof)
    # Its own page, without JavaScript: the proof, and the Big Road with the columns framed.
    context = {**scoreboard_context(board, ""), **proof, "shoe": shoe, "back_url": back_url}
    return render(request, "tracker/mark.html", context)


@require_safe
def mark(request, shoe_id, road, index):
    shoe = own_shoe_or_404(request, shoe_id)
    board = scoreboard(shoe.results())
    return mark_response(request, board, road, index, reverse("tracker:shoe", args=[shoe.pk]), shoe)


def shared_shoe_or_404(token):
    return get_object_or_404(Shoe, share_token=token)


@require_safe
def shared(request, token):
    shoe = shared_shoe_or_404(token)
    results, recorded = shoe.results_and_cards()
    board = scoreboard(results)
    context = scoreboard_context(board, proofs_url(reverse("tracker:shared", args=[token])))
    context.update(
        shoe=shoe, owner=False, next_hand=next_hand_context(shoe, recorded, board.stats.hands)
    )
    return render(request, "tracker/shoe.html", context)


@require_safe
def shared_mark(request, token, road, index):
    shoe = shared_shoe_or_404(token)
    board = scoreboard(shoe.results())
    return mark_response(request, board, road, index, reverse("tracker:shared", args=[token]), shoe)


@require_http_methods(["GET", "HEAD", "POST"])
@throttled_writes
def import_page(request):
    """Import a shoe from pasted text or a file. Every problem is listed with its line and
    character, and nothing is saved unless the whole shoe reads cleanly."""
    form = ImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            check_room_for_a_shoe(request)
        except TooManyShoes as refusal:
            form.add_error(None, str(refusal))
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        shoe, parsed = import_shoe(
            request,
            upload.read() if upload else form.cleaned_data["text"],
            name=form.cleaned_data["name"],
            decks=form.cleaned_data["decks"],
            filename=upload.name if upload else None,
            format=form.cleaned_data["format"] or None,
        )
        if shoe is not None:
            return redirect("tracker:shoe", shoe_id=shoe.pk)
        problems = parsed.report
    status = 400 if request.method == "POST" else 200
    return render(
        request, "tracker/import.html", {"form": form, "problems": problems}, status=status
    )


@require_safe
def export(request, shoe_id, extension):
    shoe = own_shoe_or_404(request, shoe_id)
    if extension == "csv":
        response = HttpResponse(export_csv(shoe), content_type="text/csv; charset=utf-8")
    else:
        response = HttpResponse(export_json(shoe), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(shoe, extension)}"'
    return response
