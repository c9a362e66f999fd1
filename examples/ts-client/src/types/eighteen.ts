/* The types of eighteen's messages, made by `npm run generate` from `dicerules schema eighteen`: do not edit. */

/**
 * The messages of eighteen, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events), a refusal (dicerules.wire.error), or a table's: its layout, a story, the moves in words, a hint (dicerules.wire.layout, story, moves, hint). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type EighteenMessage =
  EighteenViewMessage | EighteenEvents | Refusal | TableLayout | Story | EighteenMoves | Hint;
/**
 * an action in the game's notation
 */
export type EighteenAction = string;
export type EighteenEvent = EighteenActionEvent | EighteenSeenEvent | EighteenRoundEvent | EighteenEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type EighteenEvents = EighteenEvent[];
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
export interface EighteenViewMessage {
  format: 2;
  game: "eighteen";
  rules: EighteenRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: EighteenView;
  legal: EighteenAction[];
}
export interface EighteenRules {
  players: number;
  permanent_house: number | null;
  target: number;
  start_points: number;
  floor_at_zero: boolean;
  eliminate_at_zero: boolean;
  roost18_players_lose: boolean;
  simultaneous_reveal: boolean;
  max_rounds: number | null;
}
export interface EighteenView {
  round: number;
  house: number;
  first: number;
  to_act: number | null;
  points: number[];
  out: boolean[];
  discards: number[];
  roost_dice: number[];
  hands: number[][];
  house_choice: EighteenThrow[][];
  results: EighteenRoundResult[];
  lightning: EighteenThrow[][];
  winners: number[];
}
export interface EighteenThrow {
  seat: number;
  dice: number[];
}
export interface EighteenRoundResult {
  round: number;
  house: number;
  discards: number[];
  roost_dice: number[];
  hands: number[][];
  changes: number[];
}
export interface EighteenActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: EighteenAction;
}
export interface EighteenSeenEvent {
  event: "seen";
  step: number;
  changed: EighteenViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface EighteenViewChange {
  round?: number;
  house?: number;
  first?: number;
  to_act?: number | null;
  points?: number[];
  out?: boolean[];
  discards?: number[];
  roost_dice?: number[];
  hands?: number[][];
  house_choice?: EighteenThrow[][];
  results?: EighteenRoundResult[];
  lightning?: EighteenThrow[][];
  winners?: number[];
}
export interface EighteenRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface EighteenEndEvent {
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
export interface EighteenMoves {
  prompt: string | null;
  suggested: EighteenAction | null;
  moves: EighteenMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface EighteenMove {
  move: EighteenAction;
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
