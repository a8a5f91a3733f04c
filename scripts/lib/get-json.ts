// GET a URL and read a JSON answer, over node:http with a connection of its own per call.
//
// Why not fetch: when fetch's request is aborted, its pooled keep-alive socket can stay open,
// and `next start` shuts down gracefully, waiting for every open request: Ctrl-C during a
// staying tick then waited out the rest of the tick's budget in Next. Aborting this request
// destroys its socket, so the server sees the caller leave at once.
import http from "node:http";

export interface JsonAnswer {
  status: number;
  /** The parsed body, or undefined when it was not JSON. */
  body: unknown;
}

export function getJson(url: string, { headers, signal }: { headers: Record<string, string>; signal: AbortSignal }): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    // agent: false: a fresh connection, closed after the answer; one call every few seconds
    // gains nothing from keep-alive, and nothing is left open for the server to wait on.
    const request = http.get(url, { headers, signal, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on("error", reject);
  });
}
