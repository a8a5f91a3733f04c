// One quota account: plan, allowances against the plan, zone, anchor, last and next reset, its
// reset log (the sweep's and operators'), what operators did, and the actions.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client.ts";
import { readWithRetry } from "@/lib/db/connection-errors.ts";
import { databaseClock } from "@/lib/scheduler/index.ts";
import { listAuditEntries } from "@/lib/audit/audit-log.ts";
import { accountDetail, accountIdSchema, localDateOf, moveWindow } from "@/lib/quotas/index.ts";
import { requireViewer } from "@/app/_lib/operator-session.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import { ZonedTime } from "@/components/zoned-time.tsx";
import { AuditList } from "@/components/audit-list.tsx";
import { AllowanceList } from "@/components/allowance-list.tsx";
import { AccountActionForms } from "@/components/account-action-forms.tsx";
import { moveNextResetAction, resetAccountNowAction } from "../actions.ts";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: `Account ${(await params).id}` };
}

export default async function AccountPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireViewer();
  const parsedId = accountIdSchema.safeParse((await params).id);
  if (!parsedId.success) notFound();
  const db = getDb();
  const account = await readWithRetry(() => accountDetail(db, parsedId.data));
  if (!account) notFound();
  const now = await readWithRetry(async () => (await databaseClock(db))());
  const { entries } = await readWithRetry(() => listAuditEntries(db, { recordType: "quota_account", recordId: account.id.toString(), limit: 50 }));
  const { zone } = await displayZone();
  const today = localDateOf(now, account.timeZone);
  const window = moveWindow({ anchorOn: account.anchorOn, nextResetOn: account.nextResetOn }, today);

  return (
    <>
      <p className="muted">
        <Link href="/accounts">← Accounts</Link>
      </p>
      <div className="page-heading">
        <h1>
          <bdi>{account.name}</bdi>
        </h1>
        <span className="muted">account {account.id.toString()}</span>
      </div>

      <section className="card" aria-labelledby="facts-heading">
        <h2 id="facts-heading">Plan and cycle</h2>
        <dl className="detail-grid">
          <dt>Plan</dt>
          <dd>
            {account.plan}
            {account.nextPlan ? <span className="muted"> (becomes {account.nextPlan} at the next reset)</span> : null}
          </dd>
          <dt>Remaining of the plan</dt>
          <dd>
            <AllowanceList account={account} />
          </dd>
          <dt>Zone</dt>
          <dd>
            {account.timeZone} <span className="muted">(today there: {today})</span>
          </dd>
          <dt>Anchor</dt>
          <dd>{account.anchorOn}</dd>
          <dt>Last reset (restoredOn)</dt>
          <dd>{account.restoredOn ?? <span className="muted">never</span>}</dd>
          <dt>Next reset (nextResetOn)</dt>
          <dd>
            <span className="stack">
              <span>
                {account.nextResetOn} at midnight in {account.timeZone}
              </span>
              <ZonedTime now={now} instant={account.nextResetAt} zone={zone} utc />
            </span>
          </dd>
        </dl>
      </section>

      <AccountActionForms
        accountId={account.id.toString()}
        version={account.version}
        plan={account.plan}
        timeZone={account.timeZone}
        nextResetOn={account.nextResetOn}
        earliest={window.earliest}
        latest={window.latest}
        canAct={operator.role === "operator"}
        actions={{ resetNow: resetAccountNowAction, moveReset: moveNextResetAction }}
      />

      <section className="card" aria-labelledby="resets-heading">
        <h2 id="resets-heading">Reset log</h2>
        {account.resets.length === 0 ? (
          <p className="empty">No reset yet: the first comes on {account.nextResetOn}.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" aria-label="Reset log">
              <thead>
                <tr>
                  <th scope="col">Reset on (local)</th>
                  <th scope="col">Cycle</th>
                  <th scope="col">Was due</th>
                  <th scope="col">At ({zone})</th>
                  <th scope="col">Plan</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {account.resets.map((r) => (
                  <tr key={r.id.toString()}>
                    <th scope="row">{r.restoredOn}</th>
                    <td>{r.cycleOn}</td>
                    <td>{r.byOperator ? <span className="muted">asked by an operator</span> : r.dueOn}</td>
                    <td>
                      <ZonedTime now={now} instant={r.resetAt} zone={zone} />
                    </td>
                    <td>{r.plan}</td>
                    <td>
                      <code>{r.sweptBy}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">What operators did</h2>
        <AuditList entries={entries} zone={zone} now={now} />
      </section>
    </>
  );
}
