import { z } from "zod";
import { AUTH_MESSAGES, LOGIN_FORM, readText, SIGNUP_FORM } from "../rules/index.ts";
import { followRules } from "../validation.ts";

export { AUTH_MESSAGES };

// Missing or non-text fields count as empty, so every bad body gets the spec's first message, not a type error.
const text = z.string().catch("");
const optionalText = z.string().optional().catch(undefined);

/** Signup: the fields read as SIGNUP_FORM says, then its rules in SPEC.md §5's order. */
export const signupSchema = z
  .object({ username: text, email: text, password: text, confirmPassword: optionalText })
  .transform((input) => ({ ...input, username: readText(input.username), email: readText(input.email) }))
  .superRefine(followRules(SIGNUP_FORM))
  .transform(({ username, email, password }) => ({ username, email: email.toLowerCase(), password }));

export const loginSchema = z
  .object({ email: text, password: text })
  .transform((input) => ({ email: readText(input.email).toLowerCase(), password: input.password }))
  .superRefine(followRules(LOGIN_FORM));

export type SignupInput = z.output<typeof signupSchema>;
export type LoginInput = z.output<typeof loginSchema>;
