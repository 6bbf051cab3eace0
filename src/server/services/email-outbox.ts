import { count, desc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** Same key, same message: queueing it again does nothing. */
  dedupeKey?: string;
}

export type DeliveryMode = "smtp" | "mailbox";

/**
 * Queues a message in the outbox. Pass the transaction of the change that caused the message so
 * both commit or neither does. Without SMTP the message is stored for the in-app Mailbox.
 */
export async function queueEmail(db: Db, mode: DeliveryMode, email: OutgoingEmail): Promise<void> {
  // A booking whose guest deleted their account has no e-mail left (decision 067): nobody to write to.
  if (!email.to) return;
  await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      kind: email.kind,
      dedupeKey: email.dedupeKey ?? null,
      status: mode === "smtp" ? "pending" : "stored",
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}

export interface MailboxMessage {
  id: number;
  to: string;
  subject: string;
  /** Only messages kept in the app (never delivered elsewhere) show their body. */
  text: string | null;
  /** The HTML alternative, when the message has one (shown the same way as `text`). */
  html: string | null;
  kind: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

export async function listMailbox(db: Db, page: number, pageSize: number): Promise<{ messages: MailboxMessage[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(emailOutbox),
  ]);
  return {
    total: totals[0]?.total ?? 0,
    messages: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.status === "stored" ? r.textBody : null,
      html: r.status === "stored" ? r.htmlBody : null,
      kind: r.kind,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
  };
}

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html?: string; messageId: string }): Promise<void>;
}

/** Who the outbox's messages come from. */
export interface MailSender {
  /** The From header, e.g. `Staywise <no-reply@staywise.example>`. */
  from: string;
  /** The public host name, the right-hand side of every Message-ID. */
  host: string;
}

/**
 * The one Message-ID of an outbox row, whichever attempt delivers it: a message delivered again
 * (after a crash between the server's accept and the `sent` update) is recognisably the same one.
 */
export function outboxMessageId(id: number, host: string): string {
  return `<outbox-${id}@${host}>`;
}

const MAX_ATTEMPTS = 8;
/** A message left 'sending' this long belongs to a worker that died; it is retried. */
const STALE_SENDING_SECONDS = 300;

/**
 * Delivers due messages once. Rows are claimed with SKIP LOCKED so several instances never send the
 * same message; failures back off exponentially and give up after MAX_ATTEMPTS.
 */
export async function deliverDueEmails(db: Db, transport: MailTransport, sender: MailSender, batchSize = 20): Promise<number> {
  const claimed = await queryRows<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attempts: number;
  }>(
    db,
    sql`
    update email_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = now()
    where id in (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and next_attempt_at < now() - make_interval(secs => ${STALE_SENDING_SECONDS}))
      order by id limit ${batchSize}
      for update skip locked)
    returning id, to_address, subject, text_body, html_body, attempts`,
  );
  for (const row of claimed) {
    try {
      await transport.send({
        from: sender.from,
        messageId: outboxMessageId(Number(row.id), sender.host),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
      });
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, row.id));
    } catch (error) {
      const attempts = Number(row.attempts);
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + Math.min(3600, 2 ** attempts * 5) * 1000),
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return claimed.length;
}
