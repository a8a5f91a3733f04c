// Monthly quotas (issue 7): plans, cycle dates, the reset sweep, consumption, plan changes and
// the agenda's view. See docs/quotas.md.
export { plans, planNames, meteredAllowances, planColumns } from "./plans.ts";
export type { QuotaPlan, MeteredAllowance, Allowances, PlanValues } from "./plans.ts";
export { cycleDate, nextCycleAfter, cycleOnOrBefore, addDays, parseIsoDate, isIsoDate, daysInMonth, isLeapYear } from "./cycle-dates.ts";
export type { IsoDate } from "./cycle-dates.ts";
export { localDateOf, localDayStart } from "./local-time.ts";
export { resetDueAccounts, resetDueAccountsInTransaction, rowPositionPattern } from "./reset-due-accounts.ts";
export { resetAccountIfDue } from "./reset-account-if-due.ts";
export type { WriterReset } from "./reset-account-if-due.ts";
export type { QuotaClock } from "./reset-statement.ts";
export type { ResetSweepOptions, ResetSweepResult } from "./reset-due-accounts.ts";
export { createAccount } from "./create-account.ts";
export type { NewAccount, CreatedAccount } from "./create-account.ts";
export { consumeAllowance } from "./consume-allowance.ts";
export type { Consumption } from "./consume-allowance.ts";
export { changePlan } from "./change-plan.ts";
export type { PlanChange } from "./change-plan.ts";
export { upcomingResets } from "./upcoming-resets.ts";
export type { UpcomingResets, UpcomingResetDay, UpcomingResetAccount } from "./upcoming-resets.ts";
export { QuotaExhaustedError } from "./quota-errors.ts";
export { accountIdSchema, consumptionSchema } from "./inputs.ts";
export { listAccounts, accountDetail, operatorResetPrefix } from "./account-views.ts";
export type { AccountSummary, AccountListFilter, AccountDetail, ResetRecord } from "./account-views.ts";
export { resetAccountNow, moveNextReset, moveWindow, resetNowInput, moveNextResetInput } from "./operator-resets.ts";
export type { ResetNowInput, MoveNextResetInput, OperatorReset, MovedReset } from "./operator-resets.ts";
