"""bench/load.py --databases sqlite,postgres: one whole run (calibration, floor, hands,
no-loss check) on each database, one right after the other on the same machine, then their
figures side by side.

Each run is a plain `bench/load.py` with the same options, in a process of its own (locust
patches the standard library for gevent; the next run starts clean). SQLite is a fresh file,
as a plain run's. PostgreSQL is the one DATABASE_URL names if it is a postgres:// URL, else
a throwaway server (scripts/postgres) on a free port with a data directory of this run's,
stopped afterwards. That one runs with PG_FAST=1: a commit does not wait for the disk, as
SQLite's commits do not (write-ahead logging with synchronous=NORMAL, baccarat_site.settings),
so the two compare like for like.
"""

import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOAD = Path(__file__).resolve().parent / "load.py"


@contextmanager
def postgres(free_port):
    """The DATABASE_URL of a PostgreSQL to run on: this environment's, or a throwaway."""
    given = os.environ.get("DATABASE_URL", "")
    if given.startswith("postgres"):
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="baccarat-load-postgres-") as folder:
        env = dict(os.environ, PG_DIR=f"{folder}/data", PG_PORT=str(free_port()), PG_FAST="1")
        if os.getuid() == 0:
            os.chmod(folder, 0o755)  # run as root, the server is the `postgres` user

        def script(command):
            return subprocess.run(
                ["sh", "scripts/postgres", command],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()

        url = script("start")
        try:
            yield url
        finally:
            script("stop")


def server_name(url):
    """ "PostgreSQL 15", asked of the server (psycopg: the `postgres` extra)."""
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=5) as connection:
            return f"PostgreSQL {connection.info.server_version // 10000}"
    except Exception:  # noqa: BLE001 (only a label)
        return "PostgreSQL"


def without_databases(argv):
    """The command line's options but --databases (and its value)."""
    kept, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--databases":
            skip = True
        elif not word.startswith("--databases="):
            kept.append(word)
    return kept


def one_run(argv, url, folder, name):
    """bench/load.py on `url` (None: a fresh SQLite file); its figures, or None."""
    print(f"\n=== {name} ===", flush=True)
    figures = Path(folder) / f"{name}.json"
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    if url:
        env["DATABASE_URL"] = url
    done = subprocess.run(
        [sys.executable, str(LOAD), *argv, "--figures", str(figures)], cwd=ROOT, env=env
    )
    if not figures.exists():
        return {"verify_status": done.returncode or 1}
    return json.loads(figures.read_text())


def compare(args, argv, free_port):
    """Runs bench/load.py on each of args.databases; prints the table; returns 0 when every
    run's no-loss check passed."""
    argv = without_databases(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="baccarat-load-compare-") as folder:
        for database in args.databases:
            if database == "sqlite":
                results.append(("SQLite", one_run(argv, None, folder, "SQLite")))
                continue
            with postgres(free_port) as url:
                name = server_name(url)
                results.append((name, one_run(argv, url, folder, name)))
    for line in table(results):
        print(line)
    return max(figures["verify_status"] for _name, figures in results)


def table(results):
    yield "\nside by side (each run against its own floor, with its own calibration):"
    yield (
        f"{'database':<15}{'calibration':>12}{'floor/s':>9}{'floor p99':>10}{'hands/s':>9}"
        f"{'ratio':>7}{'p50':>7}{'p99':>7}{'CPU ×floor':>11}{'errors':>8}  no-loss check"
    )
    for name, figures in results:
        if "hands_per_s" not in figures:
            yield f"{name:<15}the run failed (exit status {figures['verify_status']})"
            continue
        floor = figures.get("floor_per_s")
        cost = figures.get("cost_ratio")
        yield (
            f"{name:<15}{figures['calibration_ms']:>10.0f}ms"
            + (f"{floor:>9.1f}{figures['floor_p99_ms']:>8.0f}ms" if floor else f"{'-':>9}{'-':>10}")
            + f"{figures['hands_per_s']:>9.1f}"
            + (f"{figures['throughput_ratio']:>7.2f}" if floor else f"{'-':>7}")
            + f"{figures['p50_ms']:>5.0f}ms{figures['p99_ms']:>5.0f}ms"
            + (f"{cost:>11.2f}" if cost else f"{'-':>11}")
            + f"{figures['errors']:>8}  "
            + ("passed" if figures["verify_status"] == 0 else "FAILED")
            + f" ({figures['acked']:,} hands)"
        )
