"""Why the frontier DP gives no count: it does not apply, or it would pass its memory budget."""


class NotCountable(ValueError):
    """The frontier DP does not apply: rules that are not all tables, or a board too wide for it
    (a ValueError: to the API it is the argument `strategy="frontier"` that does not apply)."""


class OverBudget(NotCountable):
    """The DP's states would pass the memory budget (`--memory-limit`); the message says where."""
