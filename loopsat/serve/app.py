"""The cockpit's web application: the page's files, three small JSON routes, and the WebSocket
each tab's analyses stream over. Only the page's own origin may use them (`Guard`)."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from loopsat.errors import PuzzleError
from loopsat.serve import adapter
from loopsat.serve.analyst import Analyst
from loopsat.serve.worker import Limits

STATIC = Path(__file__).parent / "static"
# The largest request body or WebSocket message read: a board at the readers' cell limit
# (100,000 cells) is 100 kB of text, its URL less; 1 MiB leaves room and bounds each tab.
MAX_BODY = 2**20
# Tabs (WebSockets) served at once: each holds at most one waiting request, so this bounds the
# memory a burst of tabs can take.
MAX_TABS = 32
# Answers waiting to be sent to one tab: a board's are a few (a 40×40's redundant clues, one
# message a clue, about 500), so only a tab that stopped reading fills this.
MAX_OUTBOX = 10_000
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class Guard:
    """Refuse every request whose Host is not the loopback address and port the server listens
    on (a DNS-rebinding page names its own host), and every WebSocket or state-changing request
    whose Origin is not the page's own (another site's tab): 403 before the app sees it."""

    def __init__(self, app: ASGIApp, hosts: set[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = {f"http://{host}" for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            origin = headers.get("origin")
            ok = headers.get("host") in self.hosts
            # A GET with an Origin is a script's (perhaps another site's); a plain one is a link.
            if scope["type"] == "websocket" or scope["method"] not in ("GET", "HEAD") or origin is not None:
                ok = ok and origin in self.origins
            if not ok:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                else:
                    await PlainTextResponse("forbidden: not this server's page", 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create(hosts: set[str], limits: Limits, opened: Callable[[], None] | None = None) -> ASGIApp:
    """The guarded application; `hosts` are the `host:port` names the page may be reached by."""
    analyst = Analyst(limits)
    tabs = itertools.count(1)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        analyst.start()
        if opened is not None:
            opened()
        try:
            yield
        finally:
            analyst.close()

    async def page(_request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def no_icon(_request: Request) -> Response:
        return Response(status_code=204)

    async def info(_request: Request) -> Response:
        return JSONResponse({"fix": adapter.has_fix(), "genres": list(adapter.BLANK), "forms": list(adapter.FORMS)})

    async def read(request: Request) -> Response:
        def board(obj: Any) -> Any:
            genre, name = obj.get("genre"), obj.get("name")
            if genre is not None and genre not in adapter.BLANK:
                raise PuzzleError(adapter.PAGE, 1, 1, f"unknown genre {genre!r} (known: {', '.join(adapter.BLANK)})")
            return adapter.read(_field(obj, "text", str), genre, name if isinstance(name, str) else None)

        return await _answer(request, board)

    async def blank(request: Request) -> Response:
        return await _answer(
            request,
            lambda obj: adapter.blank(_field(obj, "genre", str), _field(obj, "rows", int), _field(obj, "cols", int)),
        )

    async def export(request: Request) -> Response:
        def made(obj: Any) -> Any:
            form = _field(obj, "form", str)
            if form not in adapter.FORMS:
                raise PuzzleError(adapter.PAGE, 1, 1, f"no export form {form!r}")
            text, name, media = adapter.export(obj.get("board"), form)
            return {"text": text, "name": name, "media": media}

        return await _answer(request, made)

    async def socket(websocket: WebSocket) -> None:
        if len(analyst.listeners) >= MAX_TABS:
            await websocket.close(1013)
            return
        await websocket.accept()
        tab = next(tabs)
        outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

        def heard(rid: int, kind: str, payload: Any) -> None:
            if outbox.qsize() < MAX_OUTBOX:  # a tab that reads nothing gets nothing more
                outbox.put_nowait({"id": rid, "kind": kind, **payload})

        analyst.open_tab(tab, heard)

        async def forward() -> None:
            while True:
                await websocket.send_text(json.dumps(await outbox.get()))

        sender = asyncio.create_task(forward())
        try:
            while True:
                try:
                    obj = json.loads(await websocket.receive_text())
                    rid = _field(obj, "id", int)
                    analyst.submit(tab, rid, obj.get("board"))
                except (ValueError, PuzzleError) as exc:
                    outbox.put_nowait({"id": None, "kind": "error", "message": f"bad request: {exc}"})
        except WebSocketDisconnect:
            pass
        finally:
            analyst.close_tab(tab)
            sender.cancel()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/favicon.ico", no_icon),
            Route("/api/info", info),
            Route("/api/read", read, methods=["POST"]),
            Route("/api/blank", blank, methods=["POST"]),
            Route("/api/export", export, methods=["POST"]),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    return Guard(app, hosts)


def _field(obj: Any, name: str, kind: type) -> Any:
    value = obj.get(name) if isinstance(obj, dict) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise PuzzleError(adapter.PAGE, 1, 1, f"expected {name!r} ({kind.__name__})")
    return value


async def _answer(request: Request, make: Callable[[Any], Any]) -> Response:
    """The JSON answer of a request's JSON body, or its located one-line error (status 400)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return JSONResponse({"error": f"the request is over {MAX_BODY} bytes"}, 413)
    try:
        obj = json.loads(body)
    except ValueError as exc:
        return JSONResponse({"error": f"bad request: {exc}"}, 400)
    try:
        return JSONResponse(make(obj))
    except PuzzleError as exc:
        return JSONResponse({"error": str(exc)}, 400)
