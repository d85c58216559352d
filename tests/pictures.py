"""SVG pictures read back: the edges a picture draws, for the tests of `render` and `--svg`."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = {"svg": "http://www.w3.org/2000/svg"}


def drawn_edges(text: str, kind: str = "loop") -> frozenset[tuple[int, int]]:
    """The edges a picture draws in group `kind`: each line must join two adjacent tiles."""
    root = ET.fromstring(text)
    edges = set()
    for group in root.iterfind(f"svg:g[@class='{kind}']", NS):
        for line in group.iterfind("svg:line", NS):
            col1, row1, col2, row2 = (int(line.get(a, "")) for a in ("x1", "y1", "x2", "y2"))
            assert abs(col1 - col2) + abs(row1 - row2) == 2 and row1 % 2 == col1 % 2 == 0
            edge = ((row1 + row2) // 2, (col1 + col2) // 2)
            assert edge not in edges
            edges.add(edge)
    return frozenset(edges)
