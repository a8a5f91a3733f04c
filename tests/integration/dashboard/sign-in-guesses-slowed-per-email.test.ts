// Sign-in brute force from many addresses: `next start` keeps a client's own X-Forwarded-For,
// so a client can claim a new address on every attempt. Guesses at one operator's password
// must still be slowed down (per email), while other operators and the right password after
// the window still get in.
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../helpers/database.ts";
import { createOperator, createOperatorAuth, type OperatorAuth } from "../../../lib/auth/operator-auth.ts";
import { signInEmailLimit } from "../../../lib/auth/sign-in-throttle.ts";

const database = useTestDatabase();
const origin = "http://duly.test";
const secret = "hostile-sign-in-test-secret-0123456789abcdef";
const password = "correct horse battery staple";
let clock = new Date("2027-03-01T09:00:00Z");
let auth: OperatorAuth;
let spoofed = 0;

/** A sign-in from a fresh, made-up address each time (as a spoofing client sends it). */
function signIn(email: string, pw: string): Promise<Response> {
  spoofed++;
  const headers = { "content-type": "application/json", origin, "x-forwarded-for": `198.51.${spoofed >> 8}.${spoofed & 255}` };
  return auth.handler(new Request(`${origin}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password: pw }) }));
}

beforeAll(async () => {
  auth = createOperatorAuth({ db: database.db, secret, baseURL: origin, now: () => clock });
  await createOperator(auth, { email: "target@example.com", name: "Target", password, role: "operator" });
  await createOperator(auth, { email: "bystander@example.com", name: "Bystander", password, role: "operator" });
});

describe("sign-in guesses from rotating addresses", () => {
  it("are slowed down per email, whatever address each one claims", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < signInEmailLimit.max + 3; i++) statuses.push((await signIn("Target@Example.com", `guess ${i} wrong!`)).status);
    expect(statuses.slice(0, signInEmailLimit.max)).toEqual(Array(signInEmailLimit.max).fill(401));
    expect(statuses.slice(signInEmailLimit.max)).toEqual([429, 429, 429]);
    // Parallel guesses cannot slip through between a check and a count.
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn("target@example.com", `burst ${i}!`)));
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    const refused = await signIn("target@example.com", password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThan(0);

    // Another operator is not affected.
    expect((await signIn("bystander@example.com", password)).status).toBe(200);

    // After the window, the right password gets in, and a success clears the count.
    clock = new Date(clock.getTime() + signInEmailLimit.windowSeconds * 1000 + 1000);
    expect((await signIn("target@example.com", password)).status).toBe(200);
    expect(await database.db.authRateLimit.count({ where: { key: { startsWith: "sign-in-email|target" } } })).toBe(0);
  });

  it("never counts an operator's own successful sign-ins against them", async () => {
    for (let i = 0; i < signInEmailLimit.max + 2; i++) expect((await signIn("bystander@example.com", password)).status).toBe(200);
  });
});
