"use client";
// What an operator sees when the agenda cannot be read (the database unreachable, most often):
// a readable page that says so and offers to try again, instead of Next's generic error. The
// status stays 500: a page cannot choose it, and a monitor should see the failure.
export default function AgendaError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <>
      <h1>Agenda</h1>
      <p role="alert" className="notice notice-error">
        The agenda could not be read: the database did not answer (it may be restarting or out of connections). The
        scheduled jobs are safe in it; nothing was changed.{" "}
        <button type="button" onClick={() => reset()}>
          Try again
        </button>
      </p>
    </>
  );
}
