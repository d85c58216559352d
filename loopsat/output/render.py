"""The text drawing of a loop: SPOJ SLINK's canvas, used for every genre and every command.

Tile (x, y) in doubled coordinates sits at line 2 + x, column 2 + 2y, inside a `#` frame; a
horizontal edge is `---`, a vertical one `|`, a tile on the loop shows `+` where the loop
turns and `-` or `|` where it runs straight. Genre labels (clues, letters, circles) go at
their doubled coordinates on top.
"""

from __future__ import annotations

from collections.abc import Iterable

from loopsat.grid import Point


def canvas(tile_rows: int, tile_cols: int, edges: Iterable[Point], labels: dict[Point, str]) -> list[str]:
    """The framed drawing as lines without trailing blanks."""
    height, width = 2 * tile_rows + 3, 4 * tile_cols + 1
    rows = [[" "] * width for _ in range(height)]
    arms: dict[Point, str] = {}
    for x, y in edges:
        if y % 2:  # horizontal: joins (x, y-1) and (x, y+1)
            rows[2 + x][2 * y + 1 : 2 * y + 4] = "---"
            for tile in ((x, y - 1), (x, y + 1)):
                arms[tile] = arms.get(tile, "") + "-"
        else:
            rows[2 + x][2 + 2 * y] = "|"
            for tile in ((x - 1, y), (x + 1, y)):
                arms[tile] = arms.get(tile, "") + "|"
    for (x, y), kinds in arms.items():
        rows[2 + x][2 + 2 * y] = kinds[0] if kinds in ("--", "||") else "+"
    for (x, y), text in labels.items():
        rows[2 + x][2 + 2 * y] = text
    rows[0] = rows[-1] = ["#"] * width
    for row in rows:
        row[0] = row[-1] = "#"
    return ["".join(row).rstrip() for row in rows]
