"""Deal chance's figures for the road patterns again and keep them:

    PYTHONPATH=. .venv/bin/python scripts/pattern_figures.py

writes baccarat/simulation/pattern_figures.json from the seed and shoe count that
baccarat.simulation.patterns names (SEED, SHOES); docs/roads.md says how long it takes.
"""

from __future__ import annotations

import json

from baccarat.simulation.patterns import FIGURES_FILE, deal_figures


def main() -> None:
    data = deal_figures()
    FIGURES_FILE.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{data['shoes']} shoes, seed {data['seed']}: {data['seconds']} s of processor time")


if __name__ == "__main__":
    main()
