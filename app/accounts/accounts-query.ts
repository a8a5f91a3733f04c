// The accounts page's URL: plan, zone, the next-reset window, a search and the page position all
// live in the query string. The window is two instants (ISO, so a shared link means the same
// window to everyone; a local date-time typed in the form is read in the operator's zone, and a
// time that does not exist or happens twice there is refused, as on the jobs page).
import { z } from "zod";
import { describeIssues, blankToUndefined, keysetPosition, unstorableParam, type RawSearchParams } from "@/app/_lib/search-params.ts";
import { instantIn } from "@/app/jobs/jobs-query.ts";
import { planNames, type AccountListFilter, type QuotaPlan } from "@/lib/quotas/index.ts";
import { timeZone } from "@/lib/validation/fields.ts";


const cursor = keysetPosition("bigint").transform(({ at, id }) => ({ nextResetAt: at, id }));

function schemaFor(zone: string) {
  return z.strictObject({
    plan: z.preprocess(blankToUndefined, z.enum(planNames as [QuotaPlan, ...QuotaPlan[]]).optional()),
    zone: z.preprocess(blankToUndefined, timeZone.optional()),
    from: z.preprocess(blankToUndefined, instantIn(zone).optional()),
    to: z.preprocess(blankToUndefined, instantIn(zone).optional()),
    q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    after: z.preprocess(blankToUndefined, cursor.optional()),
  });
}

export interface AccountsQuery {
  plan?: QuotaPlan;
  zone?: string;
  from?: Date;
  to?: Date;
  q?: string;
  after?: { nextResetAt: Date; id: bigint };
}

export function parseAccountsQuery(params: RawSearchParams, displayZone: string): { ok: true; query: AccountsQuery; filter: AccountListFilter } | { ok: false; error: string } {
  const unstorable = unstorableParam(params);
  if (unstorable) return { ok: false, error: unstorable };
  const parsed = schemaFor(displayZone).safeParse(params);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
  const query = parsed.data;
  return {
    ok: true,
    query,
    filter: { plan: query.plan, timeZone: query.zone, resetFrom: query.from, resetTo: query.to, search: query.q, after: query.after },
  };
}

export function accountsHref(query: AccountsQuery, change: Partial<AccountsQuery> = {}): string {
  const merged = { ...query, ...change };
  const params = new URLSearchParams();
  if (merged.plan) params.set("plan", merged.plan);
  if (merged.zone) params.set("zone", merged.zone);
  if (merged.from) params.set("from", merged.from.toISOString());
  if (merged.to) params.set("to", merged.to.toISOString());
  if (merged.q) params.set("q", merged.q);
  if (merged.after) params.set("after", `${merged.after.nextResetAt.toISOString()}~${merged.after.id}`);
  const text = params.toString();
  return text ? `/accounts?${text}` : "/accounts";
}
