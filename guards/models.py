"""The allowances the limits keep (guards.allowances): one row a client and limit."""

from django.db import models


class Allowance(models.Model):
    """How much of one limit one client has used, as one number: the moment at which its
    allowance is whole again (the generic cell rate algorithm's "theoretical arrival
    time", in seconds since the epoch). A row whose moment has passed means a whole
    allowance, the same as no row; such rows are deleted from time to time."""

    key = models.CharField(max_length=120, primary_key=True)
    whole_at = models.FloatField(db_index=True)

    def __str__(self) -> str:
        return self.key
