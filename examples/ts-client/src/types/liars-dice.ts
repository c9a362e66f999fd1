/* The types of liars-dice's messages, made by `npm run generate` from `dicerules schema liars-dice`: do not edit. */

/**
 * The messages of liars-dice, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events), a refusal (dicerules.wire.error), or a table's: its layout, a story, the moves in words, a hint (dicerules.wire.layout, story, moves, hint). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type LiarsDiceMessage =
  LiarsDiceViewMessage | LiarsDiceEvents | Refusal | TableLayout | Story | LiarsDiceMoves | Hint;
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
 * the game as a seat was told it, step by step (dicerules.wire.story)
 */
export type Story = StoryEntry[];

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
export interface LiarsDiceMoves {
  prompt: string | null;
  suggested: LiarsDiceAction | null;
  moves: LiarsDiceMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface LiarsDiceMove {
  move: LiarsDiceAction;
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
