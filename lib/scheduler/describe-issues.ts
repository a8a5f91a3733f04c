// One wording for "this payload does not fit": `path: message; path: message`.
import type { z } from "zod";

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
}
