"""The site's icons, drawn again from static/icons/icon.svg (the only one drawn by hand).

    .venv/bin/python scripts/icons.py     (after `make test` has installed Playwright)

Debian's Chromium ($CHROMIUM_PATH, else /usr/bin/chromium) renders the SVG at each size:
static/icons/icon-192.png and icon-512.png (the web app manifest), apple-touch-icon.png
(180 px, iOS's home screen), icon-maskable-512.png (from icon-maskable.svg: full bleed, the
card inside the middle 80%, for launchers that cut their own shape), and favicon.ico (32 and
16 px PNGs in an ICO container, for the clients that ask for /favicon.ico instead of reading
the page's <link rel="icon">).
"""

import os
import shutil
import struct
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
PNGS = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
MASKABLE_PNGS = {"icon-maskable-512.png": 512}
ICO_SIZES = (32, 16)


def ico(pngs):
    """An ICO file holding PNG images (Windows Vista and every browser since read these)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, data = b"", b""
    for size, png in pngs:
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def main():
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    svg = (ICONS / "icon.svg").read_text()
    maskable = (ICONS / "icon-maskable.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])

        def render(size, drawing=svg):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                + drawing
            )
            png = page.screenshot(omit_background=True)
            page.close()
            return png

        for name, size in PNGS.items():
            (ICONS / name).write_bytes(render(size))
        for name, size in MASKABLE_PNGS.items():
            (ICONS / name).write_bytes(render(size, maskable))
        (ICONS / "favicon.ico").write_bytes(ico([(size, render(size)) for size in ICO_SIZES]))
        browser.close()
    for path in sorted(ICONS.iterdir()):
        print(f"{path.relative_to(ICONS.parent.parent)}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
