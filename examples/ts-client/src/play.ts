// Plays one whole game against dicerules-server's bots and prints what happened as one
// line of JSON: the game's id, the seat played, its moves, the steps, the winners.
//
//   npm run build
//   node --experimental-websocket dist/play.js http://127.0.0.1:8000 liars-dice \
//     --rules '{"players": 2, "dice_per_player": 1}' --bot random
//
// Options: --preset NAME, --rules JSON (rule fields changed from the preset), --bot NAME
// (a bot the catalog offers, in every other seat; default: the server's expert).
import { play, type Options } from "./client.js";
import type { RuleValues } from "./types/protocol.js";

declare const process: { argv: string[]; exitCode?: number };

async function main(argv: string[]): Promise<void> {
  const [base, game, ...rest] = argv;
  if (base === undefined || game === undefined) {
    throw new Error("usage: play.js URL GAME [--preset NAME] [--rules JSON] [--bot NAME]");
  }
  const options: Options = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--preset") options.preset = value;
    else if (flag === "--rules") options.rules = JSON.parse(value) as RuleValues;
    else if (flag === "--bot") options.bot = value;
    else throw new Error(`no option ${flag}`);
  }
  const played = await play(base, game, options);
  const { record, ...shown } = played;
  console.log(JSON.stringify({ ...shown, actions: record.actions.length }));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`play.js: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
