// The dicerules-server browser client: the lobby, and a table drawn from the server's
// wire messages, the same way for every game (see "the table" below).
// Plain JavaScript, no build step. Every text from the server goes into the page as
// text (textContent), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);

let catalog = null; // {games: [...]} from /api/catalog
let lobbyTimer = null;
let lobbyPages = 1; // pages of the lobby's list shown: "More games" adds one
let table = null; // the game on screen: {id, token, socket, view, summary}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function button(text, onClick, className) {
  const node = el("button", text, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const answer = await fetch(path, options);
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.message || data.error || answer.statusText);
  return data;
}

function tokenKey(id) { return "dicerules-token-" + id; }
function playerName() { return $("name").value.trim(); }

// ------------------------------------------------------------------ the lobby

function gameInfo(name) { return catalog.games.find((g) => g.name === name); }

function fillPresets() {
  const info = gameInfo($("game").value);
  const select = $("preset");
  select.replaceChildren();
  for (const preset of info.presets) {
    const option = el("option", preset.name);
    option.value = preset.name;
    option.selected = preset.name === info.default_preset;
    select.append(option);
  }
  fillSeats();
}

function fillSeats() {
  const info = gameInfo($("game").value);
  const preset = info.presets.find((p) => p.name === $("preset").value);
  const seats = $("seats");
  seats.replaceChildren();
  const you = Math.min(...preset.acting);
  for (let seat = 0; seat < preset.seats; seat += 1) {
    const label = el("label", "Seat " + (seat + 1));
    const select = el("select");
    select.dataset.seat = seat;
    const choices = seat === you ? ["you"] : preset.acting.includes(seat)
      ? ["expert", ...info.bots.filter((b) => b !== "expert"), "human"] : ["house"];
    for (const choice of choices) {
      const option = el("option", choice === "human" ? "another person" : choice);
      option.value = choice;
      select.append(option);
    }
    select.disabled = choices.length === 1;
    label.append(select);
    seats.append(label);
  }
}

async function createGame(event) {
  event.preventDefault();
  if (!playerName()) { $("name").focus(); showError("Your name first, please."); return; }
  const players = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "you" ? "human" : s.value);
  const you = [...$("seats").querySelectorAll("select")].findIndex((s) => s.value === "you");
  try {
    const made = await api("/api/games", { game: $("game").value, preset: $("preset").value, players });
    await joinGame(made.id, you);
  } catch (error) { showError(error.message); }
}

async function joinGame(id, seat) {
  if (!playerName()) { $("name").focus(); showError("Your name first, please."); return; }
  localStorage.setItem("dicerules-name", playerName());
  const body = { name: playerName() };
  if (seat !== undefined && seat !== null && seat >= 0) body.seat = seat;
  const joined = await api("/api/games/" + encodeURIComponent(id) + "/join", body);
  localStorage.setItem(tokenKey(id), joined.token);
  location.hash = "game=" + encodeURIComponent(id);
}

function seatText(seat) {
  if (seat.player === "human") return seat.name === null ? "(free seat)" : seat.name;
  return seat.player === "house" ? "the house" : "bot " + (seat.seat + 1) + " (" + seat.player + ")";
}

// The first lobbyPages pages of the games (each page names the cursor of the next).
async function listGames() {
  const games = [];
  let next = null;
  for (let page = 0; page < lobbyPages; page += 1) {
    const listed = await api("/api/games" + (next ? "?cursor=" + encodeURIComponent(next) : ""));
    games.push(...listed.games);
    next = listed.next;
    if (!next) break;
  }
  return { games, next };
}

async function refreshLobby() {
  let listed;
  try { listed = await listGames(); } catch (error) { return; }
  const list = $("games");
  list.replaceChildren();
  for (const game of listed.games) {
    const item = el("li");
    const what = el("span", game.game + " \u2014 " + (game.over ? "over" :
      game.started ? "in play, step " + game.step : "waiting for players"), "what");
    what.append(el("span", game.seats.map(seatText).join(", "), "who"));
    item.append(what);
    const mine = localStorage.getItem(tokenKey(game.id));
    if (mine && !game.over) {
      item.append(button("Back to my seat", () => { location.hash = "game=" + game.id; }));
    } else if (game.seats.some((s) => !s.taken)) {
      item.append(button("Join", () => joinGame(game.id).catch((e) => showError(e.message))));
    }
    item.append(button("Watch", () => { location.hash = "game=" + game.id; }, "secondary"));
    list.append(item);
  }
  if (!listed.games.length) list.append(el("li", "No games yet: make one above."));
  if (listed.next) {
    const more = el("li");
    more.append(button("More games", () => { lobbyPages += 1; refreshLobby(); }, "secondary"));
    list.append(more);
  }
}

function showLobby() {
  closeTable();
  $("lobby").hidden = false;
  $("table").hidden = true;
  refreshLobby();
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(refreshLobby, 3000);
}

// ------------------------------------------------------------------ the table
//
// Every game is drawn the same way, from what the server sends: the welcome's
// `layout` (wire.layout: each field of the view, its label, where it goes and how its
// values are drawn; the forms; the rules), each view message, the `story` (the game
// told step by step, in the terminal's words) and the `moves` (each legal move in
// words). Nothing here knows any game.

const PLACINGS = ["1st", "2nd", "3rd"];

function closeTable() {
  if (table && table.socket) { table.closing = true; table.socket.close(); }
  table = null;
}

function showTable(id) {
  closeTable();
  clearInterval(lobbyTimer);
  $("lobby").hidden = true;
  $("table").hidden = false;
  for (const part of ["log", "board", "own", "result", "controls", "players", "latest", "hint"]) {
    $(part).replaceChildren();
  }
  $("error").textContent = "";
  $("end").hidden = true;
  $("moves").hidden = true;
  table = {
    id, token: localStorage.getItem(tokenKey(id)), socket: null, view: null, summary: null,
    layout: null, moves: null, keys: new Map(), waiting: false,
  };
  connect(table);
}

function connect(current) {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + "/api/games/" +
    encodeURIComponent(current.id) + "/socket");
  current.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", token: current.token }));
  });
  socket.addEventListener("message", (event) => {
    if (table !== current) return;
    receive(current, JSON.parse(event.data));
  });
  socket.addEventListener("close", (event) => {
    if (table !== current || current.closing) return;
    if (event.code === 4403) { // not our seat any more: watch instead
      localStorage.removeItem(tokenKey(current.id));
      current.token = null;
    }
    if (!isOver(current)) {
      $("status").textContent = "Connection lost; trying again\u2026";
      setTimeout(() => { if (table === current) connect(current); }, 1000);
    }
  });
}

// Over by the game's rules, or ended by the server (table.stopped says why).
function isOver(current) {
  return Boolean((current.view && current.view.over) || (current.summary && current.summary.over));
}

function stoppedText(current) {
  const stopped = current.summary && current.summary.stopped;
  return stopped ? stopped.message.charAt(0).toUpperCase() + stopped.message.slice(1) + "." : null;
}

function receive(current, message) {
  if (message.type === "error") {
    current.waiting = false;
    showError(message.message);
    drawMoves(current);
    return;
  }
  if (message.type === "hint") {
    if (current.view && message.step === current.view.step) showHint(message.lines);
    return;
  }
  if (message.table) current.summary = message.table;
  if (message.layout) current.layout = message.layout;
  if (message.type === "welcome") $("log").replaceChildren();
  if (message.story) tell(message.story);
  if (message.moves) current.moves = message.moves;
  if (message.view) {
    current.view = message.view;
    current.waiting = false;
    $("error").textContent = "";
    $("hint").replaceChildren();
  }
  draw(current);
}

function showError(text) { $("error").textContent = text; }

function send(move) {
  const current = table;
  if (!current || !current.socket || !current.view || current.waiting) return;
  current.waiting = true;
  for (const control of $("moves").querySelectorAll("button, select")) control.disabled = true;
  current.socket.send(JSON.stringify({ type: "move", move, step: current.view.step }));
}

function askHint() {
  const current = table;
  if (!current || !current.socket || !current.view) return;
  $("hint").replaceChildren(el("p", "Working out the odds\u2026"));
  current.socket.send(JSON.stringify({ type: "hint", step: current.view.step }));
}

function showHint(lines) {
  const box = $("hint");
  box.replaceChildren();
  for (const line of lines) box.append(el("p", line));
}

// ------------------------------------------------------------------ seats and words

function seatName(current, seat) {
  const found = current.summary && current.summary.seats[seat];
  let who = "";
  if (found) {
    if (found.player === "human") who = found.name === null ? "a free seat" : found.name;
    else who = found.player === "house" ? "the house" : found.player + " bot";
  }
  const you = current.view && seat === current.view.seat ? " (you)" : "";
  return "Seat " + seat + (who ? " \u00b7 " + who : "") + you;
}

function placeWord(place) {
  return place <= PLACINGS.length ? PLACINGS[place - 1] : place + "th";
}

function yesNo(value) { return value ? "yes" : "no"; }

function words(name) { return name.replace(/^_+/, "").replaceAll("_", " "); }

// ------------------------------------------------------------------ drawing values

function die(face, className) {
  const node = el("span", null, "die" + (className ? " " + className : ""));
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", String(face));
  if (Number.isInteger(face) && face >= 1 && face <= 6) {
    node.classList.add("face-" + face);
    for (let cell = 0; cell < 9; cell += 1) node.append(el("i"));
  } else {
    node.classList.add("numbered");
    node.append(el("b", face));
  }
  return node;
}

function dice(faces, className) {
  const row = el("span", null, "dice");
  for (const face of faces) row.append(die(face, className));
  return row;
}

function isHidden(field, value) {
  return value === null || value === undefined || field.hide.includes(value) ||
    (Array.isArray(value) && value.length === 0);
}

function compact(kind) {
  return kind.draw === "card" && kind.fields.length <= 3 &&
    kind.fields.every((f) => ["number", "text", "seat", "die", "action", "flag"].includes(f.kind.draw));
}

// The value drawn as `kind` says, or null when there is nothing to draw.
function drawValue(current, field, kind, value) {
  if (isHidden(field, value)) return null;
  switch (kind.draw) {
    case "number": case "text": return el("span", value, "value");
    case "flag": return el("span", field.label, "badge");
    case "seat": return el("span", seatName(current, value), "value seat");
    case "die": return die(value);
    case "dice": return dice(value);
    case "action": return el("span", value, "value action");
    case "list": {
      const items = value.map((item) => drawValue(current, field, kind.item, item)).filter((n) => n);
      if (!items.length) return null;
      const list = el("ul", null, compact(kind.item) ? "items chips" : "items");
      for (const item of items) { const li = el("li"); li.append(item); list.append(li); }
      return list;
    }
    case "per_seat": {
      const list = el("ul", null, "items");
      value.forEach((item, seat) => {
        const drawn = drawValue(current, field, kind.item, item);
        if (!drawn) return;
        const li = el("li", null, "per-seat");
        li.append(el("span", seatName(current, seat) + ":", "label"), drawn);
        list.append(li);
      });
      return list.children.length ? list : null;
    }
    case "card": return drawCard(current, kind, value);
    default: return drawAny(value);
  }
}

function drawCard(current, kind, value) {
  if (compact(kind)) {
    const chip = el("span", null, "chip");
    for (const part of kind.fields) {
      const drawn = drawValue(current, part, part.kind, value[part.field]);
      if (drawn) { drawn.title = part.label; chip.append(drawn); }
    }
    return chip;
  }
  const card = el("div", null, "card");
  for (const part of kind.fields) {
    const drawn = drawField(current, part, value[part.field]);
    if (drawn) card.append(drawn);
  }
  return card.children.length ? card : null;
}

// A value of a kind the layout could not tell: words, whatever its shape.
function drawAny(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return el("span", yesNo(value), "value");
  if (typeof value !== "object") return el("span", value, "value");
  const parts = Array.isArray(value) ? value.map((item) => drawAny(item))
    : Object.entries(value).map(([key, item]) => {
      const drawn = drawAny(item);
      if (!drawn) return null;
      const part = el("span", null, "value");
      part.append(el("span", words(key) + " ", "label"), drawn);
      return part;
    });
  const box = el("span", null, "any");
  for (const part of parts) if (part) box.append(part);
  return box.children.length ? box : null;
}

// A field with its label, or null when its value draws as nothing.
function drawField(current, field, value) {
  const drawn = drawValue(current, field, field.kind, value);
  if (!drawn) return null;
  if (field.kind.draw === "flag") return drawn;
  const box = el("div", null, "field");
  box.append(el("span", field.label, "label"), drawn);
  return box;
}

// ------------------------------------------------------------------ the table

function draw(current) {
  const view = current.view;
  if (!view || !current.layout) return;
  drawTitle(current);
  drawStatus(current);
  drawPlayers(current);
  const fields = current.layout.fields;
  const placed = (place) => fields.filter((f) => f.place === place);
  const own = $("own");
  own.replaceChildren();
  for (const field of placed("own")) {
    const drawn = drawField(current, field, view.view[field.field]);
    if (drawn) { drawn.classList.add("mine"); own.append(drawn); }
  }
  const board = $("board");
  board.replaceChildren();
  if (!isOver(current)) {
    for (const field of placed("board")) {
      const drawn = drawField(current, field, view.view[field.field]);
      if (drawn) board.append(drawn);
    }
  }
  const result = $("result");
  result.replaceChildren();
  for (const field of placed("result")) {
    const drawn = drawField(current, field, view.view[field.field]);
    if (drawn) result.append(drawn);
  }
  drawLatest();
  drawMoves(current);
  drawEnd(current);
  drawRules(current);
}

function drawTitle(current) {
  const seats = current.summary ? current.summary.seats.map((s) => seatName(current, s.seat)) : [];
  const text = current.view.game + (seats.length ? ": " + seats.join(", ") : "");
  $("title").textContent = text;
  document.title = text + " \u2014 dicerules";
}

function drawStatus(current) {
  const view = current.view;
  const watching = view.seat === null ? "You are watching. " : "";
  let text;
  if (isOver(current)) text = stoppedText(current) || "Game over.";
  else if (current.summary && !current.summary.started && view.step === 0) text = "Waiting for players to join.";
  else if (view.legal.length) text = "Your move.";
  else text = "Waiting for " + seatName(current, view.to_act) + ".";
  $("status").textContent = watching + text;
}

function drawPlayers(current) {
  const list = $("players");
  list.replaceChildren();
  if (!current.summary) return;
  const view = current.view;
  const fields = current.layout.fields.filter((f) => f.place === "seats");
  for (const seat of current.summary.seats) {
    const item = el("li");
    item.append(el("span", seatName(current, seat.seat), "name"));
    if (seat.seat === view.to_act) {
      item.classList.add("to-act");
      item.append(el("span", "to act", "badge turn"));
    }
    for (const field of fields) {
      const values = view.view[field.field];
      if (!Array.isArray(values)) continue;
      const drawn = drawValue(current, field, field.kind.item, values[seat.seat]);
      if (!drawn) continue;
      if (field.kind.item.draw === "flag") { item.append(drawn); continue; }
      const part = el("span", null, "count");
      part.append(el("span", field.label + " ", "label"), drawn);
      item.append(part);
    }
    list.append(item);
  }
}

// ------------------------------------------------------------------ the story

function tell(entries) {
  const log = $("log");
  for (const entry of entries) {
    const item = el("li");
    item.value = entry.step;
    for (const line of entry.lines) {
      const trimmed = line.trimStart();
      const indent = Math.min(3, Math.floor((line.length - trimmed.length) / 2));
      item.append(el("span", trimmed, "line indent-" + indent));
    }
    log.append(item);
  }
  log.scrollTop = log.scrollHeight;
}

function drawLatest() {
  const latest = $("latest");
  latest.replaceChildren();
  const last = $("log").lastElementChild;
  if (!last) return;
  latest.append(el("span", "Just now (step " + last.value + "):", "label"));
  for (const line of last.querySelectorAll(".line")) latest.append(el("span", line.textContent, "line"));
}

// ------------------------------------------------------------------ moves

function drawMoves(current) {
  const region = $("moves");
  const controls = $("controls");
  controls.replaceChildren();
  current.keys = new Map();
  const waiting = current.summary && !current.summary.started; // for people to sit down
  // a game the server ended still has legal moves: none is taken
  const offered = current.moves && current.view && !isOver(current) && !waiting
    ? current.moves.moves : [];
  if (!offered.length) { region.hidden = true; return; }
  region.hidden = false;
  $("prompt").textContent = current.moves.prompt || "";
  const buttons = [];
  const forms = new Map();
  for (const move of offered) {
    if (move.form === null) continue;
    if (!forms.has(move.form)) forms.set(move.form, []);
    forms.get(move.form).push(move);
  }
  const done = new Set();
  for (const move of offered) {
    const group = move.form === null ? null : forms.get(move.form);
    if (group && group.length > 1) {
      if (done.has(move.form)) continue;
      done.add(move.form);
      buttons.push(drawForm(current, controls, move.form, group));
    } else {
      const made = button(move.label, () => send(move.move), "move");
      controls.append(made);
      buttons.push(made);
    }
  }
  if (current.layout.hints) {
    const hint = button("Hint", askHint, "secondary");
    hint.setAttribute("aria-keyshortcuts", "?");
    controls.append(hint);
  }
  assignKeys(current, buttons);
  if (current.waiting) {
    for (const control of region.querySelectorAll("button, select")) control.disabled = true;
  }
}

// A form for the moves of one action class: a labelled control for each of its fields,
// each offering the values the choices before it leave legal, then the button of the
// move they make. The suggested move (or the first) is chosen at first.
function drawForm(current, controls, name, group) {
  const form = current.layout.forms.find((f) => f.form === name);
  const box = el("div", null, "form");
  const selects = [];
  const first = group.find((m) => m.move === current.moves.suggested) || group[0];
  const action = button("", () => send(chosen().move), "move");
  const chosen = () => group.find((m) => form.fields.every((f, i) =>
    String(m.choice[f.field]) === selects[i].value));
  const refill = (from) => {
    for (let i = from; i < form.fields.length; i += 1) {
      const field = form.fields[i];
      const fits = group.filter((m) => form.fields.slice(0, i).every((f, j) =>
        String(m.choice[f.field]) === selects[j].value));
      const values = [...new Set(fits.map((m) => m.choice[field.field]))];
      const was = selects[i].value;
      selects[i].replaceChildren();
      for (const value of values) {
        const option = el("option", value);
        option.value = String(value);
        selects[i].append(option);
      }
      if (values.map(String).includes(was)) selects[i].value = was;
    }
    const move = chosen();
    action.textContent = move.label;
  };
  form.fields.forEach((field, i) => {
    const label = el("label", field.label);
    const select = el("select");
    select.addEventListener("change", () => refill(i + 1));
    label.append(select);
    box.append(label);
    selects.push(select);
  });
  form.fields.forEach((field, i) => {
    refill(i);
    selects[i].value = String(first.choice[field.field]);
  });
  refill(form.fields.length);
  box.append(action);
  controls.append(box);
  return action;
}

// A key for each move: the first letter of its words that no move before it took.
function assignKeys(current, buttons) {
  const taken = new Map();
  for (const made of buttons) {
    const letters = made.textContent.toLowerCase().replace(/[^a-z]/g, "");
    const key = [...letters].find((letter) => !taken.has(letter));
    if (!key) continue;
    taken.set(key, made);
    made.setAttribute("aria-keyshortcuts", key);
  }
  current.keys = taken;
  const said = [...taken.entries()].map(([key, made]) =>
    key + " " + made.textContent.toLowerCase().split(/[^a-z]+/).find((word) => word));
  if (current.layout.hints) said.push("? hint");
  $("keys").textContent = "Keys: " + said.join(", ") +
    ". Tab moves between the controls; Enter or Space presses the one in focus.";
}

function onKey(event) {
  const current = table;
  if (!current || event.ctrlKey || event.metaKey || event.altKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  if ($("moves").hidden || current.waiting) return;
  if (event.key === "?" && current.layout && current.layout.hints) { askHint(); return; }
  const made = current.keys.get(event.key.toLowerCase());
  if (made) { event.preventDefault(); made.click(); }
}

// ------------------------------------------------------------------ the end and the rules

function drawEnd(current) {
  const view = current.view;
  const end = $("end");
  if (!isOver(current)) { end.hidden = true; return; }
  end.hidden = false;
  const winners = view.winners;
  let heading;
  if (stoppedText(current)) heading = stoppedText(current);
  else if (view.seat === null) heading = winners.map((s) => seatName(current, s)).join(" and ") + " won";
  else if (!winners.includes(view.seat)) heading = "You lost";
  else heading = winners.length > 1 ? "You won, sharing the win" : "You won";
  $("end-heading").textContent = heading;
  const seats = view.scores.map((score, seat) => ({ seat, score, won: winners.includes(seat) }));
  const better = (a, b) => (a.won !== b.won ? a.won : a.score > b.score);
  const placings = $("placings");
  placings.replaceChildren();
  seats.map((s) => ({ ...s, place: 1 + seats.filter((o) => better(o, s)).length }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat)
    .forEach((s) => {
      placings.append(el("li", placeWord(s.place) + ": " + seatName(current, s.seat) + ", " +
        current.layout.score_name + " " + s.score));
    });
  const link = $("record");
  link.href = "/api/games/" + encodeURIComponent(current.id) + "/record";
  link.setAttribute("download", current.id + ".json");
  $("replay").textContent = "dicerules replay " + current.id + ".json";
}

function drawRules(current) {
  const body = $("rules-body");
  if (body.dataset.game === current.id) return;
  body.dataset.game = current.id;
  body.replaceChildren();
  const layout = current.layout;
  body.append(el("h4", "This table's rules"));
  const rules = el("ul", null, "table-rules");
  for (const rule of layout.rules) rules.append(el("li", rule.words + ": " + rule.value));
  body.append(rules);
  if (layout.rules_text.length) body.append(el("h4", "The rules of " + layout.game));
  for (const block of layout.rules_text) {
    let list = null;
    for (const item of block) {
      if (item.startsWith("* ")) {
        if (!list) { list = el("ul"); body.append(list); }
        list.append(el("li", item.slice(2)));
      } else {
        list = null;
        body.append(el("p", item));
      }
    }
  }
}

// ------------------------------------------------------------------ start

function route() {
  const found = /^#game=(.+)$/.exec(location.hash);
  if (found) showTable(decodeURIComponent(found[1]));
  else showLobby();
}

async function start() {
  $("name").value = localStorage.getItem("dicerules-name") || "";
  catalog = await api("/api/catalog");
  for (const game of catalog.games) {
    const option = el("option", game.name);
    option.value = game.name;
    option.selected = game.name === "liars-dice";
    $("game").append(option);
  }
  $("game").addEventListener("change", fillPresets);
  $("preset").addEventListener("change", fillSeats);
  $("new-game").addEventListener("submit", createGame);
  fillPresets();
  window.addEventListener("hashchange", route);
  document.addEventListener("keydown", onKey);
  route();
}

start();
