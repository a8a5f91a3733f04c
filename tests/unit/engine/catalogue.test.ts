// The catalogue refuses what would only fail later, at 3 a.m., inside a tick.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCatalogue, defineJob } from "../../../lib/scheduler/index.ts";
import { catalogue, retentionDaysFromEnv } from "../../../jobs/index.ts";

const ping = defineJob({ name: "t.ping", payload: z.object({ n: z.number() }), handler: async () => {} });

describe("createCatalogue", () => {
  it("rejects two definitions with one name", () => {
    expect(() => createCatalogue([ping, ping])).toThrow("job type t.ping is defined twice");
  });
  it("rejects a recurring schedule naming an unknown type or carrying a bad payload", () => {
    expect(() => createCatalogue([ping], [{ name: "r", cron: "* * * * *", timeZone: "UTC", jobType: "t.nope", payload: {} }])).toThrow(
      "recurring schedule r names unknown job type t.nope",
    );
    expect(() => createCatalogue([ping], [{ name: "r", cron: "* * * * *", timeZone: "UTC", jobType: "t.ping", payload: { n: "x" } }])).toThrow();
  });
  it("fills in a version, a retry policy and a lease", () => {
    expect(ping).toMatchObject({ version: 1, leaseMs: 15_000, retry: { maxAttempts: 5 } });
  });
  it("hands the claim each type's own limit, none unless declared", () => {
    const limited = defineJob({ name: "t.limited", payload: z.object({}), maxRunning: 3, handler: async () => {} });
    expect(createCatalogue([ping, limited]).claimableTypes(false)).toEqual([
      { jobType: "t.ping", leaseMs: 15_000, version: 1, maxRunning: null },
      { jobType: "t.limited", leaseMs: 15_000, version: 1, maxRunning: 3 },
    ]);
  });
  it("refuses a limit that is not a whole number of at least 1", () => {
    for (const maxRunning of [0, -1, 1.5]) {
      expect(() => defineJob({ name: "t.bad", payload: z.object({}), maxRunning, handler: async () => {} })).toThrow(/maxRunning/);
    }
  });
});

describe("the app's catalogue", () => {
  it("keeps every lease within a minute, so the cron route can always let a claimed job finish", () => {
    for (const definition of catalogue.all()) expect(definition.leaseMs).toBeLessThanOrEqual(60_000);
  });
});

describe("retentionDaysFromEnv", () => {
  it("defaults to 30 days and parses a whole number of days", () => {
    expect(retentionDaysFromEnv({})).toBe(30);
    expect(retentionDaysFromEnv({ DULY_RETENTION_DAYS: "90" })).toBe(90);
  });
  it("refuses nonsense with a message that names the variable", () => {
    expect(() => retentionDaysFromEnv({ DULY_RETENTION_DAYS: "ninety" })).toThrow(/DULY_RETENTION_DAYS/);
    expect(() => retentionDaysFromEnv({ DULY_RETENTION_DAYS: "0" })).toThrow(/DULY_RETENTION_DAYS/);
  });
});
