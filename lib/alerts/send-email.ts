// One alert email through the SMTP server named by DULY_ALERT_SMTP_URL (nodemailer). Bounded:
// connecting, the greeting and each exchange time out, so a dead mail server fails the attempt
// (the engine retries it) instead of holding the delivery's transaction until its lease.
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
  });
  try {
    await transport.sendMail(email);
  } finally {
    transport.close();
  }
}
