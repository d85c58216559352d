"""`loopsat serve`: the setter's cockpit, a local web page that checks a puzzle on every edit.

The server listens on the loopback address only, on a fixed port (`PORT`) so that the page's
bookmarklet keeps working; the page is served from this package's `static` folder (no build
step, nothing fetched from the internet); the analyses run in a worker process (worker.py).
"""

from __future__ import annotations

import sys

from loopsat.errors import Exit

# The default port: fixed, so that a bookmarklet made once keeps working; unassigned by IANA
# and outside the ranges development servers favour (3000, 5000, 8000, 8080, 8888).
PORT = 8473  # `loopsat serve --port`'s default (cli.py reads it: this module imports nothing heavy)
HOST = "127.0.0.1"
# Seconds for each part of an analysis (`--time-limit`): the redundant clues of a unique 20×20,
# the slowest part the page waits for, took 32 s with the machine's 2 cores six times
# oversubscribed (bench/serve_latency.py, load average 12); an edit stops it sooner anyway.
TIME_LIMIT = 30.0


def run(port: int = PORT, *, open_browser: bool = False, time_limit: float | None = None) -> int:
    """Serve until Ctrl-C; the exit status (130 then, 2 when the port is taken)."""
    import errno
    import socket
    import webbrowser

    import uvicorn

    from loopsat.serve.app import MAX_BODY, create
    from loopsat.serve.worker import Limits

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((HOST, port))
    except OSError as exc:
        listener.close()
        why = "is taken (is `loopsat serve` running already?)" if exc.errno == errno.EADDRINUSE else str(exc)
        print(f"loopsat serve: error: port {port} {why}; choose another with --port N", file=sys.stderr)
        return int(Exit.BAD_INPUT)
    port = listener.getsockname()[1]
    url = f"http://{HOST}:{port}/"
    hosts = {f"{HOST}:{port}", f"localhost:{port}"}

    def opened() -> None:
        print(f"loopsat serve: {url} (Ctrl-C to stop)", flush=True)
        if open_browser:
            webbrowser.open(url)

    app = create(hosts, Limits(time_limit), opened)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_BODY, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:
        print("loopsat serve: stopped", file=sys.stderr)
        return int(Exit.INTERRUPTED)
    return int(Exit.SOLVED if server.started else Exit.INTERNAL)  # uvicorn said why it did not start
