// Operator sign-in through better-auth's own HTTP handler, as the route serves it: cookies,
// roles, sign-up refused, expiry, revocation, and repeated sign-ins slowed down (429), on a real
// database. Sessions are looked up by the same getSession the pages use.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createOperator, createOperatorAuth, revokeSessions, signInRateLimit, type OperatorAuth } from "../../../lib/auth/operator-auth.ts";
import { isDulyError } from "../../../lib/errors.ts";
import { getAuthTables } from "better-auth/db";
import { Prisma } from "../../../lib/db/client.ts";

const database = useTestDatabase();
const origin = "http://duly.test";
const secret = "operator-auth-test-secret-0123456789abcdef";
const password = "correct horse battery staple";
let auth: OperatorAuth;

function post(path: string, body: unknown, { ip = "203.0.113.1", cookie }: { ip?: string; cookie?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", origin, "x-forwarded-for": ip };
  if (cookie) headers.cookie = cookie;
  return auth.handler(new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** The name=value pair of the session cookie a response sets, and its attributes. */
function sessionCookie(response: Response): { pair: string; attributes: string } {
  const line = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  const [pair, ...attributes] = line.split(";");
  return { pair: pair!.trim(), attributes: attributes.join(";") };
}

async function sessionOf(cookie: string) {
  return auth.api.getSession({ headers: new Headers({ cookie }) });
}

beforeAll(async () => {
  auth = createOperatorAuth({ db: database.db, secret, baseURL: origin });
  await createOperator(auth, { email: "Ops@Example.com", name: "Olga Ops", password, role: "operator" });
  await createOperator(auth, { email: "view@example.com", name: "Vic Viewer", password, role: "viewer" });
});

describe("better-auth's tables", () => {
  it("has every field the installed better-auth expects, in the Prisma models it is pointed at", () => {
    // An upgrade that adds a field (1.7 added account.issuer) fails here, not at first sign-in.
    const scalarFields: Record<string, Record<string, string>> = {
      authUser: Prisma.AuthUserScalarFieldEnum,
      authSession: Prisma.AuthSessionScalarFieldEnum,
      authAccount: Prisma.AuthAccountScalarFieldEnum,
      authVerification: Prisma.AuthVerificationScalarFieldEnum,
      authRateLimit: Prisma.AuthRateLimitScalarFieldEnum,
    };
    const tables = Object.values(getAuthTables(auth.options));
    expect(tables.map((t) => t.modelName).sort()).toEqual(Object.keys(scalarFields).sort());
    for (const table of tables) {
      const missing = Object.entries(table.fields).map(([key, f]) => f.fieldName ?? key).filter((name) => !(name! in scalarFields[table.modelName]!));
      expect(missing, table.modelName).toEqual([]);
    }
  });
});

describe("operator sign-in", () => {
  it("signs in with email and password and sets an httpOnly SameSite cookie naming the role", async () => {
    const response = await post("/sign-in/email", { email: "ops@example.com", password }, { ip: "203.0.113.10" });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=Lax/i);
    const session = await sessionOf(cookie.pair);
    expect(session?.user).toMatchObject({ email: "ops@example.com", role: "operator" });
  });

  it("refuses a wrong password and an unknown email alike, with no cookie", async () => {
    for (const body of [{ email: "ops@example.com", password: "wrong password!!" }, { email: "nobody@example.com", password }]) {
      const response = await post("/sign-in/email", body, { ip: "203.0.113.11" });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    }
  });

  it("slows repeated sign-ins from one address down (429) while another address still gets in", async () => {
    const ip = "203.0.113.12";
    const statuses: number[] = [];
    for (let i = 0; i < signInRateLimit.max + 2; i++) {
      statuses.push((await post("/sign-in/email", { email: "ops@example.com", password: `guess number ${i}!` }, { ip })).status);
    }
    expect(statuses.slice(0, signInRateLimit.max)).toEqual(Array(signInRateLimit.max).fill(401));
    expect(statuses.slice(signInRateLimit.max)).toEqual([429, 429]);
    // Even the right password waits out the window: the limit is on attempts, not failures.
    expect((await post("/sign-in/email", { email: "ops@example.com", password }, { ip })).status).toBe(429);
    expect((await post("/sign-in/email", { email: "ops@example.com", password }, { ip: "203.0.113.13" })).status).toBe(200);
    // The counter lives in the database, shared by every server instance.
    expect(await database.db.authRateLimit.count()).toBeGreaterThan(0);
  });

  it("has no public sign-up", async () => {
    const response = await post("/sign-up/email", { email: "mallory@example.com", password, name: "Mallory" }, { ip: "203.0.113.14" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await database.db.authUser.count({ where: { email: "mallory@example.com" } })).toBe(0);
  });

  it("never lets a viewer raise their own role", async () => {
    const signIn = await post("/sign-in/email", { email: "view@example.com", password }, { ip: "203.0.113.15" });
    const cookie = sessionCookie(signIn).pair;
    const response = await post("/update-user", { role: "operator" }, { ip: "203.0.113.15", cookie });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await database.db.authUser.findUniqueOrThrow({ where: { email: "view@example.com" } })).role).toBe("viewer");
  });

  it("signs out: the session row is gone and the cookie no longer works", async () => {
    const cookie = sessionCookie(await post("/sign-in/email", { email: "view@example.com", password }, { ip: "203.0.113.16" })).pair;
    expect(await sessionOf(cookie)).not.toBeNull();
    expect((await post("/sign-out", {}, { ip: "203.0.113.16", cookie })).status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("ends an expired session, and revocation ends every session of an operator at once", async () => {
    const first = sessionCookie(await post("/sign-in/email", { email: "ops@example.com", password }, { ip: "203.0.113.17" })).pair;
    const second = sessionCookie(await post("/sign-in/email", { email: "ops@example.com", password }, { ip: "203.0.113.18" })).pair;
    const token = decodeURIComponent(first.split("=")[1]!).split(".")[0]!;
    await database.db.authSession.update({ where: { token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(second)).not.toBeNull();
    expect(await revokeSessions(database.db, "OPS@example.com")).toBeGreaterThan(0);
    expect(await sessionOf(second)).toBeNull();
  });

  it("never leaves a user who cannot sign in: a failed credential insert takes the user with it", async () => {
    const { db } = database;
    await db.$executeRaw`CREATE FUNCTION refuse_account() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`;
    await db.$executeRaw`CREATE TRIGGER refuse_account BEFORE INSERT ON auth_accounts FOR EACH ROW EXECUTE FUNCTION refuse_account()`;
    try {
      await expect(createOperator(auth, { email: "half@example.com", name: "Half", password, role: "viewer" })).rejects.toThrow();
      expect(await db.authUser.count({ where: { email: "half@example.com" } })).toBe(0);
    } finally {
      await db.$executeRaw`DROP TRIGGER refuse_account ON auth_accounts`;
      await db.$executeRaw`DROP FUNCTION refuse_account()`;
    }
  });

  it("refuses to create a second operator with the same email", async () => {
    const error = await createOperator(auth, { email: "ops@example.com", name: "Again", password, role: "viewer" }).catch((e: unknown) => e);
    expect(isDulyError(error)).toBe(true);
    expect(await database.db.authUser.count({ where: { email: "ops@example.com" } })).toBe(1);
  });
});

// BETTER_AUTH_URL unset (the README's local default): `next start` hands the route a URL naming
// `localhost` whatever host the browser used, and better-auth trusted only that URL's origin, so
// a sign-in from a page at http://127.0.0.1:3000 was refused 403 "Invalid origin". Now the
// request's own host (X-Forwarded-Host, else Host) is trusted, as Next trusts it for server
// actions; another site's page is still refused.
describe("sign-in without BETTER_AUTH_URL", () => {
  let local: OperatorAuth;
  beforeAll(() => {
    local = createOperatorAuth({ db: database.db, secret });
  });

  /** A sign-in as `next start` on port 3000 hands it to the route: its URL always says localhost. */
  function signInVia(headers: Record<string, string>, ip: string): Promise<Response> {
    return local.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
        body: JSON.stringify({ email: "ops@example.com", password }),
      }),
    );
  }

  it("signs in from a page on the host the request was sent to: 127.0.0.1, localhost, a proxy's public host", async () => {
    const cases: Array<Record<string, string>> = [
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
      { host: "localhost:3000", origin: "http://localhost:3000" },
      { host: "[::1]:3000", origin: "http://[::1]:3000" },
      { host: "10.0.0.5:3000", "x-forwarded-host": "duly.example.com", origin: "https://duly.example.com" },
    ];
    const statuses = [];
    for (const [index, headers] of cases.entries()) statuses.push((await signInVia(headers, `203.0.113.${40 + index}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it("still refuses a sign-in posted from another site's page, or with a Host that is no host", async () => {
    const cases = [
      { host: "127.0.0.1:3000", origin: "http://evil.example" },
      { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3001" },
      { host: "127.0.0.1:3000", origin: "null" },
      { host: "evil.example/x", origin: "http://evil.example" },
    ];
    const statuses = [];
    for (const [index, headers] of cases.entries()) statuses.push((await signInVia(headers, `203.0.113.${50 + index}`)).status);
    expect(statuses).toEqual([403, 403, 403, 403]);
  });

  it("with BETTER_AUTH_URL set, trusts that origin only, whatever host the request names", async () => {
    const response = await auth.handler(
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.60", host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
        body: JSON.stringify({ email: "ops@example.com", password }),
      }),
    );
    expect(response.status).toBe(403);
  });
});
