"""Deal the counts' kept run again and keep it:

    PYTHONPATH=. .venv/bin/python scripts/counting_figures.py

writes baccarat/simulation/counting_figures.json from the seed and shoe count that
baccarat.simulation.count_figures names (SEED, SHOES); docs/odds.md says how long it takes.
"""

from __future__ import annotations

import json

from baccarat.simulation.count_figures import FIGURES_FILE, deal_figures


def main() -> None:
    data = deal_figures()
    FIGURES_FILE.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{data['shoes']} shoes, seed {data['seed']}: {data['seconds']} s of processor time")


if __name__ == "__main__":
    main()
