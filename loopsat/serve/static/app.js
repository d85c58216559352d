// The cockpit page: the board being set, its history (undo, redo, the page URL), and the
// analyses the server streams back over a WebSocket after every edit.

import { View, usageColour } from "./board.js";

const $ = (id) => document.getElementById(id);
const CLUES = { slitherlink: [".", "0", "1", "2", "3", "4"], masyu: [".", "0", "1"] };

const state = {
  board: null, undo: [], redo: [], selected: null,
  rid: 0, sent: 0, analysis: {}, timings: {}, hint: null, showSolution: false,
  redundant: new Set(),
};
window.cockpit = state;
const view = new View($("board"), clicked);
let socket = null;
let queued = null;

// ---- the board in the page URL ----

function hashOf(board) {
  const letters = Object.entries(board.letters || {}).map(([k, v]) => `${k}=${v}`).join(",");
  return "#p=" + encodeURIComponent([board.genre, board.rows.join("/"), letters].join(":"));
}

function boardOfHash(hash) {
  const [genre, rows, letters] = decodeURIComponent(hash.slice(3)).split(":");
  const board = { genre, rows: (rows || "").split("/"), letters: {} };
  for (const pair of (letters || "").split(",").filter(Boolean)) {
    const [k, v] = pair.split("=");
    board.letters[k] = Number(v);
  }
  return board;
}

async function fromHash() {
  const hash = location.hash;
  state.undo = [];
  state.redo = [];
  if (hash.startsWith("#p=")) {
    setBoard(boardOfHash(hash), { history: "none" });
  } else if (hash.startsWith("#url=")) {
    const board = await ask("/api/read", { text: decodeURIComponent(hash.slice(5)) });
    if (board) setBoard(board, { history: "replace" });
  }
}

// ---- the server ----

async function ask(path, body) {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (answer.error) { showError(answer.error); return null; }
    showError("");
    return answer;
  } catch (e) {
    showError(`the server does not answer (${e})`);
    return null;
  }
}

function connect() {
  socket = new WebSocket(`ws://${location.host}/ws`);
  socket.onopen = () => { if (queued) { socket.send(queued); queued = null; } };
  socket.onmessage = (event) => heard(JSON.parse(event.data));
  socket.onclose = () => { socket = null; };
}

function analyse() {
  state.rid += 1;
  state.sent = performance.now();
  state.analysis = { id: state.rid };
  state.timings = {};
  drawn = [];
  state.hint = null;
  state.showSolution = false;
  state.redundant = new Set();
  const message = JSON.stringify({ id: state.rid, board: state.board });
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(message);
  else { queued = message; if (!socket) connect(); }
  setBadge("pending", "analysing…");
  $("grade").textContent = "";
  $("detail").textContent = "";
  $("redundant").textContent = "";
  $("redundant").dataset.state = "waiting";
  $("fixes").replaceChildren();
}

function heard(msg) {
  if (msg.id !== state.rid) {
    if (msg.id === null) showError(msg.message);
    return; // an answer for an older board: never shown
  }
  const a = state.analysis;
  a[msg.kind] = msg;
  if (msg.kind === "error" || msg.kind === "failed") {
    setBadge("error", "error");
    showError(msg.message);
  } else if (msg.kind === "status") {
    showError("");
    showStatus(msg);
  } else if (msg.kind === "certain") {
    showCertain(msg);
  } else if (msg.kind === "explain") {
    $("grade").textContent = msg.grade ? `grade: ${msg.grade}` : msg.timeout ? "grade: not decided in time" : "";
    $("hint-next").disabled = !hintSteps().length;
  } else if (msg.kind === "usage") {
    const count = msg.complete ? `${msg.solutions} solutions` : `${msg.solutions}+ solutions found`;
    setBadge("multiple", msg.complete ? `multiple (${msg.solutions})` : "multiple");
    $("detail").textContent += `; ${count}`;
  } else if (msg.kind === "clue") {
    if (msg.goes) state.redundant.add(`${msg.cell[0]},${msg.cell[1]}`);
    showRedundant(false);
  } else if (msg.kind === "clues" && msg.skipped) {
    $("redundant").textContent = msg.skipped;
    $("redundant").dataset.state = "skipped";
  } else if (msg.kind === "clues") {
    showRedundant(true, msg.complete);
  } else if (msg.kind === "fixes") {
    showFixes(msg.fixes);
  }
  if (!drawn.length) requestAnimationFrame(frame);
  drawn.push(msg.kind);
  if (msg.kind === "certain" && !msg.pending) drawn.push("certain done");
}

// Answers that come together (a clue at a time) are drawn once per frame.
let drawn = [];

function frame() {
  const start = performance.now();
  render();
  state.drawMs = performance.now() - start; // how long the last drawing took, for a look from the console
  // Milliseconds from the edit to each answer drawn (bench/serve_latency.py reads them).
  const now = performance.now() - state.sent;
  for (const kind of drawn) state.timings[kind] ??= now;
  drawn = [];
}

// ---- what the analysis says ----

const WORDS = { unique: "unique", multiple: "multiple", none: "no solution", unknown: "not decided in the time limit" };

function setBadge(status, words) {
  const badge = $("badge");
  badge.dataset.status = status;
  badge.dataset.id = state.rid;
  badge.textContent = words;
}

function showStatus(msg) {
  setBadge(msg.status, WORDS[msg.status] || msg.status);
  $("show-solution").disabled = msg.status !== "unique";
  if (msg.status !== "unique") {
    $("redundant").textContent = "";
    $("redundant").dataset.state = "none";
  }
}

function showCertain(msg) {
  const certain = `${msg.on.length} lines and ${msg.off.length} blanks certain, ${msg.undecided.length} undecided`;
  const more = msg.pending ? " … testing the rest" : " (time limit: some edges untested)";
  $("detail").textContent = certain + (msg.complete ? "" : more);
}

function showRedundant(done, complete) {
  const cells = [...state.redundant].map((c) => `(${c})`).join(" ");
  const p = $("redundant");
  p.dataset.state = done ? "done" : "coming";
  p.dataset.count = state.redundant.size;
  const head = state.redundant.size ? `${state.redundant.size} redundant clue(s) (row, column): ${cells}` : "no redundant clue";
  p.textContent = done ? head + (complete ? "" : " so far (time limit)") : `${head} … looking`;
}

function showFixes(fixes) {
  const box = $("fixes");
  box.replaceChildren();
  for (const f of fixes) {
    const b = document.createElement("button");
    b.textContent = `${f.kind} ${f.clue ?? "clue"} at (${f.cell})`;
    b.addEventListener("click", () => setCell(f.cell[0], f.cell[1], f.clue === null ? "." : String(f.clue)));
    box.appendChild(b);
  }
}

function hintSteps() {
  const steps = state.analysis.explain ? state.analysis.explain.steps : [];
  return steps.filter((s) => s.rule !== "search");
}

function layers() {
  const a = state.analysis, out = [];
  if (state.hint !== null) {
    const steps = hintSteps(), step = steps[state.hint];
    const before = steps.slice(0, state.hint);
    out.push({ edges: before.flatMap((s) => s.on), cls: "hint-before" });
    out.push({ edges: before.flatMap((s) => s.off), cls: "cross rule", cross: true });
    out.push({ kind: "under", edges: step.read, cls: "hint-read" });
    out.push({ edges: step.on, cls: "hint-on" });
    out.push({ edges: step.off, cls: "hint-off", cross: true });
    return out;
  }
  if (state.showSolution && a.status && a.status.solution) {
    return [{ edges: a.status.solution, cls: "edge solution" }];
  }
  const status = a.certain;
  if (!status) return out;
  const ruled = new Set((a.explain ? a.explain.ruled : []).map(String));
  const by = (e) => (!a.explain || ruled.has(String(e)) ? "rule" : "search");
  out.push({ edges: status.on.filter((e) => by(e) === "rule"), cls: "edge on rule" });
  out.push({ edges: status.on.filter((e) => by(e) === "search"), cls: "edge on search" });
  out.push({ edges: status.off.filter((e) => by(e) === "rule"), cls: "cross rule", cross: true });
  out.push({ edges: status.off.filter((e) => by(e) === "search"), cls: "cross search", cross: true });
  if (a.usage) {
    for (const [x, y, n] of a.usage.counts) {
      if (n > 0) out.push({ edges: [[x, y]], cls: `edge used used-${Math.min(n, 8)}`, colour: usageColour(n) });
    }
  } else {
    out.push({ edges: status.undecided, cls: "edge undecided" });
  }
  return out;
}

function render() {
  if (!state.board) return;
  view.draw(state.board, state.selected, { redundant: state.redundant }, layers());
  const steps = hintSteps();
  $("hint-prev").disabled = !(state.hint > 0);
  $("hint-next").disabled = !(state.hint === null ? steps.length : state.hint + 1 < steps.length);
  $("hint-off").disabled = state.hint === null;
  const step = state.hint === null ? null : steps[state.hint];
  $("hint-text").textContent = step ? step.text : "";
  $("hint-number").textContent = step ? `step ${state.hint + 1} of ${steps.length}` : "";
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
  $("show-solution").textContent = state.showSolution ? "Hide solution" : "Show solution";
}

function showError(text) {
  $("error").textContent = text;
}

// ---- editing ----

function setBoard(board, { history }) {
  state.board = board;
  state.selected = null;
  const hash = hashOf(board);
  if (history === "push") window.history.pushState(null, "", hash);
  else if (history === "replace") window.history.replaceState(null, "", hash);
  analyse();
  render();
}

function open(board) {
  state.undo = [];
  state.redo = [];
  setBoard(board, { history: "push" });
}

function edit(board) {
  state.undo.push(state.board);
  state.redo = [];
  const selected = state.selected;
  setBoard(board, { history: "replace" });
  state.selected = selected;
  render();
}

function setCell(i, j, ch) {
  const board = state.board;
  if (board.rows[i][j] === ch) return;
  const rows = board.rows.map((row, k) => (k === i ? row.slice(0, j) + ch + row.slice(j + 1) : row));
  edit({ ...board, rows });
}

function clicked(i, j, event) {
  const same = state.selected && state.selected[0] === i && state.selected[1] === j;
  state.selected = [i, j];
  if (same || event.detail === 0) {
    const cycle = CLUES[state.board.genre] || CLUES.slitherlink;
    const at = cycle.indexOf(state.board.rows[i][j]);
    setCell(i, j, cycle[(at + (event.shiftKey ? cycle.length - 1 : 1)) % cycle.length]);
  } else {
    render();
  }
}

function keyed(event) {
  if (event.target.closest("textarea, input, select")) return;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && (event.key === "z" || event.key === "Z")) { event.preventDefault(); event.shiftKey ? redo() : undo(); return; }
  if (ctrl && event.key === "y") { event.preventDefault(); redo(); return; }
  if (!state.board || !state.selected || ctrl) return;
  const [i, j] = state.selected, genre = state.board.genre;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[event.key]) {
    const rows = state.board.rows.length, cols = state.board.rows[0].length;
    state.selected = [Math.min(rows - 1, Math.max(0, i + moves[event.key][0])), Math.min(cols - 1, Math.max(0, j + moves[event.key][1]))];
    event.preventDefault();
    render();
    return;
  }
  let ch = null;
  if ([".", " ", "Backspace", "Delete", "-"].includes(event.key)) ch = ".";
  else if (genre === "masyu") ch = { w: "0", W: "0", "0": "0", b: "1", B: "1", "1": "1" }[event.key] ?? null;
  else if (/^[0-4]$/.test(event.key)) ch = event.key;
  if (ch !== null) { event.preventDefault(); setCell(i, j, ch); }
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(state.board);
  setBoard(state.undo.pop(), { history: "replace" });
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(state.board);
  setBoard(state.redo.pop(), { history: "replace" });
}

// ---- out ----

async function exported(form) {
  if (!state.board) return null;
  const answer = await ask("/api/export", { board: state.board, form });
  if (answer) $("out-text").value = answer.text;
  return answer;
}

async function copy(form) {
  const answer = await exported(form);
  if (!answer) return;
  try { await navigator.clipboard.writeText(answer.text.trim()); } catch { $("out-text").select(); }
}

async function download(form) {
  const answer = await exported(form);
  if (!answer) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([answer.text], { type: answer.media }));
  link.download = answer.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

// ---- wiring ----

function bookmarklet() {
  const code = "javascript:(()=>{const p=window.ui&&ui.puzzle;const u=p&&p.getURL?p.getURL():location.href;" +
    `window.open('http://${location.host}/#url='+encodeURIComponent(u))})()`;
  $("bookmarklet").href = code;
  $("bookmarklet-code").textContent = code;
}

function wire() {
  $("open-text").addEventListener("click", async () => {
    const board = await ask("/api/read", { text: $("source").value, genre: $("paste-genre").value || null });
    if (board) open(board);
  });
  $("file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const board = await ask("/api/read", { text: await file.text(), name: file.name });
    if (board) open(board);
  });
  $("blank").addEventListener("click", async () => {
    const board = await ask("/api/blank", { genre: $("genre").value, rows: Number($("rows").value), cols: Number($("cols").value) });
    if (board) open(board);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-solution").addEventListener("click", () => { state.showSolution = !state.showSolution; state.hint = null; render(); });
  $("hint-next").addEventListener("click", () => { state.hint = state.hint === null ? 0 : state.hint + 1; render(); });
  $("hint-prev").addEventListener("click", () => { state.hint = Math.max(0, state.hint - 1); render(); });
  $("hint-off").addEventListener("click", () => { state.hint = null; render(); });
  for (const b of document.querySelectorAll("[data-copy]")) b.addEventListener("click", () => copy(b.dataset.copy));
  for (const b of document.querySelectorAll("[data-download]")) b.addEventListener("click", () => download(b.dataset.download));
  document.addEventListener("keydown", keyed);
  window.addEventListener("popstate", fromHash);
  bookmarklet();
  connect();
  fromHash();
}

wire();
