// docs/api.md's "Build an integration in ten minutes", step by step over real HTTP against the
// production build (issue 14): a key made with the documented command, a webhook endpoint
// registered through the API (its secret shown once), a booking requested and accepted, the
// events delivered by the cron tick to a real receiver that verifies them with the docs' own
// snippet (read out of docs/api.md, so the docs cannot drift from what Duly signs), the same
// events listed by GET /events, and the endpoint disabled. The request clock is X-Duly-Now and the
// tick's ?now= (the e2e server time-travels), so nothing depends on today.
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { registerChef, registerCustomer, systemActor } from "../../lib/marketplace/index.ts";
import { cronAuth, e2eServerState, expect, test } from "./fixtures.ts";

const t0 = new Date("2027-10-04T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();
const day = 86_400_000;

type Verify = (rawBody: Buffer, header: string, secret: string) => boolean;

/** The signature check exactly as docs/api.md prints it (its `import` line aside). */
function docsVerifier(): Verify {
  const docs = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
  const section = docs.slice(docs.indexOf("**Verifying a signature.**"));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code || !code.includes("function verifyDuly")) throw new Error("docs/api.md no longer has the verifyDuly snippet");
  const body = code.replace(/^import .*$/m, "");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn verifyDuly;`)(createHmac, timingSafeEqual) as Verify;
}

interface Delivery {
  event: { id: string; type: string; objectId: number; data: Record<string, unknown> };
  signed: boolean;
  headers: http.IncomingHttpHeaders;
}

test("the ten-minute integration: key, webhook, booking, its events delivered signed and listed", async ({ db, baseURL, request }) => {
  const tag = randomBytes(3).toString("hex");
  const verify = docsVerifier();
  let secret = "";
  const deliveries: Delivery[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const signed = verify(raw, String(req.headers["duly-signature"] ?? ""), secret);
      deliveries.push({ event: JSON.parse(raw.toString("utf8")), signed, headers: req.headers });
      res.writeHead(signed ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/duly`;

  try {
    // 1. A key, with the documented command, against the e2e server's database.
    const key = execFileSync("npm", ["run", "-s", "apikey:create", "--", "--name", `my shop ${tag}`], {
      env: { ...process.env, DATABASE_URL: e2eServerState().directUrl },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"], // the token on stdout; the "keep it" notice on stderr
    }).trim();
    expect(key).toMatch(/^duly_[0-9a-z]+_[A-Za-z0-9_-]+$/);
    const api = `${baseURL}/api/v1`;
    const auth = { authorization: `Bearer ${key}`, "x-duly-now": at(0) };

    // 2. The webhook endpoint; the secret is in this answer only.
    const registered = await request.post(`${api}/webhook-endpoints`, { headers: auth, data: { url: receiverUrl, eventTypes: ["*"] } });
    expect(registered.status(), await registered.text()).toBe(201);
    const { endpoint, secret: shown } = (await registered.json()) as { endpoint: { id: number }; secret: string };
    secret = shown;
    expect(secret).toMatch(/^whsec_/);
    expect(await (await request.get(`${api}/webhook-endpoints/${endpoint.id}`, { headers: auth })).text()).not.toContain(secret);

    // 3. A booking, with the integrator's order id, retry-safe; then the chef accepts it.
    const ctx = { db, actor: systemActor("e2e"), now: t0 };
    const customer = await registerCustomer(ctx, { name: `Walkthrough customer ${tag}`, email: `wc.${tag}@duly.test` });
    const chef = await registerChef(ctx, { name: `Walkthrough chef ${tag}`, email: `wk.${tag}@duly.test` });
    const booked = await request.post(`${api}/bookings`, {
      headers: { ...auth, "x-acting-as": `customer:${customer.id}`, "idempotency-key": `order-${tag}` },
      data: { chefId: chef.id, eventAt: at(30 * day), timeZone: "Europe/Paris", place: "Lyon", priceMinor: 150_00, currency: "EUR", metadata: { order_id: `A-${tag}` } },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()) as { id: number };
    expect(booked.headers()["location"]).toBe(`/api/v1/bookings/${booking.id}`);
    expect(booked.headers()["request-id"]).toMatch(/^req_/);
    const read = await request.get(`${api}/bookings/${booking.id}`, { headers: { ...auth, "x-acting-as": `chef:${chef.id}` } });
    const accepted = await request.post(`${api}/bookings/${booking.id}/accept`, {
      headers: { ...auth, "x-acting-as": `chef:${chef.id}`, "if-match": read.headers()["etag"]!, "x-duly-now": at(3_600_000) },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // 4. The cron tick delivers them: each signed as the docs say, in the booking's order, once.
    for (let round = 0; round < 3; round++) {
      const tick = await request.get(`/api/cron/tick?mode=drain&now=${encodeURIComponent(at(3_600_000 + 60_000 * (round + 1)))}`, { headers: cronAuth });
      expect(tick.status(), await tick.text()).toBe(200);
      if (deliveries.filter((d) => d.event.objectId === booking.id).length >= 2) break;
    }
    const ours = deliveries.filter((d) => d.event.objectId === booking.id);
    expect(ours.map((d) => d.event.type)).toEqual(["booking.requested", "booking.accepted"]);
    expect(ours.every((d) => d.signed)).toBe(true);
    expect(ours[0]!.event.data).toMatchObject({ id: booking.id, metadata: { order_id: `A-${tag}` } });
    expect(ours[0]!.headers["duly-event-id"]).toBe(ours[0]!.event.id);

    // 5. The same events from GET /events, for the customer, in commit order.
    const listed = await request.get(`${api}/events?after=0&limit=100`, { headers: { ...auth, "x-acting-as": `customer:${customer.id}` } });
    expect(listed.status()).toBe(200);
    const page = (await listed.json()) as { data: Array<{ id: string; type: string; objectId: number }>; nextCursor: string };
    expect(page.data.filter((e) => e.objectId === booking.id).map((e) => e.id)).toEqual(ours.map((d) => d.event.id));

    // The attempts are there for the integrator to see; then the endpoint is retired.
    const seen = await request.get(`${api}/webhook-endpoints/${endpoint.id}/deliveries?limit=50`, { headers: auth });
    expect(seen.status()).toBe(200);
    const disabled = await request.post(`${api}/webhook-endpoints/${endpoint.id}/disable`, { headers: auth });
    expect(disabled.status(), await disabled.text()).toBe(200);
  } finally {
    await new Promise<void>((resolve) => {
      receiver.closeAllConnections();
      receiver.close(() => resolve());
    });
  }
});
