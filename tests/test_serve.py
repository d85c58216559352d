"""`loopsat serve` without a browser: who may call it, how it starts and stops, what the worker
answers. The page itself is tested in a real browser (test_serve_browser.py)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from dataclasses import dataclass

import pytest
from servers import start
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from loopsat import api
from loopsat.errors import PuzzleError
from loopsat.serve import adapter, worker
from loopsat.serve.app import create

PZPRJS = {"genre": "slitherlink", "rows": ["2..1.", ".2..1", "..2..", "3..3.", ".0..3"], "letters": {}}
OURS = "http://testserver"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create({"testserver"}, worker.Limits(10.0)))  # no `with`: no worker started


def test_the_page_and_its_files_are_served(client):
    assert "loopsat cockpit" in client.get("/").text
    assert client.get("/static/app.js").status_code == 200


def test_a_foreign_host_is_refused(client):
    """DNS rebinding: a page of evil.example resolved to 127.0.0.1 sends its own Host."""
    assert client.get("/", headers={"Host": "evil.example:8473"}).status_code == 403
    assert client.post("/api/read", json={"text": "x"}, headers={"Host": "evil.example"}).status_code == 403


@pytest.mark.parametrize("origin", [None, "http://evil.example", "null", "http://testserver.evil.example"])
def test_only_the_pages_origin_may_call(client, origin):
    headers = {"Origin": origin} if origin else {}
    assert client.post("/api/read", json={"text": "2.\n.."}, headers=headers).status_code == 403
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws", headers=headers):
        pass


def test_a_board_is_read_and_bad_input_gets_a_located_error(client):
    read = client.post(
        "/api/read", json={"text": "https://puzz.link/p?slither/5/5/cbcbcddad"}, headers={"Origin": OURS}
    )
    assert read.json() == PZPRJS
    bad = client.post("/api/read", json={"text": "2.\n.x"}, headers={"Origin": OURS})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("<page>:2:2: error:")
    assert "\n" not in bad.json()["error"]


def test_exports_match_the_api(client):
    (puzzle,) = api.parse(adapter.text_of(PZPRJS), "slitherlink")
    got = client.post("/api/export", json={"board": PZPRJS, "form": "mcc"}, headers={"Origin": OURS}).json()
    assert got["text"] == api.export_mcc(puzzle)
    url = client.post("/api/export", json={"board": PZPRJS, "form": "url"}, headers={"Origin": OURS}).json()
    assert url["text"].strip() == api.to_url(puzzle)


def test_the_worker_answers_as_the_api_does():
    """The status, the certain edges and the redundant clues, against a brute force over the clues."""
    messages = dict(worker.analyse(PZPRJS, worker.Limits(30.0)))
    (puzzle,) = api.parse(adapter.text_of(PZPRJS), "slitherlink")
    solved = api.solve(puzzle)
    assert messages["status"]["status"] == solved.status == "unique"
    assert sorted(map(tuple, messages["certain"]["on"])) == sorted(solved.solutions[0].edges)
    redundant = []
    for i, row in enumerate(PZPRJS["rows"]):
        for j, ch in enumerate(row):
            if ch != ".":
                rows = [r[:j] + "." + r[j + 1 :] if k == i else r for k, r in enumerate(PZPRJS["rows"])]
                (thinner,) = api.parse("\n".join(rows) + "\n", "slitherlink")
                if api.solve(thinner).status == "unique":
                    redundant.append([i, j])
    clues = [(kind, payload) for kind, payload in worker.analyse(PZPRJS, worker.Limits(30.0)) if kind == "clue"]
    assert len(clues) == sum(ch != "." for row in PZPRJS["rows"] for ch in row)
    goes = [payload["cell"] for _, payload in clues if payload["goes"]]
    assert goes == redundant


def test_an_ambiguous_boards_certain_edges_and_usage_against_every_loop():
    board = {"genre": "slitherlink", "rows": ["3..", "...", "..."], "letters": {}}
    messages = dict(worker.analyse(board, worker.Limits(30.0)))
    (puzzle,) = api.parse(adapter.text_of(board), "slitherlink")
    loops = [solution.edges for solution in api.solutions(puzzle)]
    assert len(loops) == 56 and messages["status"]["status"] == "multiple"
    every = frozenset.intersection(*loops)
    some = frozenset.union(*loops)
    certain = messages["certain"]
    assert sorted(map(tuple, certain["on"])) == sorted(every)
    assert {tuple(e) for e in certain["undecided"]} == some - every
    usage = messages["usage"]
    assert usage["complete"] and usage["solutions"] == 56
    assert {(x, y): n for x, y, n in usage["counts"]} == {e: sum(e in loop for loop in loops) for e in some - every}


def test_a_taken_port_is_one_clear_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "loopsat", "serve", "--port", str(port)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and f"port {port} is taken" in done.stderr


def test_ctrl_c_stops_it_with_130_and_one_line():
    server = start()
    status, err = server.stop()
    assert status == 130
    assert err == "loopsat serve: stopped\n"


def test_only_the_newest_board_of_a_tab_is_answered():
    """A slow board, then a burst of 50 boards from the same tab: one waits at a time (the
    memory bound), the slow one is stopped, and only the last board's answer comes, whole."""
    from loopsat.serve.analyst import Analyst

    slow = {"genre": "slitherlink", "rows": ["." * 12] * 12, "letters": {}}  # ambiguous: the rounds take long
    last = {"genre": "slitherlink", "rows": ["3.", ".."], "letters": {}}

    async def run() -> list[tuple[int, str]]:
        analyst = Analyst(worker.Limits(60.0))
        analyst.start()
        heard: list[tuple[int, str]] = []
        finished = asyncio.Event()

        def listener(rid, kind, payload):
            heard.append((rid, kind))
            if rid == 51 and kind in worker.TERMINAL:
                finished.set()

        analyst.open_tab(1, listener)
        try:
            analyst.submit(1, 0, slow)
            for rid in range(1, 51):
                analyst.submit(1, rid, slow if rid < 50 else last)
                assert len(analyst.waiting) <= 1
            analyst.submit(1, 51, last)
            await asyncio.wait_for(finished.wait(), 120)
        finally:
            analyst.close()
        return heard

    heard = asyncio.run(run())
    assert heard[-1] == (51, "done")
    assert {rid for rid, _ in heard} == {51}  # the slow first one was stopped unheard
    assert heard[0] == (51, "status")


def test_fixes_are_offered_only_when_the_api_has_fix(monkeypatch):
    board = {"genre": "slitherlink", "rows": ["3.", ".."], "letters": {}}
    assert "fixes" not in dict(worker.analyse(board, worker.Limits(30.0))) or api.__dict__.get("fix")

    @dataclass(frozen=True)
    class Suggestion:
        kind: str
        cell: tuple[int, int]
        clue: str | None

    monkeypatch.setattr(api, "fix", lambda puzzle: [Suggestion("add", (1, 1), "3")], raising=False)
    messages = dict(worker.analyse(board, worker.Limits(30.0)))
    assert messages["status"]["status"] == "multiple"
    assert messages["fixes"]["fixes"] == [{"kind": "add", "cell": (1, 1), "clue": "3"}]


def test_the_fixes_have_their_own_shorter_bound(monkeypatch):
    """A board left standing is not searched for fixes for the whole time limit (they come
    last, and keep a core busy): at most worker.FIX_SECONDS, and the time limit when shorter."""
    from loopsat import deadline

    bounds: list[float | None] = []
    real = deadline.deadline

    def recorded(seconds):
        bounds.append(seconds)
        return real(seconds)

    monkeypatch.setattr(deadline, "deadline", recorded)
    monkeypatch.setattr(api, "fix", lambda puzzle: [], raising=False)
    board = {"genre": "slitherlink", "rows": ["3.", ".."], "letters": {}}
    for seconds in (300.0, None, 1.0):
        bounds.clear()
        messages = dict(worker.analyse(board, worker.Limits(seconds)))
        assert messages["fixes"] == {"fixes": []}
        assert bounds[-1] == (worker.FIX_SECONDS if seconds != 1.0 else 1.0)


def test_another_tabs_board_goes_before_a_long_tail():
    """Tab 1's unique board is in its redundant clues when tab 2 sends a board: tab 2's answer
    comes first, then tab 1's analysis is made again, whole."""
    from loopsat.serve.analyst import Analyst

    small = {"genre": "slitherlink", "rows": ["3.", ".."], "letters": {}}

    async def run() -> list[tuple[int, str]]:
        analyst = Analyst(worker.Limits(60.0))
        analyst.start()
        heard: list[tuple[int, str]] = []
        events = {name: asyncio.Event() for name in ("tail", "first done", "second done")}

        def listener(tab):
            def hear(rid, kind, payload):
                heard.append((tab, kind))
                if tab == 1 and kind == worker.BACKGROUND and not events["tail"].is_set():
                    events["tail"].set()
                    analyst.submit(2, 1, small)  # at once: before tab 1's next message is heard
                if kind == "done":
                    events["first done" if tab == 1 else "second done"].set()

            return hear

        analyst.open_tab(1, listener(1))
        analyst.open_tab(2, listener(2))
        try:
            analyst.submit(1, 1, PZPRJS)
            await asyncio.wait_for(events["second done"].wait(), 120)
            await asyncio.wait_for(events["first done"].wait(), 120)
        finally:
            analyst.close()
        return heard

    heard = asyncio.run(run())
    second = heard.index((2, "done"))
    assert (1, "done") in heard[second:] and (1, "done") not in heard[:second]
    assert heard[second + 1 :].count((1, "status")) == 1  # made again, whole


def test_a_link_is_never_read_as_a_file_of_the_server(tmp_path, monkeypatch):
    (tmp_path / "puzz.link").mkdir()
    (tmp_path / "puzz.link" / "p?slither").write_text("2.\n..\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleError):
        adapter.read("puzz.link/p?slither")
    with pytest.raises(PuzzleError, match="not mcc"):
        adapter.puzzle_of({"genre": "mcc", "rows": ["x"], "letters": {}})


def test_a_worker_that_dies_is_replaced():
    """The worker killed mid-analysis (as after a stop it ignored): the tab hears it failed, and
    a fresh worker answers the next board."""
    import os
    import signal as signals

    from loopsat.serve.analyst import Analyst

    async def run() -> list[tuple[int, str]]:
        analyst = Analyst(worker.Limits(60.0))
        analyst.start()
        heard: list[tuple[int, str]] = []
        failed, done = asyncio.Event(), asyncio.Event()

        def listener(rid, kind, payload):
            heard.append((rid, kind))
            if rid == 1 and kind == "status":
                os.kill(analyst.process.pid, signals.SIGKILL)
            if kind == "failed":
                failed.set()
            if rid == 2 and kind == "done":
                done.set()

        analyst.open_tab(1, listener)
        try:
            analyst.submit(1, 1, PZPRJS)
            await asyncio.wait_for(failed.wait(), 120)
            analyst.submit(1, 2, PZPRJS)
            await asyncio.wait_for(done.wait(), 120)
        finally:
            analyst.close()
        return heard

    heard = asyncio.run(run())
    assert (1, "done") not in heard
    assert heard[heard.index((1, "failed")) + 1] == (2, "status")


def test_an_ambiguous_board_is_explained_without_its_search():
    board = {"genre": "slitherlink", "rows": ["3..", "...", "..."], "letters": {}}
    (puzzle,) = api.parse(adapter.text_of(board), "slitherlink")
    messages = dict(worker.analyse(board, worker.Limits(30.0)))
    assert messages["explain"] == adapter.explanation(puzzle, "multiple")
    assert messages["explain"]["grade"] is None and messages["explain"]["solvable"]
    assert [step["rule"] for step in messages["explain"]["steps"]] == [
        step["rule"] for step in adapter.explanation(puzzle)["steps"] if step["rule"] != "search"
    ]
