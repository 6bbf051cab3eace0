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

export function disableTwoFactor(password: string) {
  return body(twoFactor.disable.$post({ json: { password } }));
}
