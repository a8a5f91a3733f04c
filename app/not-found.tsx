// 404 inside the dashboard's frame (the root layout keeps the header and navigation): an unknown
// address, or a page that called notFound() (a job, booking or dispute that does not exist).
import type { Metadata } from "next";
import Link from "@/components/link.tsx";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p role="alert" className="notice notice-error">
        There is nothing at this address: the link may be mistyped, or the record may have been removed.
      </p>
      <p>
        <Link href="/overview">Go to the overview</Link> or look it up with <Link href="/search">Find</Link>.
      </p>
    </>
  );
}
