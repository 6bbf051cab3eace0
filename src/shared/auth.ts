import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords.ts";
import type { ErrorCode } from "./error-codes.ts";
import { fieldError } from "./field-messages.ts";

/** The spec's 6 raised to 8 (docs/decisions/006-password-policy.md). */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = fieldError("passwordTooShort");
export const PASSWORD_TOO_COMMON = fieldError("passwordTooCommon");
/** Spec section 9: the delay before the sign-up page moves on to /login. */
export const SIGNUP_REDIRECT_MS = 2000;

/**
 * 'manager' runs the hotels an admin grants them (hotel_managers), and nothing else of the back office;
 * 'front_desk' runs only the front desk of the hotels granted to them (decision 064).
 */
export const ROLES = ["admin", "manager", "front_desk", "user"] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may not use their privileges until two-factor authentication is on (the desk sees guests' data and takes cards). */
const ROLES_REQUIRING_TWO_FACTOR: ReadonlySet<Role> = new Set<Role>(["admin", "manager", "front_desk"]);

/** The stored role as the app knows it: an unknown value is an ordinary user (spec section 6). */
export function toRole(stored: string | null | undefined): Role {
  return stored === "admin" || stored === "manager" || stored === "front_desk" ? stored : "user";
}

/** A role at one hotel (hotel_managers.role): the manager runs it, the front desk only its desk (decision 064). */
export const HOTEL_STAFF_ROLES = ["manager", "front_desk"] as const;
export type HotelStaffRole = (typeof HOTEL_STAFF_ROLES)[number];

export function roleRequiresTwoFactor(role: Role): boolean {
  return ROLES_REQUIRING_TWO_FACTOR.has(role);
}

const email = z.string().trim().min(1, fieldError("emailRequired")).max(254, fieldError("emailTooLong")).email(fieldError("emailInvalid"));
let commonPasswords: Set<string> | null = null;

/** True for a password on the shipped list of common breached passwords (case ignored). */
export function isCommonPassword(value: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split("\n"));
  return commonPasswords.has(value.toLowerCase());
}

/** The password policy for every password that is set (sign-up, reset, admin:create, configured passwords). */
export const NewPassword = z
  .string()
  .min(1, fieldError("passwordRequired"))
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(128, fieldError("passwordTooLong"))
  .refine((value) => !isCommonPassword(value), PASSWORD_TOO_COMMON);
const password = NewPassword;

/** Line breaks and other control characters in a name would forge lines in e-mails and logs. */
export const PersonName = z
  .string()
  .trim()
  .min(1, fieldError("fullNameRequired"))
  .max(100, fieldError("fullNameTooLong"))
  .refine((value) => !/[\p{Cc}\u2028\u2029]/u.test(value), fieldError("fullNameControl"));

export const SignUpInput = z.object({
  name: PersonName,
  email,
  password,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The sign-up form adds the confirmation, checked only in the browser. */
export const SignUpForm = SignUpInput.extend({ confirmPassword: z.string().min(1, fieldError("confirmPassword")) }).refine(
  (v) => v.password === v.confirmPassword,
  { message: fieldError("passwordsDiffer"), path: ["confirmPassword"] },
);
export type SignUpForm = z.infer<typeof SignUpForm>;

export const SignInInput = z.object({
  email,
  password: z.string().min(1, fieldError("passwordRequired")).max(128, fieldError("passwordTooLong")),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const PasswordResetRequestInput = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

export const NewPasswordForm = z
  .object({ password, confirmPassword: z.string().min(1, fieldError("confirmPassword")) })
  .refine((v) => v.password === v.confirmPassword, { message: fieldError("passwordsDiffer"), path: ["confirmPassword"] });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  isAdmin: boolean;
  /** Admin (every hotel) or manager (the hotels granted to them): may use property management. */
  canManageHotels: boolean;
  /** Admin, manager, or front-desk staff: may use the front desk of their hotels (decision 064). */
  canUseFrontDesk: boolean;
  twoFactorEnabled: boolean;
  /**
   * The role requires two-factor authentication and it is off, or this session has not passed it:
   * privileges wait until it has.
   */
  twoFactorSetupRequired: boolean;
}

/** Every API error body: a code for programs and a message a person can act on. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** Machine-readable facts about the error (e.g. the new price of a PRICE_INCREASED refusal, the rows of a refused CSV import). */
  details?: Record<string, number | string | string[] | { row: number; column: string; message: string }[]>;
}
