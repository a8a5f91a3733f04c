// npm start's demo API key (scripts/lib/demo/api-key.ts): created once and kept in the data
// directory, so every start prints the same working key; replaced when revoked or gone; and the
// curl example it prints reads a real booking as that booking's customer.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { authenticateApiKey, revokeApiKey } from "../../../lib/api/keys/api-keys.ts";
import { demoCurlExample, ensureDemoApiKey } from "../../../scripts/lib/demo/api-key.ts";
import { useTestDatabase } from "../../helpers/database.ts";
import { registerPeople } from "../../fixtures/marketplace.ts";
import { requestBooking } from "../../../lib/marketplace/index.ts";

const database = useTestDatabase();
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("the demo API key", () => {
  it("is created once, kept across starts, and replaced when revoked", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "duly-demo-key-"));
    dirs.push(dir);
    const first = await ensureDemoApiKey(database.db, dir);
    expect(first.created).toBe(true);
    expect((await readFile(first.file, "utf8")).trim()).toBe(first.token);
    expect((await stat(first.file)).mode & 0o777).toBe(0o600);
    await expect(authenticateApiKey(database.db, `Bearer ${first.token}`)).resolves.toMatchObject({ scope: "app" });

    const again = await ensureDemoApiKey(database.db, dir);
    expect(again).toMatchObject({ created: false, token: first.token });

    await revokeApiKey(database.db, first.token.slice(0, 13), new Date("2027-01-01T00:00:00Z"));
    const replaced = await ensureDemoApiKey(database.db, dir);
    expect(replaced.created).toBe(true);
    expect(replaced.token).not.toBe(first.token);
  });

  it("the curl example names a real booking and its customer (or /me without bookings)", async () => {
    expect(await demoCurlExample(database.db, "http://localhost:3000", "duly_x")).toBe("curl -s http://localhost:3000/api/v1/me -H 'Authorization: Bearer duly_x'");
    const now = new Date("2027-02-01T10:00:00Z");
    const people = await registerPeople(database.db, now);
    const booking = await requestBooking({ db: database.db, actor: people.customer(), now }, {
      chefId: people.chefs[0]!, eventAt: "2027-03-01T18:00:00Z", timeZone: "Europe/Paris", place: "Paris", priceMinor: 100_00, currency: "EUR",
    });
    expect(await demoCurlExample(database.db, "http://localhost:3000", "duly_x")).toBe(
      `curl -s http://localhost:3000/api/v1/bookings/${booking.id} -H 'Authorization: Bearer duly_x' -H 'X-Acting-As: customer:${booking.customerId}'`,
    );
  });
});
