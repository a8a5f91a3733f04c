// One alert email through the SMTP server named by DULY_ALERT_SMTP_URL (nodemailer). Bounded
// twice: connecting, the greeting and each exchange time out (a dead mail server fails at once),
// and the whole send has one deadline, the same timeout: a server that answers every command a
// little under the socket timeout would otherwise take their sum (MAIL, RCPT, DATA, the message:
// about a minute at 10 s), past the delivery job's lease (timeout + 20 s, alert-jobs.ts), when
// another process may claim the job and send the email again. Past the deadline the send is
// abandoned (nodemailer's abort closes the connection) and fails; the engine retries it.
import nodemailer from "nodemailer";

export interface AlertEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export async function sendAlertEmail(smtpUrl: string, email: AlertEmail, timeoutMs: number): Promise<void> {
  // The URL inside the options object: createTransport's second argument is per-message
  // defaults, so timeouts given there were ignored (nodemailer's own: 30 s greeting, 10 min socket).
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    await transport.sendMail({ ...email, signal: deadline });
  } catch (error) {
    if (!deadline.aborted) throw error;
    throw new Error(`the SMTP server at ${new URL(smtpUrl).host} did not take the alert email within ${timeoutMs} ms (connecting, greeting and every exchange together)`, {
      cause: error,
    });
  } finally {
    transport.close();
  }
}
