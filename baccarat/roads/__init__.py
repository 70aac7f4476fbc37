"""The scoreboard: Bead Plate, Big Road and the three derived roads, and the sentences that
explain each mark. Built on the game alone; they record results and predict nothing."""
