"""A shoe and its hands. The scoreboard itself is computed by baccarat.roads, never stored."""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Max

from baccarat.roads import Result
from tracker.exchange import MAX_HANDS


class ShoeFull(Exception):
    """Shoe.record refused: the shoe already holds MAX_HANDS hands."""


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
    name = models.CharField(max_length=100)
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

    def record(self, outcome, player_pair=False, banker_pair=False, natural=False, cards=None):
        """Add the next hand. Two tabs recording at once each get their own sequence
        number: the transaction holds the shoe's row (or SQLite's write lock), and a
        clash on the unique (shoe, seq) pair is retried rather than lost. A shoe holds at
        most MAX_HANDS hands: past that, ShoeFull and nothing is stored."""
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    self._lock()
                    last = self.hands.aggregate(last=Max("seq"))["last"] or 0
                    if last >= MAX_HANDS:
                        raise ShoeFull(f"this shoe already holds {MAX_HANDS:,} hands, the limit")
                    return self.hands.create(
                        seq=last + 1,
                        outcome=outcome,
                        player_pair=player_pair,
                        banker_pair=banker_pair,
                        natural=natural,
                        cards=cards,
                    )
            except IntegrityError:
                continue
        raise IntegrityError("could not record the hand: the shoe is too busy, try again")

    def undo(self):
        """Remove the last hand; returns it, or None for an empty shoe."""
        with transaction.atomic():
            self._lock()
            last = self.hands.order_by("-seq").first()
            if last is not None:
                last.delete()
            return last

    def _lock(self):
        """Hold this shoe's row until the transaction ends, so a record and an undo (or two
        records) take turns. SQLite has no row locks: there the transaction itself took
        the database's write lock when it began (settings: "transaction_mode": IMMEDIATE),
        so the query would lock nothing and only hold the writers up."""
        if connection.features.has_select_for_update:
            Shoe.objects.select_for_update().filter(pk=self.pk).values_list("pk").first()


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
