// Writes src/types/<game>.ts, the TypeScript types of a game's messages, from the JSON
// Schema `dicerules schema GAME` prints, for every built-in game (or the games named);
// and src/types/protocol.ts, the types of the game server's whole protocol, from the
// JSON Schema `dicerules-server schema` prints (its GET /api/schema).
//
//   npm run generate                      # dicerules and dicerules-server on the PATH
//   node generate.mjs --python .venv/bin/python liars-dice
//   npm run fresh                         # writes nothing: exit 1 if a file would change
//
// json-schema-to-typescript names each type after its schema's title (LiarsDiceView,
// Refusal, ServerMessage, ...), so the types are the same names in every language's
// generated code.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { compile } from "json-schema-to-typescript";

const BUILT_IN = ["eighteen", "liars-dice", "link", "twenty-four"];
const HERE = dirname(fileURLToPath(import.meta.url));

const PROTOCOL = "protocol";

function parse(argv) {
  const options = { check: false, python: null, games: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--check") options.check = true;
    else if (argv[i] === "--python") options.python = argv[++i];
    else options.games.push(argv[i]);
  }
  if (!options.games.length) options.games = [...BUILT_IN, PROTOCOL];
  return options;
}

// The command that prints the schema, and what it is called in the banner.
function schemaCommand(name, python) {
  const [module, script, args] =
    name === PROTOCOL
      ? ["dicerules_server", "dicerules-server", ["schema"]]
      : ["dicerules", "dicerules", ["schema", name]];
  const command = python ? [python, ["-m", module, ...args]] : [script, args];
  return [command, [script, ...args].join(" ")];
}

async function typesOf(name, python) {
  const [[command, args], shown] = schemaCommand(name, python);
  const { stdout } = await promisify(execFile)(command, args, {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  const what = name === PROTOCOL ? "the game server's protocol" : `${name}'s messages`;
  return compile(JSON.parse(stdout), "", {
    bannerComment:
      `/* The types of ${what}, made by \`npm run generate\` from` +
      ` \`${shown}\`: do not edit. */`,
    additionalProperties: false,
    strictIndexSignatures: true,
    unreachableDefinitions: true,
  });
}

const options = parse(process.argv.slice(2));
const made = await Promise.all(options.games.map((game) => typesOf(game, options.python)));
let stale = 0;
for (const [index, game] of options.games.entries()) {
  const file = join(HERE, "src", "types", `${game}.ts`);
  const text = made[index];
  let old = null;
  try {
    old = readFileSync(file, "utf8");
  } catch {}
  if (old === text) continue;
  stale++;
  if (options.check) {
    console.log(`would change src/types/${game}.ts`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote src/types/${game}.ts`);
  }
}
process.exit(options.check && stale ? 1 : 0);
