// A client of dicerules-server, typed by the types generated from its published schema
// (src/types/protocol.ts, from GET /api/schema): it makes a game against the server's
// bots, takes the person's seat and plays it to the end, choosing among the legal moves
// it is sent. Node's own fetch and WebSocket alone (node 20: --experimental-websocket).
import type {
  Catalog,
  CatalogEntry,
  ClientMessage,
  GameRecord,
  GameTable,
  NewGame,
  Refusal,
  RuleValues,
  SeatToken,
  ServerMessage,
} from "./types/protocol.js";

/** How to make the game: its preset, rules changed from it, the bot in the other seats. */
export interface Options {
  preset?: string;
  rules?: RuleValues;
  /** A bot the catalog offers for the game (default: the server's choice, its expert). */
  bot?: string;
  /** Numbers in [0, 1), to choose among the legal moves (default: Math.random). */
  random?: () => number;
  /** The most milliseconds the game may take (default: a minute). */
  timeout?: number;
}

/** A game played to its end, as the client saw it and as the server recorded it. */
export interface Played {
  game: string;
  id: string;
  seat: number;
  steps: number;
  moves: string[];
  winners: number[];
  record: GameRecord;
}

/** A refusal of the server's, with its code (and its HTTP status; null on a socket). */
export class Refused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly status: number | null,
  ) {
    super(`${refusal.error}: ${refusal.message}`);
  }
}

/** The JSON answer to a request, of the type the OpenAPI document names; Refused if not 2xx. */
async function call<T>(base: string, path: string, body?: NewGame | { name: string }): Promise<T> {
  const answer = await fetch(new URL(path, base), {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const found: unknown = await answer.json();
  if (!answer.ok) throw new Refused(found as Refusal, answer.status);
  return found as T;
}

/** The players of a game of ``entry`` under ``options``: a person in the first seat that
 * acts, ``bot`` in the others (undefined: the server's default). */
function players(entry: CatalogEntry, options: Options): string[] | undefined {
  if (options.bot === undefined) return undefined;
  if (!entry.bots.includes(options.bot)) {
    throw new Error(`${entry.name} has no bot ${options.bot} (${entry.bots.join(", ")})`);
  }
  const name = options.preset ?? entry.default_preset;
  const preset = entry.presets.find((found) => found.name === name) ?? entry.presets[0];
  if (preset === undefined) throw new Error(`${entry.name} has no preset`);
  const changed = options.rules?.["players"];
  const seats = typeof changed === "number" ? changed : preset.seats;
  const person = preset.acting[0] ?? 0;
  return Array.from({ length: seats }, (_, seat) => (seat === person ? "human" : options.bot!));
}

/** Make a game of ``game`` on the server at ``base``, take its person's seat and play it
 * to the end. */
export async function play(base: string, game: string, options: Options = {}): Promise<Played> {
  const catalog = await call<Catalog>(base, "/api/catalog");
  const entry = catalog.games.find((found) => found.name === game);
  if (entry === undefined) throw new Error(`the server plays no game ${game}`);
  const asked: NewGame = { game };
  if (options.preset !== undefined) asked.preset = options.preset;
  if (options.rules !== undefined) asked.rules = options.rules;
  const seated = players(entry, options);
  if (seated !== undefined) asked.players = seated;
  const table = await call<GameTable>(base, "/api/games", asked);
  const seat = await call<SeatToken>(base, `/api/games/${table.id}/join`, { name: "TypeScript" });
  const end = await playSeat(base, seat, options);
  const record = await call<GameRecord>(base, `/api/games/${table.id}/record`);
  return { game, id: table.id, seat: seat.seat, ...end, record };
}

/** Play the seat over its socket until the game is over: its moves and the end. */
function playSeat(
  base: string,
  seat: SeatToken,
  options: Options,
): Promise<{ steps: number; moves: string[]; winners: number[] }> {
  const random = options.random ?? Math.random;
  const url = new URL(`/api/games/${seat.game}/socket`, base);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  const send = (message: ClientMessage): void => socket.send(JSON.stringify(message));
  const moves: string[] = [];
  let answered = -1; // the step of the last view moved on: a view is answered once
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (): boolean => {
      const first = !done;
      done = true;
      clearTimeout(timer);
      socket.close();
      return first;
    };
    const fail = (error: Error): void => {
      if (finish()) reject(error);
    };
    const late = (): void => fail(new Error("the game took too long"));
    const timer = setTimeout(late, options.timeout ?? 60_000);
    socket.addEventListener("open", () => send({ type: "hello", token: seat.token }));
    socket.addEventListener("error", () => fail(new Error("the socket failed")));
    socket.addEventListener("close", () => fail(new Error("the server closed the socket")));
    socket.addEventListener("message", (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as ServerMessage;
      switch (message.type) {
        case "welcome":
        case "update": {
          const view = message.view;
          if (view.over) {
            if (finish()) resolve({ steps: view.step, moves, winners: view.winners });
            return;
          }
          const legal = message.moves.moves;
          if (view.to_act !== seat.seat || view.step === answered || legal.length === 0) return;
          const chosen = legal[Math.floor(random() * legal.length)]!;
          answered = view.step;
          moves.push(chosen.move);
          send({ type: "move", move: chosen.move, step: view.step });
          return;
        }
        case "error":
          if (message.error !== "stale") fail(new Refused(message, null));
          answered = -1; // stale: the view now follows, to be answered
          return;
        case "stopped":
          fail(new Error(`the server ended the game: ${message.table.stopped?.message}`));
          return;
        case "seats":
        case "hint":
          return;
      }
    });
  });
}
