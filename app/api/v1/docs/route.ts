// GET /api/v1/docs: the interactive reference of /api/v1 (Swagger UI, with "Try it out").
// Swagger UI comes from the swagger-ui-dist package and is served by this app (./docs/<asset>),
// so the page needs no CDN. README "The JSON API" says why this one and not Scalar or Redoc.
export const dynamic = "force-static";

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Duly API reference</title>
  <link rel="stylesheet" href="/api/v1/docs/swagger-ui.css">
  <style>body { margin: 0; } .topbar { display: none; }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/api/v1/docs/swagger-ui-bundle.js"></script>
  <script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

export function GET(): Response {
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
