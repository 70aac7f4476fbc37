"""Lighthouse's four scores for the main pages, on its mobile profile, as production serves
them (the targets: performance ≥ 98, accessibility, best practices and SEO 100).

    .venv/bin/python bench/audits.py            # every page once
    .venv/bin/python bench/audits.py --runs 3   # the median of 3 runs a page

Serves the site as `make serve` does, in a temporary folder, with a 60-hand shoe dealt by the
engine (bench/phone_page.py does the same set-up and is reused here), then runs Lighthouse
12.2.3 (all four categories, default mobile profile, Debian's Chromium) on every page in
the nav, a lesson and the shoe's share page, and prints a table with a calibration beside
it. Scores below a target are marked, with the audits that cost points. Asserts nothing.
"""

import argparse
import json
import statistics

from phone_page import (
    LIGHTHOUSE_VERSION,
    calibration_loop,
    lighthouse_cli,
    run_lighthouse,
    served_site,
)

PAGES = [
    "/", "/rules/", "/hands/", "/hands/practice/", "/odds/", "/tracker/", "/lessons/",
    "/lessons/foundations/card-values/", "/glossary/", "/quiz/", "/quiz/progress/",
    # Cards on the page: a hand dealt onto the felt, and a quiz question's hand.
    "/hands/?cards=Qh,9s,Kd,Ac,5c,3d", "/quiz/hand-total/",
]  # fmt: skip
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 98, "accessibility": 100, "best-practices": 100, "seo": 100}
CONFIG = {"extends": "lighthouse:default", "settings": {"onlyCategories": list(CATEGORIES)}}


def scores(lhr):
    return {name: round(lhr["categories"][name]["score"] * 100) for name in CATEGORIES}


def losses(lhr, category):
    """The audits of a category that scored below 1, by id."""
    refs = lhr["categories"][category]["auditRefs"]
    return [
        ref["id"]
        for ref in refs
        if ref["weight"] and (lhr["audits"][ref["id"]].get("score") or 0) < 1
        and lhr["audits"][ref["id"]].get("scoreDisplayMode") not in ("notApplicable", "manual")
    ]  # fmt: skip


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs a page (1)")
    args = parser.parse_args()
    cli = lighthouse_cli()
    with served_site(60, "bench-audits-") as (workdir, port, token, _empty):
        config = workdir / "config.json"
        config.write_text(json.dumps(CONFIG))
        loop = calibration_loop()
        print(
            f"Lighthouse {LIGHTHOUSE_VERSION}, default mobile profile, {args.runs} run(s) a "
            f"page, median; calibration: Python sum(range(10**7)) {loop * 1000:.0f} ms"
        )
        print(f"| Page | {' | '.join(CATEGORIES)} | benchmarkIndex | below target |")
        print(f"| --- | {' | '.join('---' for _ in CATEGORIES)} | --- | --- |")
        for path in [*PAGES, f"/tracker/shared/{token}/"]:
            url = f"http://127.0.0.1:{port}{path}"
            runs = [
                run_lighthouse(cli, url, config, workdir / f"lhr-{n}.json")
                for n in range(args.runs)
            ]
            median = {
                name: statistics.median(scores(lhr)[name] for lhr in runs) for name in CATEGORIES
            }
            index = statistics.median(lhr["environment"]["benchmarkIndex"] for lhr in runs)
            short = [
                f"{name}: {', '.join(losses(runs[-1], name))}"
                for name in CATEGORIES
                if median[name] < TARGETS[name]
            ]
            shown = "/tracker/shared/<60-hand shoe>/" if "shared" in path else path
            cells = " | ".join(f"{median[name]:.0f}" for name in CATEGORIES)
            print(f"| `{shown}` | {cells} | {index:.0f} | {'; '.join(short) or '–'} |", flush=True)


if __name__ == "__main__":
    main()
