/* The types of link's messages, made by `npm run generate` from `dicerules schema link`: do not edit. */

/**
 * The messages of link, format 2: a view message (dicerules.wire.view), a list of events (dicerules.wire.events), a refusal (dicerules.wire.error), or a table's: its layout, a story, the moves in words, a hint (dicerules.wire.layout, story, moves, hint). Every integer is from -(2**53 - 1) to 2**53 - 1.
 */
export type LinkMessage = LinkViewMessage | LinkEvents | Refusal | TableLayout | Story | LinkMoves | Hint;
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
 * the game as a seat was told it, step by step (dicerules.wire.story)
 */
export type Story = StoryEntry[];

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
export interface LinkMoves {
  prompt: string | null;
  suggested: LinkAction | null;
  moves: LinkMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface LinkMove {
  move: LinkAction;
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
