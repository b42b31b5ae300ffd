// The aspuzzle page: the player's board lives here; every picture, check, hint and
// explanation comes from the server's JSON API (/api/...), which calls the library.
// A board is {cells: Map(JSON key -> value), links: Map("tree|tent" -> [tree, tent])}; a key is
// a cell's data-key in the SVG picture, so the page never needs the puzzle's geometry itself.

const $ = (id) => document.getElementById(id);
const STORE = "aspuzzle:";

const state = {
  typeChosen: false,  // did the player pick the type of the next puzzle opened?
  puzzle: null,      // {text, type, share, formats, title}
  board: emptyBoard(),
  undo: [], redo: [],
  highlight: {},     // CSS class -> [keys]
  cursor: null,      // [r, c] of grid types
  mode: "play",      // play | explain | solution
  steps: [], stepIndex: -1,
  hint: null,
  renderSeq: 0,
  checkTimer: null,
};

function emptyBoard() { return { cells: new Map(), links: new Map() }; }

function boardJSON(board) {
  return {
    cells: [...board.cells].map(([k, v]) => [JSON.parse(k), v]),
    links: [...board.links.values()],
  };
}

function boardFrom(json) {
  const b = emptyBoard();
  for (const [k, v] of json.cells || []) b.cells.set(JSON.stringify(k), v);
  for (const link of json.links || []) b.links.set(linkKey(link), link);
  return b;
}

function cloneBoard(board) {
  return { cells: new Map(board.cells), links: new Map(board.links) };
}

// a picture's data-key may be spaced (a logic grid's); the board's keys are compact JSON
function keyOf(g) { return JSON.stringify(JSON.parse(g.dataset.key)); }

function linkKey([tree, tent]) { return JSON.stringify(tree) + "|" + JSON.stringify(tent); }

// --- talking to the server -------------------------------------------------------------------

async function api(name, body) {
  const response = await fetch(`/api/${name}`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function puzzleBody(extra = {}) {
  return { puzzle: state.puzzle.text, type: state.puzzle.type, ...extra };
}

function say(html, cls = "") {
  const m = $("message");
  m.className = cls;
  m.innerHTML = html;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function setStatus(text, cls = "") {
  const s = $("status");
  s.textContent = text;
  s.className = cls;
}

async function guarded(work) {
  try {
    await work();
  } catch (e) {
    say(escapeHtml(e.message), "error");
  }
}

// --- opening a puzzle ------------------------------------------------------------------------

async function openPuzzle(text, type, { board = null, keepInput = false } = {}) {
  const opened = await api("open", { puzzle: text, type: type || undefined });
  state.puzzle = { text, type: opened.type, share: opened.share, formats: opened.formats,
                   title: opened.title, marks: opened.marks, implied: opened.implied,
                   counted: opened.counted, links: opened.links, fixed: opened.fixed,
                   markFormats: opened.markFormats, digits: opened.digits || 0 };
  if (!keepInput) $("puzzle-input").value = text;
  // the select shows the type opened; it names the type of the next puzzle opened only when
  // the player picks it (else the next one, of any type, is detected)
  $("type-select").value = opened.type;
  state.typeChosen = false;
  state.mode = "play";
  state.undo = []; state.redo = [];
  state.highlight = {}; state.hint = null; state.cursor = null;
  const saved = localStorage.getItem(storeKey());
  state.board = board ? boardFrom(board) : saved ? boardFrom(JSON.parse(saved))
    : boardFrom(opened.board);
  localStorage.setItem(STORE + "last", JSON.stringify({ puzzle: text, type: opened.type }));
  $("title").textContent = `${opened.title} (${opened.format})`;
  $("pencil-label").hidden = !opened.digits;
  $("clues-panel").hidden = !opened.clueText;
  $("clues").textContent = opened.text;
  setupDigits(opened);
  setupExports(opened);
  $("explain-panel").hidden = true;
  $("solution-panel").hidden = true;
  $("apply-button").disabled = true;
  say("");
  setStatus("");
  await draw();
  updateShare();
  scheduleSolvedCheck();
}

function storeKey() {
  return `${STORE}board:${state.puzzle.type}:${state.puzzle.share}`;
}

function setupDigits(opened) {
  const pad = $("digits");
  pad.innerHTML = "";
  // a type whose cells take digits (Futoshiki, Sudoku, ...) says how many
  pad.hidden = !opened.digits;
  if (pad.hidden) return;
  const size = opened.digits;
  for (let d = 1; d <= size; d++) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = d; b.dataset.digit = d;
    b.addEventListener("click", () => typeDigit(d));
    pad.appendChild(b);
  }
  const clear = document.createElement("button");
  clear.type = "button"; clear.textContent = "⌫"; clear.dataset.digit = "0";
  clear.addEventListener("click", () => typeDigit(0));
  pad.appendChild(clear);
}

function setupExports(opened) {
  const select = $("export-format");
  select.innerHTML = "";
  const choices = [...opened.formats];
  choices.push("state", "svg", "png");
  for (const f of choices) {
    const o = document.createElement("option");
    o.value = f;
    o.textContent = { state: "my board (text)", svg: "SVG picture", png: "PNG picture",
                      legup: "legup (with my marks)", tatham: "tatham game ID" }[f] || f;
    select.appendChild(o);
  }
}

// --- drawing ---------------------------------------------------------------------------------

function shownBoard() {
  if (state.mode === "explain") return explainBoard(state.stepIndex);
  return state.board;
}

async function draw() {
  if (!state.puzzle) return;
  const seq = ++state.renderSeq;
  const body = state.mode === "solution"
    ? puzzleBody({ solution: true })
    : puzzleBody({ board: boardJSON(shownBoard()), highlight: state.highlight });
  const out = await api("render", body);
  if (seq !== state.renderSeq) return;  // a newer picture is on its way
  $("board").innerHTML = out.svg;
  if (state.mode === "solution") {
    const verdict = { unique: "unique solution", multiple: "more than one solution",
                      none: "no solution", timeout: "time limit reached" }[out.status];
    setStatus(`Solution shown: ${verdict}`, out.status === "unique" ? "solved" : "bad");
  }
  decorate();
}

function decorate() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  if (state.cursor) {
    const g = svg.querySelector(`g.cell[data-key="${JSON.stringify(state.cursor)}"]`);
    if (g) g.classList.add("cursor");
  }
  if (state.puzzle.counted) markClueCounts(svg, state.puzzle.counted);
}

// A clue that counts a mark in its line (Tents: tents) turns grey when they are all there, red
// when there are too many or no room is left for the missing ones (as a player sees it on paper).
function markClueCounts(svg, mark) {
  for (const clue of svg.querySelectorAll("g.clue")) {
    const want = clue.dataset.value;
    if (want === "" || want === undefined) continue;
    const attr = clue.classList.contains("row") ? "r" : "c";
    const index = clue.dataset[attr];
    const cells = svg.querySelectorAll(`g.cell[data-${attr}="${index}"]`);
    let tents = 0, open = 0;
    for (const c of cells) {
      if (c.dataset.value === mark) tents++;
      else if (!c.dataset.value) open++;
    }
    clue.classList.remove("done", "wrong");
    if (tents > Number(want) || tents + open < Number(want)) clue.classList.add("wrong");
    else if (tents === Number(want)) clue.classList.add("done");
  }
}

// --- playing ---------------------------------------------------------------------------------

function change(mutate) {
  if (state.mode !== "play") backToBoard(false);
  state.undo.push(cloneBoard(state.board));
  state.redo = [];
  mutate(state.board);
  afterChange();
}

function afterChange() {
  // what Check, Hint or Diagnose said was about the board before this change
  say("");
  state.highlight = {};
  state.hint = null;
  $("apply-button").disabled = true;
  localStorage.setItem(storeKey(), JSON.stringify(boardJSON(state.board)));
  updateShare();
  guarded(draw);
  scheduleSolvedCheck();
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(cloneBoard(state.board));
  state.board = state.undo.pop();
  afterChange();
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(cloneBoard(state.board));
  state.board = state.redo.pop();
  afterChange();
}

function cycle(keyJSON) {
  // the type says its marks (click: unknown, then each mark in turn)
  if (!state.puzzle.marks.length) return;
  const order = [undefined, ...state.puzzle.marks];
  const linked = state.puzzle.links && state.puzzle.links[1];
  change((board) => {
    const now = board.cells.get(keyJSON);
    const next = order[(order.indexOf(now) + 1) % order.length];
    if (next === undefined) board.cells.delete(keyJSON); else board.cells.set(keyJSON, next);
    if (linked && next !== linked) {
      for (const [k, [, tent]] of board.links) {
        if (JSON.stringify(tent) === keyJSON) board.links.delete(k);
      }
    }
  });
}

function digitCount() { return state.puzzle.digits; }

function typeDigit(d) {
  if (!state.puzzle.digits || !state.cursor) return;
  const [r, c] = state.cursor;
  const g = $("board").querySelector(`g.cell[data-key="${JSON.stringify([r, c])}"]`);
  if (g && g.querySelector("text.given")) return;  // a given digit stays
  const n = digitCount();
  const key = (x) => JSON.stringify([r, c, x]);
  change((board) => {
    const placed = [];
    const struck = new Set();
    for (let x = 1; x <= n; x++) {
      const v = board.cells.get(key(x));
      if (v === "yes") placed.push(x);
      if (v === "no") struck.add(x);
      board.cells.delete(key(x));
    }
    if (d === 0) return;
    if ($("pencil").checked) {
      // pencil marks: the candidates written in the cell; the board holds the struck ones
      const marks = new Set();
      if (struck.size) for (let x = 1; x <= n; x++) if (!struck.has(x)) marks.add(x);
      if (marks.has(d)) marks.delete(d); else marks.add(d);
      if (marks.size) for (let x = 1; x <= n; x++) if (!marks.has(x)) board.cells.set(key(x), "no");
    } else if (!placed.includes(d)) {
      board.cells.set(key(d), "yes");
    }
  });
}

let drag = null;

function cellOf(event) {
  const g = event.target.closest && event.target.closest("g.cell");
  return g && $("board").contains(g) ? g : null;
}

function onPointerDown(event) {
  const g = cellOf(event);
  if (!g || !state.puzzle) return;
  drag = { from: keyOf(g), value: g.dataset.value };
}

function onPointerUp(event) {
  const g = cellOf(event) || (document.elementFromPoint(event.clientX, event.clientY) || {})
    .closest?.("g.cell");
  const start = drag;
  drag = null;
  if (!g || !start || !state.puzzle) return;
  const key = keyOf(g);
  $("board").focus({ preventScroll: true });
  const links = state.puzzle.links;
  if (key !== start.from) {
    if (links && start.value === links[0]) link(JSON.parse(start.from), JSON.parse(key));
    return;
  }
  if (g.dataset.r) state.cursor = [Number(g.dataset.r), Number(g.dataset.c)];
  if (state.puzzle.digits) { decorateCursor(); return; }
  if (state.puzzle.fixed.includes(g.dataset.value)) { decorateCursor(); return; }
  cycle(key);
}

function decorateCursor() {
  for (const g of $("board").querySelectorAll("g.cell.cursor")) g.classList.remove("cursor");
  decorate();
}

// Tents: a drag from a tree to a neighbouring cell draws (or erases) their link; the cell
// becomes a tent, as in LEGUP.
function link(tree, cell) {
  if (Math.abs(tree[0] - cell[0]) + Math.abs(tree[1] - cell[1]) !== 1) return;
  const target = $("board").querySelector(`g.cell[data-key="${JSON.stringify(cell)}"]`);
  if (!target || target.dataset.value === "tree") return;
  change((board) => {
    const k = linkKey([tree, cell]);
    if (board.links.has(k)) { board.links.delete(k); return; }
    for (const [other, [t, x]] of board.links) {  // one link per tree and per tent
      if (JSON.stringify(t) === JSON.stringify(tree) || JSON.stringify(x) === JSON.stringify(cell)) {
        board.links.delete(other);
      }
    }
    board.links.set(k, [tree, cell]);
    board.cells.set(JSON.stringify(cell), "tent");
  });
}

function onKey(event) {
  if (!state.puzzle) return;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && event.key.toLowerCase() === "z") {
    event.preventDefault(); event.shiftKey ? redo() : undo(); return;
  }
  if (ctrl && event.key.toLowerCase() === "y") { event.preventDefault(); redo(); return; }
  if (ctrl || event.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const cells = [...$("board").querySelectorAll("g.cell[data-r]")];
  if (event.key in moves) {
    if (!cells.length) return;
    event.preventDefault();
    const rows = Math.max(...cells.map((g) => Number(g.dataset.r)));
    const cols = Math.max(...cells.map((g) => Number(g.dataset.c)));
    const [dr, dc] = moves[event.key];
    const [r, c] = state.cursor || [1, 1];
    state.cursor = state.cursor
      ? [Math.min(rows, Math.max(1, r + dr)), Math.min(cols, Math.max(1, c + dc))] : [1, 1];
    decorateCursor();
    return;
  }
  if (event.key === "p" || event.key === "P") { $("pencil").checked = !$("pencil").checked; return; }
  if (state.puzzle.digits) {
    if (/^[0-9]$/.test(event.key)) { event.preventDefault(); typeDigit(Number(event.key)); }
    if (event.key === "Backspace" || event.key === "Delete") { event.preventDefault(); typeDigit(0); }
    return;
  }
  if (!state.cursor) return;
  const key = JSON.stringify(state.cursor);
  if (event.key === " " || event.key === "Enter") { event.preventDefault(); cycleAt(key); }
  if (event.key === "Backspace" || event.key === "Delete") {
    event.preventDefault();
    if (state.board.cells.has(key)) change((b) => { b.cells.delete(key); });
  }
}

function cycleAt(key) {
  const g = $("board").querySelector(`g.cell[data-key='${key}']`);
  if (g && g.dataset.value === "tree") return;
  cycle(key);
}

// --- the solver's help -----------------------------------------------------------------------

function keysOf(step) {
  // the board keys a step sets, and the cells it relies on (for highlighting)
  const sets = [], uses = [];
  for (const s of step.sets || []) sets.push(s.pair ? s.pair : s.cell);
  for (const u of step.uses || []) for (const c of u.cells || []) uses.push(c);
  for (const u of step.uses || []) {
    if ((u.kind === "row" || u.kind === "column") && u.index !== undefined) uses.push([u.kind, u.index]);
  }
  return { sets, uses };
}

function applySets(board, sets, links = []) {
  const n = digitCount();
  for (const s of sets) {
    if (n) {
      const [r, c] = s.cell;
      if (s.value !== undefined) {
        for (let x = 1; x <= n; x++) board.cells.delete(JSON.stringify([r, c, x]));
        board.cells.set(JSON.stringify([r, c, s.value]), "yes");
      } else {
        for (const d of s.not) {
          if (board.cells.get(JSON.stringify([r, c, d])) !== "yes") board.cells.set(JSON.stringify([r, c, d]), "no");
        }
      }
    } else if (s.pair) {  // a pair of values (a logic grid): true or false
      board.cells.set(JSON.stringify(s.pair), s.value ? "true" : "false");
    } else {
      board.cells.set(JSON.stringify(s.cell), s.value);
    }
  }
  for (const l of links) board.links.set(linkKey(l), l);
}

function removeSets(board, sets, links = []) {
  for (const s of sets) {
    if (state.puzzle.digits) {
      const [r, c] = s.cell;
      for (const d of s.value !== undefined ? [s.value] : s.not) board.cells.delete(JSON.stringify([r, c, d]));
    } else {
      board.cells.delete(JSON.stringify(s.pair || s.cell));
    }
  }
  for (const l of links) board.links.delete(linkKey(l));
}

async function check() {
  backToBoard(false);
  const out = await api("check", puzzleBody({ board: boardJSON(state.board) }));
  if (out.correct || (!out.broken.length && await solvedNow())) {
    setStatus("Solved! The board is complete and correct.", "solved");
    state.highlight = { ok: [] };
    say("Every rule holds.");
  } else if (out.broken.length) {
    setStatus(`${out.broken.length} broken rule${out.broken.length > 1 ? "s" : ""}`, "bad");
    state.highlight = { error: out.broken.flatMap((b) => b.cells) };
    say("<ul>" + out.broken.map((b) =>
      `<li class="broken"><span class="rule">${escapeHtml(b.rule)}</span>: ${escapeHtml(b.text)}</li>`)
      .join("") + "</ul>");
  } else {
    setStatus("No rule is broken so far.");
    state.highlight = {};
    say("The board is not complete yet.");
  }
  await draw();
}

// For the verdict "solved", the type says which mark unmarked cells count as (Hitori: unshaded,
// as in Tatham's singles; Light Up: empty, so that the bulbs alone solve it).
function impliedMark() {
  return state.puzzle.implied;
}

function asFinished(board) {
  const implied = impliedMark();
  if (!implied) return board;
  const done = cloneBoard(board);
  for (const g of $("board").querySelectorAll("g.cell[data-key]")) {
    if (!done.cells.has(keyOf(g))) done.cells.set(keyOf(g), implied);
  }
  return done;
}

async function solvedNow() {
  if (!impliedMark()) return false;
  const out = await api("check", puzzleBody({ board: boardJSON(asFinished(state.board)) }));
  return out.correct;
}

function scheduleSolvedCheck() {
  clearTimeout(state.checkTimer);
  state.checkTimer = setTimeout(() => guarded(async () => {
    if (!state.puzzle || state.mode !== "play") return;
    const out = await api("check", puzzleBody({ board: boardJSON(asFinished(state.board)) }));
    if (out.correct) setStatus("Solved! The board is complete and correct.", "solved");
    else if ($("status").classList.contains("solved")) setStatus("");
  }), 250);
}

async function hint() {
  backToBoard(false);
  const out = await api("hint", puzzleBody({ board: boardJSON(state.board) }));
  state.hint = out;
  if (out.kind === "mistake") {
    const keys = out.mistake.sets.map((s) => s.pair || s.cell);
    state.highlight = { error: keys };
    say(`<span class="rule">Mistake</span>: ${escapeHtml(out.text)}`, "");
    $("apply-button").textContent = "Undo the mistake";
    $("apply-button").disabled = false;
  } else if (out.step) {
    const { sets, uses } = keysOf(out.step);
    state.highlight = { highlight: uses, hint: sets };
    say(`<span class="rule">${escapeHtml(out.step.rule)}</span>: ${escapeHtml(out.step.text)}`);
    $("apply-button").textContent = "Apply hint";
    $("apply-button").disabled = !out.step.sets.length && !(out.step.links || []).length;
  } else {
    state.highlight = {};
    say(escapeHtml(out.text));
    $("apply-button").disabled = true;
  }
  await draw();
}

function applyHint() {
  const h = state.hint;
  if (!h) return;
  if (h.kind === "mistake") change((b) => removeSets(b, h.mistake.sets, h.mistake.links));
  else if (h.step) change((b) => applySets(b, h.step.sets, h.step.links || []));
}

async function explain() {
  say("Explaining…");
  const out = await api("explain", puzzleBody());
  state.steps = out.steps;
  state.mode = "explain";
  state.stepIndex = -1;
  $("explain-panel").hidden = false;
  $("solution-panel").hidden = true;
  const list = $("step-list");
  list.innerHTML = "";
  out.steps.forEach((s, i) => {
    const li = document.createElement("li");
    li.innerHTML = `<span class="rule">${escapeHtml(s.rule)}</span>: ${escapeHtml(s.text)}`;
    li.addEventListener("click", () => showStep(i));
    list.appendChild(li);
  });
  const head = { solved: "solved", contradiction: "no solution", "not unique": "not unique",
                 stuck: "the rules stop" }[out.status] || out.status;
  say(`${escapeHtml(out.steps.length)} steps, ${escapeHtml(head)} (difficulty: ${escapeHtml(out.tier)}).`);
  await showStep(0);
}

function explainBoard(upto) {
  const b = emptyBoard();
  for (let i = 0; i <= upto && i < state.steps.length; i++) {
    applySets(b, state.steps[i].sets || [], state.steps[i].links || []);
  }
  return b;
}

async function showStep(i) {
  if (!state.steps.length) return;
  state.stepIndex = Math.max(0, Math.min(state.steps.length - 1, i));
  const step = state.steps[state.stepIndex];
  const { sets, uses } = keysOf(step);
  state.highlight = { highlight: uses, hint: sets };
  $("step-count").textContent = `step ${state.stepIndex + 1} of ${state.steps.length}`;
  [...$("step-list").children].forEach((li, j) => li.classList.toggle("current", j === state.stepIndex));
  $("step-list").children[state.stepIndex]?.scrollIntoView({ block: "nearest" });
  await draw();
}

function backToBoard(redraw = true) {
  if (state.mode === "play") return;
  state.mode = "play";
  state.highlight = {};
  $("explain-panel").hidden = true;
  $("solution-panel").hidden = true;
  setStatus("");
  if (redraw) guarded(draw);
}

async function solve() {
  state.mode = "solution";
  state.highlight = {};
  $("explain-panel").hidden = true;
  $("solution-panel").hidden = false;
  say("");
  await draw();
  if (!$("status").classList.contains("solved")) await diagnose();
}

async function diagnose() {
  const body = puzzleBody();
  if (state.mode === "play" && state.board.cells.size) body.board = boardJSON(state.board);
  const out = await api("diagnose", body);
  say(escapeHtml(out.text));
}

// --- export and share ------------------------------------------------------------------------

async function exportAs() {
  const fmt = $("export-format").value;
  const link = $("download-link");
  link.hidden = true;
  const name = `puzzle-${state.puzzle.type}`;
  if (fmt === "svg") {
    const svg = $("board").innerHTML;
    $("export-output").value = svg;
    offer(new Blob([svg], { type: "image/svg+xml" }), `${name}.svg`);
    return;
  }
  if (fmt === "png") {
    const body = state.mode === "solution" ? puzzleBody({ solution: true })
      : puzzleBody({ board: boardJSON(shownBoard()) });
    const response = await fetch("/api/png", { method: "POST", body: JSON.stringify(body),
                                               headers: { "Content-Type": "application/json" } });
    if (!response.ok) throw new Error((await response.json()).error);
    $("export-output").value = "(PNG picture: use the download link)";
    offer(await response.blob(), `${name}.png`);
    return;
  }
  const withMarks = fmt === "state" || state.puzzle.markFormats.includes(fmt);
  const out = withMarks
    ? await api("export", puzzleBody({ to: fmt, board: boardJSON(state.board) }))
    : await api("convert", puzzleBody({ to: fmt }));
  $("export-output").value = out.text;
  const ext = { legup: "xml", facts: "lp", text: "txt", state: "txt" }[fmt] || "txt";
  offer(new Blob([out.text], { type: "text/plain" }), `${name}.${ext}`);
}

function offer(blob, filename) {
  const link = $("download-link");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.textContent = `download ${filename}`;
  link.hidden = false;
}

function updateShare() {
  if (!state.puzzle) return;
  const url = new URL("/", location.href);
  url.searchParams.set("puzzle", state.puzzle.share);
  url.searchParams.set("type", state.puzzle.type);
  if ($("share-board").checked && state.board.cells.size) {
    url.searchParams.set("board", JSON.stringify(boardJSON(state.board)));
  }
  $("share-link").value = url.href;
}

// --- start -----------------------------------------------------------------------------------

async function loadExamples() {
  const response = await fetch("/api/examples");
  const examples = await response.json();
  const select = $("example-select");
  examples.forEach((e, i) => {
    const o = document.createElement("option");
    o.value = i; o.textContent = e.title;
    select.appendChild(o);
  });
  select.addEventListener("change", () => guarded(async () => {
    const e = examples[Number(select.value)];
    if (e) await openPuzzle(e.puzzle, e.type);
  }));
}

async function generate() {
  say("Making a puzzle…");
  const body = { type: $("gen-type").value, difficulty: $("gen-tier").value };
  if ($("gen-size").value.trim()) body.size = $("gen-size").value.trim();
  const out = await api("generate", body);
  await openPuzzle(out.puzzle, out.type);
  say(`A new ${escapeHtml(out.type)} puzzle, difficulty ${escapeHtml(out.tier)} (seed ${escapeHtml(out.seed)}), with exactly one solution.`);
}

function wire() {
  const on = (id, fn) => $(id).addEventListener("click", () => guarded(fn));
  const chosenType = () => (state.typeChosen ? $("type-select").value : "");
  $("type-select").addEventListener("change", () => { state.typeChosen = true; });
  on("open-button", () => openPuzzle($("puzzle-input").value, chosenType(), { keepInput: true }));
  on("generate-button", generate);
  on("undo-button", async () => undo());
  on("redo-button", async () => redo());
  on("clear-button", async () => change((b) => { b.cells.clear(); b.links.clear(); }));
  on("check-button", check);
  on("hint-button", hint);
  on("apply-button", async () => applyHint());
  on("explain-button", explain);
  on("solve-button", solve);
  on("diagnose-button", diagnose);
  on("prev-step", () => showStep(state.stepIndex - 1));
  on("next-step", () => showStep(state.stepIndex + 1));
  on("first-step", () => showStep(0));
  on("last-step", () => showStep(state.steps.length - 1));
  on("close-explain", async () => backToBoard());
  on("close-solution", async () => backToBoard());
  on("export-button", exportAs);
  $("share-board").addEventListener("change", updateShare);
  $("file-input").addEventListener("change", () => guarded(async () => {
    const file = $("file-input").files[0];
    if (!file) return;
    if (file.size > 900000) throw new Error(`${file.name} is too large for a puzzle`);
    await openPuzzle(await file.text(), chosenType());
  }));
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (e) => {
    if (e.target === document.body) onKey(e);
  });
}

async function start() {
  wire();
  await guarded(loadExamples);
  const params = new URLSearchParams(location.search);
  await guarded(async () => {
    if (params.get("puzzle")) {
      const board = params.get("board") ? JSON.parse(params.get("board")) : null;
      await openPuzzle(params.get("puzzle"), params.get("type") || "", { board });
      return;
    }
    const last = localStorage.getItem(STORE + "last");
    if (last) {
      const { puzzle, type } = JSON.parse(last);
      await openPuzzle(puzzle, type);
    }
  });
  document.body.dataset.ready = "1";
}

start();
