import nodemailer from "nodemailer";
import type { MailTransport } from "../services/email-outbox.ts";

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number;
  /** From connecting to the server's 220 greeting. */
  greetingMs: number;
  /** Silence allowed at any later point (a server that stops answering mid-message). */
  socketMs: number;
}

/**
 * An SMTP transport from a URL such as smtp://user:pass@mail.example.com:587. Nodemailer's own
 * limits (2 minutes to connect, 10 minutes of silence) would let one stalled server hold the
 * delivery round of an instance for minutes; ours fail the message instead, and the outbox retries it.
 */
export function createSmtpTransport(smtpUrl: string, timeouts: SmtpTimeouts): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
