"""--json's writer (output/jsonline.py) writes what `json.dumps` writes, whatever it is given."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from loopsat.output.jsonline import dumps
from loopsat.status import Status

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126))
    | st.sampled_from(list(Status))
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5) | st.integers(), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(_VALUES)
def test_the_text_is_jsons(value: object) -> None:
    assert dumps(value) == json.dumps(value)


def test_a_solve_object() -> None:
    obj = {
        "file": "bench/x.slither",
        "status": Status.UNIQUE,
        "count": 1,
        "complete": True,
        "solutions": [{"h": ["0110", "1001"], "v": ["10001"]}],
        "seconds": 0.012,
        "difficulty": {"grade": "hard", "level": 4, "steps": 12, "probes": 0, "hardest": "lines equal"},
    }
    assert dumps(obj) == json.dumps(obj)
