import { type Server, type Socket, createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../support/template-db.ts";
import type { Database } from "../../src/server/db/client.ts";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { createSmtpTransport } from "../../src/server/integrations/mailer.ts";
import { type MailSender, type MailTransport, deliverDueEmails, listMailbox, queueEmail } from "../../src/server/services/email-outbox.ts";

let database: Database;
const SENDER: MailSender = { from: "from@example.com", host: "staywise.example" };

beforeAll(async () => {
  database = await openMigratedTestDatabase();
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
    await deliverDueEmails(database.db, transport, SENDER);
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
    expect(await deliverDueEmails(database.db, recordingTransport(), SENDER)).toBe(1);
  });

  it("delivers pending messages once, and a dedupe key queues a message at most once", async () => {
    for (let i = 0; i < 2; i++) {
      await queueEmail(database.db, "smtp", { to: "once@example.com", subject: "Once", text: "body", kind: "test", dedupeKey: "once-1" });
    }
    const transport = recordingTransport();
    expect(await deliverDueEmails(database.db, transport, SENDER)).toBe(1);
    expect(await deliverDueEmails(database.db, transport, SENDER)).toBe(0);
    expect(transport.sent).toEqual(["once@example.com|Once"]);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "once@example.com"));
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("retries a failed delivery later instead of losing it", async () => {
    await queueEmail(database.db, "smtp", { to: "retry@example.com", subject: "Retry", text: "body", kind: "test" });
    const transport = recordingTransport(1);
    await deliverDueEmails(database.db, transport, SENDER);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "retry@example.com"));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Once due again it goes out.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    await deliverDueEmails(database.db, transport, SENDER);
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "retry@example.com"));
    expect(row?.status).toBe("sent");
    expect(transport.sent).toContain("retry@example.com|Retry");
  });
});

/**
 * A minimal SMTP server on a local port: it greets (unless `greet` is off), accepts every command,
 * keeps each message it receives, and answers the end of a message only while `answerData` is on
 * (otherwise it goes silent mid-message, as a stalled server does).
 */
async function fakeSmtpServer(options: { greet: boolean }) {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const state = { answerData: true };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    if (!options.greet) return;
    socket.write("220 fake.example ESMTP\r\n");
    let buffer = "";
    let inData = false;
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          if (!state.answerData) return;
          socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
        } else {
          socket.write(verb === "EHLO" ? "250 fake.example\r\n" : "250 OK\r\n");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    received,
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function outboxRow(to: string) {
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  return row!;
}

async function makeDue(id: number): Promise<void> {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(emailOutbox.id, id));
}

// Short limits keep the test short (what is asserted is that delivery gives up, not when), yet long
// enough that a busy machine's pause does not time out the stand-in's real answers.
const TIMEOUTS = { connectMs: 4000, greetingMs: 4000, socketMs: 4000 };

describe("SMTP delivery", () => {
  it("gives up on a server that accepts the connection and never greets, and retries the message later", async () => {
    const smtp = await fakeSmtpServer({ greet: false });
    try {
      await queueEmail(database.db, "smtp", { to: "mute@example.com", subject: "Mute", text: "body", kind: "test" });
      await deliverDueEmails(database.db, createSmtpTransport(smtp.url, TIMEOUTS), SENDER);
      const row = await outboxRow("mute@example.com");
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/greeting never received|timeout/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      await makeDue(row.id);
      await deliverDueEmails(database.db, recordingTransport(), SENDER);
      expect(await outboxRow("mute@example.com")).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it("gives up on a server that goes silent mid-message, and delivers it again with the same Message-ID", async () => {
    const smtp = await fakeSmtpServer({ greet: true });
    try {
      const transport = createSmtpTransport(smtp.url, TIMEOUTS);
      await queueEmail(database.db, "smtp", { to: "stall@example.com", subject: "Stall", text: "body", kind: "test" });
      smtp.state.answerData = false;
      await deliverDueEmails(database.db, transport, SENDER);
      const stalled = await outboxRow("stall@example.com");
      expect(stalled).toMatchObject({ status: "pending", attempts: 1 });
      expect(stalled.lastError).toMatch(/timeout/i);

      smtp.state.answerData = true;
      await makeDue(stalled.id);
      await deliverDueEmails(database.db, transport, SENDER);
      expect(await outboxRow("stall@example.com")).toMatchObject({ status: "sent", attempts: 2 });

      // The server received the message twice (the first time it never confirmed it): one Message-ID.
      const copies = smtp.received.filter((message) => /^To: stall@example\.com$/im.test(message));
      expect(copies).toHaveLength(2);
      const ids = copies.map((message) => /^Message-ID: (.+)$/im.exec(message)?.[1]);
      expect(ids).toEqual([`<outbox-${stalled.id}@staywise.example>`, `<outbox-${stalled.id}@staywise.example>`]);
    } finally {
      await smtp.close();
    }
  });
});
