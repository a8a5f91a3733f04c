// A page that fails on purpose, so the end-to-end tests can see a 500 inside the dashboard's
// frame (app/error.tsx). Only where time travel is on (the test server); elsewhere it does not exist.
import { notFound } from "next/navigation";
import { timeTravelEnabled } from "@/app/_lib/search-params.ts";

export const dynamic = "force-dynamic";

export default function ErrorDrillPage(): never {
  if (!timeTravelEnabled()) notFound();
  throw new Error("error drill: this page fails on purpose");
}
