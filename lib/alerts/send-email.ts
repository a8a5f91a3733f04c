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
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  try {
    await transport.sendMail(email);
  } finally {
    transport.close();
  }
}
