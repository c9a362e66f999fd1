/* The types of liars-dice's messages, made by `npm run generate` from `dicerules schema liars-dice`: do not edit. */

/**
 * The messages of liars-dice, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events) or a refusal (dicerules.wire.error). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type LiarsDiceMessage = LiarsDiceViewMessage | LiarsDiceEvents | Refusal;
/**
 * an action in the game's notation
 */
export type LiarsDiceAction = string;
export type LiarsDiceEvent = LiarsDiceActionEvent | LiarsDiceSeenEvent | LiarsDiceRoundEvent | LiarsDiceEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type LiarsDiceEvents = LiarsDiceEvent[];
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
export interface LiarsDiceViewMessage {
  format: 2;
  game: "liars-dice";
  rules: LiarsDiceRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: LiarsDiceView;
  legal: LiarsDiceAction[];
}
export interface LiarsDiceRules {
  players: number;
  dice_per_player: number;
  sides: number;
  ones_wild: boolean;
  ones_opening_cancels_wild: boolean;
  straights_wild: boolean;
  next_opener: "loser" | "winner";
  first_opener: "rolloff" | "seat0";
  ones_rank: "low" | "high" | "half";
  palifico: boolean;
  calza: boolean;
  calza_rounds: number | null;
}
export interface LiarsDiceView {
  hand: number[];
  dice: number[];
  round: number;
  opener: number;
  to_act: number | null;
  bids: LiarsDicePlaced[];
  ones_wild: boolean;
  rolloff: LiarsDiceThrow[][];
  last_reveal: LiarsDiceReveal | null;
  palifico: boolean;
  palificos: number[];
}
export interface LiarsDicePlaced {
  seat: number;
  bid: LiarsDiceAction;
}
export interface LiarsDiceThrow {
  seat: number;
  face: number;
}
export interface LiarsDiceReveal {
  hands: number[][];
  bid: LiarsDiceAction;
  bidder: number;
  challenger: number;
  ones_wild: boolean;
  count: number;
  loser: number | null;
  calza: boolean;
}
export interface LiarsDiceActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: LiarsDiceAction;
}
export interface LiarsDiceSeenEvent {
  event: "seen";
  step: number;
  changed: LiarsDiceViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface LiarsDiceViewChange {
  hand?: number[];
  dice?: number[];
  round?: number;
  opener?: number;
  to_act?: number | null;
  bids?: LiarsDicePlaced[];
  ones_wild?: boolean;
  rolloff?: LiarsDiceThrow[][];
  last_reveal?: LiarsDiceReveal | null;
  palifico?: boolean;
  palificos?: number[];
}
export interface LiarsDiceRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface LiarsDiceEndEvent {
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
