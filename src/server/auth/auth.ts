import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { MIN_PASSWORD_LENGTH } from "../../shared/auth.ts";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema.ts";
import { logActivity } from "../services/activity-log.ts";
import { type DeliveryMode, queueEmail } from "../services/email-outbox.ts";
import { ensureLoyaltyAccount, linkReferral } from "../services/loyalty.ts";
import { currentRequest } from "../request-context.ts";
import { RESET_TOKEN_MINUTES, passwordResetEmail, signUpAttemptEmail, welcomeEmail } from "./auth-emails.ts";

export const SESSION_DAYS = 7;
/** The endpoints that check an authenticator or recovery code. */
const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
/** Shown when a disabled (banned) user tries to sign in. */
export const BANNED_MESSAGE = "This account has been disabled. Please contact support.";

export interface AuthDeps {
  db: Db;
  config: Pick<AppConfig, "appSecret" | "publicUrl" | "trustedOrigins">;
  deliveryMode: DeliveryMode;
}

/** better-auth wired to our tables: e-mail + password, argon2id, DB sessions, admin plugin for role and ban. */
export function createAuth({ db, config, deliveryMode }: AuthDeps) {
  return betterAuth({
    appName: "Staywise",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.appSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // Expected refusals (unknown user, wrong password) are answered and logged by our routes.
    logger: { level: "error" },
    // Our own limiter (services/rate-limit.ts) runs in front, shared by every instance.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: {
        twoFactorVerifiedAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // The full policy (common passwords too) is checked by our routes before better-auth is called.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // The spec sends a new user to /login after sign-up rather than signing them in.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      password: {
        hash: (password) => argon2Hash(password),
        verify: ({ hash, password }) => argon2Verify(hash, password),
      },
      async sendResetPassword({ user, url }) {
        await queueEmail(db, deliveryMode, passwordResetEmail(user, url, currentRequest()?.language));
        await logActivity(db, {
          actionType: "password_reset_requested",
          userId: user.id,
          userEmail: user.email,
        });
      },
      async onPasswordReset({ user }) {
        await logActivity(db, {
          actionType: "password_reset_completed",
          userId: user.id,
          userEmail: user.email,
        });
      },
      async onExistingUserSignUp({ user }) {
        // Enumeration protection answers as if the account were new; the owner hears about it.
        await queueEmail(db, deliveryMode, signUpAttemptEmail(user, `${config.publicUrl}/password-reset`, currentRequest()?.language));
        await logActivity(db, { actionType: "sign_up_existing_email", targetUserEmail: user.email });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // better-auth creates a session in these endpoints only once the code is right: at the end
          // of a two-step sign-in, or when enrolment replaces the session it was confirmed in.
          // Everywhere else the session keeps what it was copied from (two-factor off copies it).
          async before(session, context) {
            if (context && SECOND_FACTOR_PATHS.has(context.path)) return { data: { ...session, twoFactorVerifiedAt: new Date() } };
          },
        },
      },
      user: {
        create: {
          async after(user) {
            await logActivity(db, { actionType: "user_signed_up", userId: user.id, userEmail: user.email });
            // Sign-up through the web answers the same for new and taken addresses and says an e-mail
            // was sent: for a new account this is that e-mail. Accounts made by commands get none.
            const request = currentRequest();
            if (request) await queueEmail(db, deliveryMode, welcomeEmail(user, `${config.publicUrl}/login`, request.language));
            const referralCode = request?.referralCode;
            await ensureLoyaltyAccount(db, user.id);
            if (referralCode) await linkReferral(db, user.id, referralCode);
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"], bannedUserMessage: BANNED_MESSAGE }),
      twoFactor({ issuer: "Staywise", backupCodeOptions: { amount: 10, length: 10 } }),
    ],
    advanced: {
      ipAddress: { ipAddressHeaders: ["x-staywise-client-ip"] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A completed sign-in (after the second factor when one is on): stamped on the user and logged. */
export async function recordSignIn(db: Db, userId: string): Promise<void> {
  const [user] = await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId)).returning({ email: users.email });
  await logActivity(db, { actionType: "user_signed_in", userId, userEmail: user?.email ?? null });
}
