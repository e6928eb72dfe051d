import { AUTH_MESSAGES, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./auth.ts";
import { atLeast, atMost, type FormRules, lengthBetween, matching, required, sameAs, shaped } from "./forms.ts";

/**
 * Signup in SPEC.md §5's order. The confirmation is the form's rule: API clients send none, and an absent field
 * is left alone.
 */
export const SIGNUP_FORM: FormRules<"username" | "email" | "password" | "confirmPassword"> = {
  fields: { username: "text", email: "text", password: "raw", confirmPassword: "raw" },
  rules: [
    required(["username", "email", "password", "confirmPassword"], AUTH_MESSAGES.fillAllFields),
    lengthBetween("username", USERNAME_MIN, USERNAME_MAX, AUTH_MESSAGES.usernameLength),
    matching("username", "[A-Za-z0-9_]+", AUTH_MESSAGES.usernameCharacters),
    sameAs("confirmPassword", "password", AUTH_MESSAGES.passwordsDiffer),
    atLeast("password", PASSWORD_MIN, AUTH_MESSAGES.passwordLength),
    atMost("password", PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
    shaped("email", EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
  ],
};

export const LOGIN_FORM: FormRules<"email" | "password"> = {
  fields: { email: "text", password: "raw" },
  rules: [required(["email", "password"], AUTH_MESSAGES.loginRequired)],
};
