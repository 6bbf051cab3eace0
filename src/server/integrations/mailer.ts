import nodemailer from "nodemailer";
import type { MailTransport } from "../services/email-outbox.ts";

/** An SMTP transport from a URL such as smtp://user:pass@mail.example.com:587. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}
