/* The types of link's messages, made by `npm run generate` from `dicerules schema link`: do not edit. */

/**
 * The messages of link, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events) or a refusal (dicerules.wire.error). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type LinkMessage = LinkViewMessage | LinkEvents | Refusal;
/**
 * an action in the game's notation
 */
export type LinkAction = string;
export type LinkEvent = LinkActionEvent | LinkSeenEvent | LinkRoundEvent | LinkEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type LinkEvents = LinkEvent[];
export type RefusalCode =
  | "not_your_turn"
  | "illegal_move"
  | "bad_notation"
  | "unknown_seat"
  | "wrong_type"
  | "bad_rules"
  | "unknown_game"
  | "bad_record"
  | "stream_exhausted"
  | "bad_argument"
  | "error"
  | "internal";

/**
 * what a seat, or a spectator, may know (dicerules.wire.view)
 */
export interface LinkViewMessage {
  format: 2;
  game: "link";
  rules: LinkRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: LinkView;
  legal: LinkAction[];
}
export interface LinkRules {
  players: number;
  white_dice: number;
  start_counters: number;
  rounds: number;
  ante: number;
  link_cost: number;
  first_player: number;
}
export interface LinkView {
  whites: number[];
  blue: number | null;
  round: number;
  counters: number[];
  pot: number;
  in_game: boolean[];
  in_round: boolean[];
  white_counts: number[];
  blue_unplayed: boolean[];
  sequence: LinkPlaced[];
  direction: ("up" | "down") | null;
  to_act: number | null;
  last_winner: number | null;
}
export interface LinkPlaced {
  seat: number;
  colour: "W" | "B";
  value: number;
}
export interface LinkActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: LinkAction;
}
export interface LinkSeenEvent {
  event: "seen";
  step: number;
  changed: LinkViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface LinkViewChange {
  whites?: number[];
  blue?: number | null;
  round?: number;
  counters?: number[];
  pot?: number;
  in_game?: boolean[];
  in_round?: boolean[];
  white_counts?: number[];
  blue_unplayed?: boolean[];
  sequence?: LinkPlaced[];
  direction?: ("up" | "down") | null;
  to_act?: number | null;
  last_winner?: number | null;
}
export interface LinkRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface LinkEndEvent {
  event: "end";
  step: number;
  winners: number[];
  scores: number[];
}
/**
 * a refusal, and why (dicerules.wire.error)
 */
export interface Refusal {
  error: RefusalCode;
  message: string;
}
