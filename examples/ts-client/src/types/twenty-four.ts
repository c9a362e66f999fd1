/* The types of twenty-four's messages, made by `npm run generate` from `dicerules schema twenty-four`: do not edit. */

/**
 * The messages of twenty-four, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events) or a refusal (dicerules.wire.error). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type TwentyFourMessage = TwentyFourViewMessage | TwentyFourEvents | Refusal;
/**
 * an action in the game's notation
 */
export type TwentyFourAction = string;
export type TwentyFourEvent = TwentyFourActionEvent | TwentyFourSeenEvent | TwentyFourRoundEvent | TwentyFourEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type TwentyFourEvents = TwentyFourEvent[];
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
export interface TwentyFourViewMessage {
  format: 2;
  game: "twenty-four";
  rules: TwentyFourRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: TwentyFourView;
  legal: TwentyFourAction[];
}
export interface TwentyFourRules {
  players: number;
  rotations: number;
  first_player: number;
  keep_rule: "highest" | "any_value";
  low_score_bonus: "off" | "full_play" | "any";
  failed_bonus_pays: boolean;
  settlements: boolean;
}
export interface TwentyFourView {
  scores: number[];
  turn: number;
  roller: number;
  to_act: number | null;
  kept: number[];
  showing: number[];
  stopped: boolean;
  target: number;
  offerer: number | null;
  offer: number;
  settled: number[];
  last: TwentyFourOutcome | null;
}
export interface TwentyFourOutcome {
  turn: number;
  roller: number;
  dice: number[];
  stopped: boolean;
  target: number;
  settled: number[];
  bonus: number[][];
  count: number;
  changes: number[];
}
export interface TwentyFourActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: TwentyFourAction;
}
export interface TwentyFourSeenEvent {
  event: "seen";
  step: number;
  changed: TwentyFourViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface TwentyFourViewChange {
  scores?: number[];
  turn?: number;
  roller?: number;
  to_act?: number | null;
  kept?: number[];
  showing?: number[];
  stopped?: boolean;
  target?: number;
  offerer?: number | null;
  offer?: number;
  settled?: number[];
  last?: TwentyFourOutcome | null;
}
export interface TwentyFourRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface TwentyFourEndEvent {
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
