import { z } from "zod";
import { MeSchema } from "../contract/account.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { endSession, endSessions, listSessions } from "../services/accounts.ts";
import { logActivity } from "../services/activity-log.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const TAGS = ["Account"];

const AccountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable().describe("Read from the user agent, e.g. Firefox; null when it does not say"),
  os: z.string().nullable().describe("Read from the user agent, e.g. Windows or iPhone; null when it does not say"),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string().describe("To within five minutes"),
  current: z.boolean().describe("The session of this request"),
});
const SessionIdParam = z.object({ id: z.string().min(1).max(100, "That is not a session id") });

const me = defineRoute({
  method: "get",
  path: "/",
  operationId: "getMe",
  tags: TAGS,
  summary: "The signed-in user, or null",
  responses: { 200: jsonAnswer(MeSchema, "Who is asking") },
});
const sessionList = defineRoute({
  method: "get",
  path: "/sessions",
  operationId: "listAccountSessions",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "The account's signed-in sessions (device, address, last seen), the most recently used first",
  responses: { 200: jsonAnswer(z.object({ sessions: z.array(AccountSessionSchema) }), "Sessions") },
});
const endOne = defineRoute({
  method: "delete",
  path: "/sessions/{id}",
  operationId: "endAccountSession",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Sign one of the account's sessions out",
  request: { params: SessionIdParam },
  errors: ["SESSION_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ ended: z.literal(1) }), "Signed out") },
});
const endOthers = defineRoute({
  method: "post",
  path: "/sessions/end-others",
  operationId: "endOtherAccountSessions",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Sign out every session of the account but this one",
  responses: { 200: jsonAnswer(z.object({ ended: z.number().int() }), "How many sessions were signed out") },
});

/** Who is asking (the client's one source for the signed-in user and their role), and their own sessions. */
export function meRoutes(deps: AppDeps) {
  const { db, config } = deps;
  return apiRouter()
    .openapi(me, (c) => {
      return c.json({ user: c.get("user") }, 200);
    })
    .openapi(sessionList, async (c) => {
      const sessions = await listSessions(db, c.get("user").id, c.get("sessionId"), config.sessionMaxAgeDays * DAY_MS);
      return c.json({ sessions }, 200);
    })
    .openapi(endOne, async (c) => {
      const user = c.get("user");
      await endSession(db, user.id, c.req.valid("param").id);
      await logActivity(db, { actionType: "sessions_signed_out", userId: user.id, userEmail: user.email, details: { ended: 1 } });
      return c.json({ ended: 1 as const }, 200);
    })
    .openapi(endOthers, async (c) => {
      const user = c.get("user");
      const ended = await endSessions(db, user.id, c.get("sessionId"));
      await logActivity(db, { actionType: "sessions_signed_out", userId: user.id, userEmail: user.email, details: { ended } });
      return c.json({ ended }, 200);
    });
}
