"""The game itself: cards, the shoe, the tableau (the drawing rules as data), one hand
played by them, and the rules said in words. Imports nothing of ours but the translation
markers (baccarat.translation)."""
