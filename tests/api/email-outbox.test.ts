import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { type MailTransport, deliverDueEmails, listMailbox, queueEmail } from "../../src/server/services/email-outbox.ts";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: null });
  await migrateDatabase(database);
});
afterAll(() => database.close());

function recordingTransport(failTimes = 0): MailTransport & { sent: string[] } {
  let failures = failTimes;
  const sent: string[] = [];
  return {
    sent,
    async send(message) {
      if (failures > 0) {
        failures--;
        throw new Error("SMTP down");
      }
      sent.push(`${message.to}|${message.subject}`);
    },
  };
}

describe("e-mail outbox", () => {
  it("keeps messages in the mailbox when there is no SMTP server", async () => {
    await queueEmail(database.db, "mailbox", { to: "kept@example.com", subject: "Kept", text: "body", kind: "test" });
    const transport = recordingTransport();
    await deliverDueEmails(database.db, transport, "from@example.com");
    expect(transport.sent).toEqual([]);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "kept@example.com"));
    expect(row?.status).toBe("stored");
  });

  it("shows a kept message's text and HTML in the mailbox, and no body for one delivered by SMTP", async () => {
    await queueEmail(database.db, "mailbox", {
      to: "html@example.com",
      subject: "With HTML",
      text: "plain",
      html: "<p>rich</p>",
      kind: "test",
    });
    await queueEmail(database.db, "smtp", { to: "away@example.com", subject: "Away", text: "secret", html: "<p>secret</p>", kind: "test" });
    const { messages } = await listMailbox(database.db, 1, 100);
    expect(messages.find((m) => m.to === "html@example.com")).toMatchObject({ text: "plain", html: "<p>rich</p>" });
    expect(messages.find((m) => m.to === "away@example.com")).toMatchObject({ text: null, html: null });
    // Sent now, so the next test starts with nothing pending.
    expect(await deliverDueEmails(database.db, recordingTransport(), "from@example.com")).toBe(1);
  });

  it("delivers pending messages once, and a dedupe key queues a message at most once", async () => {
    for (let i = 0; i < 2; i++) {
      await queueEmail(database.db, "smtp", { to: "once@example.com", subject: "Once", text: "body", kind: "test", dedupeKey: "once-1" });
    }
    const transport = recordingTransport();
    expect(await deliverDueEmails(database.db, transport, "from@example.com")).toBe(1);
    expect(await deliverDueEmails(database.db, transport, "from@example.com")).toBe(0);
    expect(transport.sent).toEqual(["once@example.com|Once"]);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "once@example.com"));
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("retries a failed delivery later instead of losing it", async () => {
    await queueEmail(database.db, "smtp", { to: "retry@example.com", subject: "Retry", text: "body", kind: "test" });
    const transport = recordingTransport(1);
    await deliverDueEmails(database.db, transport, "from@example.com");
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "retry@example.com"));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Once due again it goes out.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    await deliverDueEmails(database.db, transport, "from@example.com");
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "retry@example.com"));
    expect(row?.status).toBe("sent");
    expect(transport.sent).toContain("retry@example.com|Retry");
  });
});
