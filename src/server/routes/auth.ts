import { eq } from "drizzle-orm";
import { z } from "zod";
import { NewPassword, PasswordResetRequestInput, SignInInput, SignUpInput } from "../../shared/auth.ts";
import { recordSignIn } from "../auth/auth.ts";
import { claimTotpCode } from "../auth/totp-steps.ts";
import { sessions, users } from "../db/schema.ts";
import { untrustedOriginMessage } from "../middleware/origin-check.ts";
import { requireUser } from "../middleware/session.ts";
import type { RateLimitRule } from "../config.ts";
import { DomainError } from "../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { endSessions } from "../services/accounts.ts";
import { logActivity } from "../services/activity-log.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import { currentRequest } from "../request-context.ts";

const SignUpWithReferral = SignUpInput.extend({
  referralCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, "That referral link is not valid")
    .optional(),
});

const ResetPasswordInput = z.object({
  newPassword: SignUpInput.shape.password,
  token: z.string().min(1, "The reset link is incomplete").max(200),
});

const PasswordConfirmation = z.object({
  password: z.string().min(1, "Enter your current password").max(128, "Password must be at most 128 characters"),
});
const TotpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});
const BackupCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{10,11}$/, "Enter one of your recovery codes, like AbCdE-12345"),
});
/** Turning two-factor off takes the password and a second factor: a stolen password alone cannot do it. */
const DisableTwoFactorInput = PasswordConfirmation.extend({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9-]{10,11})$/, "Enter the 6-digit code from your authenticator app, or one of your recovery codes"),
});
const ChangePasswordInput = z.object({
  currentPassword: PasswordConfirmation.shape.password,
  newPassword: NewPassword,
});

const TAGS = ["Auth"];
const TWO_FACTOR_CODE_TO_TURN_OFF =
  "That code is not right. Enter the code your authenticator app shows now, or one of your unused recovery codes.";
const AuthUser = z.looseObject({ id: z.string(), email: z.string(), name: z.string() });
const Status = z.object({ status: z.boolean() });
/** better-auth's own answer, passed through (its session token removed). */
const SignedIn = z.looseObject({ user: AuthUser });

const signUp = defineRoute({
  method: "post",
  path: "/sign-up/email",
  operationId: "signUp",
  tags: TAGS,
  summary: "Create an account (the same answer whether or not the address is taken; no session)",
  request: { body: jsonBody(SignUpWithReferral) },
  errors: ["RATE_LIMITED"],
  responses: { 200: jsonAnswer(Status, "Accepted") },
});
const signIn = defineRoute({
  method: "post",
  path: "/sign-in/email",
  operationId: "signIn",
  tags: TAGS,
  summary: "Sign in; sets the session cookie, or asks for the second factor (twoFactorRedirect)",
  request: { body: jsonBody(SignInInput) },
  errors: ["RATE_LIMITED", "INVALID_CREDENTIALS", "ACCOUNT_DISABLED"],
  responses: {
    200: jsonAnswer(
      z.looseObject({ user: AuthUser.optional(), twoFactorRedirect: z.boolean().optional() }),
      "Signed in, or the second step",
    ),
  },
});
const enableTwoFactor = defineRoute({
  method: "post",
  path: "/two-factor/enable",
  operationId: "enableTwoFactor",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Start enrolling an authenticator (confirmed by verify-totp)",
  request: { body: jsonBody(PasswordConfirmation) },
  errors: ["RATE_LIMITED", "INVALID_PASSWORD"],
  responses: {
    200: jsonAnswer(z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }), "The authenticator's URI and recovery codes"),
  },
});
const disableTwoFactor = defineRoute({
  method: "post",
  path: "/two-factor/disable",
  operationId: "disableTwoFactor",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Turn two-factor authentication off (password and a current or recovery code); ends the account's other sessions",
  request: { body: jsonBody(DisableTwoFactorInput) },
  errors: ["RATE_LIMITED", "INVALID_PASSWORD", "INVALID_TWO_FACTOR_CODE"],
  responses: { 200: jsonAnswer(Status, "Off") },
});
const changePassword = defineRoute({
  method: "post",
  path: "/change-password",
  operationId: "changePassword",
  middleware: [requireUser] as const,
  tags: TAGS,
  summary: "Change the password while signed in (the current one required); ends the account's other sessions",
  request: { body: jsonBody(ChangePasswordInput) },
  errors: ["RATE_LIMITED", "INVALID_PASSWORD"],
  responses: { 200: jsonAnswer(z.object({ status: z.boolean(), otherSessionsEnded: z.number().int() }), "Changed") },
});
const verifyTotp = defineRoute({
  method: "post",
  path: "/two-factor/verify-totp",
  operationId: "verifyTotp",
  tags: TAGS,
  summary: "The authenticator's code: completes a sign-in, or confirms enrolment",
  request: { body: jsonBody(TotpCode) },
  errors: ["RATE_LIMITED", "INVALID_TWO_FACTOR_CODE", "TWO_FACTOR_EXPIRED"],
  responses: { 200: jsonAnswer(SignedIn, "Signed in (a new session cookie)") },
});
const verifyBackupCode = defineRoute({
  method: "post",
  path: "/two-factor/verify-backup-code",
  operationId: "verifyBackupCode",
  tags: TAGS,
  summary: "A recovery code instead of the authenticator's",
  request: { body: jsonBody(BackupCode) },
  errors: ["RATE_LIMITED", "INVALID_TWO_FACTOR_CODE", "TWO_FACTOR_EXPIRED"],
  responses: { 200: jsonAnswer(SignedIn, "Signed in (a new session cookie)") },
});
const signOut = defineRoute({
  method: "post",
  path: "/sign-out",
  operationId: "signOut",
  tags: TAGS,
  summary: "End the session",
  responses: { 200: jsonAnswer(z.object({ success: z.boolean() }), "Signed out") },
});
const requestReset = defineRoute({
  method: "post",
  path: "/request-password-reset",
  operationId: "requestPasswordReset",
  tags: TAGS,
  summary: "E-mail a password reset link (the same answer for every address)",
  request: { body: jsonBody(PasswordResetRequestInput) },
  errors: ["RATE_LIMITED"],
  responses: { 200: jsonAnswer(z.object({ status: z.boolean(), message: z.string() }), "Accepted") },
});
const resetPassword = defineRoute({
  method: "post",
  path: "/reset-password",
  operationId: "resetPassword",
  tags: TAGS,
  summary: "Set a new password with the link's token; ends every session of the account",
  request: { body: jsonBody(ResetPasswordInput) },
  errors: ["RATE_LIMITED", "INVALID_TOKEN"],
  responses: { 200: jsonAnswer(Status, "Changed") },
});
const resetLink = defineRoute({
  method: "get",
  path: "/reset-password/{token}",
  operationId: "openPasswordResetLink",
  tags: TAGS,
  summary: "The e-mailed link: checks the token and redirects to the reset page",
  request: { params: z.object({ token: z.string() }) },
  responses: { 302: { description: "To /reset-password with the token, or with an error" } },
});
const getSession = defineRoute({
  method: "get",
  path: "/get-session",
  operationId: "getAuthSession",
  tags: TAGS,
  summary: "better-auth's session read (the app itself uses /api/me)",
  responses: { 200: jsonAnswer(z.looseObject({ user: AuthUser, session: z.looseObject({}) }).nullable(), "The session, or null") },
});

/** better-auth answered for us: its response goes out as it is (typed as the route's declared answer). */
function passedOn<T>(response: Response): T {
  return response as T;
}

/**
 * Every answer of /api/auth is private to its user: never cached, and never carrying the raw
 * session token in its body (the httpOnly cookie is the only place it lives).
 */
async function privateAnswer(res: Response): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set("Cache-Control", "no-store");
  if (!headers.get("content-type")?.includes("application/json")) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
  const text = await res.text();
  if (!text) return new Response(null, { status: res.status, statusText: res.statusText, headers });
  const body = JSON.parse(text) as unknown;
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    delete record.token;
    if (record.session && typeof record.session === "object") delete (record.session as Record<string, unknown>).token;
  }
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, statusText: res.statusText, headers });
}

async function errorCode(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === "string" ? body.code : null;
}

/** better-auth's refusals that mean "this page's origin is not trusted", not anything about the account. */
const ORIGIN_REFUSALS = new Set(["INVALID_ORIGIN", "MISSING_OR_NULL_ORIGIN", "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED"]);

/**
 * The only better-auth endpoints we expose. Each body is validated and rebuilt from known fields
 * before better-auth sees it, so no request can set a role or any other server-owned field;
 * every other /api/auth path (including the admin plugin's) answers 404.
 */
export function authRoutes(deps: AppDeps) {
  const { db, auth, config } = deps;

  async function limit(key: string, rule: RateLimitRule): Promise<void> {
    const result = await hitRateLimit(db, key, rule);
    if (!result.allowed) {
      throw new DomainError("RATE_LIMITED");
    }
  }

  function forward(req: Request, ip: string | null, body?: unknown): Promise<Response> {
    const headers = new Headers(req.headers);
    headers.delete("content-length");
    headers.delete("x-staywise-client-ip");
    if (ip) headers.set("x-staywise-client-ip", ip);
    const init: RequestInit = { method: req.method, headers };
    if (body !== undefined) {
      headers.set("content-type", "application/json");
      init.body = JSON.stringify(body);
    }
    return auth.handler(new Request(req.url, init));
  }

  function requireSignedIn<T>(user: T | null): T {
    if (!user) throw new DomainError("UNAUTHENTICATED");
    return user;
  }

  /** The session a better-auth answer set in its cookie (enrolment and two-factor off replace the session). */
  async function sessionSetBy(response: Response): Promise<string | null> {
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return (await auth.api.getSession({ headers: new Headers({ cookie }) }))?.session.id ?? null;
  }

  async function refuseCode(user: { id: string; email: string } | null, reason: string): Promise<never> {
    await logActivity(db, { actionType: "sign_in_failed", userId: user?.id ?? null, userEmail: user?.email ?? null, details: { reason } });
    throw new DomainError("INVALID_TWO_FACTOR_CODE");
  }

  /**
   * The second step of a sign-in (no session yet, the two-factor cookie names the user), or the
   * confirmation of a newly enabled authenticator (signed in): better-auth checks the code either way,
   * then an authenticator code is refused if its time step was already used. The session made here
   * is the one marked as having passed the second factor (auth.ts); enrolment ends every other.
   */
  async function verifySecondFactor(
    req: Request,
    ip: string | null,
    user: { id: string; email: string; twoFactorEnabled: boolean } | null,
    body: { code: string },
    kind: "totp" | "backup",
  ): Promise<Response> {
    await limit(`2fa:ip:${ip ?? "unknown"}`, config.rateLimits.signInPerIp);
    const response = await forward(req, ip, body);
    if (response.ok) {
      const result = (await response.clone().json()) as { token?: string; user: { id: string; email: string } };
      // Checked after better-auth's own check, which needs the two-factor cookie to know whose code it
      // is; two steps back because a step may have begun since better-auth looked at the clock.
      if (kind === "totp" && !(await claimTotpCode(db, auth, result.user.id, body.code, { stepsBefore: 2 }))) {
        if (!user && result.token) await db.delete(sessions).where(eq(sessions.token, result.token));
        return refuseCode(user ?? result.user, "reused_two_factor_code");
      }
      if (!user) {
        await recordSignIn(db, result.user.id);
      } else if (!user.twoFactorEnabled) {
        const otherSessionsEnded = await endSessions(db, user.id, await sessionSetBy(response));
        await logActivity(db, {
          actionType: "two_factor_enabled",
          userId: user.id,
          userEmail: user.email,
          details: { otherSessionsEnded },
        });
      }
      return response;
    }
    const code = await errorCode(response);
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      throw new DomainError("TWO_FACTOR_EXPIRED");
    }
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return refuseCode(user, "invalid_two_factor_code");
    return response;
  }

  const router = apiRouter();
  router.use(async (c, next) => {
    await next();
    c.res = await privateAnswer(c.res);
  });
  return router
    .openapi(signUp, async (c) => {
      await limit(`signup:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.signUpPerIp);
      const { name, email, password, referralCode } = c.req.valid("json");
      const context = currentRequest();
      if (context && referralCode) context.referralCode = referralCode;
      const response = await forward(c.req.raw, c.get("clientIp"), { name, email: email.toLowerCase(), password });
      if (!response.ok) return passedOn(response);
      // A taken address and a new one get the same bytes: nothing in the answer tells them apart.
      return c.json({ status: true }, 200);
    })
    .openapi(signIn, async (c) => {
      const email = c.req.valid("json").email.toLowerCase();
      await limit(`signin:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.signInPerIp);
      await limit(`signin:email:${email}`, config.rateLimits.signInPerEmail);
      const response = await forward(c.req.raw, c.get("clientIp"), { email, password: c.req.valid("json").password, rememberMe: true });
      if (response.ok) {
        const body = (await response.clone().json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
        // With two-factor on, the session only exists once the code is checked; that is the sign-in.
        if (!body.twoFactorRedirect && body.user) await recordSignIn(db, body.user.id);
        return passedOn(response);
      }
      const code = await errorCode(response);
      const [account] = await db.select({ banned: users.banned, banExpires: users.banExpires }).from(users).where(eq(users.email, email));
      // A disabled account answers the same whether or not the password was right.
      const disabled = account?.banned === true && (!account.banExpires || account.banExpires > new Date());
      const reason = disabled
        ? "disabled"
        : code && ORIGIN_REFUSALS.has(code)
          ? "untrusted_origin"
          : response.status === 401
            ? "invalid_credentials"
            : `status_${response.status}${code ? `_${code}` : ""}`;
      await logActivity(db, { actionType: "sign_in_failed", targetUserEmail: email, details: { reason } });
      if (reason === "disabled") throw new DomainError("ACCOUNT_DISABLED");
      if (reason === "untrusted_origin") {
        throw new DomainError("UNTRUSTED_ORIGIN", untrustedOriginMessage(c.req.header("origin") ?? null, config.trustedOrigins));
      }
      if (reason === "invalid_credentials") throw new DomainError("INVALID_CREDENTIALS");
      return passedOn(response);
    })
    .openapi(enableTwoFactor, async (c) => {
      const user = requireSignedIn(c.get("user"));
      await limit(`2fa:user:${user.id}`, config.rateLimits.signInPerEmail);
      const response = await forward(c.req.raw, c.get("clientIp"), { password: c.req.valid("json").password, method: "totp" });
      if (response.status === 400 && (await errorCode(response)) === "INVALID_PASSWORD") {
        throw new DomainError("INVALID_PASSWORD");
      }
      return passedOn(response);
    })
    .openapi(disableTwoFactor, async (c) => {
      const user = requireSignedIn(c.get("user"));
      await limit(`2fa:user:${user.id}`, config.rateLimits.signInPerEmail);
      const { password, code } = c.req.valid("json");
      const headers = c.req.raw.headers;
      // The password first, so that a mistyped one does not spend a recovery code.
      const checked = await auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
      if (!checked.ok) {
        if ((await errorCode(checked)) === "INVALID_PASSWORD") throw new DomainError("INVALID_PASSWORD");
        return passedOn(checked);
      }
      const secondFactor = /^\d{6}$/.test(code)
        ? await claimTotpCode(db, auth, user.id, code, { stepsBefore: 1 })
        : (await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers, asResponse: true })).ok;
      if (!secondFactor) throw new DomainError("INVALID_TWO_FACTOR_CODE", TWO_FACTOR_CODE_TO_TURN_OFF);
      const response = await forward(c.req.raw, c.get("clientIp"), { password });
      if (response.ok) {
        const otherSessionsEnded = await endSessions(db, user.id, await sessionSetBy(response));
        await logActivity(db, {
          actionType: "two_factor_disabled",
          userId: user.id,
          userEmail: user.email,
          details: { otherSessionsEnded },
        });
      } else if (response.status === 400 && (await errorCode(response)) === "INVALID_PASSWORD") {
        throw new DomainError("INVALID_PASSWORD");
      }
      return passedOn(response);
    })
    .openapi(changePassword, async (c) => {
      const user = requireSignedIn(c.get("user"));
      await limit(`password:user:${user.id}`, config.rateLimits.signInPerEmail);
      const { currentPassword, newPassword } = c.req.valid("json");
      // Other sessions are ended here rather than by better-auth, which would replace this session
      // with one that has not passed the second factor.
      const response = await forward(c.req.raw, c.get("clientIp"), { currentPassword, newPassword, revokeOtherSessions: false });
      if (!response.ok) {
        if (response.status === 400 && (await errorCode(response)) === "INVALID_PASSWORD") throw new DomainError("INVALID_PASSWORD");
        return passedOn(response);
      }
      const otherSessionsEnded = await endSessions(db, user.id, c.get("sessionId"));
      await logActivity(db, { actionType: "password_changed", userId: user.id, userEmail: user.email, details: { otherSessionsEnded } });
      return c.json({ status: true, otherSessionsEnded }, 200);
    })
    .openapi(verifyTotp, async (c) => {
      return passedOn(await verifySecondFactor(c.req.raw, c.get("clientIp"), c.get("user"), { code: c.req.valid("json").code }, "totp"));
    })
    .openapi(verifyBackupCode, async (c) => {
      return passedOn(await verifySecondFactor(c.req.raw, c.get("clientIp"), c.get("user"), { code: c.req.valid("json").code }, "backup"));
    })
    .openapi(signOut, async (c) => {
      const user = c.get("user");
      const response = await forward(c.req.raw, c.get("clientIp"), {});
      if (response.ok && user) {
        await logActivity(db, { actionType: "user_signed_out", userId: user.id, userEmail: user.email });
      }
      return passedOn(response);
    })
    .openapi(requestReset, async (c) => {
      const email = c.req.valid("json").email.toLowerCase();
      await limit(`reset:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.resetPerIp);
      await limit(`reset:email:${email}`, config.rateLimits.resetPerEmail);
      const response = await forward(c.req.raw, c.get("clientIp"), { email, redirectTo: "/reset-password" });
      if (!response.ok) return passedOn(response);
      // One answer whether or not the address has an account.
      return c.json({ status: true, message: "If this email has an account, a reset link is on its way." }, 200);
    })
    .openapi(resetPassword, async (c) => {
      await limit(`reset:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.resetPerIp);
      const { newPassword, token } = c.req.valid("json");
      const response = await forward(c.req.raw, c.get("clientIp"), { newPassword, token });
      if (response.status === 400) {
        throw new DomainError("INVALID_TOKEN");
      }
      return passedOn(response);
    })
    .openapi(resetLink, (c) => forward(c.req.raw, c.get("clientIp")))
    .openapi(getSession, async (c) => passedOn(await forward(c.req.raw, c.get("clientIp"))))
    .all("*", () => {
      throw new DomainError("NOT_FOUND");
    });
}
