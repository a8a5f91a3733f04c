// Real HTTP load (autocannon) with every answer tallied: its status, and for each refusal whether
// it said when to come back (Retry-After) and with which error code. The API overload e2e test and
// bench/api-overload.ts share it, so the test's verdict and the bench's figures count the same way.
import autocannon from "autocannon";

export interface LoadRequest {
  method: "GET" | "POST";
  /** Called for each request sent: its path (vary it to spread the load over records). */
  path: () => string;
  headers: Record<string, string>;
  body?: () => string;
}

export interface LoadOptions {
  url: string;
  /** Open connections, each with one request in flight at a time. */
  connections: number;
  /** Requests to send in all. */
  amount: number;
  request: LoadRequest;
  /** Seconds autocannon waits for one answer before counting a timeout. */
  timeoutSeconds?: number;
}

export interface LoadTally {
  /** Answers per HTTP status. */
  statuses: Record<number, number>;
  /** Error codes of the non-2xx answers (`error.code` of the envelope), with their counts. */
  codes: Record<string, number>;
  /** 503 answers without a Retry-After header. */
  unavailableWithoutRetryAfter: number;
  /** Requests that got no answer at all (a reset socket, a timeout) before the load was stopped. */
  errors: number;
  /** What those errors were (their code or message), with counts: a failure must say why. */
  errorKinds: Record<string, number>;
  timeouts: number;
  /** Answers in all. */
  answered: number;
  durationSeconds: number;
}

export interface RunningLoad {
  /** The tally so far (it keeps moving until `done` resolves). */
  readonly tally: LoadTally;
  /** Resolves once the first answer with this status (or any non-2xx status when omitted) arrives. */
  firstAnswer(matches: (status: number) => boolean): Promise<void>;
  done: Promise<LoadTally>;
  stop(): void;
}

function errorCodeOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } | string; code?: unknown };
    if (parsed && typeof parsed.error === "object" && typeof parsed.error.code === "string") return parsed.error.code;
    if (typeof parsed.code === "string") return parsed.code;
    return "(no code)";
  } catch {
    return "(not JSON)";
  }
}

export function startLoad(options: LoadOptions): RunningLoad {
  const tally: LoadTally = { statuses: {}, codes: {}, unavailableWithoutRetryAfter: 0, errors: 0, errorKinds: {}, timeouts: 0, answered: 0, durationSeconds: 0 };
  const watchers: Array<{ matches: (status: number) => boolean; resolve: () => void }> = [];
  const onResponse = (status: number, body: string, _context: object, headers: autocannon.Request["headers"]) => {
    tally.answered += 1;
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    if (status >= 300) {
      const code = errorCodeOf(body);
      tally.codes[code] = (tally.codes[code] ?? 0) + 1;
    }
    // Raw header names, as the server cased them.
    const retryAfter = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "retry-after");
    if (status === 503 && !retryAfter) tally.unavailableWithoutRetryAfter += 1;
    for (const watcher of [...watchers]) {
      if (!watcher.matches(status)) continue;
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  };
  const { request } = options;
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      amount: options.amount,
      timeout: options.timeoutSeconds ?? 60,
      requests: [
        {
          method: request.method,
          headers: request.headers,
          setupRequest: (sent) => ({ ...sent, path: request.path(), ...(request.body ? { body: request.body() } : {}) }),
          onResponse,
        },
      ],
    },
    () => {},
  );
  let stopped = false;
  // Requests still in flight when the caller stops the load are cut off by us, not the server.
  instance.on("reqError", (error: Error & { code?: string }) => {
    if (stopped) return;
    tally.errors += 1;
    const kind = error.code ?? error.message;
    tally.errorKinds[kind] = (tally.errorKinds[kind] ?? 0) + 1;
  });
  const done = new Promise<LoadTally>((resolve) => {
    instance.on("done", (result: autocannon.Result) => {
      tally.timeouts = result.timeouts;
      tally.durationSeconds = result.duration;
      for (const watcher of watchers.splice(0)) watcher.resolve();
      resolve(tally);
    });
  });
  return {
    tally,
    firstAnswer(matches) {
      return new Promise<void>((resolve) => watchers.push({ matches, resolve }));
    },
    done,
    stop: () => {
      stopped = true;
      instance.stop();
    },
  };
}
