"""The tracker's read-only share page on a phone: its main-thread cost, by Lighthouse.

    .venv/bin/python bench/phone_page.py                  # 60-hand shoe, 3 Lighthouse runs
    .venv/bin/python bench/phone_page.py --hands 80 --runs 5
    .venv/bin/python bench/phone_page.py --save /tmp/lhr  # keep each run's LHR and trace

Builds one shoe of --hands hands (default 60) in a fresh SQLite file (a temporary folder,
migrated here), each hand dealt by the engine from a seeded 8-deck shoe (baccarat.game.shoe) and
recorded with its cards and flags, so the page shows every road and the next-hand odds
panel. Serves the site as `make serve` does (gunicorn.conf.py, DEBUG off, static files
collected, hashed and compressed, served by WhiteNoise) on a free port of 127.0.0.1, with
two workers; the static files are collected into the temporary folder (a settings module
written there sets STATIC_ROOT), never into the repository's staticfiles/. Then runs
Lighthouse 12.2.3 --runs times (performance category only, its default mobile profile:
Moto G Power-sized screen, simulated throttling, 4x CPU slowdown, slow 4G) on
/tracker/shared/<token>/ with Debian's Chromium (CHROME_PATH, default /usr/bin/chromium,
headless, no sandbox), and prints per run and the median:

- Total Blocking Time (simulated);
- the longest main-thread task (`long-tasks`, simulated durations; the audit lists only
  tasks of 50 ms or more), and the longest few with what Lighthouse attributes them to;
- DOM size (`dom-size`: elements, depth, most children);
- the script evaluation and parse/compile time of /static/js/tracker.js (`bootup-time`,
  asked to list every script, not only those over its usual 50 ms threshold);
- the main-thread work by category (`mainthread-work-breakdown`, median of the runs).

Under each run, its three longest top-level tasks are taken apart from the run's own trace
(Lighthouse's task tree, read by a small Node script): observed, unthrottled milliseconds
by category (style & layout with the elements styled and the objects laid out, rendering,
script with the time each script file's calls took, HTML parsing, other), and the
simulated duration Lighthouse gives the task: observed x4, or x2 for a task that did
layout (Lantern's layout multiplier). The long-tasks audit's own breakdown is no help
under simulation: it puts everything in "other". A task of "other" alone, "Unattributable"
in the audit, is Chromium committing the navigation (creating the page's V8 context and so
on): it is there for any page, 80-115 ms simulated for a one-paragraph page on the machine
where this was written, so the longest task overall cannot go below that; the page's own
tasks are the ones with style, layout and script in them. A run that Lighthouse fails to
record (NO_NAVSTART, now and then) is retried, up to three times.

Absolute figures depend on the machine, so two calibrations are printed beside them: the
time of a fixed pure-Python loop (sum(range(10**7)), best of 3, just before each run) and
Lighthouse's own benchmarkIndex (environment.benchmarkIndex; higher is a faster machine).

Lighthouse is installed with npm (`npm i -E lighthouse@12.2.3`, once) into
~/.cache/baccarat-bench, or $BACCARAT_BENCH_CACHE; nothing is written into the repository.
The server is stopped and the temporary folder removed at the end, whatever happens.
Prints figures; asserts nothing (machines are shared and noisy: compare the calibrations
before comparing two runs). About a minute for three runs.
"""

import argparse
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from health import answers_health  # bench/health.py, beside this script
from in_process import calibration_loop  # bench/in_process.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE_VERSION = "12.2.3"
CACHE = Path(os.environ.get("BACCARAT_BENCH_CACHE") or Path.home() / ".cache" / "baccarat-bench")
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
TRACKER_JS = re.compile(r"/static/js/tracker(\.[0-9a-f]{12})?\.js$")
SEED = 2024


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=60, help="hands in the shoe (60)")
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs (3)")
    parser.add_argument("--save", metavar="DIR", help="copy each run's LHR JSON and trace here")
    return parser.parse_args(argv)


# --- Lighthouse ---------------------------------------------------------------------------


def lighthouse_cli():
    """Lighthouse's CLI script, installed into CACHE first if it is not there already."""
    cli = CACHE / "node_modules" / "lighthouse" / "cli" / "index.js"
    manifest = CACHE / "node_modules" / "lighthouse" / "package.json"
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != LIGHTHOUSE_VERSION:
        CACHE.mkdir(parents=True, exist_ok=True)
        print(f"Installing Lighthouse {LIGHTHOUSE_VERSION} into {CACHE} ...", flush=True)
        subprocess.run(
            ["npm", "i", "-E", "--no-audit", "--no-fund", f"lighthouse@{LIGHTHOUSE_VERSION}"],
            cwd=CACHE,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return cli


# The default config (mobile, simulated throttling), performance only; bootup-time lists
# every script rather than only those over 50 ms, so tracker.js always has a row.
LIGHTHOUSE_CONFIG = {
    "extends": "lighthouse:default",
    "settings": {"onlyCategories": ["performance"]},
    "audits": [{"path": "bootup-time", "options": {"thresholdInMs": 0}}],
}


def run_lighthouse(cli, url, config, output):
    command = [
        "node", str(cli), url,
        f"--config-path={config}",
        "--output=json", f"--output-path={output}",
        "--chrome-flags=--headless=new --no-sandbox",
        "--save-assets",  # the trace, beside the report: <output>-0.trace.json
        "--quiet",
    ]  # fmt: skip
    env = {**os.environ, "CHROME_PATH": CHROME}
    # Lighthouse now and then fails to record the trace (NO_NAVSTART, "run Lighthouse
    # again"): a run is tried up to three times.
    for _attempt in range(3):
        done = subprocess.run(command, env=env, timeout=180)
        if done.returncode == 0:
            return json.loads(Path(output).read_text())
        print(f"  (Lighthouse failed, exit status {done.returncode}; trying again)", flush=True)
    raise SystemExit("Lighthouse failed three times running")


# --- the site -----------------------------------------------------------------------------


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def site_environment(workdir):
    """Production as `make serve` runs it, on plain HTTP, with everything in `workdir`."""
    static_root = workdir / "static"
    cache_dir = workdir / "cache"
    cache_dir.mkdir(mode=0o700)
    # settings.py fixes STATIC_ROOT to the repository's staticfiles/: a module of our own
    # overrides that one setting, and wsgi.py / manage.py keep a DJANGO_SETTINGS_MODULE set.
    (workdir / "phone_page_settings.py").write_text(
        f"from baccarat_site.settings import *  # noqa: F403\nSTATIC_ROOT = {str(static_root)!r}\n"
    )
    return {
        "DJANGO_SETTINGS_MODULE": "phone_page_settings",
        "PYTHONPATH": os.pathsep.join(
            [str(workdir), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_CACHE_DIR": str(cache_dir),
        "WEB_CONCURRENCY": "2",
    }


def build_site(workdir, hands):
    """Migrate, collect the static files and record the shoe, in this process; returns the
    shoe's share token and the number of hands that carry cards."""
    sys.path[:0] = [str(workdir), str(ROOT)]
    import django

    django.setup()
    from django.core.management import call_command

    from baccarat.game.rules import resolve
    from baccarat.game.shoe import Shoe as CardShoe
    from tracker.models import Shoe

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    shoe = Shoe.objects.create(name="Bench shoe (phone)", decks=8)
    cards_shoe = CardShoe(8, SEED)
    for _ in range(hands):
        cards = cards_shoe.deal_hand()
        resolution = resolve(cards)
        shoe.record(
            {"banker": "B", "player": "P", "tie": "T"}[resolution.winner],
            player_pair=cards[0].rank == cards[2].rank,
            banker_pair=cards[1].rank == cards[3].rank,
            natural=bool(resolution.natural),
            cards=[str(card) for card in cards],
        )
    from django.db import connections

    empty = Shoe.objects.create(name="Bench shoe (empty)", decks=8)
    connections.close_all()
    return shoe.share_token, empty.share_token


def start_gunicorn(env, port, log):
    command = [
        sys.executable, "-m", "gunicorn", "baccarat_site.wsgi",
        "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
    ]  # fmt: skip
    # Its own process group: stopped with it, workers and all, whatever happens here.
    server = subprocess.Popen(command, cwd=ROOT, env=env, stderr=log, start_new_session=True)
    if answers_health(server, port):
        return server
    stop(server)
    raise SystemExit(f"gunicorn did not answer /healthz:\n{Path(log.name).read_text()}")


def stop(server):
    if server.poll() is not None:
        return
    server.terminate()  # gunicorn's graceful stop: the master stops its workers
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


# --- the report ---------------------------------------------------------------------------

# Reads a run's trace with Lighthouse's own task tree (the one its audits use) and prints, as
# JSON, the top-level main-thread tasks with what they are made of, in observed
# (unthrottled) milliseconds. Lighthouse's simulated duration of a task is the observed one
# times the CPU slowdown (4), or half that for a task that did layout (Lantern's
# layoutTaskMultiplier): "estimate" below, which matches the long-tasks audit's figures.
TASKS_JS = """
import fs from 'node:fs';
import {pathToFileURL} from 'node:url';
const [lighthouse, tracePath] = process.argv.slice(2);
const slowdown = Number(process.argv[4]);
const {MainThreadTasks} = await import(
  pathToFileURL(lighthouse + '/core/computed/main-thread-tasks.js').href);
const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8'));
const tasks = await MainThreadTasks.request(trace, {computedCache: new Map()});
const JS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile', 'TimerFire',
  'FireAnimationFrame', 'EventDispatch']);
const result = tasks.filter(task => !task.parent).map(task => {
  const groups = {}, scripts = {};
  let styleElements = 0, layoutObjects = 0, layout = false;
  const visit = (node, inScript) => {
    const {name, args} = node.event;
    const url = (args.data && args.data.url) || '';
    const counts = !inScript && JS.has(name) && url;
    if (counts) {
      const file = url.split('/').pop().replace(/\\.[0-9a-f]{12}\\.js$/, '.js');
      scripts[file] = (scripts[file] || 0) + node.duration;
    }
    if (name === 'UpdateLayoutTree') styleElements += args.elementCount || 0;
    if (name === 'Layout') {
      layout = true;
      layoutObjects = Math.max(layoutObjects, (args.beginData || {}).dirtyObjects || 0);
    }
    let children = 0;
    for (const child of node.children) {
      children += child.duration;
      visit(child, inScript || counts);
    }
    groups[node.group.id] = (groups[node.group.id] || 0) + node.duration - children;
  };
  visit(task, false);
  const multiplier = layout ? slowdown / 2 : slowdown;
  return {start: task.startTime, observed: task.duration, estimate: task.duration * multiplier,
    multiplier, groups, scripts, styleElements, layoutObjects};
});
result.sort((a, b) => b.estimate - a.estimate);
console.log(JSON.stringify(result.slice(0, 5)));
"""

GROUPS = {
    "styleLayout": "style & layout",
    "paintCompositeRender": "rendering",
    "scriptEvaluation": "script",
    "scriptParseCompile": "parse/compile",
    "parseHTML": "HTML & CSS parsing",
    "garbageCollection": "GC",
    "other": "other",
}


def trace_tasks(workdir, trace, slowdown):
    helper = workdir / "tasks.mjs"
    if not helper.exists():
        helper.write_text(TASKS_JS)
    answer = subprocess.run(
        [
            "node",
            str(helper),
            str(CACHE / "node_modules" / "lighthouse"),
            str(trace),
            str(slowdown),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(answer.stdout)


def describe(task):
    """One line: a task's estimated (simulated) and observed duration, and its parts."""
    parts = []
    for group, ms in sorted(task["groups"].items(), key=lambda kv: -kv[1]):
        if ms < 0.5:
            continue
        part = f"{GROUPS.get(group, group)} {ms:.1f}"
        if group == "styleLayout" and (task["styleElements"] or task["layoutObjects"]):
            part += (
                f" (style of {task['styleElements']} elements, "
                f"layout of {task['layoutObjects']} objects)"
            )
        parts.append(part)
    scripts = ", ".join(
        f"{name} {ms:.1f}"
        for name, ms in sorted(task["scripts"].items(), key=lambda kv: -kv[1])
        if ms >= 0.5
    )
    return (
        f"~{task['estimate']:.0f} ms = {task['observed']:.1f} ms observed x{task['multiplier']:g}"
        f"{' (did layout)' if task['multiplier'] < 4 else ''}: {', '.join(parts)}"
        + (f"; by script (incl. what it triggered): {scripts}" if scripts else "")
    )


def figures(lhr):
    """The figures printed for one run, from its LHR."""
    audits = lhr["audits"]
    items = audits["long-tasks"].get("details", {}).get("items", [])
    longest = max(items, key=lambda item: item["duration"], default=None)
    dom = audits["dom-size"]
    tracker = next(
        (
            item
            for item in audits["bootup-time"]["details"]["items"]
            if TRACKER_JS.search(item["url"])
        ),
        None,
    )
    return {
        "tbt": audits["total-blocking-time"]["numericValue"],
        "longest": longest["duration"] if longest else 0.0,
        "long_tasks": len(items),
        "top_long": [
            (item["duration"], item["url"].rsplit("/", 2)[-1] or "the page")
            for item in sorted(items, key=lambda item: -item["duration"])[:4]
        ],
        "dom": dom["numericValue"],
        "dom_rows": {row.get("statistic"): row.get("value") for row in dom["details"]["items"]},
        "tracker_eval": tracker["scripting"] if tracker else 0.0,
        "tracker_parse": tracker["scriptParseCompile"] if tracker else 0.0,
        "tracker_total": tracker["total"] if tracker else 0.0,
        "tracker_url": tracker["url"] if tracker else "(not in bootup-time)",
        "mainthread": audits["mainthread-work-breakdown"]["numericValue"],
        "groups": {
            item["groupLabel"]: item["duration"]
            for item in audits["mainthread-work-breakdown"]["details"]["items"]
        },
        "benchmark_index": lhr["environment"]["benchmarkIndex"],
        "slowdown": lhr["configSettings"]["throttling"]["cpuSlowdownMultiplier"],
    }


def print_run(label, run, loop):
    longest = f"{run['longest']:.0f} ms" if run["long_tasks"] else "none >= 50 ms"
    print(
        f"{label}: TBT {run['tbt']:.0f} ms | longest task {longest} "
        f"({run['long_tasks']:g} tasks >= 50 ms) | DOM {run['dom']:.0f} elements | "
        f"tracker.js eval {run['tracker_eval']:.1f} ms + compile {run['tracker_parse']:.1f} ms "
        f"({run['tracker_total']:.0f} ms in all, bootup-time total) | "
        f"main thread {run['mainthread']:.0f} ms || calibration: Lighthouse benchmarkIndex "
        f"{run['benchmark_index']:.0f}, Python sum(range(10**7)) {loop * 1000:.0f} ms"
    )


@contextmanager
def served_site(hands, prefix):
    """The site as `make serve` runs it, in a throwaway folder, with a shoe of `hands`
    hands and an empty one: yields (folder, port, shoe token, empty shoe token). The server
    is stopped and the folder removed however the block ends."""
    workdir = Path(tempfile.mkdtemp(prefix=prefix))
    server = None
    try:
        env = site_environment(workdir)
        os.environ.update(env)
        token, empty_token = build_site(workdir, hands)
        port = free_port()
        log = open(workdir / "gunicorn.log", "w")  # noqa: SIM115 (closed with the folder)
        server = start_gunicorn({**os.environ, **env}, port, log)
        yield workdir, port, token, empty_token
    finally:
        if server is not None:
            stop(server)
        shutil.rmtree(workdir, ignore_errors=True)


def main(argv=None):
    args = parse_args(argv)
    cli = lighthouse_cli()
    with served_site(args.hands, "bench-phone-") as (workdir, port, token, empty_token):
        url = f"http://127.0.0.1:{port}/tracker/shared/{token}/"
        # The baseline, measured in the same runs: the same page for an empty shoe (same
        # template, stylesheet and scripts, no marks), so the ratio says what the hands cost
        # whatever the machine's speed that minute.
        empty_url = f"http://127.0.0.1:{port}/tracker/shared/{empty_token}/"
        for _ in range(2):  # both workers: templates compiled, odds tallies warm
            with urllib.request.urlopen(url, timeout=30) as answer:
                page = answer.read().decode()
        config = workdir / "lighthouse-config.json"
        config.write_text(json.dumps(LIGHTHOUSE_CONFIG))
        panel = "shown" if 'class="next-hand"' in page else "MISSING"
        print(
            f"{args.hands}-hand shoe (cards dealt by the engine, seed {SEED}), share page "
            f"{len(page) / 1024:.0f} KiB of HTML, next-hand odds panel {panel}; Lighthouse "
            f"{LIGHTHOUSE_VERSION}, default mobile profile (simulated throttling), {CHROME}. "
            "Times in simulated ms unless said otherwise."
        )
        runs, loops, baselines = [], [], []
        for number in range(1, args.runs + 1):
            loops.append(calibration_loop())
            output = workdir / f"run-{number}.json"
            lhr = run_lighthouse(cli, url, config, output)
            if args.save:
                Path(args.save).mkdir(parents=True, exist_ok=True)
                shutil.copy(output, Path(args.save) / f"phone-page-run-{number}.json")
                shutil.copy(
                    workdir / f"run-{number}-0.trace.json",
                    Path(args.save) / f"phone-page-run-{number}.trace.json",
                )
            run = figures(lhr)
            runs.append(run)
            print_run(f"run {number}", run, loops[-1])
            long = ", ".join(f"{ms:.0f} {where}" for ms, where in run["top_long"])
            print(f"  long tasks (Lighthouse, attributed to): {long or 'none'}")
            tasks = trace_tasks(workdir, workdir / f"run-{number}-0.trace.json", run["slowdown"])
            for task in tasks[:3]:
                print(f"  task {describe(task)}")
            base = figures(run_lighthouse(cli, empty_url, config, workdir / f"base-{number}.json"))
            baselines.append(base)
            print(
                f"  baseline, the empty shoe's page: TBT {base['tbt']:.0f} ms, longest task "
                f"{base['longest']:.0f} ms, DOM {base['dom']:.0f} elements"
            )

        keys = [
            "tbt", "longest", "long_tasks", "dom", "tracker_eval", "tracker_parse",
            "tracker_total", "mainthread", "benchmark_index",
        ]  # fmt: skip
        median = {key: statistics.median(run[key] for run in runs) for key in keys}
        print_run("median", median, statistics.median(loops))
        last = runs[-1]
        rows = last["dom_rows"].items()
        print("DOM (last run): " + ", ".join(f"{k} {v.get('value', v)}" for k, v in rows))
        print(f"tracker.js as served: {last['tracker_url']}")
        groups = ", ".join(
            f"{group} {statistics.median(run['groups'].get(group, 0.0) for run in runs):.0f}"
            for group in last["groups"]
        )
        print(f"main-thread work by category (median): {groups}")
        base_longest = statistics.median(base["longest"] for base in baselines)
        base_tbt = statistics.median(base["tbt"] for base in baselines)
        ratio = median["longest"] / base_longest if base_longest else float("nan")
        print(
            f"against the empty shoe's page (median of the same runs): longest task "
            f"{median['longest']:.0f} vs {base_longest:.0f} ms ({ratio:.2f}x), TBT "
            f"{median['tbt']:.0f} vs {base_tbt:.0f} ms"
        )


if __name__ == "__main__":
    main()
