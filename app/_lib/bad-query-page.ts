// The answer to a page request whose query string does not parse: HTTP 400 with a small HTML
// page saying what is wrong and where to go instead. A page component cannot set its status
// (it streams with 200), so proxy.ts sends this before the page runs.

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

export function badQueryResponse({ title, error, backHref, backText }: { title: string; error: string; backHref: string; backText: string }): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Duly</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1.5rem; line-height: 1.5; color-scheme: light dark; }
  .notice { padding: 0.6rem 0.9rem; border: 1px solid #b42318; border-radius: 8px; color: #b42318; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p role="alert" class="notice">This link has a bad parameter: ${escapeHtml(error)}.</p>
<p><a href="${escapeHtml(backHref)}">${escapeHtml(backText)}</a></p>
</body>
</html>
`;
  return new Response(html, { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
