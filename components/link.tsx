// The dashboard's links: next/link without prefetching. Every page is dynamic, so a prefetch
// fetches little that helps, and pages that refresh themselves (overview, jobs, running,
// disputes) would prefetch every link on them again after each refresh: an idle overview tab
// made about 63 requests every 46 s. With this, an idle tab makes one request per refresh
// (tests/e2e/live-lists.spec.ts). A link can still opt in with prefetch.
import NextLink from "next/link";
import type { ComponentProps } from "react";

export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
