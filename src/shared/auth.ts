import { z } from "zod";

/** Spec section 9: the minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** Spec section 9: the delay before the sign-up page moves on to /login. */
export const SIGNUP_REDIRECT_MS = 2000;

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

/** Any role value other than 'admin' is an ordinary user (spec section 6). */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === "admin";
}

const email = z.string().trim().min(1, "Email is required").max(254, "Email is too long").email("Enter a valid email address");
const password = z
  .string()
  .min(1, "Password is required")
  .min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

export const SignUpInput = z.object({
  name: z.string().trim().min(1, "Full name is required").max(100, "Full name is too long"),
  email,
  password,
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/** The sign-up form adds the confirmation, checked only in the browser. */
export const SignUpForm = SignUpInput.extend({ confirmPassword: z.string().min(1, "Confirm your password") }).refine(
  (v) => v.password === v.confirmPassword,
  { message: "Passwords do not match", path: ["confirmPassword"] },
);
export type SignUpForm = z.infer<typeof SignUpForm>;

export const SignInInput = z.object({
  email,
  password: z.string().min(1, "Password is required").max(128, "Password must be at most 128 characters"),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const PasswordResetRequestInput = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

export const NewPasswordForm = z
  .object({ password, confirmPassword: z.string().min(1, "Confirm your password") })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  isAdmin: boolean;
}

/** Every API error body: a code for programs and a message a person can act on. */
export interface ApiErrorBody {
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  /** Machine-readable facts about the error (e.g. the new price of a PRICE_INCREASED refusal). */
  details?: Record<string, number | string>;
}
