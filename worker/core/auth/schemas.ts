import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "../rules/index.ts";

export { AUTH_MESSAGES };

// Missing or non-text fields count as empty, so every bad body gets the spec's first message, not a type error.
const text = z.string().catch("");
const optionalText = z.string().optional().catch(undefined);
const emailCheck = z.email();

/**
 * Signup, checked in SPEC.md §5's order; the first failing rule is the message. The confirm-password rule only
 * applies where a confirmation was sent (the form's rule; API clients send none).
 */
export const signupSchema = z
  .object({ username: text, email: text, password: text, confirmPassword: optionalText })
  .transform((input) => ({ ...input, username: input.username.trim(), email: input.email.trim() }))
  .superRefine((input, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (!input.username || !input.email || !input.password || input.confirmPassword === "") {
      return fail(AUTH_MESSAGES.fillAllFields);
    }
    if (input.username.length < USERNAME_MIN || input.username.length > USERNAME_MAX) {
      return fail(AUTH_MESSAGES.usernameLength);
    }
    if (!/^[A-Za-z0-9_]+$/.test(input.username)) {
      return fail(AUTH_MESSAGES.usernameCharacters);
    }
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      return fail(AUTH_MESSAGES.passwordsDiffer);
    }
    if (input.password.length < PASSWORD_MIN) return fail(AUTH_MESSAGES.passwordLength);
    if (!emailCheck.safeParse(input.email).success) return fail(AUTH_MESSAGES.invalidEmail);
  })
  .transform(({ username, email, password }) => ({ username, email: email.toLowerCase(), password }));

export const loginSchema = z
  .object({ email: text, password: text })
  .transform((input) => ({ email: input.email.trim().toLowerCase(), password: input.password }))
  .refine((input) => input.email && input.password, { message: AUTH_MESSAGES.loginRequired });

export type SignupInput = z.output<typeof signupSchema>;
export type LoginInput = z.output<typeof loginSchema>;
