"""The SVG picture of a puzzle: its board, clues, regions, circles and loop.

The picture's user units are Knuth's doubled coordinates (SVG x is the column y, SVG y the row
x), so a loop segment joins two tiles exactly and a test can read the edges back from the
file. Sizes are chosen in pixels per cell and converted, so that a 2×2 board and a 60×60 one
both come out readable. A genre says what to draw through its `sketch(puzzle)`; this module
knows no genre.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from loopsat.grid import Point, edge_ends

Side = tuple[Point, Point]  # the two corners of a cell's side, in order
Layer = tuple[str, Iterable[Point], str, float]  # class, edges, colour, width (times the loop's)

LOOP_COLOUR = "#1d4f91"
UNDECIDED_COLOUR = "#e8710a"
GRID_COLOUR = "#c8c8c8"
FRAME_COLOUR = "#808080"
BORDER_COLOUR = "#7a6a50"
# Light fills for superclue regions, in letter order; neighbours are also told apart by borders.
REGION_FILLS = ("#fde2a7", "#c9e7c0", "#cfe0f7", "#f6cfd9", "#e2d5f3", "#d3efee", "#f3e1c7", "#e4ecbd")


def escape(text: str) -> str:
    """Text safe inside an element. (xml.sax.saxutils would do, but importing it pulls in
    urllib.request and http.client: 0.16 s of every command's start-up, measured with -X importtime.)"""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """An attribute value with its quotes, as xml.sax.saxutils.quoteattr writes it."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))


@dataclass(frozen=True)
class Superclue:
    """Cells that share one superclue: the loop counts its edges on their common boundary."""

    name: str
    cells: tuple[Point, ...]
    clue: int


@dataclass(frozen=True)
class Sketch:
    """Everything a genre puts on its board, in doubled coordinates; the loop comes separately.

    `tiles` is the genre's tile_shape (the points the loop may visit); `cells` are the centres
    of the board's squares (side 2); dots mark the tiles that are no cell centre (Slitherlink's
    lattice corners). `circles` maps a point to True for a black circle, False for a white one.
    """

    tiles: tuple[int, int]
    cells: tuple[Point, ...]
    numbers: dict[Point, str] = field(default_factory=dict)
    circles: dict[Point, bool] = field(default_factory=dict)
    regions: tuple[Superclue, ...] = ()


def draw(
    sketch: Sketch,
    loop: Iterable[Point] = (),
    undecided: Iterable[Point] = (),
    under: Sequence[Layer] = (),
    over: Sequence[Layer] = (),
) -> str:
    """The SVG document: the board, then `loop` (class `loop`) and dashed `undecided` edges
    (class `undecided`), one `<line>` per edge from tile to tile; `under` and `over` are more
    edges drawn beneath and above the loop (`explain --svg`: what a step read and decided)."""
    rows, cols = sketch.tiles
    top = min([0, *(x - 1 for x, _ in sketch.cells)])  # the squares of the cells and every tile
    left = min([0, *(y - 1 for _, y in sketch.cells)])
    bottom = max([2 * rows - 2, *(x + 1 for x, _ in sketch.cells)])
    right = max([2 * cols - 2, *(y + 1 for _, y in sketch.cells)])
    cell_px = max(16, min(48, 960 // max(1, (bottom - top) // 2, (right - left) // 2)))
    px = 2 / cell_px  # one pixel in doubled units (a cell is 2 units wide)
    margin = 0.6
    box = (left - margin, top - margin, right - left + 2 * margin, bottom - top + 2 * margin)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_nums(*box)}" '
        f'width="{round(box[2] / px)}" height="{round(box[3] / px)}">',
        f'<rect class="background" x="{_num(box[0])}" y="{_num(box[1])}" width="{_num(box[2])}" '
        f'height="{_num(box[3])}" fill="white"/>',
    ]
    out += _regions(sketch.regions, px)
    sides = _sides(sketch.cells)
    out.append(_path("grid", _segments(sides), GRID_COLOUR, px))
    out.append(_path("frame", _segments(_outline(sides)), FRAME_COLOUR, 1.5 * px))
    cells = set(sketch.cells)
    dots = [(2 * i, 2 * j) for i in range(rows) for j in range(cols) if (2 * i, 2 * j) not in cells]
    if dots:  # zero-length strokes with round caps: a tenth of the bytes of <circle> elements
        moves = "".join(f"M{y} {x}h0" for x, y in dots)
        width = _num(max(3.0, 0.12 * cell_px) * px)
        out.append(f'<path class="dots" d="{moves}" stroke="black" stroke-width="{width}" stroke-linecap="round"/>')
    out += _circles(sketch.circles, cell_px, px)
    out += _texts("numbers", sketch.numbers)
    loop_width = max(2.0, 0.13 * cell_px) * px
    for kind, edges, colour, scale in under:
        out += _lines(kind, edges, f'stroke="{colour}" stroke-width="{_num(scale * loop_width)}"')
    out += _lines("loop", loop, f'stroke="{LOOP_COLOUR}" stroke-width="{_num(loop_width)}"')
    for kind, edges, colour, scale in over:
        out += _lines(kind, edges, f'stroke="{colour}" stroke-width="{_num(scale * loop_width)}"')
    dash = _nums(2 * loop_width, 1.5 * loop_width)
    style = f'stroke="{UNDECIDED_COLOUR}" stroke-width="{_num(0.8 * loop_width)}" stroke-dasharray="{dash}"'
    out += _lines("undecided", undecided, style)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _regions(regions: tuple[Superclue, ...], px: float) -> list[str]:
    """Each region's cells filled in its colour, its outer boundary drawn, its clue in its first cell."""
    out: list[str] = []
    for k, region in enumerate(regions):
        fill = REGION_FILLS[k % len(REGION_FILLS)]
        out.append(f'<g class="region" data-letter={quoteattr(region.name)}>')
        out.append(f"<title>{escape(f'{region.name} = {region.clue}')}</title>")
        out += [f'<rect x="{y - 1}" y="{x - 1}" width="2" height="2" fill="{fill}"/>' for x, y in region.cells]
        border = _outline(_sides(region.cells))
        out.append(_path("border", _segments(border), BORDER_COLOUR, 2 * px))
        out.append("</g>")
    first = {min(region.cells): str(region.clue) for region in regions}
    return out + _texts("superclues", first, weight="bold")


def _sides(cells: Iterable[Point]) -> Counter[Side]:
    """The sides of the cells' squares (side 2 around each centre), each counted once per cell."""
    sides: Counter[Side] = Counter()
    for x, y in cells:
        nw, ne, sw, se = (x - 1, y - 1), (x - 1, y + 1), (x + 1, y - 1), (x + 1, y + 1)
        sides.update(((nw, ne), (sw, se), (nw, sw), (ne, se)))
    return sides


def _outline(sides: Counter[Side]) -> list[Side]:
    """The sides on the outside of a set of cells: an inner side belongs to two of them."""
    return [side for side, k in sides.items() if k == 1]


def _segments(sides: Iterable[Side]) -> str:
    """A path along the sides, collinear neighbours merged into one stroke."""
    moves = []
    for vertical in (False, True):
        # (the line it lies on, where it starts and ends along that line)
        spans = sorted(
            (a[1], a[0], b[0]) if vertical else (a[0], a[1], b[1]) for a, b in sides if (a[1] == b[1]) == vertical
        )
        runs: list[list[int]] = []
        for line, start, end in spans:
            if runs and runs[-1][0] == line and runs[-1][2] == start:
                runs[-1][2] = end
            else:
                runs.append([line, start, end])
        spell = "M{0} {1}V{2}" if vertical else "M{1} {0}H{2}"
        moves += [spell.format(*run) for run in runs]
    return "".join(moves)


def _path(kind: str, moves: str, colour: str, width: float) -> str:
    return f'<path class="{kind}" d="{moves}" fill="none" stroke="{colour}" stroke-width="{_num(width)}"/>'


def _circles(circles: dict[Point, bool], cell_px: int, px: float) -> list[str]:
    if not circles:
        return []
    width = _num(max(1.0, 0.06 * cell_px) * px)
    out = [f'<g class="circles" stroke="black" stroke-width="{width}">']
    for (x, y), black in sorted(circles.items()):
        kind, fill = ("black", "black") if black else ("white", "white")
        out.append(f'<circle class="{kind}" cx="{y}" cy="{x}" r="0.68" fill="{fill}"/>')
    out.append("</g>")
    return out


def _texts(kind: str, texts: dict[Point, str], weight: str = "normal") -> list[str]:
    """Numbers centred on their points, 60 % of a cell high at every scale (a cell is 2 units)."""
    if not texts:
        return []
    out = [
        f'<g class="{kind}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="1.2" '
        f'font-weight="{weight}" text-anchor="middle" dominant-baseline="central" fill="black">'
    ]
    out += [f'<text x="{y}" y="{x}">{escape(text)}</text>' for (x, y), text in sorted(texts.items())]
    out.append("</g>")
    return out


def _lines(kind: str, edges: Iterable[Point], style: str) -> list[str]:
    """One line per edge, between the two tiles it joins."""
    ordered = sorted(edges)
    if not ordered:
        return []
    out = [f'<g class="{kind}" {style} stroke-linecap="round" fill="none">']
    for edge in ordered:
        (ax, ay), (bx, by) = edge_ends(edge)
        out.append(f'<line x1="{ay}" y1="{ax}" x2="{by}" y2="{bx}"/>')
    out.append("</g>")
    return out


def _num(value: float) -> str:
    """A coordinate or width with at most three decimals and no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _nums(*values: float) -> str:
    return " ".join(_num(v) for v in values)
