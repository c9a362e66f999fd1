// The dicerules-server browser client: the lobby, and a table drawn from the server's
// wire messages (a generic table from `view` and `legal`; a nicer one for liars-dice).
// Plain JavaScript, no build step. Every text from the server goes into the page as
// text (textContent), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

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

function closeTable() {
  if (table && table.socket) { table.closing = true; table.socket.close(); }
  table = null;
}

function showTable(id) {
  closeTable();
  clearInterval(lobbyTimer);
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("log").replaceChildren();
  $("board").replaceChildren();
  $("moves").replaceChildren();
  $("error").textContent = "";
  $("record").hidden = true;
  table = { id, token: localStorage.getItem(tokenKey(id)), socket: null, view: null, summary: null };
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
  if (message.type === "error") { showError(message.message); return; }
  if (message.table) current.summary = message.table;
  if (message.view) {
    current.view = message.view;
    $("error").textContent = "";
  }
  for (const event of message.events || []) logEvent(current, event);
  draw(current);
}

function nameOf(current, seat) {
  if (seat === null || seat === undefined) return "nobody";
  const found = current.summary && current.summary.seats[seat];
  const text = found ? seatText(found) : "seat " + (seat + 1);
  return seat === current.view.seat ? text + " (you)" : text;
}

function logEvent(current, event) {
  let text = null;
  if (event.event === "action") text = nameOf(current, event.seat) + ": " + event.action;
  if (event.event === "end") text = "Game over: " + winnersText(current, event.winners);
  if (text !== null) $("log").prepend(el("li", text));
}

function winnersText(current, winners) {
  return winners.length ? winners.map((s) => nameOf(current, s)).join(" and ") + " won" : "no winner";
}

function showError(text) { $("error").textContent = text; }

function send(move) {
  if (!table || !table.socket || !table.view) return;
  table.socket.send(JSON.stringify({ type: "move", move, step: table.view.step }));
}

function draw(current) {
  const view = current.view;
  if (!view) return;
  $("title").textContent = view.game + " \u2014 game " + current.id;
  const you = view.seat === null ? "You are watching. " : "";
  const over = isOver(current);
  $("status").textContent = stoppedText(current)
    || (view.over ? "Game over: " + winnersText(current, view.winners) + "."
    : !current.summary || current.summary.started || view.step > 0
      ? you + (view.legal.length ? "Your move." : "Waiting for " + nameOf(current, view.to_act) + ".")
      : you + "Waiting for players to join.");
  drawPlayers(current);
  const board = $("board");
  board.replaceChildren();
  const moves = $("moves");
  moves.replaceChildren();
  if (view.game === "liars-dice") drawLiarsDice(current, board, moves);
  else drawGeneric(current, board, moves);
  if (over) {
    moves.replaceChildren(); // a game the server ended still has legal moves: none is taken
    const link = $("record");
    link.href = "/api/games/" + encodeURIComponent(current.id) + "/record";
    link.hidden = false;
  }
}

function drawPlayers(current) {
  const list = $("players");
  list.replaceChildren();
  if (!current.summary) return;
  const dice = current.view.game === "liars-dice" ? current.view.view.dice : null;
  for (const seat of current.summary.seats) {
    const item = el("li", nameOf(current, seat.seat));
    if (seat.seat === current.view.to_act) item.classList.add("to-act");
    if (dice) {
      item.append(el("span", dice[seat.seat] + (dice[seat.seat] === 1 ? " die" : " dice"), "count"));
      if (dice[seat.seat] === 0) item.classList.add("out");
    } else if (current.view.scores) {
      item.append(el("span", "score " + current.view.scores[seat.seat], "count"));
    }
    list.append(item);
  }
}

// A generic table: every field of the view, and a button for every legal move.
function drawGeneric(current, board, moves) {
  const fields = el("dl", null, "fields");
  for (const [name, value] of Object.entries(current.view.view)) {
    fields.append(el("dt", name.replaceAll("_", " ")));
    fields.append(el("dd", typeof value === "string" ? value : JSON.stringify(value)));
  }
  board.append(fields);
  for (const move of current.view.legal) moves.append(button(move, () => send(move)));
}

// ------------------------------------------------------------------ liars-dice

function dieText(face, sides) { return sides === 6 && FACES[face] ? FACES[face] : "[" + face + "]"; }

function bidText(text, sides) {
  const found = /^(\d+)x(\d+)$/.exec(text);
  return found ? found[1] + " \u00d7 " + dieText(Number(found[2]), sides) : text;
}

function drawLiarsDice(current, board, moves) {
  const view = current.view;
  const game = view.view;
  const sides = view.rules.sides;
  if (view.seat !== null) {
    const cup = el("div", null, "cup");
    cup.append(el("div", "Your cup", "label"));
    const hand = game.hand.length ? el("div", game.hand.map((d) => dieText(d, sides)).join(" "), "dice")
      : el("div", "No dice left: you are out.");
    hand.setAttribute("aria-label", "your dice: " + game.hand.join(", "));
    hand.id = "hand";
    cup.append(hand);
    board.append(cup);
  }
  board.append(el("h3", "Round " + game.round + (game.ones_wild ? " (ones are wild)" : "")));
  const bids = el("ol", null, "bids");
  bids.id = "bids";
  for (const entry of game.bids) {
    const [seat, bid] = Array.isArray(entry) ? entry : [entry.seat, entry.bid];
    bids.append(el("li", nameOf(current, seat) + " bid " + bidText(bid, sides)));
  }
  if (!game.bids.length) bids.append(el("li", "No bid yet this round."));
  board.append(bids);
  const reveal = game.last_reveal;
  if (reveal) {
    const box = el("div", null, "reveal");
    box.id = "reveal";
    box.append(el("strong", "The last reveal: "));
    box.append(document.createTextNode(nameOf(current, reveal.challenger) + " called " +
      nameOf(current, reveal.bidder) + "'s " + bidText(reveal.bid, sides) + "; there were " +
      reveal.count + ". " + nameOf(current, reveal.loser) + " lost a die."));
    const hands = el("div", null, "hands");
    reveal.hands.forEach((hand, seat) => {
      if (hand.length) {
        hands.append(el("div", nameOf(current, seat) + ": " +
          hand.map((d) => dieText(d, sides)).join(" ")));
      }
    });
    box.append(hands);
    board.append(box);
  }
  drawBidControls(view, moves, sides);
}

function drawBidControls(view, moves, sides) {
  const bids = new Map(); // quantity -> faces
  const others = [];
  for (const move of view.legal) {
    const found = /^(\d+)x(\d+)$/.exec(move);
    if (!found) { others.push(move); continue; }
    const quantity = Number(found[1]);
    if (!bids.has(quantity)) bids.set(quantity, []);
    bids.get(quantity).push(Number(found[2]));
  }
  if (!view.legal.length) return;
  if (bids.size) {
    const quantity = el("select");
    quantity.id = "quantity";
    for (const q of bids.keys()) {
      const option = el("option", q);
      option.value = q;
      quantity.append(option);
    }
    const face = el("select");
    face.id = "face";
    const fillFaces = () => {
      face.replaceChildren();
      for (const f of bids.get(Number(quantity.value))) {
        const option = el("option", dieText(f, sides) + " (" + f + ")");
        option.value = f;
        face.append(option);
      }
    };
    quantity.addEventListener("change", fillFaces);
    fillFaces();
    const quantityLabel = el("label", "How many");
    quantityLabel.append(quantity);
    const faceLabel = el("label", "Of which face");
    faceLabel.append(face);
    moves.append(quantityLabel, faceLabel,
      button("Bid", () => send(quantity.value + "x" + face.value)));
  }
  for (const move of others) {
    const label = move === "challenge" ? "Challenge!" : move === "calza" ? "Calza: exactly!" : move;
    moves.append(button(label, () => send(move), "danger"));
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
  route();
}

start();
