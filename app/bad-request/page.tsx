// The 400 for a page whose query string does not parse, inside the dashboard's frame. proxy.ts
// answers such a request by rewriting it here with status 400 and the reason in a request header
// that only it sets (app/_lib/bad-query-page.ts); visited directly, there is no reason: 404.
import type { Metadata } from "next";
import Link from "@/components/link.tsx";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { readBadQuery } from "@/app/_lib/bad-query-page.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bad link" };

export default async function BadRequestPage() {
  const bad = readBadQuery(await headers());
  if (!bad) notFound();
  return (
    <>
      <h1>{bad.title}</h1>
      <p role="alert" className="notice notice-error">
        This link has a bad parameter: {bad.error}.
      </p>
      <p>
        <Link href={bad.backHref}>{bad.backText}</Link>
      </p>
    </>
  );
}
