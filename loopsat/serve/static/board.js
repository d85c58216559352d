// The board as SVG: cells, clues, and the analysis's edges. Edges and tiles are in loopsat's
// doubled coordinates: edge [x, y] joins tiles [x, y-1] and [x, y+1] (x even) or [x-1, y] and
// [x+1, y]; a Slitherlink tile is a dot, a Masyu tile a cell's centre.

const NS = "http://www.w3.org/2000/svg";
const PAD = 18;
// Usage colours, 1 to 8+ solutions found using an undecided edge (ColorBrewer RdPu, 8 classes).
const USED = ["#fde0dd", "#fcc5c0", "#fa9fb5", "#f768a1", "#dd3497", "#ae017e", "#7a0177", "#49006a"];

export function cellSize(board) {
  const side = Math.max(board.rows.length, board.rows[0].length);
  return Math.max(14, Math.min(56, Math.floor(720 / side)));
}

function make(parent, name, attrs, text) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  parent.appendChild(el);
  return el;
}

export class View {
  constructor(svg, onCell) {
    this.svg = svg;
    this.onCell = onCell;
  }

  point(board, [a, b]) {
    const s = this.size, off = board.genre === "masyu" ? s / 2 : 0;
    return [PAD + (b / 2) * s + off, PAD + (a / 2) * s + off];
  }

  ends(board, [x, y]) {
    return x % 2 === 0 ? [this.point(board, [x, y - 1]), this.point(board, [x, y + 1])]
      : [this.point(board, [x - 1, y]), this.point(board, [x + 1, y])];
  }

  // What `layers` says of the edges, over the board with its selection and marks. The board's
  // own elements are made again only when it, the selection or the marks change, and an answer
  // of the analysis touches only the edges whose look it changes (a 40×40 has 3,280 edges, each
  // made again in about 0.03 ms): a cell found by a script or a test stays the same element
  // while answers come in.
  draw(board, selected, marks, layers) {
    const key = JSON.stringify([board, selected, [...marks.redundant]]);
    if (key !== this.key) {
      this.key = key;
      this.drawBoard(board, selected, marks);
      this.shown = new Map();
    }
    const wanted = new Map();
    for (const layer of layers) {
      const under = layer.kind === "under";
      for (const e of layer.edges) {
        let id = `${under ? "u" : "e"}${e[0]},${e[1]}`;
        while (wanted.has(id)) id += "+"; // one edge in two layers of a group: both drawn
        wanted.set(id, { e, under, cls: layer.cls, cross: Boolean(layer.cross), colour: layer.colour || "" });
      }
    }
    for (const [id, old] of this.shown) {
      const want = wanted.get(id);
      if (!want || want.cross !== old.cross) {
        old.el.remove();
        this.shown.delete(id);
      }
    }
    for (const [id, want] of wanted) {
      const old = this.shown.get(id);
      if (old && old.cls === want.cls && old.colour === want.colour) continue;
      if (old) {
        old.el.setAttribute("class", want.cls);
        if (want.colour) old.el.setAttribute("stroke", want.colour);
        else old.el.removeAttribute("stroke");
        Object.assign(old, want);
      } else {
        this.shown.set(id, { ...want, el: this.edge(board, want.under ? this.under : this.edges, want) });
      }
    }
  }

  drawBoard(board, selected, marks) {
    const svg = this.svg, rows = board.rows.length, cols = board.rows[0].length;
    this.size = cellSize(board);
    const s = this.size;
    svg.replaceChildren();
    svg.setAttribute("width", 2 * PAD + cols * s);
    svg.setAttribute("height", 2 * PAD + rows * s);
    svg.setAttribute("viewBox", `0 0 ${2 * PAD + cols * s} ${2 * PAD + rows * s}`);
    svg.dataset.rows = rows;
    svg.dataset.cols = cols;
    const cells = make(svg, "g", {});
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const classes = ["cell"];
        if (selected && selected[0] === i && selected[1] === j) classes.push("selected");
        if (marks.redundant.has(`${i},${j}`)) classes.push("redundant");
        const r = make(cells, "rect", { x: PAD + j * s, y: PAD + i * s, width: s, height: s,
          class: classes.join(" "), "data-cell": `${i},${j}` });
        r.addEventListener("click", (e) => this.onCell(i, j, e));
        if (board.genre === "masyu") {
          make(cells, "rect", { x: PAD + j * s, y: PAD + i * s, width: s, height: s, class: "grid", fill: "none" });
        }
      }
    }
    this.under = make(svg, "g", {});
    this.edges = make(svg, "g", { id: "edges" });
    const clues = make(svg, "g", {});
    if (board.genre !== "masyu") {
      for (let i = 0; i <= rows; i++) for (let j = 0; j <= cols; j++) {
        make(clues, "circle", { cx: PAD + j * s, cy: PAD + i * s, r: 2, class: "dot" });
      }
    }
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const ch = board.rows[i][j], cx = PAD + (j + 0.5) * s, cy = PAD + (i + 0.5) * s;
        if (ch === ".") continue;
        if (board.genre === "masyu") {
          make(clues, "circle", { cx, cy, r: s * 0.32, class: `pearl ${ch === "1" ? "black" : "white"}` });
        } else if (/[0-4]/.test(ch)) {
          make(clues, "text", { x: cx, y: cy, class: "clue", "font-size": s * 0.6 }, ch);
        } else {
          const value = board.letters[ch];
          make(clues, "text", { x: cx, y: cy, class: "clue letter" }, value === undefined ? ch : `${ch}${value}`);
        }
      }
    }
  }

  // One edge: a line, or a cross at its middle.
  edge(board, parent, { e, cls, cross, colour }) {
    const [[x1, y1], [x2, y2]] = this.ends(board, e);
    const attrs = { class: cls, "data-edge": `${e[0]},${e[1]}` };
    if (cross) {
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, d = this.size * 0.1;
      return make(parent, "path", { ...attrs, d: `M${mx - d} ${my - d}L${mx + d} ${my + d}M${mx - d} ${my + d}L${mx + d} ${my - d}` });
    }
    if (colour) attrs.stroke = colour;
    return make(parent, "line", { ...attrs, x1, y1, x2, y2 });
  }
}

export function usageColour(n) {
  return USED[Math.min(n, USED.length) - 1];
}
