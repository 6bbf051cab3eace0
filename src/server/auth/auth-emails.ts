import type { OutgoingEmail } from "../services/email-outbox.ts";

/** How long a password reset link works. */
export const RESET_TOKEN_MINUTES = 60;

interface Recipient {
  name: string;
  email: string;
}

export function passwordResetEmail(user: Recipient, url: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "password_reset",
    subject: "Reset your Staywise password",
    text: [
      `Hello ${user.name || "there"},`,
      "",
      "We received a request to reset the password of your Staywise account.",
      `Open this link to choose a new password (it works once, for ${RESET_TOKEN_MINUTES} minutes):`,
      "",
      url,
      "",
      "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function signUpAttemptEmail(user: Recipient, resetUrl: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "sign_up_existing_email",
    subject: "Someone tried to create a Staywise account with your e-mail",
    text: [
      `Hello ${user.name || "there"},`,
      "",
      "Someone tried to create a new Staywise account with this e-mail address, which already has an account.",
      `If it was you and you forgot your password, you can reset it here: ${resetUrl}`,
      "",
      "If it was not you, no action is needed.",
      "",
      "— Staywise",
    ].join("\n"),
  };
}

export function welcomeEmail(user: Recipient, loginUrl: string): OutgoingEmail {
  return {
    to: user.email,
    kind: "welcome",
    subject: "Welcome to Staywise",
    text: [
      `Hello ${user.name || "there"},`,
      "",
      "Your Staywise account is ready. Sign in here to book stays and earn points:",
      loginUrl,
      "",
      "If you did not create this account, someone else used your address; you can reset the password from the sign-in page.",
      "",
      "— Staywise",
    ].join("\n"),
  };
}
