// `npm run operator:create`: a real deployment's first (or next) dashboard user. There is no
// public sign-up and no default password: the password is typed at a hidden prompt, or piped in
// on stdin (for automation), never passed as a flag (it would sit in shell history and `ps`).
//
//   npm run operator:create -- --email ops@example.com --name "Olga Ops" [--role operator|viewer]
//   echo "$PASSWORD" | npm run operator:create -- --email ... --name ...
//   npm run operator:create -- --revoke-sessions ops@example.com     (sign a person out everywhere)
//
// In DATABASE_URL's database, else the running `npm start`'s embedded one (script-database.ts).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { z } from "zod";
import { createDb } from "../lib/db/client.ts";
import { createOperator, createOperatorAuth, passwordLength, revokeSessions } from "../lib/auth/operator-auth.ts";
import { operatorRoles } from "../lib/auth/roles.ts";
import { isDulyError } from "../lib/errors.ts";
import { parseSettings } from "../lib/settings.ts";
import { describeIssues } from "../lib/validation/describe-issues.ts";
import { runScript } from "./lib/run-script.ts";
import { scriptDatabase } from "./lib/script-database.ts";

const input = z.object({
  email: z.email("expected an email address").max(320),
  name: z.string().trim().min(1, "must not be empty").max(200),
  role: z.enum(operatorRoles),
  password: z
    .string()
    .min(passwordLength.min, `must be at least ${passwordLength.min} characters`)
    .max(passwordLength.max, `must be at most ${passwordLength.max} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain NUL"),
});

/** Reads a line without echoing it (a TTY), or the first line of stdin (a pipe). */
async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write(prompt);
  muted._writeToOutput = () => {}; // hide what is typed
  const answer = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

const usage = "usage: npm run operator:create -- --email <email> --name <name> [--role operator|viewer]\n       npm run operator:create -- --revoke-sessions <email>";

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        role: { type: "string", default: "operator" },
        "revoke-sessions": { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  const database = scriptDatabase();
  const settings = parseSettings(database.env);
  const db = createDb(database.url, { poolSize: 1 });
  try {
    if (values["revoke-sessions"]) {
      const count = await revokeSessions(db, values["revoke-sessions"]);
      console.log(`Ended ${count} session(s) of ${values["revoke-sessions"]}.`);
      return;
    }
    if (!values.email || !values.name) fail(usage);
    const password = await readPassword(`Password for ${values.email} (${passwordLength.min}+ characters): `);
    if (process.stdin.isTTY) {
      const again = await readPassword("Again: ");
      if (again !== password) fail("The passwords differ; nothing was created.");
    }
    const parsed = input.safeParse({ email: values.email, name: values.name, role: values.role, password });
    if (!parsed.success) fail(`Nothing was created: ${describeIssues(parsed.error, { root: "input" })}`);
    // Creating a user signs no cookie: any secret will do for this instance.
    const auth = createOperatorAuth({ db, secret: settings.BETTER_AUTH_SECRET ?? randomBytes(32).toString("hex") });
    const operator = await createOperator(auth, parsed.data);
    console.log(`Created ${operator.role} ${operator.email}. They sign in at /sign-in.`);
  } catch (error) {
    if (isDulyError(error)) fail(`Nothing was created: ${error.message}`);
    throw error;
  } finally {
    await db.$disconnect();
  }
}

await runScript("operator:create", main);
