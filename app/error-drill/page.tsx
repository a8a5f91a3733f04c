// A page that fails on purpose (`/error-drill?fail=1`), so the end-to-end tests can see a 500
// inside the dashboard's frame (app/error.tsx). Only where time travel is on (the test server);
// elsewhere, and without `fail=1` (so the tests that walk every page meet no deliberate 500), it
// does not exist.
import { notFound } from "next/navigation";
import { timeTravelEnabled } from "@/app/_lib/search-params.ts";

export const dynamic = "force-dynamic";

export default async function ErrorDrillPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }): Promise<never> {
  const { fail } = await searchParams;
  if (!timeTravelEnabled() || fail !== "1") notFound();
  throw new Error("error drill: this page fails on purpose");
}
