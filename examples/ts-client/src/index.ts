// What a client reads from dicerules' messages, typed by the generated types: the
// start of a client (a game server's socket sends these messages; see
// examples/server).
import type {
  LiarsDiceEvent,
  LiarsDiceMessage,
  LiarsDiceViewMessage,
  Refusal,
} from "./types/liars-dice";

/** Whether ``message`` is a refusal (``{"error": code, "message": text}``). */
export function isRefusal(message: LiarsDiceMessage): message is Refusal {
  return !Array.isArray(message) && "error" in message;
}

/** This round's bids, oldest first: ``seat 0 bid 3x5, seat 1 bid 4x2``. */
export function bidsText(message: LiarsDiceViewMessage): string {
  const bids = message.view.bids.map(({ seat, bid }) => `seat ${seat} bid ${bid}`);
  return bids.length ? bids.join(", ") : "no bid yet this round";
}

/** One line for an event, as a log of the game would show it. */
export function eventText(event: LiarsDiceEvent): string {
  switch (event.event) {
    case "action":
      return `${event.step}. seat ${event.seat}: ${event.action}`;
    case "seen":
      return `${event.step}. seen: ${Object.keys(event.changed).join(", ")}`;
    case "round":
      return `${event.step}. round ${event.round}`;
    case "end":
      return `${event.step}. over, won by ${event.winners.map((seat) => `seat ${seat}`).join(" and ")}`;
  }
}
