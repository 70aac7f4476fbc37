"""The drawing rules written out a second time, by hand and as sets, for tests that check
the engine against something it did not compute (tests/unit/test_unknown_cards.py,
tests/unit/test_inference.py). Not imported by the site."""

PLAYER_DRAWS_ON = set(range(6))
BANKER_DRAWS_WHEN_PLAYER_STOOD = set(range(6))
BANKER_DRAWS_AGAINST = {  # Banker's two-card total: the Player's third-card values
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},
    4: set(range(2, 8)),
    5: set(range(4, 8)),
    6: {6, 7},
    7: set(),
}
RANK_OF = {0: "K", 1: "A", **{v: str(v) for v in range(2, 10)}}
