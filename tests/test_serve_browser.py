"""The cockpit driven as a person would, in a real headless Chromium (Debian's `chromium` and
`chromium-driver`, through Selenium): every wait is for a state of the page, never a clock."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from servers import Server, start

from loopsat import api
from loopsat.solver import explain

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip("selenium.webdriver", reason="browser tests need selenium (pip install -e '.[test]')")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROWS = ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"]
URL = "https://puzz.link/p?slither/5/5/cbcbcddad"
WAIT = 60  # seconds: generous, for a loaded machine; the waits end as soon as the page is ready
SCREENSHOT = os.environ.get("LOOPSAT_SCREENSHOT")  # where `make screenshot` wants docs/serve.png
# The page draws the board and panels again as answers come: an element found a moment ago may
# be gone (stale). Every wait looks again then, and no element is kept across a wait or a click.
STALE = (StaleElementReferenceException,)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = start()
    yield running
    assert running.stop()[0] == 130


@pytest.fixture(scope="module")
def browser(server) -> Iterator[object]:
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"):
        options.add_argument(flag)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    yield driver
    driver.quit()


def puzzle_of(rows):
    (puzzle,) = api.parse("\n".join(rows) + "\n", "slitherlink")
    return puzzle


def wait(browser):
    """A wait that polls often and, when the page drew an element again under it, looks again."""
    return WebDriverWait(browser, WAIT, 0.05, ignored_exceptions=STALE)


def read(browser, element_id, attribute=None):
    """An element's text (or `attribute`), the element found anew (again if drawn meanwhile)."""

    def look(b):
        element = b.find_element(By.ID, element_id)
        return (element.text if attribute is None else element.get_attribute(attribute),)

    return wait(browser).until(look)[0]


def click(browser, by, value):
    """Click an element found anew (again if the page drew it again before the click)."""

    def clicked(b):
        b.find_element(by, value).click()
        return True

    wait(browser).until(clicked)


def settled(browser, want=None):
    """Wait until the badge answers the newest board (and says `want`); its data."""

    def ready(b):
        badge = b.find_element(By.ID, "badge")
        status = badge.get_attribute("data-status")
        current = b.execute_script("return String(window.cockpit.rid)") == badge.get_attribute("data-id")
        return current and status not in ("pending", "empty") and (want is None or status == want)

    wait(browser).until(ready)
    return browser.execute_script("return window.cockpit.analysis")


def click_cell(browser, i, j):
    """Click a cell once every answer has come (the board is drawn again as they come)."""
    finished(browser)
    click(browser, By.CSS_SELECTOR, f'[data-cell="{i},{j}"]')


def edges(browser, css):
    """The edges drawn with `css`, read in one step (the board is redrawn as answers come)."""
    found = browser.execute_script(f"return [...document.querySelectorAll('{css}')].map(e => e.dataset.edge)")
    return sorted(tuple(map(int, edge.split(","))) for edge in found)


def finished(browser):
    """Wait until every answer about the newest board has come."""
    wait(browser).until(lambda b: b.execute_script("return window.cockpit.analysis.done !== undefined"))


def test_the_bookmarklet_url_shows_the_clis_answers(server, browser):
    browser.get(server.url + "#url=" + quote(URL, safe=""))
    settled(browser, "unique")
    finished(browser)
    puzzle = puzzle_of(ROWS)
    loop = api.solve(puzzle).solutions[0].edges
    on = edges(browser, ".edge.on")
    assert on == sorted(loop)
    assert len(edges(browser, ".cross")) == (5 + 1) * 5 * 2 - len(loop)
    assert read(browser, "badge") == "unique"
    wait(browser).until(lambda b: b.find_element(By.ID, "grade").text)
    assert read(browser, "grade") == f"grade: {explain.explain(puzzle).difficulty.grade}"
    # the bookmarklet's form is replaced by the puzzle itself in the page URL
    assert "#p=slitherlink" in browser.current_url
    wait(browser).until(lambda b: b.find_element(By.ID, "redundant").get_attribute("data-state") == "done")
    marked = browser.execute_script("return [...document.querySelectorAll('.cell.redundant')].map(e => e.dataset.cell)")
    expected = [
        f"{i},{j}"
        for i, row in enumerate(ROWS)
        for j, ch in enumerate(row)
        if ch != "."
        and api.solve(puzzle_of([r[:j] + "." + r[j + 1 :] if k == i else r for k, r in enumerate(ROWS)])).status
        == "unique"
    ]
    assert marked == expected and read(browser, "redundant", "data-count") == str(len(expected))
    click(browser, By.CSS_SELECTOR, '[data-copy="url"]')  # also shown beside the button
    wait(browser).until(
        lambda b: b.find_element(By.ID, "out-text").get_attribute("value").strip() == api.to_url(puzzle)
    )


def test_the_hint_steps_forward_and_back(browser, tmp_path):
    """Also the README's picture (`make screenshot`): this page, a hint shown, redundant clues marked."""
    steps = [step for step in explain.explain(puzzle_of(ROWS)).steps if step.rule != explain.SEARCH]
    click(browser, By.ID, "hint-next")
    assert read(browser, "hint-text") == explain.step_text(steps[0])
    click(browser, By.ID, "hint-next")
    assert read(browser, "hint-text") == explain.step_text(steps[1])
    assert edges(browser, ".hint-on") == sorted(edge for edge, on in steps[1].decided if on)
    shown = min(12, len(steps))  # for the picture: a loop half found
    for _ in range(shown - 2):
        click(browser, By.ID, "hint-next")
    assert read(browser, "hint-text") == explain.step_text(steps[shown - 1])
    picture = Path(SCREENSHOT or tmp_path / "serve.png")
    assert browser.save_screenshot(str(picture))
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    click(browser, By.ID, "hint-prev")
    assert read(browser, "hint-text") == explain.step_text(steps[shown - 2])
    click(browser, By.ID, "hint-off")
    assert read(browser, "hint-text") == ""


def test_edits_undo_and_the_page_url(browser):
    """Clear a clue by keyboard: a new status; undo brings back the old; a reload keeps the board."""
    click_cell(browser, 2, 2)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.BACKSPACE)
    edited = [r if k != 2 else "....." for k, r in enumerate(ROWS)]
    want = api.solve(puzzle_of(edited)).status
    settled(browser, want)
    assert "..2.." not in browser.current_url.replace("%2F", "/")
    click(browser, By.ID, "undo")
    settled(browser, "unique")
    click(browser, By.ID, "redo")
    settled(browser, want)
    browser.refresh()
    analysis = settled(browser, want)
    assert analysis["status"]["status"] == want
    assert browser.execute_script("return window.cockpit.board.rows") == edited


def test_a_burst_of_edits_shows_only_the_last_boards_answer(server, browser):
    """A blank 3×3, then clues typed as fast as the driver can: the badge ends on the last board's
    count (56 loops), and the usage colours are there (an ambiguous board)."""
    browser.get(server.url)
    browser.find_element(By.ID, "rows").clear()
    browser.find_element(By.ID, "rows").send_keys("3")
    browser.find_element(By.ID, "cols").clear()
    browser.find_element(By.ID, "cols").send_keys("3")
    click(browser, By.ID, "blank")
    settled(browser, "multiple")
    click_cell(browser, 0, 0)
    browser.find_element(By.TAG_NAME, "body").send_keys("0123")  # one key after another, no wait between
    rows = ["3..", "...", "..."]
    count = api.count(puzzle_of(rows))
    wait(browser).until(
        lambda b: (
            b.find_element(By.ID, "badge").text == f"multiple ({count})"
            and b.execute_script("return window.cockpit.board.rows[0]") == "3.."
        )
    )
    assert browser.find_elements(By.CSS_SELECTOR, ".edge.used")
    assert browser.execute_script("return window.cockpit.undo.length") == 4
    # a puzzle opened is a page of the history: Back returns to the last board of the one before
    click(browser, By.ID, "blank")
    wait(browser).until(lambda b: b.execute_script("return window.cockpit.board.rows[0]") == "...")
    browser.back()
    wait(browser).until(lambda b: b.execute_script("return window.cockpit.board.rows[0]") == "3..")


def test_masyu_circles_are_typed(server, browser):
    """A blank Masyu 4×4, then a black and a white circle by the keyboard: the CLI's status."""
    browser.get(server.url + "#p=" + quote("masyu:..../..../..../....:", safe=""))
    # Only the hash differs from the page before, so the page may not load again: wait for the
    # blank Masyu itself, not for the previous board's settled badge.
    wait(browser).until(
        lambda b: (
            b.execute_script("return [window.cockpit.board.genre, window.cockpit.board.rows]")
            == ["masyu", ["...."] * 4]
        )
    )
    settled(browser)
    click_cell(browser, 1, 1)
    browser.find_element(By.TAG_NAME, "body").send_keys("b", Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "w")
    rows = ["....", ".1.0", "....", "...."]
    (puzzle,) = api.parse("\n".join(rows) + "\n", "masyu")
    wait(browser).until(lambda b: b.execute_script("return window.cockpit.board.rows") == rows)
    settled(browser, api.solve(puzzle).status)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".pearl.black")) == 1
    assert len(browser.find_elements(By.CSS_SELECTOR, ".pearl.white")) == 1


def test_bad_input_shows_the_located_error(browser):
    browser.find_element(By.ID, "source").send_keys("https://puzz.link/p?slither/5/x/cbc")
    click(browser, By.ID, "open-text")
    wait(browser).until(lambda b: b.find_element(By.ID, "error").text)
    error = read(browser, "error")
    assert ": error: " in error and "\n" not in error
