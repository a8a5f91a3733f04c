// Errors become text the database can store: job_runs.error, scheduled_jobs.last_error,
// recurring_schedules.last_error and the tick's summary all go through this.
const maxErrorLength = 4000;

/**
 * One line about anything a handler may throw (an Error, a string, undefined, an object without
 * a prototype...), storable as text: no NUL, well-formed Unicode, at most maxErrorLength.
 */
export function describeError(error: unknown): string {
  let text: string;
  try {
    if (error instanceof Error) text = `${error.name}: ${error.message}`;
    else if (typeof error === "string") text = error;
    else if (error === undefined || error === null) text = `a handler threw ${String(error)}`;
    else text = `a handler threw a non-Error value: ${JSON.stringify(error) ?? Object.prototype.toString.call(error)}`;
  } catch {
    text = `a handler threw ${Object.prototype.toString.call(error)}`;
  }
  const stored = text.replaceAll("\u0000", "\\0");
  return (stored.length > maxErrorLength ? `${stored.slice(0, maxErrorLength)}…` : stored).toWellFormed();
}


/** An Error for anything thrown: itself if it is one, else one carrying its description. */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(describeError(error));
}
