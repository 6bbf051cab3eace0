import { translator } from "../i18n.ts";
import type { OutgoingEmail } from "../services/email-outbox.ts";

/** How long a password reset link works. */
export const RESET_TOKEN_MINUTES = 60;

interface Recipient {
  name: string;
  email: string;
}

// Each e-mail is written in the language of the request that triggers it (decision 029); English by default.

export function passwordResetEmail(user: Recipient, url: string, language?: string | null): OutgoingEmail {
  const t = translator(language);
  return {
    to: user.email,
    kind: "password_reset",
    subject: t("Reset your Staywise password"),
    text: [
      user.name ? t("Hello {{name}},", { name: user.name }) : t("Hello there,"),
      "",
      t("We received a request to reset the password of your Staywise account."),
      t("Open this link to choose a new password (it works once, for {{minutes}} minutes):", { minutes: RESET_TOKEN_MINUTES }),
      "",
      url,
      "",
      t("If you did not ask for this, you can ignore this e-mail; your password stays as it is."),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function signUpAttemptEmail(user: Recipient, resetUrl: string, language?: string | null): OutgoingEmail {
  const t = translator(language);
  return {
    to: user.email,
    kind: "sign_up_existing_email",
    subject: t("Someone tried to create a Staywise account with your e-mail"),
    text: [
      user.name ? t("Hello {{name}},", { name: user.name }) : t("Hello there,"),
      "",
      t("Someone tried to create a new Staywise account with this e-mail address, which already has an account."),
      t("If it was you and you forgot your password, you can reset it here: {{url}}", { url: resetUrl }),
      "",
      t("If it was not you, no action is needed."),
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function welcomeEmail(user: Recipient, loginUrl: string, language?: string | null): OutgoingEmail {
  const t = translator(language);
  return {
    to: user.email,
    kind: "welcome",
    subject: t("Welcome to Staywise"),
    text: [
      user.name ? t("Hello {{name}},", { name: user.name }) : t("Hello there,"),
      "",
      t("Your Staywise account is ready. Sign in here to book stays and earn points:"),
      loginUrl,
      "",
      t("If you did not create this account, someone else used your address; you can reset the password from the sign-in page."),
      "",
      "— Staywise",
    ].join("\n"),
  };
}
