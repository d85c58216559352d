"""Starting a `loopsat` process that a test will interrupt."""

from __future__ import annotations

import signal


def ctrl_c_heard() -> None:
    """`preexec_fn` for a child the test sends SIGINT: a shell's background job (`make test &`,
    `nohup ... &`) starts with SIGINT ignored, the child would inherit that, and Python keeps an
    ignored SIGINT ignored; the tests then waited a minute for a child that never heard it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
