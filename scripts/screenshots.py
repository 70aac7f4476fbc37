"""The screenshots of the tracker in the README, taken again from the site as it is now.

    .venv/bin/python scripts/screenshots.py     (after `make test` has installed Playwright)

Builds a throwaway database (a temporary SQLite file) with one signed-in account and a
60-hand shoe dealt by the engine with its cards, serves the site on a free loopback port
(runserver, DEBUG on, no reloader), and photographs it in Debian's Chromium
($CHROMIUM_PATH, else /usr/bin/chromium):

    docs/tracker-phone.png         390×844: the first screen, every road at its newest mark
    docs/tracker-phone-proof.png   390×844: a Big Eye Boy mark's proof, its columns framed
    docs/tracker-phone-keypad.png  390×844: the card keypad half-way through a hand
    docs/tracker-landscape.png     844×390: the phone turned, the record bar at the side
    docs/tracker-desktop.png       1280×800

The shoe is the same every time (a seeded shuffle), so the pictures change only when the
pages do. The server is stopped however the script ends.
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HANDS = 60
SEED = 2026
USER, PASSWORD = "screenshots", "a-long-screenshot-password"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build_database(env):
    """Migrate the throwaway database and fill it: returns the shoe's id."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    code = f"""
from django.contrib.auth.models import User
from baccarat.teaching.dealing import dealt
from baccarat.game.shoe import Shoe as Deck
from tracker.models import Shoe
user = User.objects.create_user({USER!r}, password={PASSWORD!r})
shoe = Shoe.objects.create(owner=user, name="Friday, table 3", decks=8)
deck = Deck(8, {SEED})
for _ in range({HANDS}):
    hand = dealt([card.rank for card in deck.deal_hand()])
    shoe.record(hand.outcome, hand.player_pair, hand.banker_pair, hand.natural, hand.tokens)
print(shoe.pk)
"""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.split()[-1])


def wait_for(url, server, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped (exit {server.returncode})")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer at {url} within {seconds} s")


def photograph(base, shoe_id):
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    DOCS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])

        def signed_in(width, height, phone):
            context = browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
                reduced_motion="reduce",
            )
            page = context.new_page()
            page.goto(f"{base}/accounts/login/")
            page.fill("#id_username", USER)
            page.fill("#id_password", PASSWORD)
            page.click("main button[type=submit]")
            page.goto(f"{base}/tracker/{shoe_id}/")
            page.wait_for_function("() => window.htmx !== undefined")
            return context, page

        context, page = signed_in(390, 844, phone=True)
        # The first screen as it opens: every road's newest column above the record bar.
        page.screenshot(path=DOCS / "tracker-phone.png")
        mark = page.locator("#road-big_eye_boy a.mark").nth(-3)
        mark.scroll_into_view_if_needed()
        mark.tap()
        page.locator("#proof .proof-text").wait_for()
        page.screenshot(path=DOCS / "tracker-phone-proof.png")
        page.keyboard.press("Escape")
        page.locator(".card-keypad > summary").tap()
        for rank in ("9", "K", "5"):
            page.locator(f".card-keypad-keys button[value='{rank}']").tap()
            page.wait_for_function(
                "n => document.querySelector('.card-keypad-form input[name=cards]')"
                ".value.split(' ').length === n",
                arg=["9", "K", "5"].index(rank) + 1,
            )
        page.screenshot(path=DOCS / "tracker-phone-keypad.png")
        context.close()

        context, page = signed_in(844, 390, phone=True)
        page.screenshot(path=DOCS / "tracker-landscape.png")
        context.close()

        context, page = signed_in(1280, 800, phone=False)
        page.screenshot(path=DOCS / "tracker-desktop.png")
        context.close()
        browser.close()


def main():
    workdir = Path(tempfile.mkdtemp(prefix="screenshots-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
        "DJANGO_DEBUG": "1",
        "DJANGO_CACHE_DIR": str(workdir / "cache"),
    }
    server = None
    try:
        shoe_id = build_database(env)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/", server)
        photograph(base, shoe_id)
        for name in sorted(DOCS.glob("tracker-*.png")):
            print(f"{name.relative_to(ROOT)}: {name.stat().st_size:,} bytes")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
