// One wording for "this input does not fit its schema", wherever input is parsed with zod:
// `path: message; path: message`.
import type { z } from "zod";

export interface DescribeOptions {
  /** What to call an issue about the whole value (empty path). */
  root?: string;
  /** How to introduce keys a strict schema does not know ("unknown parameter(s)"). */
  unknownKeys?: string;
}

export function describeIssues(error: z.ZodError, { root = "(root)", unknownKeys = "unknown key(s)" }: DescribeOptions = {}): string {
  return error.issues
    .map((issue) => {
      if (issue.code === "unrecognized_keys") return `${unknownKeys}: ${issue.keys.join(", ")}`;
      return `${issue.path.length > 0 ? issue.path.join(".") : root}: ${issue.message}`;
    })
    .join("; ");
}
