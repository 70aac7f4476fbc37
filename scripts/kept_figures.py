"""Deal a kept run again and keep it: chance's figures for the road patterns, or the card
counts' large run.

    PYTHONPATH=. .venv/bin/python scripts/kept_figures.py patterns
    PYTHONPATH=. .venv/bin/python scripts/kept_figures.py counts

Each writes its module's FIGURES_FILE (baccarat/simulation/pattern_figures.json,
counting_figures.json) from the seed and shoe count that module names (SEED, SHOES);
docs/roads.md and docs/figures.md say how long each takes.
"""

from __future__ import annotations

import argparse
import json

from baccarat.simulation import count_figures, patterns

KEPT = {"patterns": patterns, "counts": count_figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", choices=sorted(KEPT), help="which kept run to deal again")
    module = KEPT[parser.parse_args().run]
    data = module.deal_figures()
    module.FIGURES_FILE.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{data['shoes']} shoes, seed {data['seed']}: {data['seconds']} s of processor time")


if __name__ == "__main__":
    main()
