/* The types of the game server's protocol, made by `npm run generate` from `dicerules-server schema`: do not edit. */

/**
 * dicerules-server's protocol, message format 2: every message on a game's socket (/api/games/{id}/socket), ServerMessage from the server and ClientMessage from the client, and every body of the HTTP lobby (its OpenAPI document: /openapi.json), each refusal a Refusal. Every integer is from -(2**53 - 1) to 2**53 - 1; a seed is a string of digits. Games: cup-call, eighteen, liars-dice, link, pig, twenty-four.
 */
export type DicerulesProtocol =
  | ServerMessage
  | ClientMessage
  | Catalog
  | GamePage
  | GameTable
  | NewGame
  | JoinGame
  | SeatToken
  | GameRecord
  | Refusal;
/**
 * what the server sends on a socket
 */
export type ServerMessage =
  | CupCallWelcome
  | EighteenWelcome
  | LiarsDiceWelcome
  | LinkWelcome
  | PigWelcome
  | TwentyFourWelcome
  | CupCallUpdate
  | EighteenUpdate
  | LiarsDiceUpdate
  | LinkUpdate
  | PigUpdate
  | TwentyFourUpdate
  | SeatsMessage
  | StoppedMessage
  | HintMessage
  | RefusalMessage;
/**
 * an action in the game's notation
 */
export type CupCallAction = string;
/**
 * the game as a seat was told it, step by step (dicerules.wire.story)
 */
export type Story = StoryEntry[];
/**
 * an action in the game's notation
 */
export type EighteenAction = string;
/**
 * an action in the game's notation
 */
export type LiarsDiceAction = string;
/**
 * an action in the game's notation
 */
export type LinkAction = string;
/**
 * an action in the game's notation
 */
export type PigAction = string;
/**
 * an action in the game's notation
 */
export type TwentyFourAction = string;
export type CupCallEvent = CupCallActionEvent | CupCallSeenEvent | CupCallRoundEvent | CupCallEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type CupCallEvents = CupCallEvent[];
export type EighteenEvent = EighteenActionEvent | EighteenSeenEvent | EighteenRoundEvent | EighteenEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type EighteenEvents = EighteenEvent[];
export type LiarsDiceEvent = LiarsDiceActionEvent | LiarsDiceSeenEvent | LiarsDiceRoundEvent | LiarsDiceEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type LiarsDiceEvents = LiarsDiceEvent[];
export type LinkEvent = LinkActionEvent | LinkSeenEvent | LinkRoundEvent | LinkEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type LinkEvents = LinkEvent[];
export type PigEvent = PigActionEvent | PigSeenEvent | PigRoundEvent | PigEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type PigEvents = PigEvent[];
export type TwentyFourEvent = TwentyFourActionEvent | TwentyFourSeenEvent | TwentyFourRoundEvent | TwentyFourEndEvent;
/**
 * what a seat saw happen, in order (dicerules.wire.events)
 */
export type TwentyFourEvents = TwentyFourEvent[];
/**
 * a game as the lobby shows it (GET /api/games/{id})
 */
export type GameTable =
  CupCallTable | EighteenTable | LiarsDiceTable | LinkTable | PigTable | TwentyFourTable | UnplayableTable;
/**
 * why a request or message was refused: a game's codes (dicerules.wire.ERROR_CODES), then the server's
 */
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
  | "internal"
  | "bad_message"
  | "too_large"
  | "not_found"
  | "seat_taken"
  | "bad_token"
  | "not_started"
  | "stale"
  | "not_over"
  | "full"
  | "storage_unavailable"
  | "record_full"
  | "expired";
/**
 * what a client sends on its socket
 */
export type ClientMessage = Hello | MoveMessage | HintAsk;
/**
 * a game the server plays
 */
export type CatalogEntry =
  | CupCallCatalogEntry
  | EighteenCatalogEntry
  | LiarsDiceCatalogEntry
  | LinkCatalogEntry
  | PigCatalogEntry
  | TwentyFourCatalogEntry;

/**
 * a socket's first message, in a game of cup-call: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface CupCallWelcome {
  type: "welcome";
  seat: number | null;
  table: CupCallTable;
  view: CupCallViewMessage;
  layout: TableLayout;
  story: Story;
  moves: CupCallMoves;
}
/**
 * a game of cup-call as the lobby shows it: nothing of anyone's dice
 */
export interface CupCallTable {
  id: string;
  game: "cup-call";
  rules: CupCallRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
}
export interface CupCallRules {
  players: number;
  dice: number;
  sides: number;
  hands: number;
}
/**
 * a seat: a person's (player 'human', its name once taken) or a bot's
 */
export interface TableSeat {
  seat: number;
  player: string;
  name: string | null;
  taken: boolean;
}
/**
 * why the server ended a game its rules had not
 */
export interface TableStop {
  reason: "record_full" | "expired" | "bad_record";
  message: string;
}
/**
 * what a seat, or a spectator, may know (dicerules.wire.view)
 */
export interface CupCallViewMessage {
  format: 2;
  game: "cup-call";
  rules: CupCallRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: CupCallView;
  legal: CupCallAction[];
}
export interface CupCallView {
  hand: number;
  opener: number;
  to_act: number | null;
  cup: number[];
  in_hand: boolean[];
  bettor: number | null;
  pot: number;
  scores: number[];
  last: CupCallShowdown | null;
}
export interface CupCallShowdown {
  hand: number;
  cups: number[][];
  winner: number;
  pot: number;
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
export interface CupCallMoves {
  prompt: string | null;
  suggested: CupCallAction | null;
  moves: CupCallMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface CupCallMove {
  move: CupCallAction;
  label: string;
  form: string | null;
  choice: {
    [k: string]: number | boolean | string | undefined;
  };
}
/**
 * a socket's first message, in a game of eighteen: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface EighteenWelcome {
  type: "welcome";
  seat: number | null;
  table: EighteenTable;
  view: EighteenViewMessage;
  layout: TableLayout;
  story: Story;
  moves: EighteenMoves;
}
/**
 * a game of eighteen as the lobby shows it: nothing of anyone's dice
 */
export interface EighteenTable {
  id: string;
  game: "eighteen";
  rules: EighteenRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
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
 * a socket's first message, in a game of liars-dice: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface LiarsDiceWelcome {
  type: "welcome";
  seat: number | null;
  table: LiarsDiceTable;
  view: LiarsDiceViewMessage;
  layout: TableLayout;
  story: Story;
  moves: LiarsDiceMoves;
}
/**
 * a game of liars-dice as the lobby shows it: nothing of anyone's dice
 */
export interface LiarsDiceTable {
  id: string;
  game: "liars-dice";
  rules: LiarsDiceRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
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
 * a socket's first message, in a game of link: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface LinkWelcome {
  type: "welcome";
  seat: number | null;
  table: LinkTable;
  view: LinkViewMessage;
  layout: TableLayout;
  story: Story;
  moves: LinkMoves;
}
/**
 * a game of link as the lobby shows it: nothing of anyone's dice
 */
export interface LinkTable {
  id: string;
  game: "link";
  rules: LinkRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
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
 * a socket's first message, in a game of pig: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface PigWelcome {
  type: "welcome";
  seat: number | null;
  table: PigTable;
  view: PigViewMessage;
  layout: TableLayout;
  story: Story;
  moves: PigMoves;
}
/**
 * a game of pig as the lobby shows it: nothing of anyone's dice
 */
export interface PigTable {
  id: string;
  game: "pig";
  rules: PigRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
}
export interface PigRules {
  players: number;
  target: number;
}
/**
 * what a seat, or a spectator, may know (dicerules.wire.view)
 */
export interface PigViewMessage {
  format: 2;
  game: "pig";
  rules: PigRules;
  seat: number | null;
  step: number;
  to_act: number | null;
  over: boolean;
  winners: number[];
  scores: number[] | null;
  view: PigView;
  legal: PigAction[];
}
export interface PigView {
  scores: number[];
  to_act: number | null;
  turn_total: number;
  last_roll: number | null;
  winner: number | null;
}
/**
 * what the seat to act can do, in words (dicerules.wire.moves)
 */
export interface PigMoves {
  prompt: string | null;
  suggested: PigAction | null;
  moves: PigMove[];
}
/**
 * a legal action: its notation, its words, and its form's values
 */
export interface PigMove {
  move: PigAction;
  label: string;
  form: string | null;
  choice: {
    [k: string]: number | boolean | string | undefined;
  };
}
/**
 * a socket's first message, in a game of twenty-four: the seat (null: a spectator), the table, the view, how to draw it, the story so far and the moves
 */
export interface TwentyFourWelcome {
  type: "welcome";
  seat: number | null;
  table: TwentyFourTable;
  view: TwentyFourViewMessage;
  layout: TableLayout;
  story: Story;
  moves: TwentyFourMoves;
}
/**
 * a game of twenty-four as the lobby shows it: nothing of anyone's dice
 */
export interface TwentyFourTable {
  id: string;
  game: "twenty-four";
  rules: TwentyFourRules;
  /**
   * when it was made: ISO 8601, UTC
   */
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: boolean;
  step: number;
  to_act: number | null;
  winners: number[];
  stopped: TableStop | null;
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
 * after every move in a game of cup-call: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface CupCallUpdate {
  type: "update";
  view: CupCallViewMessage;
  events: CupCallEvents;
  story: Story;
  moves: CupCallMoves;
}
export interface CupCallActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: CupCallAction;
}
export interface CupCallSeenEvent {
  event: "seen";
  step: number;
  changed: CupCallViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface CupCallViewChange {
  hand?: number;
  opener?: number;
  to_act?: number | null;
  cup?: number[];
  in_hand?: boolean[];
  bettor?: number | null;
  pot?: number;
  scores?: number[];
  last?: CupCallShowdown | null;
}
export interface CupCallRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface CupCallEndEvent {
  event: "end";
  step: number;
  winners: number[];
  scores: number[];
}
/**
 * after every move in a game of eighteen: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface EighteenUpdate {
  type: "update";
  view: EighteenViewMessage;
  events: EighteenEvents;
  story: Story;
  moves: EighteenMoves;
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
 * after every move in a game of liars-dice: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface LiarsDiceUpdate {
  type: "update";
  view: LiarsDiceViewMessage;
  events: LiarsDiceEvents;
  story: Story;
  moves: LiarsDiceMoves;
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
 * after every move in a game of link: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface LinkUpdate {
  type: "update";
  view: LinkViewMessage;
  events: LinkEvents;
  story: Story;
  moves: LinkMoves;
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
 * after every move in a game of pig: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface PigUpdate {
  type: "update";
  view: PigViewMessage;
  events: PigEvents;
  story: Story;
  moves: PigMoves;
}
export interface PigActionEvent {
  event: "action";
  step: number;
  seat: number | null;
  action: PigAction;
}
export interface PigSeenEvent {
  event: "seen";
  step: number;
  changed: PigViewChange;
}
/**
 * the fields of the view that changed, as they are now
 */
export interface PigViewChange {
  scores?: number[];
  to_act?: number | null;
  turn_total?: number;
  last_roll?: number | null;
  winner?: number | null;
}
export interface PigRoundEvent {
  event: "round";
  step: number;
  round: number;
}
export interface PigEndEvent {
  event: "end";
  step: number;
  winners: number[];
  scores: number[];
}
/**
 * after every move in a game of twenty-four: the view and moves now, the events and story since the last update (both empty after a stale move)
 */
export interface TwentyFourUpdate {
  type: "update";
  view: TwentyFourViewMessage;
  events: TwentyFourEvents;
  story: Story;
  moves: TwentyFourMoves;
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
 * a player joined: the table now
 */
export interface SeatsMessage {
  type: "seats";
  table: GameTable;
}
/**
 * a stored game that does not replay: listed as over, its rules as stored
 */
export interface UnplayableTable {
  id: string;
  game: string;
  rules: RuleValues;
  created: string;
  seats: TableSeat[];
  started: boolean;
  over: true;
  step: number;
  to_act: null;
  /**
   * @maxItems 0
   */
  winners: [];
  stopped: TableStop;
}
/**
 * rule fields by name, each a value (a record's rules: those not at their default)
 */
export interface RuleValues {
  [k: string]: number | boolean | string | null | undefined;
}
/**
 * the server ended the game: the table now (its stopped says why)
 */
export interface StoppedMessage {
  type: "stopped";
  table: GameTable;
}
/**
 * the answer to a hint: the odds of the choice the seat faces at step
 */
export interface HintMessage {
  type: "hint";
  step: number;
  lines: string[];
}
/**
 * a refusal of the client's last message (the connection goes on, but after a refused hello)
 */
export interface RefusalMessage {
  type: "error";
  error: RefusalCode;
  message: string;
}
/**
 * a socket's first message: a seat's token, or none for a spectator
 */
export interface Hello {
  type: "hello";
  token?: string | null;
}
/**
 * a move, in the game's notation; step: that of the view it answers (a move on an older view is refused as stale)
 */
export interface MoveMessage {
  type: "move";
  move: string;
  step?: number;
}
/**
 * ask for the odds of the choice the seat faces
 */
export interface HintAsk {
  type: "hint";
}
/**
 * every game the server plays (GET /api/catalog)
 */
export interface Catalog {
  games: CatalogEntry[];
}
/**
 * cup-call in the catalog: its presets and the bots a seat may be
 */
export interface CupCallCatalogEntry {
  name: "cup-call";
  presets: CupCallPreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of cup-call: its rules, its seats and those that act
 */
export interface CupCallPreset {
  name: string;
  rules: CupCallRules;
  seats: number;
  acting: number[];
}
/**
 * eighteen in the catalog: its presets and the bots a seat may be
 */
export interface EighteenCatalogEntry {
  name: "eighteen";
  presets: EighteenPreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of eighteen: its rules, its seats and those that act
 */
export interface EighteenPreset {
  name: string;
  rules: EighteenRules;
  seats: number;
  acting: number[];
}
/**
 * liars-dice in the catalog: its presets and the bots a seat may be
 */
export interface LiarsDiceCatalogEntry {
  name: "liars-dice";
  presets: LiarsDicePreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of liars-dice: its rules, its seats and those that act
 */
export interface LiarsDicePreset {
  name: string;
  rules: LiarsDiceRules;
  seats: number;
  acting: number[];
}
/**
 * link in the catalog: its presets and the bots a seat may be
 */
export interface LinkCatalogEntry {
  name: "link";
  presets: LinkPreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of link: its rules, its seats and those that act
 */
export interface LinkPreset {
  name: string;
  rules: LinkRules;
  seats: number;
  acting: number[];
}
/**
 * pig in the catalog: its presets and the bots a seat may be
 */
export interface PigCatalogEntry {
  name: "pig";
  presets: PigPreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of pig: its rules, its seats and those that act
 */
export interface PigPreset {
  name: string;
  rules: PigRules;
  seats: number;
  acting: number[];
}
/**
 * twenty-four in the catalog: its presets and the bots a seat may be
 */
export interface TwentyFourCatalogEntry {
  name: "twenty-four";
  presets: TwentyFourPreset[];
  default_preset: string | null;
  bots: string[];
}
/**
 * a preset of twenty-four: its rules, its seats and those that act
 */
export interface TwentyFourPreset {
  name: string;
  rules: TwentyFourRules;
  seats: number;
  acting: number[];
}
/**
 * a page of the games (GET /api/games): in play newest first, then over; next: the cursor of the page after (null: the last)
 */
export interface GamePage {
  games: GameTable[];
  next: string | null;
}
/**
 * a new game (POST /api/games): a preset (default: the game's default rules), rule fields changed from it, and each seat 'human' or a bot
 */
export interface NewGame {
  game: string;
  preset?: string;
  rules?: RuleValues;
  players?: string[];
}
/**
 * take a person's seat (POST /api/games/{id}/join): a free one, or the one named
 */
export interface JoinGame {
  /**
   * shown trimmed, at most 40 characters
   */
  name: string;
  seat?: number;
}
/**
 * a seat taken: its token is a secret, whoever holds it plays the seat
 */
export interface SeatToken {
  game: string;
  seat: number;
  token: string;
}
/**
 * a finished game's record (GET /api/games/{id}/record): it replays with `dicerules replay`
 */
export interface GameRecord {
  format: number;
  game: string;
  rules: RuleValues;
  stream: RecordStream;
  actions: string[];
  rolls: number[];
  tags?: RecordTags;
}
/**
 * the dice stream a record began with: its seed, in decimal digits
 */
export interface RecordStream {
  seed: string;
}
/**
 * who played a recorded game, and when
 */
export interface RecordTags {
  event?: string;
  date?: string;
  players?: string[];
  dicerules?: string;
}
/**
 * a refusal, and why (dicerules.wire.error)
 */
export interface Refusal {
  error: RefusalCode;
  message: string;
}
