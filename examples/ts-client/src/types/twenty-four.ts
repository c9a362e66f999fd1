/* The types of twenty-four's messages, made by `npm run generate` from `dicerules schema twenty-four`: do not edit. */

/**
 * The messages of twenty-four, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events), a refusal (dicerules.wire.error), or a table's: its layout, a story, the moves in words, a hint (dicerules.wire.layout, story, moves, hint). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type TwentyFourMessage =
  TwentyFourViewMessage | TwentyFourEvents | Refusal | TableLayout | Story | TwentyFourMoves | Hint;
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
 * the game as a seat was told it, step by step (dicerules.wire.story)
 */
export type Story = StoryEntry[];

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
/**
 * how a table draws a game's views (dicerules.wire.layout)
 */
export interface TableLayout {
  format: 2;
  game: string;
  score_name: string;
  hints: boolean;
  rules: RuleInWords[];
  rules_text: string[][];
  fields: TableField[];
  forms: TableForm[];
}
/**
 * a rule field in words, and its value
 */
export interface RuleInWords {
  field: string;
  words: string;
  value: string;
}
/**
 * a field of a view (or of a card, or a form's control) and how it is drawn
 */
export interface TableField {
  field: string;
  label: string;
  place: "seats" | "board" | "result" | "own" | "hidden";
  hide: (number | boolean | string)[];
  kind: DrawKind;
}
/**
 * how values are drawn: item for a list or a per-seat list, fields for a card
 */
export interface DrawKind {
  draw: "number" | "flag" | "text" | "seat" | "die" | "dice" | "action" | "list" | "per_seat" | "card" | "any";
  item: DrawKind | null;
  fields: TableField[];
}
/**
 * an action class asked as a form: a control for each field
 */
export interface TableForm {
  form: string;
  fields: TableField[];
}
/**
 * what one step told (step 0: the start)
 */
export interface StoryEntry {
  step: number;
  lines: string[];
}
/**
 * what the seat to act can do, in words (dicerules.wire.moves)
 */
export interface TwentyFourMoves {
  prompt: string | null;
  suggested: TwentyFourAction | null;
  moves: TwentyFourMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface TwentyFourMove {
  move: TwentyFourAction;
  label: string;
  form: string | null;
  choice: {
    [k: string]: number | boolean | string | undefined;
  };
}
/**
 * the odds of the choice the seat to act faces (dicerules.wire.hint)
 */
export interface Hint {
  lines: string[];
}
