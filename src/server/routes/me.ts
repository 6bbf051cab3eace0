import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { z } from "zod";
import { claimTotpCode } from "../auth/totp-steps.ts";
import { MeSchema } from "../contract/account.ts";
import { DeleteMyAccountInput, ErasureSummarySchema, PersonalDataExportSchema } from "../contract/privacy.ts";
import { DomainError } from "../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { endSession, endSessions, listSessions } from "../services/accounts.ts";
import { logActivity } from "../services/activity-log.ts";
import { eraseAccount, exportFileName, exportPersonalData, openBookingCount } from "../services/privacy.ts";
import { hitRateLimit } from "../services/rate-limit.ts";

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

const exportMine = defineRoute({
  method: "get",
  path: "/export",
  operationId: "exportMyData",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Everything held about the signed-in account, as a JSON download (decision 067)",
  errors: ["RATE_LIMITED"],
  responses: { 200: jsonAnswer(PersonalDataExportSchema, "The account's data, sent as an attachment") },
});
const deleteMine = defineRoute({
  method: "post",
  path: "/delete",
  operationId: "deleteMyAccount",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Delete the signed-in account: its personal data is erased or anonymised at once (decision 067)",
  description:
    "Needs the password, and with two-factor sign-in on a current authenticator or recovery code. Refused while a stay is " +
    "to come, a hold is running or a refund is on its way. Invoices and paid bookings' guest names are kept for the legal period.",
  request: { body: jsonBody(DeleteMyAccountInput) },
  errors: ["INVALID_PASSWORD", "INVALID_TWO_FACTOR_CODE", "ACCOUNT_HAS_OPEN_BOOKINGS", "LAST_ADMIN", "RATE_LIMITED"],
  responses: { 200: jsonAnswer(ErasureSummarySchema, "Deleted; the session cookie is cleared") },
});

/** Clears the browser's session cookies (the session rows are gone already). */
function clearSessionCookies(c: Context) {
  for (const name of Object.keys(getCookie(c))) {
    if (name.includes("better-auth.")) deleteCookie(c, name, { path: "/", ...(name.startsWith("__Secure-") ? { secure: true } : {}) });
  }
}

/** Who is asking (the client's one source for the signed-in user and their role), and their own sessions. */
export function meRoutes(deps: AppDeps) {
  const { db, config, auth } = deps;

  async function limit(key: string): Promise<void> {
    if (!(await hitRateLimit(db, key, config.rateLimits.signInPerEmail)).allowed) throw new DomainError("RATE_LIMITED");
  }

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
    })
    .openapi(exportMine, async (c) => {
      const user = c.get("user");
      await limit(`export:user:${user.id}`);
      const data = await exportPersonalData(db, user.id);
      await logActivity(db, { actionType: "personal_data_exported", userId: user.id, userEmail: user.email });
      c.header("Content-Disposition", `attachment; filename="${exportFileName(user.id)}"`);
      c.header("Cache-Control", "no-store");
      return c.json(data, 200);
    })
    .openapi(deleteMine, async (c) => {
      const user = c.get("user");
      await limit(`delete:user:${user.id}`);
      const { password, code, reviews } = c.req.valid("json");
      const headers = c.req.raw.headers;
      // The password first, so that a mistyped one does not spend a recovery code.
      const checked = await auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
      if (!checked.ok) {
        await logActivity(db, {
          actionType: "sign_in_failed",
          userId: user.id,
          userEmail: user.email,
          details: { reason: "delete_account_password" },
        });
        throw new DomainError("INVALID_PASSWORD");
      }
      // Refused before a code is spent: the person cancels the booking first, and then asks again.
      if ((await openBookingCount(db, user.id)) > 0) throw new DomainError("ACCOUNT_HAS_OPEN_BOOKINGS");
      if (user.twoFactorEnabled) {
        const given = code ?? "";
        const passed = /^\d{6}$/.test(given)
          ? await claimTotpCode(db, auth, user.id, given, { stepsBefore: 1 })
          : given.length > 0 &&
            (await auth.api.verifyBackupCode({ body: { code: given, disableSession: true }, headers, asResponse: true })).ok;
        if (!passed) throw new DomainError("INVALID_TWO_FACTOR_CODE");
      }
      const summary = await eraseAccount(db, user.id, reviews, { kind: "self" });
      clearSessionCookies(c);
      return c.json({ deleted: true as const, ...summary }, 200);
    });
}
