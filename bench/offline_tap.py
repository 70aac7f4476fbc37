"""How long a tap takes to reach the roads on a phone, with no signal and online.

    .venv/bin/python bench/offline_tap.py [TAPS]

Serves the site (Django's development server, DEBUG on, on a free port of 127.0.0.1, over
a fresh SQLite file in a temporary folder), opens a shoe's page in Debian's Chromium
(CHROMIUM_PATH, default /usr/bin/chromium) at a phone's size (390 x 844, touch), records 60
hands through the page, then times TAPS (default 30) taps of each kind, in the page's own
clock (performance.now), from the button's click to the next frame after the roads changed:

- offline (the browser's network cut): the hand queued on the device and all five roads
  redrawn there (static/js/roads/, record-queue.js); nothing is sent;
- online: the hand sent, recorded and the server's roads swapped in (the baseline: what
  every tap cost before the device could draw the roads).

Prints each median and 90th percentile, the ratio of the two medians (how much sooner the
device's roads are there than the server's, on the same machine in the same run), and a
calibration: a fixed pure-Python loop's time. Asserts nothing (machines are shared and
noisy: compare calibrations before comparing two runs). About half a minute.
"""

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from in_process import calibration_loop  # bench/in_process.py, beside this script
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
HANDS = 60
# A bead the server drew; the device draws a hand still on its way as a queued bead.
CONFIRMED = "use.bead:not(.queued-bead)"

# One tap, timed in the page: from the click to the frame after the Bead Plate has one bead
# more (the device's queued bead offline, the server's online); by then every road is
# redrawn (tracker-roads.js redraws all five in the same task as the bead).
TAP = """async ([outcome, selector]) => {
  const plate = document.getElementById('road-bead_plate');
  const before = plate.querySelectorAll(selector).length;
  const done = new Promise(resolve => {
    const watch = new MutationObserver(() => {
      const plateNow = document.getElementById('road-bead_plate');
      if (plateNow && plateNow.querySelectorAll(selector).length > before) {
        watch.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      }
    });
    watch.observe(document.getElementById('main') || document.body,
                  {childList: true, subtree: true, attributes: true});
  });
  const start = performance.now();
  document.querySelector('#record-form button[value="' + outcome + '"]').click();
  return (await done) - start;
}"""


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(folder, port):
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{folder}/db.sqlite3",
        DJANGO_DEBUG="1",
        # One page's taps, not an attack: the per-address limits would slow the baseline.
        DJANGO_ADDRESS_CPU_RATE="off",
    )
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the site did not start")


def times(page, taps, selector):
    spent = []
    for index in range(taps):
        outcome = "BPBBPT"[index % 6]
        spent.append(page.evaluate(TAP, [outcome, selector]))
        if selector == CONFIRMED:  # online: the next tap after this one's answer
            page.wait_for_function("() => TrackerQueue.pending() === 0")
    return spent


def figures(name, spent):
    spent = sorted(spent)
    p90 = spent[int(len(spent) * 0.9) - 1]
    print(f"  {name:<50} median {statistics.median(spent):7.1f} ms   p90 {p90:7.1f} ms")
    return statistics.median(spent)


def main():
    taps = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    folder = tempfile.mkdtemp(prefix="bench-offline-tap-")
    port = free_port()
    server = serve(folder, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
            )
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                has_touch=True,
                is_mobile=True,
                bypass_csp=True,  # the page's CSP allows no eval: Playwright's waits need it
            )
            page = context.new_page()
            page.goto(base + "/tracker/")
            page.get_by_label("Name").fill("Timed shoe")
            page.get_by_role("button", name="Start the shoe").click()
            page.wait_for_url("**/tracker/*/")
            page.wait_for_load_state("load")
            for index in range(HANDS):
                page.keyboard.press("BPBBPPT"[index % 7])
            expect(page.locator("#road-bead_plate use.bead")).to_have_count(HANDS, timeout=60_000)
            page.wait_for_function("() => TrackerQueue.pending() === 0")
            online = times(page, taps, CONFIRMED)
            context.set_offline(True)
            offline = times(page, taps, "use.bead")
            context.set_offline(False)
            browser.close()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    calibration = calibration_loop()
    print(f"A tap to the roads redrawn, on a {HANDS}-hand shoe at 390 px ({taps} taps each):")
    device = figures("offline: queued, five roads drawn on the device", offline)
    server_side = figures("online: recorded, the server's roads swapped in", online)
    print(f"  the device's roads are there {server_side / device:.1f}x sooner than the server's")
    print(f"calibration: sum(range(10**7)) best of 3: {calibration * 1000:.0f} ms")


if __name__ == "__main__":
    main()
