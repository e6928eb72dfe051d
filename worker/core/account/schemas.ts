import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MIN } from "../rules/index.ts";

// Missing or non-text fields count as empty, so a bad body gets the contract's message, not a type error.
const text = z.string().catch("");
const optionalText = z.string().optional().catch(undefined);
const emailCheck = z.email();

export const changePasswordSchema = z.object({
  currentPassword: text,
  newPassword: text,
  /** The form's confirmation; API clients send none (as at signup). */
  confirmPassword: optionalText,
});

/** A blank or malformed address is refused for what it is; it says nothing about which accounts exist. */
export const forgotPasswordSchema = z
  .object({ email: text })
  .transform((input) => input.email.trim().toLowerCase())
  .refine((email) => emailCheck.safeParse(email).success, { message: AUTH_MESSAGES.invalidEmail });

export const resetPasswordSchema = z.object({ token: text, password: text, confirmPassword: optionalText });

export const deleteAccountSchema = z.object({ password: text });

/** The new-password rules of SPEC.md §5 in their order: the form's confirmation first, then the length. */
export function newPasswordProblem(password: string, confirmation: string | undefined): string | null {
  if (confirmation !== undefined && confirmation !== password) return AUTH_MESSAGES.passwordsDiffer;
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordLength;
  return null;
}
