import { api, body } from "./client.ts";

const twoFactor = api.auth["two-factor"];

/** Checks an authenticator code (`totp`) or a recovery code; completes a sign-in or confirms enrolment. */
export function verifySecondFactor(kind: "totp" | "backup", code: string) {
  return body(
    kind === "totp" ? twoFactor["verify-totp"].$post({ json: { code } }) : twoFactor["verify-backup-code"].$post({ json: { code } }),
  );
}

export function enableTwoFactor(password: string) {
  return body(twoFactor.enable.$post({ json: { password } }));
}

/** `code` is the authenticator's current code or an unused recovery code; the account's other sessions end. */
export function disableTwoFactor(password: string, code: string) {
  return body(twoFactor.disable.$post({ json: { password, code } }));
}

/** Answers how many other sessions of the account were signed out. */
export function changePassword(currentPassword: string, newPassword: string) {
  return body(api.auth["change-password"].$post({ json: { currentPassword, newPassword } }));
}
