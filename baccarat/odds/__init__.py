"""Exact odds by enumeration, the payouts and house edges, and the published figures they
are checked against. Built on the game alone."""
