"""Why the frontier DP gives no count: it does not apply, or it would pass its memory budget."""


class NotCountable(Exception):
    """The frontier DP does not apply: rules that are not all tables, or a board too wide for it."""


class OverBudget(NotCountable):
    """The DP's states would pass the memory budget (`--memory-limit`); the message says where."""
