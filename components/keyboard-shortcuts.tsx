"use client";
// The dashboard's keyboard shortcuts, for operators who live in it: `/` finds, j/k walk a list's
// rows (Enter opens the row: the row's first link has the focus), g o / g j go to Overview / Jobs,
// ? lists them. Never while typing: a key pressed in a field is the field's.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

const goTargets: Record<string, { href: string; label: string }> = {
  o: { href: "/overview", label: "Overview" },
  j: { href: "/jobs", label: "Jobs" },
  r: { href: "/running", label: "Running" },
  b: { href: "/bookings", label: "Bookings" },
  d: { href: "/disputes", label: "Disputes" },
};

/** How long after `g` the second key still counts. */
const chordMs = 1500;

export const shortcutList: Array<[string, string]> = [
  ["/", "Find (the search box)"],
  ["j / k", "Next / previous row of a list; Enter opens it"],
  ...Object.entries(goTargets).map(([key, target]): [string, string] => [`g ${key}`, `Go to ${target.label}`]),
  ["?", "This list"],
];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A checkbox or a button takes no text: j/k from a selected row's checkbox still move.
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
  return target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName);
}

/** The current page's list rows that lead somewhere: table body rows and [data-row] items with a link. */
function rowLinks(): HTMLAnchorElement[] {
  const rows = document.querySelectorAll<HTMLElement>("#content tbody tr, #content [data-row]");
  return Array.from(rows)
    .map((row) => row.querySelector<HTMLAnchorElement>("a[href]"))
    .filter((link): link is HTMLAnchorElement => link !== null);
}

function moveRow(step: 1 | -1): void {
  const links = rowLinks();
  if (links.length === 0) return;
  const current = links.findIndex((link) => link.closest("tr, [data-row]")?.contains(document.activeElement));
  const next = current === -1 ? (step === 1 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, current + step));
  for (const link of links) link.closest("tr, [data-row]")?.removeAttribute("data-current");
  links[next]!.closest("tr, [data-row]")?.setAttribute("data-current", "");
  links[next]!.focus();
  links[next]!.scrollIntoView({ block: "nearest" });
}

export function KeyboardShortcuts() {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    let gPressedAt = -Infinity;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (dialog.current?.open) return; // the dialog's own keys (Escape) only
      const chord = event.timeStamp - gPressedAt <= chordMs;
      gPressedAt = -Infinity;
      if (chord && goTargets[event.key]) {
        event.preventDefault();
        router.push(goTargets[event.key]!.href);
        return;
      }
      if (event.key === "g") gPressedAt = event.timeStamp;
      else if (event.key === "/") {
        const box = document.getElementById("site-search");
        if (!box) return;
        event.preventDefault();
        box.focus();
      } else if (event.key === "j" || event.key === "k") {
        event.preventDefault();
        moveRow(event.key === "j" ? 1 : -1);
      } else if (event.key === "?") {
        event.preventDefault();
        dialog.current?.showModal();
      }
    };
    document.addEventListener("keydown", onKey);
    // Says the keys are live (the end-to-end tests wait for it rather than for a time).
    document.documentElement.dataset.shortcuts = "ready";
    return () => {
      document.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.shortcuts;
    };
  }, [router]);
  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table>
        <caption className="visually-hidden">Keys and what they do</caption>
        <tbody>
          {shortcutList.map(([keys, what]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Not while typing in a field. Esc closes this list.</p>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
