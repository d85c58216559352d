"""Why the frontier DP gives no count: it does not apply (loopsat.errors.NotCountable, which the
API raises too), or it would pass its memory budget."""

from loopsat.errors import NotCountable


class OverBudget(NotCountable):
    """The DP's states would pass the memory budget (`--memory-limit`); the message says where."""
