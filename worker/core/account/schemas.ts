import { z } from "zod";
import {
  CHANGE_PASSWORD_FORM,
  DELETE_ACCOUNT_FORM,
  FORGOT_PASSWORD_FORM,
  RESET_PASSWORD_FORM,
  readText,
} from "../rules/index.ts";
import { followRules } from "../validation.ts";

// Missing or non-text fields count as empty, so a bad body gets the contract's message, not a type error.
const text = z.string().catch("");
const optionalText = z.string().optional().catch(undefined);

/** The fields of a change, read as CHANGE_PASSWORD_FORM says, then its rules (after the current password's check). */
export const changePasswordSchema = z
  .object({ currentPassword: text, newPassword: text, confirmPassword: optionalText })
  .superRefine(followRules(CHANGE_PASSWORD_FORM));

/** What API.md checks before the form's rules: the current password, or the reset link. */
export const currentPasswordSchema = z.object({ currentPassword: text });
export const resetLinkSchema = z.object({ token: text });

export const forgotPasswordSchema = z
  .object({ email: text })
  .transform((input) => ({ email: readText(input.email) }))
  .superRefine(followRules(FORGOT_PASSWORD_FORM))
  .transform((input) => input.email.toLowerCase());

export const resetPasswordSchema = z
  .object({ token: text, password: text, confirmPassword: optionalText })
  .superRefine(followRules(RESET_PASSWORD_FORM));

export const deleteAccountSchema = z.object({ password: text }).superRefine(followRules(DELETE_ACCOUNT_FORM));
