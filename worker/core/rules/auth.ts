import { atLeast, type FormRules, lengthBetween, matching, required, sameAs, shaped } from "./forms.ts";

/** SPEC.md §5 messages, used by the signup and login forms and by the API. */
export const AUTH_MESSAGES = {
  fillAllFields: "Please fill in all fields.",
  usernameLength: "Username must be between 3 and 20 characters.",
  usernameCharacters: "Username can only contain letters, numbers, and underscores.",
  passwordsDiffer: "Passwords do not match.",
  passwordLength: "Password must be at least 6 characters long.",
  invalidEmail: "Please enter a valid email address.",
  loginRequired: "Please enter both email and password.",
  invalidCredentials: "Invalid email or password",
  emailTaken: "User already exists with that email",
  usernameTaken: "Username is already taken",
} as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;

/** The address shape zod's `z.email()` accepts (the server's check before these rules were shared). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

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
    shaped("email", EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
  ],
};

export const LOGIN_FORM: FormRules<"email" | "password"> = {
  fields: { email: "text", password: "raw" },
  rules: [required(["email", "password"], AUTH_MESSAGES.loginRequired)],
};
