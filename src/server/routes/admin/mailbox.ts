import { z } from "zod";
import { apiRouter, defineRoute, jsonAnswer } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { listMailbox } from "../../services/email-outbox.ts";

const MailboxQuery = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int("pageSize must be a whole number").min(1).max(100, "pageSize must be at most 100").default(20),
});

const MailboxMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

const mailbox = defineRoute({
  method: "get",
  path: "/",
  operationId: "listMailbox",
  tags: ["Admin"],
  summary: "The outbox: e-mails kept in the app when no SMTP server is configured, newest first",
  request: { query: MailboxQuery },
  responses: {
    200: jsonAnswer(
      z.object({ messages: z.array(MailboxMessageSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
      "One page of messages",
    ),
  },
});

/** The outbox as admins see it: messages kept in the app when no SMTP server is configured. */
export function mailboxRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>().openapi(mailbox, async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { messages, total } = await listMailbox(deps.db, page, pageSize);
    return c.json({ messages, total, page, pageSize }, 200);
  });
}
