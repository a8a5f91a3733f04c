// The session cookie is Secure exactly when the dashboard is reached over https (docs/dashboard.md,
// lib/auth/secure-cookie.ts): with BETTER_AUTH_URL, by its scheme; without it, by the request,
// behind a TLS-terminating proxy by X-Forwarded-Proto. Signed in through the app's own route
// handlers (better-auth's endpoint and the sign-in form's), on a real database, in each of the
// documented set-ups.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createSignedInOperator, type SignedInOperator } from "../../helpers/operators.ts";

vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const database = useTestDatabase();
const secret = "secure-cookie-test-secret-0123456789abcdef";
let user: SignedInOperator;
let address = 10;

beforeAll(async () => {
  process.env.DATABASE_URL = database.url;
  process.env.BETTER_AUTH_SECRET = secret;
  user = await createSignedInOperator(database.db, { role: "operator", secret });
});

afterEach(() => {
  delete process.env.BETTER_AUTH_URL;
  delete (globalThis as { dulyOperatorAuth?: unknown }).dulyOperatorAuth;
});

/** The app's modules as a process started with `betterAuthUrl` would load them (settings are read once). */
async function appWith(betterAuthUrl: string | undefined) {
  if (betterAuthUrl) process.env.BETTER_AUTH_URL = betterAuthUrl;
  else delete process.env.BETTER_AUTH_URL;
  delete (globalThis as { dulyOperatorAuth?: unknown }).dulyOperatorAuth;
  vi.resetModules();
  return { authRoute: await import("../../../app/api/auth/[...all]/route.ts"), formRoute: await import("../../../app/sign-in/submit/route.ts") };
}

/** Signs in through better-auth's route as the app serves it at `origin`; the session cookie line. */
async function signInCookie(authRoute: { POST: (request: Request) => Promise<Response> }, origin: string, forwardedProto?: string): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json", origin, host: new URL(origin).host, "x-forwarded-for": `198.51.100.${address++}` };
  if (forwardedProto) headers["x-forwarded-proto"] = forwardedProto;
  // Next hands the route the URL it heard: plain http behind a TLS-terminating proxy.
  const url = `http://${new URL(origin).host}/api/auth/sign-in/email`;
  const response = await authRoute.POST(new Request(url, { method: "POST", headers, body: JSON.stringify({ email: user.email, password: user.password }) }));
  expect(response.status).toBe(200);
  const line = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
  if (!line) throw new Error("no session cookie");
  return line;
}

const isSecure = (line: string) => /;\s*Secure/i.test(line) && line.startsWith("__Secure-");

describe("the session cookie's Secure flag", () => {
  it("without BETTER_AUTH_URL, over plain http: not Secure", async () => {
    const { authRoute } = await appWith(undefined);
    expect(isSecure(await signInCookie(authRoute, "http://127.0.0.1:3000", "http"))).toBe(false);
  });

  it("without BETTER_AUTH_URL, behind a proxy that terminates https (X-Forwarded-Proto: https): Secure", async () => {
    const { authRoute } = await appWith(undefined);
    expect(isSecure(await signInCookie(authRoute, "https://duly.example.com", "https"))).toBe(true);
  });

  it("with an https BETTER_AUTH_URL behind such a proxy: Secure", async () => {
    const { authRoute } = await appWith("https://duly.example.com");
    expect(isSecure(await signInCookie(authRoute, "https://duly.example.com", "https"))).toBe(true);
  });

  it("the sign-in form's route follows the same rule: Secure behind an https proxy, not over plain http", async () => {
    const { formRoute } = await appWith(undefined);
    for (const [proto, secure] of [["https", true], ["http", false]] as const) {
      const origin = `${proto}://duly.example.com`;
      const body = new URLSearchParams({ email: user.email, password: user.password, next: "/jobs" });
      const response = await formRoute.POST(new Request("http://duly.example.com/sign-in/submit", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, host: "duly.example.com", "x-forwarded-proto": proto, "x-forwarded-for": `198.51.100.${address++}` },
        body,
      }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/jobs");
      const line = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
      expect(isSecure(line ?? ""), proto).toBe(secure);
    }
  });

  it("with an http BETTER_AUTH_URL: not Secure", async () => {
    const { authRoute } = await appWith("http://localhost:3000");
    expect(isSecure(await signInCookie(authRoute, "http://localhost:3000", "http"))).toBe(false);
  });
});
