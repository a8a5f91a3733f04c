// `npm run db:generate` and postinstall: `prisma generate`, but only when its output would change.
//
// Why: `prisma generate` rewrites every file under lib/db/generated even when nothing changed,
// and scripts/lib/next-build.ts (rightly) treats newer files under lib/ as a reason to rebuild,
// so every `npm test` used to rebuild the app (~40 s). The generated client depends only on
// the schema, the Prisma config and the versions of the generator (prisma) and its runtime
// (@prisma/client); a stamp in the output folder records a hash of those, and generation is
// skipped while it matches. `--force` always generates.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputDir = path.join(root, "lib", "db", "generated");
// A dot file: the build's staleness check skips dot files, so writing it never triggers a build.
const stampFile = path.join(outputDir, ".generated-from");

async function packageVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** A hash of everything the generated client is made from. */
async function generatorInputsHash(): Promise<string> {
  const hash = createHash("sha256");
  for (const file of ["prisma/schema.prisma", "prisma.config.ts"]) {
    hash.update(`${file}\0`).update(await readFile(path.join(root, file))).update("\0");
  }
  for (const name of ["prisma", "@prisma/client"]) hash.update(`${name}@${await packageVersion(name)}\0`);
  return hash.digest("hex");
}

function runPrismaGenerate(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "prisma"), ["generate"], {
      cwd: root,
      stdio: "inherit",
      // `generate` never runs the schema engine, but Prisma wants a path to one; the engines'
      // own download is not allowed to run (package.json allowScripts, README stack notes).
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath },
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`prisma generate failed (${signal ?? `exit code ${code}`})`))));
  });
}

async function main(): Promise<void> {
  const force = process.argv.includes("--force");
  const inputs = await generatorInputsHash();
  const stamp = await readFile(stampFile, "utf8").catch(() => "");
  // The stamp alone is not enough: the folder may have been emptied by hand.
  if (!force && stamp.trim() === inputs && existsSync(path.join(outputDir, "client.ts"))) {
    console.log("Prisma client is up to date (schema and Prisma versions unchanged; --force regenerates)");
    return;
  }
  await runPrismaGenerate();
  await writeFile(stampFile, `${inputs}\n`);
}

await main();
