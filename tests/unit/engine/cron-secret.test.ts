import { describe, expect, it } from "vitest";
import { authorizeCronRequest } from "../../../lib/auth/cron-secret.ts";

describe("authorizeCronRequest", () => {
  it("accepts the exact bearer secret", () => {
    expect(authorizeCronRequest("Bearer s3cret", "s3cret")).toEqual({ ok: true });
  });

  it("refuses a missing, wrong, differently sized or non-bearer header with 401", () => {
    for (const header of [null, undefined, "", "Bearer wrong", "Bearer s3cret-and-more", "Bearer s3cre", "s3cret", "bearer s3cret"]) {
      const result = authorizeCronRequest(header, "s3cret");
      expect(result, String(header)).toMatchObject({ ok: false, status: 401 });
    }
  });

  it("refuses everything with 500 when the server has no secret, rather than running open", () => {
    expect(authorizeCronRequest("Bearer ", "")).toMatchObject({ ok: false, status: 500 });
    expect(authorizeCronRequest("Bearer undefined", undefined)).toMatchObject({ ok: false, status: 500, error: expect.stringContaining("CRON_SECRET") });
  });
});
