import { Hono } from "hono";
import { z } from "zod";
import { PasswordResetRequestInput, SignInInput, SignUpInput } from "../../shared/auth.ts";
import { BANNED_MESSAGE } from "../auth/auth.ts";
import type { RateLimitRule } from "../config.ts";
import { ApiError } from "../http/errors.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { validate } from "../http/validate.ts";
import { ACTIVITY, logActivity } from "../services/activity-log.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import { currentRequest } from "../request-context.ts";

const SignUpWithReferral = SignUpInput.extend({
  referralCode: z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/, "That referral link is not valid").optional(),
});

const ResetPasswordInput = z.object({
  newPassword: SignUpInput.shape.password,
  token: z.string().min(1, "The reset link is incomplete").max(200),
});

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const INVALID_CREDENTIALS = "Invalid email or password";

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
      throw new ApiError(429, "RATE_LIMITED", TOO_MANY_ATTEMPTS);
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

  return new Hono<AppEnv>()
    .post("/sign-up/email", validate("json", SignUpWithReferral), async (c) => {
      await limit(`signup:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.signUpPerIp);
      const { name, email, password, referralCode } = c.req.valid("json");
      const context = currentRequest();
      if (context && referralCode) context.referralCode = referralCode;
      return forward(c.req.raw, c.get("clientIp"), { name, email: email.toLowerCase(), password });
    })
    .post("/sign-in/email", validate("json", SignInInput), async (c) => {
      const email = c.req.valid("json").email.toLowerCase();
      await limit(`signin:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.signInPerIp);
      await limit(`signin:email:${email}`, config.rateLimits.signInPerEmail);
      const response = await forward(c.req.raw, c.get("clientIp"), { email, password: c.req.valid("json").password, rememberMe: true });
      if (response.ok) return response;
      const banned = response.status === 403;
      await logActivity(db, {
        actionType: ACTIVITY.signInFailed,
        targetUserEmail: email,
        details: { reason: banned ? "disabled" : response.status === 401 ? "invalid_credentials" : `status_${response.status}` },
      });
      if (banned) return c.json({ code: "ACCOUNT_DISABLED", message: BANNED_MESSAGE }, 403);
      if (response.status === 401) return c.json({ code: "INVALID_CREDENTIALS", message: INVALID_CREDENTIALS }, 401);
      return response;
    })
    .post("/sign-out", async (c) => {
      const user = c.get("user");
      const response = await forward(c.req.raw, c.get("clientIp"), {});
      if (response.ok && user) {
        await logActivity(db, { actionType: ACTIVITY.signOut, userId: user.id, userEmail: user.email });
      }
      return response;
    })
    .post("/request-password-reset", validate("json", PasswordResetRequestInput), async (c) => {
      const email = c.req.valid("json").email.toLowerCase();
      await limit(`reset:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.resetPerIp);
      await limit(`reset:email:${email}`, config.rateLimits.resetPerEmail);
      const response = await forward(c.req.raw, c.get("clientIp"), { email, redirectTo: "/reset-password" });
      if (!response.ok) return response;
      // One answer whether or not the address has an account.
      return c.json({ status: true, message: "If this email has an account, a reset link is on its way." });
    })
    .post("/reset-password", validate("json", ResetPasswordInput), async (c) => {
      await limit(`reset:ip:${c.get("clientIp") ?? "unknown"}`, config.rateLimits.resetPerIp);
      const { newPassword, token } = c.req.valid("json");
      const response = await forward(c.req.raw, c.get("clientIp"), { newPassword, token });
      if (response.status === 400) {
        return c.json({ code: "INVALID_TOKEN", message: "This reset link is invalid or has expired." }, 400);
      }
      return response;
    })
    .get("/reset-password/:token", (c) => forward(c.req.raw, c.get("clientIp")))
    .get("/get-session", (c) => forward(c.req.raw, c.get("clientIp")))
    .all("*", (c) => c.json({ code: "NOT_FOUND", message: "Not found" }, 404));
}
