import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import Link from "@/components/link.tsx";
import { unstable_rethrow } from "next/navigation";
import { currentOperator } from "@/app/_lib/operator-session.ts";
import { SignOutButton } from "@/components/sign-out-button.tsx";
import { ZonePicker } from "@/components/zone-picker.tsx";
import { KeyboardShortcuts } from "@/components/keyboard-shortcuts.tsx";
import { searchInputMaxLength } from "@/app/search/search-query.ts";
import { displayZone } from "@/app/_lib/display-zone.ts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Duly", template: "%s · Duly" },
  description: "Duly: the marketplace's scheduled work, kept in PostgreSQL.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

const sections = [
  { href: "/overview", label: "Overview" },
  { href: "/jobs", label: "Jobs" },
  { href: "/running", label: "Running" },
  { href: "/history", label: "History" },
  { href: "/bookings", label: "Bookings" },
  { href: "/job-types", label: "Job types" },
  { href: "/recurring", label: "Recurring" },
  { href: "/disputes", label: "Disputes" },
  { href: "/accounts", label: "Accounts" },
  { href: "/agenda", label: "Agenda" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/alerts", label: "Alerts" },
  { href: "/audit", label: "Audit log" },
];

// The header shows who is signed in; it protects nothing (every page checks for itself).
export default async function RootLayout({ children }: { children: ReactNode }) {
  // The header only shows who is signed in; the page itself reports (and checks) the rest.
  const operator = await currentOperator().catch((error: unknown) => {
    unstable_rethrow(error); // Next's own signals (dynamic rendering, redirects) pass through
    console.error("[duly] could not read the session for the header:", error);
    return null;
  });
  const { zone, chosen } = await displayZone();
  return (
    <html lang="en">
      <body>
        <a href="#content" className="skip-link">
          Skip to content
        </a>
        <header className="site-header">
          <Link href="/" className="brand">
            Duly
          </Link>
          {operator ? (
            <>
              <nav aria-label="Main" className="main-nav">
                {sections.map((section) => (
                  <Link key={section.href} href={section.href}>
                    {section.label}
                  </Link>
                ))}
              </nav>
              <form role="search" action="/search" method="get" className="site-search">
                <label htmlFor="site-search" className="visually-hidden">
                  Find
                </label>
                <input id="site-search" type="search" name="q" maxLength={searchInputMaxLength} placeholder="Find: #123, booking:42, email, key…" autoComplete="off" />
              </form>
              <div className="session">
                <ZonePicker zone={zone} chosen={chosen} />
                <span className="muted">
                  <bdi>{operator.email}</bdi> <span className={`role role-${operator.role}`}>{operator.role}</span>
                </span>
                <SignOutButton />
              </div>
            </>
          ) : null}
        </header>
        <main className="page" id="content">
          {children}
        </main>
        {operator ? <KeyboardShortcuts /> : null}
      </body>
    </html>
  );
}
