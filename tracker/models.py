"""A shoe and its hands. The scoreboard itself is computed by baccarat.roads.scoreboard, never
stored."""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    ProhibitNullCharactersValidator,
)
from django.db import IntegrityError, connection, connections, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from baccarat.roads.scoreboard import Result
from baccarat.roads.tally import winning_point
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
        raise ValidationError(
            _("The name cannot be used: %(problem)s.") % {"problem": problem}, code="plain_text"
        )


def new_share_token():
    return secrets.token_urlsafe(24)


# Where an anonymous visitor's id is kept in their session (tracker.visitors gives it).
VISITOR_KEY = "visitor"


def owner_of(request):
    """The columns that pick the caller's shoes, as {column: value}: the signed-in user's,
    else this browser session's visitor id (tracker.visitors); None when the caller has no
    shoes at all (an anonymous session that never started one)."""
    if request.user.is_authenticated:
        return {"owner_id": request.user.pk}
    visitor = request.session.get(VISITOR_KEY)
    if not visitor:
        return None
    return {"owner_id": None, "visitor": visitor}


class ShoeQuerySet(models.QuerySet):
    def owned_by(self, request):
        """The shoes of the caller: the signed-in user's, else this browser session's."""
        owner = owner_of(request)
        return self.none() if owner is None else self.filter(**owner)


# Named at module level, where django-stubs' plugin can type the class it makes.
_ShoeManagerBase = models.Manager.from_queryset(ShoeQuerySet)


class ShoeManager(_ShoeManagerBase):
    """Recording a hand is the tracker's hottest path (every hand at every table), so its
    statements are written by hand below: Django's ORM spent more time building the five
    queries of a keyed write than the database spent running them (bench/load.py,
    docs/performance.md, "The load goal as a ratio"). Everything else about shoes stays in
    the ORM."""

    def record(
        self,
        pk,
        outcome,
        player_pair=False,
        banker_pair=False,
        natural=False,
        cards=None,
        key=None,
        *,
        owner,
    ):
        """Add the next hand to shoe `pk` if `owner` ({column: value}, owner_of) owns it, else
        Shoe.DoesNotExist; `owner` None is nobody, {} anybody (Shoe.record: the shoe at
        hand). Two tabs recording at once each get their own sequence number: the
        transaction holds the shoe (see `_claim`), and a clash on the unique (shoe, seq)
        pair is retried rather than lost. A shoe holds at most MAX_HANDS hands: past that,
        ShoeFull and nothing is stored. Returns the new Hand (its shoe read when asked
        for), its `replayed` False.

        With a `key` (tracker.idempotency, already checked): a key this shoe has seen
        recorded this same hand, which is returned again with `replayed` True and nothing is
        stored; KeyReused if it recorded another hand, KeyUndone if its hand was undone
        since. Else the hand is recorded as above and the key with it, in one transaction
        under the shoe's lock: a racing request with the same key waits, then finds it."""
        low, high = connection.ops.integer_field_range(Shoe._meta.pk.get_internal_type())
        if owner is None or not low <= pk <= high:  # (a number no id can be: the ORM's rule)
            raise Shoe.DoesNotExist(f"no shoe {pk} of the caller's")
        asked = (
            None if key is None else fingerprint(outcome, player_pair, banker_pair, natural, cards)
        )
        hand = Hand(
            shoe_id=pk,
            outcome=outcome,
            player_pair=bool(player_pair),
            banker_pair=bool(banker_pair),
            natural=bool(natural),
            cards=cards,
        )
        if connections[self.db].vendor == "postgresql":
            return self._record_pipelined(hand, owner, key, asked)
        with connections[self.db].cursor() as cursor:
            for _attempt in range(5):
                try:
                    with transaction.atomic(using=self.db):
                        last = self._claim(cursor, pk, owner)
                        if key is not None:
                            seen = self._replay(cursor, pk, key, asked)
                            if seen is not None:
                                return seen
                        check_room(last)
                        hand.seq = last + 1
                        self._insert(cursor, hand)
                        if key is not None:
                            self._keep(cursor, hand, key, asked)
                        hand.replayed = False
                        return hand
                except IntegrityError:
                    continue
        raise IntegrityError("could not record the hand: the shoe is too busy, try again")

    def _record_pipelined(self, hand, owner, key, asked):
        """record() on PostgreSQL in two round trips, where its statements one at a time
        took eight: psycopg's pipeline mode sends several statements before reading any
        answer.

        1. BEGIN; lock the shoe (FOR UPDATE, if `owner` owns it); then, in a statement of
           its own so that it reads what was committed while it waited for the lock, the
           shoe's last number and, with a key, the key's row (forgetting the shoe's keys
           older than KEEP on the way: the key's INSERT, a later statement, sees them gone);
        2. the hand (and its key: one statement), COMMIT.

        The transaction is written out (BEGIN or, inside an atomic block, a savepoint)
        rather than left to transaction.atomic, whose changes to autocommit would each cost
        a round trip in pipeline mode. The statements bind their parameters on the server
        and are prepared once a connection (Django's cursors bind on the client and prepare
        nothing). The answers are record()'s on any database."""
        db = connections[self.db]
        where, owner_params = owned(hand.shoe_id, owner)
        lock = f"SELECT 1 FROM {table(Shoe)} WHERE {where} FOR UPDATE"
        insert, write_params = self._insert_sql(db, hand)
        look, write = self._pipelined_sql(key, insert)
        db.close_if_health_check_failed()
        db.ensure_connection()
        inner = db.in_atomic_block
        if inner:
            db.validate_no_broken_transaction()
        begin, commit, rollback = (
            (["SAVEPOINT record_hand"], ["RELEASE SAVEPOINT record_hand"],
             ["ROLLBACK TO SAVEPOINT record_hand", "RELEASE SAVEPOINT record_hand"])
            if inner
            else (["BEGIN"], ["COMMIT"], ["ROLLBACK"])
        )  # fmt: skip
        for _attempt in range(5):
            now = timezone.now()
            look_params = [hand.shoe_id]
            if key is not None:
                since = now - KEEP
                look_params = [hand.shoe_id, since, hand.shoe_id, hand.shoe_id, key, since]
                write_params[7:] = [hand.shoe_id, key, asked, None, now]
            try:
                with db.wrap_database_errors:
                    with db.connection.pipeline() as pipeline:
                        try:
                            self._send_all(db, begin)
                            held = self._send(db, lock, owner_params)
                            looked = self._send(db, look, look_params)
                            pipeline.sync()
                            if held.fetchone() is None:
                                raise Shoe.DoesNotExist(f"no shoe {hand.shoe_id} of the caller's")
                            last, *seen = looked.fetchone()
                            if key is not None and seen[0] is not None:
                                replayed = self._replayed(seen, asked)
                                self._send_all(db, commit)
                                return replayed
                            check_room(last or 0)
                            hand.seq = write_params[1] = (last or 0) + 1
                            if key is not None:
                                write_params[-2] = hand.seq
                            written = self._send(db, write, write_params)
                            self._send_all(db, commit)
                            pipeline.sync()
                        except BaseException:
                            self._send_all(db, rollback)
                            raise
                    hand.pk = written.fetchone()[0]
            except IntegrityError:
                continue
            hand._state.adding = False
            hand._state.db = self.db
            hand.replayed = False
            return hand
        raise IntegrityError("could not record the hand: the shoe is too busy, try again")

    @staticmethod
    def _pipelined_sql(key, insert):
        """The second statement of _record_pipelined and the write, for a key or none."""
        hands, keys = table(Hand), table(RecordedKey)
        last = f"SELECT MAX({name('seq')}) FROM {hands} WHERE {name('shoe_id')} = %s"
        if key is None:
            return last, insert
        look = (
            f"WITH gone AS (DELETE FROM {keys} "
            f"WHERE {name('shoe_id')} = %s AND {name('created')} < %s) "
            f"SELECT ({last}), k.{name('fingerprint')}, k.{name('seq')}, k.{name('hand_id')} "
            f"FROM (SELECT 1) AS one LEFT JOIN {keys} AS k ON k.{name('shoe_id')} = %s "
            f"AND k.{name('key')} = %s AND k.{name('created')} >= %s"
        )
        columns = ["shoe_id", "key", "fingerprint", "hand_id", "seq", "created"]
        write = (
            f"WITH new AS ({insert}) INSERT INTO {keys} ({', '.join(map(name, columns))}) "
            f"SELECT %s, %s, %s, new.{name('id')}, %s, %s FROM new RETURNING {name('hand_id')}"
        )
        return look, write

    @staticmethod
    def _send(db, sql, params, prepare=True):
        """Queue `sql` on a cursor of its own that binds on the server, prepared."""
        import psycopg  # the `postgres` extra: only PostgreSQL comes here

        cursor = psycopg.Cursor(db.connection)
        cursor.execute(sql, params, prepare=prepare)
        return cursor

    def _send_all(self, db, statements):
        """Queue a transaction's own statements (BEGIN, COMMIT...), one at a time."""
        for sql in statements:
            self._send(db, sql, None, prepare=False)

    def _replayed(self, seen, asked):
        """The hand a key already recorded (its row: fingerprint, seq, hand id)."""
        stored, seq, hand_id = seen
        if stored != asked:
            raise KeyReused(seq)
        if hand_id is None:
            raise KeyUndone(seq)
        hand = Hand.objects.using(self.db).get(pk=hand_id)  # a replay is rare: the ORM will do
        hand.replayed = True
        return hand

    def _claim(self, cursor, pk, owner):
        """Hold shoe `pk` (if `owner` owns it, else Shoe.DoesNotExist) until the transaction
        ends, so that a record and an undo (or two records) take turns; returns its last
        sequence number (0 when empty). SQLite's (PostgreSQL: _record_pipelined)."""
        shoes, hands = table(Shoe), table(Hand)
        where, params = owned(pk, owner)
        # SQLite has no row locks: the transaction took the database's write lock when it
        # began (settings: "transaction_mode": IMMEDIATE), so the shoe and its last number
        # come in one query.
        cursor.execute(
            f"SELECT (SELECT MAX({name('seq')}) FROM {hands} "
            f"WHERE {hands}.{name('shoe_id')} = {shoes}.{name('id')}) FROM {shoes} WHERE {where}",
            params,
        )
        row = cursor.fetchone()
        if row is None:
            raise Shoe.DoesNotExist(f"no shoe {pk} of the caller's")
        return row[0] or 0

    def _replay(self, cursor, pk, key, asked):
        """The hand `key` recorded on shoe `pk` in the last KEEP, `replayed` True; None for a
        key not seen (or forgotten); KeyReused or KeyUndone when it cannot be given again."""
        keys = table(RecordedKey)
        cursor.execute(
            f"SELECT {name('fingerprint')}, {name('seq')}, {name('hand_id')} FROM {keys} "
            f"WHERE {name('shoe_id')} = %s AND {name('key')} = %s AND {name('created')} >= %s",
            [pk, key, self._when(cursor, timezone.now() - KEEP)],
        )
        row = cursor.fetchone()
        return None if row is None else self._replayed(row, asked)

    def _insert(self, cursor, hand):
        """INSERT `hand` (seq set), and give it its id."""
        sql, params = self._insert_sql(cursor.db, hand)
        cursor.execute(sql, params)
        hand.pk = cursor.fetchone()[0]
        hand._state.adding = False
        hand._state.db = self.db

    @staticmethod
    def _insert_sql(db, hand):
        """The INSERT of `hand`, RETURNING its id, and its parameters (the second: seq)."""
        columns = ["shoe_id", "seq", "outcome", "player_pair", "banker_pair", "natural", "cards"]
        cards = Hand._meta.get_field("cards").get_db_prep_save(hand.cards, db)
        sql = (
            f"INSERT INTO {table(Hand)} ({', '.join(map(name, columns))}) "
            f"VALUES ({', '.join(['%s'] * len(columns))}) RETURNING {name('id')}"
        )
        params = [hand.shoe_id, hand.seq, hand.outcome, hand.player_pair, hand.banker_pair,
                  hand.natural, cards]  # fmt: skip
        return sql, params

    def _keep(self, cursor, hand, key, asked):
        """Store `key` with the hand just recorded; first forget the shoe's keys older than
        KEEP (a forgotten key used again would otherwise clash with its old row)."""
        keys, now = table(RecordedKey), timezone.now()
        cursor.execute(
            f"DELETE FROM {keys} WHERE {name('shoe_id')} = %s AND {name('created')} < %s",
            [hand.shoe_id, self._when(cursor, now - KEEP)],
        )
        columns = ["shoe_id", "key", "fingerprint", "hand_id", "seq", "created"]
        cursor.execute(
            f"INSERT INTO {keys} ({', '.join(map(name, columns))}) "
            f"VALUES ({', '.join(['%s'] * len(columns))})",
            [hand.shoe_id, key, asked, hand.pk, hand.seq, self._when(cursor, now)],
        )

    @staticmethod
    def _when(cursor, moment):
        """A datetime as this database takes it (SQLite: text in UTC)."""
        return cursor.db.ops.adapt_datetimefield_value(moment)


def check_room(last):
    """ShoeFull when a shoe whose last hand is number `last` can take no more."""
    if last >= MAX_HANDS:
        raise ShoeFull(
            _("this shoe already holds %(count)s hands, the limit") % {"count": f"{MAX_HANDS:,}"}
        )


def owned(pk, owner):
    """The WHERE clause (and its parameters) that picks shoe `pk` if `owner` owns it."""
    shoes = table(Shoe)
    conditions, params = [f"{shoes}.{name('id')} = %s"], [pk]
    for column, value in owner.items():
        if value is None:
            conditions.append(f"{shoes}.{name(column)} IS NULL")
        else:
            conditions.append(f"{shoes}.{name(column)} = %s")
            params.append(value)
    return " AND ".join(conditions), params


def table(model):
    return name(model._meta.db_table)


def name(identifier):
    """A table's or column's name, quoted (`natural` is an SQL keyword)."""
    return connection.ops.quote_name(identifier)


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
    # The read-only link's secret (/tracker/shared/<token>/), None while the shoe is not
    # shared. A shoe starts shared, as every shoe always has; its owner may revoke the link
    # or make a new one (new_share_link, revoke_share_link). The shared pages look the token
    # up in the database on every request and nothing caches them, so a revoked link is a
    # 404 at once on every app server. (Several NULLs do not clash under unique.)
    share_token = models.CharField(
        max_length=64, unique=True, null=True, blank=True, default=new_share_token
    )

    objects = ShoeManager()

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

    def new_share_link(self):
        """A fresh random token: the shoe's old link, if any, leads nowhere from now on, and
        never again (a token is 24 random bytes, never reused). False if the shoe is gone."""
        self.share_token = new_share_token()
        # An UPDATE, not save(): a shoe deleted meanwhile in another tab is a False, not an
        # error, and no other field is written back from this (perhaps stale) copy.
        return Shoe.objects.filter(pk=self.pk).update(share_token=self.share_token) == 1

    def revoke_share_link(self):
        """No link leads to the shoe any more. False if the shoe is gone."""
        self.share_token = None
        return Shoe.objects.filter(pk=self.pk).update(share_token=None) == 1

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
            results.append(Result(outcome, banker_pair, player_pair, natural, winning_point(cards)))
            if cards is not None:
                recorded.append((seq, cards))
        return results, recorded

    def record(
        self, outcome, player_pair=False, banker_pair=False, natural=False, cards=None, key=None
    ):
        """Add the next hand to this shoe (ShoeManager.record)."""
        return Shoe.objects.record(
            self.pk, outcome, player_pair, banker_pair, natural, cards, key=key, owner={}
        )

    def undo(self, only=None):
        """Remove the last hand; returns it, or None for an empty shoe. With `only` (a Hand),
        only if that hand is still the last: another tab may have added one meanwhile."""
        with transaction.atomic():
            if connection.features.has_select_for_update:  # see ShoeManager._claim
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

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["shoe", "key"], name="one_hand_per_key_per_shoe")
        ]

    def __str__(self):
        return f"{self.shoe} key {self.key!r}: hand {self.seq}"
