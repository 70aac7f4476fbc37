"""A shoe and its hands. The scoreboard itself is computed by baccarat.roads, never stored."""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    ProhibitNullCharactersValidator,
)
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Max, OuterRef, Subquery
from django.utils import timezone

from baccarat.roads import Result
from guards.inputs import text_problem
from tracker.exchange import MAX_HANDS
from tracker.idempotency import KEEP, MAX_LENGTH, KeyReused, KeyUndone, fingerprint


class ShoeFull(Exception):
    """Shoe.record refused: the shoe already holds MAX_HANDS hands."""


def validate_plain_text(value):
    """A name is printable text: no NUL (PostgreSQL cannot store it), no lone surrogate (it
    cannot be encoded), no control character. The forms, the API and the importer all
    check a shoe's name with these validators (Shoe.check_name)."""
    problem = text_problem(value)
    if problem:
        raise ValidationError(f"The name cannot be used: {problem}.", code="plain_text")


def new_share_token():
    return secrets.token_urlsafe(24)


class ShoeQuerySet(models.QuerySet):
    def owned_by(self, request):
        """The shoes of the caller: the signed-in user's, else this browser session's."""
        if request.user.is_authenticated:
            return self.filter(owner=request.user)
        visitor = request.session.get("visitor")
        if not visitor:
            return self.none()
        return self.filter(owner=None, visitor=visitor)

    def record(
        self, pk, outcome, player_pair=False, banker_pair=False, natural=False, cards=None, key=None
    ):
        """Add the next hand to shoe `pk`, which must be one of these shoes (else
        Shoe.DoesNotExist). Two tabs recording at once each get their own sequence number:
        the transaction holds the shoe (see `_claim`), and a clash on the unique (shoe, seq)
        pair is retried rather than lost. A shoe holds at most MAX_HANDS hands: past that,
        ShoeFull and nothing is stored. Returns the new Hand, its `shoe` the claimed shoe,
        its `replayed` False.

        With a `key` (tracker.idempotency, already checked): a key this shoe has seen
        recorded this same hand, which is returned again with `replayed` True and nothing is
        stored; KeyReused if it recorded another hand, KeyUndone if its hand was undone
        since. Else the hand is recorded as above and the key with it, in one transaction
        under the shoe's lock: a racing request with the same key waits, then finds it."""
        asked = (
            None if key is None else fingerprint(outcome, player_pair, banker_pair, natural, cards)
        )
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    shoe, last = self._claim(pk)
                    if key is not None:
                        hand = RecordedKey.objects.replay(shoe, key, asked)
                        if hand is not None:
                            return hand
                    if last >= MAX_HANDS:
                        raise ShoeFull(f"this shoe already holds {MAX_HANDS:,} hands, the limit")
                    hand = Hand.objects.create(
                        shoe=shoe,
                        seq=last + 1,
                        outcome=outcome,
                        player_pair=player_pair,
                        banker_pair=banker_pair,
                        natural=natural,
                        cards=cards,
                    )
                    if key is not None:
                        RecordedKey.objects.keep(hand, key, asked)
                    hand.replayed = False
                    return hand
            except IntegrityError:
                continue
        raise IntegrityError("could not record the hand: the shoe is too busy, try again")

    def _claim(self, pk):
        """Shoe `pk` of these shoes, held until the transaction ends so that a record and an
        undo (or two records) take turns, and its last sequence number (0 when empty)."""
        shoes = self.filter(pk=pk)
        if connection.features.has_select_for_update:
            shoe = shoes.select_for_update(of=("self",)).get()
            # Read once the lock is held: a number read in the locking statement could
            # predate an undo that committed while this one waited.
            return shoe, shoe.hands.aggregate(last=Max("seq"))["last"] or 0
        # SQLite has no row locks: the transaction took the database's write lock when it
        # began (settings: "transaction_mode": IMMEDIATE), so the shoe and its last number
        # come in one query. Recording a hand is the tracker's hottest path.
        last = Hand.objects.filter(shoe=OuterRef("pk")).order_by("-seq").values("seq")[:1]
        shoe = shoes.annotate(last_seq=Subquery(last)).get()
        return shoe, shoe.last_seq or 0


class Shoe(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="shoes",
    )
    # An anonymous visitor's id, kept in their session (see tracker.visitors).
    visitor = models.CharField(max_length=64, blank=True, db_index=True)
    name = models.CharField(
        max_length=100, validators=[ProhibitNullCharactersValidator(), validate_plain_text]
    )
    decks = models.PositiveSmallIntegerField(
        default=8, validators=[MinValueValidator(1), MaxValueValidator(8)]
    )
    created = models.DateTimeField(auto_now_add=True)
    share_token = models.CharField(max_length=64, unique=True, default=new_share_token)

    objects = ShoeQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self):
        return self.name

    @classmethod
    def check_name(cls, name):
        """The model's own validators for a name that did not come through a form (the
        API, an import): raises ValidationError with one message."""
        field = cls._meta.get_field("name")
        try:
            field.clean(name, None)
        except ValidationError as error:
            raise ValidationError(" ".join(error.messages)) from None

    def results(self):
        """The hands as the road engine reads them, in dealing order. Read as plain rows,
        not Hand objects: the page redraws the whole shoe on every hand recorded."""
        rows = self.hands.values_list("outcome", "banker_pair", "player_pair", "natural")
        return [Result(*row) for row in rows]

    def results_and_cards(self):
        """results(), and the (seq, cards) of every hand recorded with its cards, from the
        same single query: the shoe page shows both and redraws on every hand."""
        rows = self.hands.values_list(
            "outcome", "banker_pair", "player_pair", "natural", "seq", "cards"
        )
        results, recorded = [], []
        for outcome, banker_pair, player_pair, natural, seq, cards in rows:
            results.append(Result(outcome, banker_pair, player_pair, natural))
            if cards is not None:
                recorded.append((seq, cards))
        return results, recorded

    def record(
        self, outcome, player_pair=False, banker_pair=False, natural=False, cards=None, key=None
    ):
        """Add the next hand to this shoe (ShoeQuerySet.record)."""
        return Shoe.objects.record(
            self.pk, outcome, player_pair, banker_pair, natural, cards, key=key
        )

    def undo(self, only=None):
        """Remove the last hand; returns it, or None for an empty shoe. With `only` (a Hand),
        only if that hand is still the last: another tab may have added one meanwhile."""
        with transaction.atomic():
            if connection.features.has_select_for_update:  # see ShoeQuerySet._claim
                Shoe.objects.select_for_update().filter(pk=self.pk).values_list("pk").first()
            last = self.hands.order_by("-seq").first()
            if last is None or (only is not None and last.pk != only.pk):
                return None
            last.delete()
            return last


class Hand(models.Model):
    OUTCOMES = [("B", "Banker"), ("P", "Player"), ("T", "Tie")]

    shoe = models.ForeignKey(Shoe, on_delete=models.CASCADE, related_name="hands")
    seq = models.PositiveIntegerField()
    outcome = models.CharField(max_length=1, choices=OUTCOMES)
    player_pair = models.BooleanField(default=False)
    banker_pair = models.BooleanField(default=False)
    natural = models.BooleanField(default=False)
    cards = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["shoe", "seq"], name="one_hand_per_seq_per_shoe")
        ]

    def __str__(self):
        return f"{self.shoe} #{self.seq}: {self.outcome}"

    def result(self):
        return Result(self.outcome, self.banker_pair, self.player_pair, self.natural)


class RecordedKeyManager(models.Manager):
    """Both run inside ShoeQuerySet.record's transaction, the shoe held (tracker.idempotency
    says why and what for)."""

    def replay(self, shoe, key, asked):
        """The hand `key` recorded on `shoe` in the last KEEP, `replayed` True; None for a key
        not seen (or forgotten); KeyReused or KeyUndone when it cannot be given again."""
        seen = list(
            self.filter(shoe=shoe, key=key, created__gte=timezone.now() - KEEP).select_related(
                "hand"
            )[:1]
        )
        if not seen:
            return None
        stored = seen[0]
        if stored.fingerprint != asked:
            raise KeyReused(stored.seq)
        if stored.hand is None:
            raise KeyUndone(stored.seq)
        hand = stored.hand
        hand.shoe = shoe
        hand.replayed = True
        return hand

    def keep(self, hand, key, asked):
        """Store `key` with the hand just recorded; first forget the shoe's keys older than
        KEEP (a forgotten key used again would otherwise clash with its old row)."""
        now = timezone.now()
        self.filter(shoe=hand.shoe, created__lt=now - KEEP).delete()
        self.create(
            shoe=hand.shoe, key=key, fingerprint=asked, hand=hand, seq=hand.seq, created=now
        )


class RecordedKey(models.Model):
    """An Idempotency-Key a hand was recorded under (tracker.idempotency)."""

    shoe = models.ForeignKey(Shoe, on_delete=models.CASCADE, related_name="recorded_keys")
    key = models.CharField(max_length=MAX_LENGTH)
    fingerprint = models.CharField(max_length=64, help_text="sha256 of the hand asked for")
    # Null once the hand is undone: the key stays, so that a late retry is told, not obeyed.
    hand = models.ForeignKey(
        Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="recorded_keys"
    )
    seq = models.PositiveIntegerField(help_text="The hand's number when it was recorded")
    created = models.DateTimeField(default=timezone.now, db_index=True)

    objects = RecordedKeyManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["shoe", "key"], name="one_hand_per_key_per_shoe")
        ]

    def __str__(self):
        return f"{self.shoe} key {self.key!r}: hand {self.seq}"
