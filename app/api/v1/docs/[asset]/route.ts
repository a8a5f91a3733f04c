// The reference page's static files: Swagger UI's bundle and stylesheet from swagger-ui-dist
// (read from the installed package, so no CDN), and the few lines that start it. Only these names.
import { readFile } from "node:fs/promises";
import path from "node:path";
import swaggerUiDistPath from "swagger-ui-dist/absolute-path.js";

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

export function generateStaticParams(): { asset: string }[] {
  return [...Object.keys(fromPackage), "init.js"].map((asset) => ({ asset }));
}

export async function GET(_request: Request, context: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await context.params;
  const cache = { "Cache-Control": "public, max-age=86400" };
  if (asset === "init.js") return new Response(init, { headers: { "Content-Type": "text/javascript; charset=utf-8", ...cache } });
  const type = fromPackage[asset];
  if (!type) return new Response("not found", { status: 404 });
  const body = await readFile(path.join(swaggerUiDistPath(), asset));
  return new Response(body, { headers: { "Content-Type": type, ...cache } });
}
