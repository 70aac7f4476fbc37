#!/usr/bin/env python
"""Crawl every URL of the site in-process and write each answer to a file, normalised, so
two checkouts can be compared request by request (docs/testing.md).

    .venv/bin/python scripts/crawl.py OUTDIR            # crawl into OUTDIR (an earlier crawl's
                                                        # files there are replaced)
    .venv/bin/python scripts/crawl.py --compare A B     # a unified diff per differing request

The crawl fails (exit 2) when a URL pattern has no sample in scripts/crawling/samples.py,
or when any answer is a 5xx; --compare exits 1 when any request differs.
"""

import argparse
import difflib
import hashlib
import os
import re
import shutil
import sys
from pathlib import Path

INDEX = "index.txt"


def file_name(key):
    readable = re.sub(r"[^A-Za-z0-9._-]+", "_", key).strip("_")[:120]
    return f"{readable}.{hashlib.sha256(key.encode()).hexdigest()[:8]}.txt"


def crawl(outdir, seeded=True):
    out = Path(outdir)
    if out.exists() and any(out.iterdir()) and not (out / INDEX).exists():
        # Only an earlier crawl is replaced: a mistyped folder is not emptied.
        print(f"{out} holds files but no {INDEX}: not a crawl's folder", file=sys.stderr)
        return 2
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    from crawling import determinism, environment

    if seeded:
        determinism.install()
    folder = environment.start()
    from crawling.normalise import Normaliser
    from crawling.run import Crawl, MissingSamples

    crawler = Crawl(seeded=seeded)
    index = []
    normaliser = None

    def record(key, pattern_key, line, response):
        nonlocal normaliser
        if normaliser is None:
            normaliser = Normaliser(crawler.languages, crawler.secrets)
        name = file_name(key)
        (out / name).write_text(normaliser.record(line, response), encoding="utf-8")
        index.append(f"{key}\t{pattern_key}\t{response.status_code}\t{name}")

    try:
        crawler.run(record)
    except MissingSamples as error:
        print(error, file=sys.stderr, end="")
        return 2
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    (out / INDEX).write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"{len(index)} requests written to {out}")
    for key, status in crawler.errors:
        print(f"{status}: {key}", file=sys.stderr)
    return 2 if crawler.errors else 0


def read_index(folder):
    entries = {}
    for line in (Path(folder) / INDEX).read_text(encoding="utf-8").splitlines():
        key, _pattern, _status, name = line.split("\t")
        entries[key] = name
    return entries


def answer_lines(folder, entries, key):
    """The recorded answer to `key`, as lines; none if that crawl did not make it."""
    if key not in entries:
        return []
    return (Path(folder) / entries[key]).read_text(encoding="utf-8").splitlines(True)


def compare(a, b):
    left, right = read_index(a), read_index(b)
    differing = 0
    for key in list(left) + [key for key in right if key not in left]:
        old, new = answer_lines(a, left, key), answer_lines(b, right, key)
        if old != new:
            differing += 1
            sys.stdout.writelines(difflib.unified_diff(old, new, f"{a}: {key}", f"{b}: {key}"))
    print(f"{differing} of {len(set(left) | set(right))} requests differ", file=sys.stderr)
    return 1 if differing else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", help="the folder to crawl into")
    parser.add_argument("--compare", nargs=2, metavar=("DIR_A", "DIR_B"))
    parser.add_argument(
        "--unseeded",
        action="store_true",
        help="leave the randomness unseeded and the clock running (to find what differs "
        "from run to run)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        try:
            return compare(*args.compare)
        except BrokenPipeError:
            # The reader stopped (`| head`) after a difference; no traceback at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    if not args.outdir:
        parser.error("give OUTDIR, or --compare DIR_A DIR_B")
    return crawl(args.outdir, seeded=not args.unseeded)


if __name__ == "__main__":
    sys.exit(main())
