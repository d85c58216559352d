"""The cockpit's speed as a setter sees it: wall time in a real browser (headless Chromium) from
an edit to the page showing the answer, against `loopsat serve` on this machine.

For each puzzle: the board is opened (its badge, hint and redundant clues timed from then:
`open status`, `open explain`, and on a 20×20 `clues`), then EDITS clues are cleared one at a time by the
keyboard, each timed from the key to the badge (`status`), to the first certain edges drawn
(`certain`: a unique board's all, an ambiguous board's deduced ones, with the badge), to every
edge tested (`certain done`: an ambiguous board's take rounds of CP-SAT) and to the hint and the
grade (`explain`), then undone (which stops that board's analysis still running). The page
itself measures (`performance.now()` at the edit and after the answer is drawn:
window.cockpit.timings).

    python bench/serve_latency.py [FILE ...] [--edits N]
    make bench-serve
"""

from __future__ import annotations

import argparse
import shutil
import signal
import statistics
import sys
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "tests"))

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from servers import start  # noqa: E402

from loopsat.serve import worker  # noqa: E402

DEFAULT = sorted(HERE.glob("slitherlink/20x20/*.slither")) + sorted(HERE.glob("slitherlink/40x40/*.slither"))
# (label, size, timing, bound in ms): the cockpit's speed targets.
TARGETS = (
    ("status 20x20", "20x20", "status", 300),
    ("status + certain edges 20x20", "20x20", "certain", 300),
    ("  every edge tested 20x20", "20x20", "certain done", 300),
    ("status 40x40", "40x40", "status", 2000),
    ("status + certain edges 40x40", "40x40", "certain", 2000),
    ("  every edge tested 40x40", "40x40", "certain done", 2000),
    ("hint 20x20", "20x20", "explain", 300),
    ("redundant clues of a unique 20x20", "20x20", "clues", 5000),
)
WAIT = 300
# The sizes whose redundant clues are waited for: the target names a 20×20's; a 40×40's take
# longer than the server's time limit here (120 s each, three boards) and tell nothing more.
CLUE_SIZES = ("20x20",)


def browser() -> webdriver.Chrome:
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or "chromium"
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def wait_for(driver: webdriver.Chrome, kind: str) -> float:
    """The page's milliseconds from the edit to the answer `kind` of the newest board."""
    script = f"const t = window.cockpit.timings; return t.failed !== undefined ? -1 : t[{kind!r}] ?? null"
    found = WebDriverWait(driver, WAIT, 0.01).until(
        lambda d: d.execute_script(script) is not None and [d.execute_script(script)]
    )
    if found[0] < 0:
        raise SystemExit(f"the analysis failed: {driver.find_element(By.ID, 'error').text}")
    return float(found[0])


def measure(driver: webdriver.Chrome, url: str, path: Path, edits: int) -> dict[str, list[float]]:
    rows = [line for line in path.read_text().splitlines() if line and not line.startswith("!")]
    genre = "masyu" if path.suffix == ".masyu" else "slitherlink"
    driver.get(url + "#p=" + quote(f"{genre}:{'/'.join(rows)}:", safe=""))
    times: dict[str, list[float]] = {
        "status": [],
        "certain": [],
        "certain done": [],
        "explain": [],
        "clues": [],
        "open status": [],
        "open explain": [],
    }
    # The opened board's analysis to its end, or on a size whose redundant clues are not waited
    # for, to the start of its long tail (the first edit stops that).
    wait_for(driver, "done" if path.parent.name in CLUE_SIZES else worker.BACKGROUND)
    times["open status"].append(wait_for(driver, "status"))
    times["open explain"].append(wait_for(driver, "explain"))
    unique = driver.execute_script("return window.cockpit.analysis.status.status") == "unique"
    if unique and path.parent.name in CLUE_SIZES:
        times["clues"].append(wait_for(driver, "clues"))
        if not driver.execute_script("return window.cockpit.analysis.clues.complete"):
            print(f"{path}: the redundant clues ran out of the time limit", flush=True)
    clues = [(i, j) for i, row in enumerate(rows) for j, ch in enumerate(row) if ch != "."]
    body = driver.find_element(By.TAG_NAME, "body")
    for n in range(edits):
        i, j = clues[(n * 7919) % len(clues)]  # spread over the board, the same every run
        driver.find_element(By.CSS_SELECTOR, f'[data-cell="{i},{j}"]').click()
        body.send_keys(Keys.BACKSPACE)
        times["status"].append(wait_for(driver, "status"))
        times["explain"].append(wait_for(driver, "explain"))
        times["certain"].append(wait_for(driver, "certain"))
        times["certain done"].append(wait_for(driver, "certain done"))
        body.send_keys(Keys.CONTROL, "z")
        wait_for(driver, "done")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # `finally` ends the browser and the server
    server = start("--time-limit", "120")  # the redundant clues complete on a loaded machine too
    driver = browser()
    by_size: dict[str, dict[str, list[float]]] = {}
    try:
        for path in args.files:
            times = measure(driver, server.url, path, args.edits)
            size = path.parent.name
            for kind, values in times.items():
                by_size.setdefault(size, {}).setdefault(kind, []).extend(values)
            shown = "  ".join(f"{k} {statistics.median(v):.0f}/{max(v):.0f}" for k, v in times.items() if v)
            print(f"{path}: ms median/max  {shown}", flush=True)
    finally:
        driver.quit()
        server.stop()
    print("target                              measured (median, max ms)   bound")
    for label, size, kind, bound in TARGETS:
        values = by_size.get(size, {}).get(kind, [])
        if not values:
            print(f"{label:35} not measured")
            continue
        median, most = statistics.median(values), max(values)
        verdict = "met" if median <= bound else "MISSED"
        print(f"{label:35} {median:8.0f} {most:8.0f}              {bound:6d}  {verdict} (median)")


if __name__ == "__main__":
    main()
