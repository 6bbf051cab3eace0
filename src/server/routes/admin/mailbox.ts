import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { validate } from "../../http/validate.ts";
import { listMailbox } from "../../services/email-outbox.ts";

const MailboxQuery = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int("pageSize must be a whole number").min(1).max(100, "pageSize must be at most 100").default(20),
});

/** The outbox as admins see it: messages kept in the app when no SMTP server is configured. */
export function mailboxRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", validate("query", MailboxQuery), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { messages, total } = await listMailbox(deps.db, page, pageSize);
    c.header("Cache-Control", "no-store");
    return c.json({ messages, total, page, pageSize });
  });
}
