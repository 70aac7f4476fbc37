"""Whole shoes dealt by chance, the betting systems played against them, and where a
tracked shoe falls among them. Built on the game, the odds and the roads."""
