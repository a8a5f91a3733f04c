// The reference page's static files: Swagger UI's bundle and stylesheet from swagger-ui-dist
// (read from the installed package, so no CDN), and the few lines that start it. Only these names.
import { readFile } from "node:fs/promises";
import path from "node:path";
import swaggerUiDistPath from "swagger-ui-dist/absolute-path.js";
import { errorCatalogue, errorTypeOf } from "@/lib/api/error-catalogue.ts";

export const dynamic = "force-static";

const fromPackage: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

// Separate file rather than an inline script, so a strict Content-Security-Policy can allow 'self'.
const init = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: true,
    displayRequestDuration: true,
  });
});
`;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const codeHtml = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** `/api/v1/docs/errors`: every code an answer may carry, each at its anchor (an error's `doc_url`). */
function errorsPage(): string {
  const rows = [...errorCatalogue].map(
    ([code, { status, description }]) =>
      `<tr id="${code.toLowerCase()}"><td>${status}</td><td><code>${code}</code></td><td><code>${errorTypeOf(status, code)}</code></td><td>${codeHtml(description)}</td></tr>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Duly API errors</title></head><body>
<h1>Duly API errors</h1>
<p>Every refusal is <code>{ "error": { "type", "code", "message", "param"?, "doc_url", "request_id" } }</code>; quote the <code>request_id</code> when you ask about a request. <a href="/api/v1/docs">The API reference</a>.</p>
<table><thead><tr><th>Status</th><th>Code</th><th>Type</th><th>What to do</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table></body></html>`;
}

export function generateStaticParams(): { asset: string }[] {
  return [...Object.keys(fromPackage), "init.js", "errors"].map((asset) => ({ asset }));
}

export async function GET(_request: Request, context: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await context.params;
  const cache = { "Cache-Control": "public, max-age=86400" };
  if (asset === "errors") return new Response(errorsPage(), { headers: { "Content-Type": "text/html; charset=utf-8", ...cache } });
  if (asset === "init.js") return new Response(init, { headers: { "Content-Type": "text/javascript; charset=utf-8", ...cache } });
  const type = fromPackage[asset];
  if (!type) return new Response("not found", { status: 404 });
  const body = await readFile(path.join(swaggerUiDistPath(), asset));
  return new Response(body, { headers: { "Content-Type": type, ...cache } });
}
