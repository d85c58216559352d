"""The standard `signal` module's functions and numbers, without its enums: its C half, `_signal`.

`import signal` turns the signal numbers, the handlers and the mask actions into enums at
import (three `IntEnum._convert_` over the module), 3.1 M instructions of every process; what
loopsat asks of it works the same on plain numbers (`signal.signal`, `getsignal`,
`pthread_sigmask`, `setitimer`, `pthread_kill`). mypy reads `signal`'s types.
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from signal import *  # noqa: F403
else:
    from _signal import *  # noqa: F403
