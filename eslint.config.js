// ESLint 9 flat config: typescript-eslint's recommended rules everywhere, Next's core-web-vitals
// rules for the dashboard (app/, components/), and the import direction of
// docs/architecture.md kept by a rule rather than by hope:
//
//   app -> components, lib, jobs;   jobs -> lib;   lib never imports app, components, jobs,
//   next or react;   components never import app.
//
// And the scheduler's narrow API: code outside lib/scheduler imports lib/scheduler/index.ts, or
// lib/scheduler/admin/index.ts (the operators' entry point), only (the engine's own tests and the
// bench may also use lib/scheduler/internal.ts). Nor does it name the engine's tables or their
// Prisma models (duly/engine-tables, scripts/lint/engine-tables.js; docs/decisions/0024).
//
// And short functions in lib/: none over 80 lines, comments and blank lines included. A long
// function is where state shared by inner closures hides (the tick was 360 lines over fifteen
// mutable variables); its steps belong in named functions a reader can test alone. lib/ holds
// no JSX (it imports no React): page and form components in app/ and components/ are exempt.
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";
import dulyRules from "./scripts/lint/engine-tables.js";

const DASHBOARD_FILES = ["app/**/*.{js,jsx,ts,tsx}", "components/**/*.{js,jsx,ts,tsx}"];
const SOURCE_EXTENSIONS = "{js,mjs,cjs,jsx,ts,mts,cts,tsx}";
const MAX_DEPTH = 8;

// eslint-config-next's entries apply to every file; narrow them to the dashboard. (Its global
// `ignores` entry has no `files` and is kept as it is.)
const nextForDashboard = nextCoreWebVitals.map((config) =>
  Object.keys(config).length === 1 && config.ignores ? config : { ...config, files: DASHBOARD_FILES },
);

/**
 * `no-restricted-imports` blocks that forbid a layer from importing other top-level folders.
 * A relative path is forbidden only when it really leaves the layer: from `lib/a/b.ts`,
 * `../../app/x` reaches app/ but `../app/x` would be lib/app/. So one block is generated per
 * folder depth, each matching exactly as many `../` as the depth. `@/` alias imports and
 * package names (`next`, `react`) are matched at every depth.
 */
/** Forbids reaching into lib/scheduler past its public entry points. */
function schedulerApi(allowed) {
  const files = allowed.map((name) => name.replace(".", "\\.")).join("|");
  return {
    regex: `(^|/)scheduler/(?!(${files})$)`,
    message: `Import the scheduler through lib/scheduler/${allowed.join(" or ")} (its public API).`,
  };
}
const publicSchedulerApi = schedulerApi(["index.ts", "admin/index.ts"]);

function importBoundary(layer, { folders, packages = [], extra = [] }) {
  const alternatives = folders.join("|");
  const message = `${layer}/ may not import from ${[...folders.map((f) => `${f}/`), ...packages].join(", ")} (docs/architecture.md: imports go one way).`;
  const shared = [
    { regex: `^@/(${alternatives})(/|$)`, message },
    ...packages.map((name) => ({ regex: `^${name.replace("/", "\\/")}(/|$)`, message })),
    ...extra,
  ];
  const blocks = [];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const up = "\\.\\./".repeat(depth);
    blocks.push({
      name: `duly/import-direction/${layer}/depth-${depth}`,
      files: [`${layer}/${"*/".repeat(depth - 1)}*.${SOURCE_EXTENSIONS}`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [...shared, { regex: `^(\\./)?${up}(${alternatives})(/|$)`, message }] },
        ],
      },
    });
  }
  return blocks;
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "lib/db/generated/**",
      ".next/**",
      ".data/**",
      "bench/peers/**",
      "bench/**/node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...tseslint.configs.recommended,
  ...nextForDashboard,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (ignored arguments, destructured rests).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  ...importBoundary("lib", { folders: ["app", "components", "jobs"], packages: ["next", "react", "react-dom"], extra: [publicSchedulerApi] }),
  ...importBoundary("jobs", { folders: ["app", "components"], extra: [publicSchedulerApi] }),
  ...importBoundary("components", { folders: ["app"], extra: [publicSchedulerApi] }),
  {
    name: "duly/short-functions/lib",
    files: ["lib/**/*.{js,mjs,cjs,ts,mts,cts}"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
  {
    name: "duly/scheduler-api/app-scripts",
    files: [`{app,scripts,prisma}/**/*.${SOURCE_EXTENSIONS}`],
    rules: { "no-restricted-imports": ["error", { patterns: [publicSchedulerApi] }] },
  },
  {
    name: "duly/scheduler-api/tests-bench",
    files: [`{tests,bench}/**/*.${SOURCE_EXTENSIONS}`],
    rules: { "no-restricted-imports": ["error", { patterns: [schedulerApi(["index.ts", "admin/index.ts", "internal.ts"])] }] },
  },
  {
    // The engine's tables are the engine's: named only in lib/scheduler. Tests and the bench
    // set up and inspect rows directly; migrations create the tables; the rule's own file lists
    // them.
    name: "duly/engine-tables",
    files: [`**/*.${SOURCE_EXTENSIONS}`],
    ignores: ["lib/scheduler/**", "tests/**", "bench/**", "prisma/migrations/**", "scripts/lint/engine-tables.js"],
    plugins: { duly: dulyRules },
    rules: { "duly/engine-tables": "error" },
  },
);
