/** SPEC.md §5 messages, used by the signup and login forms and by the API. */
export const AUTH_MESSAGES = {
  fillAllFields: "Please fill in all fields.",
  usernameLength: "Username must be between 3 and 20 characters.",
  usernameCharacters: "Username can only contain letters, numbers, and underscores.",
  passwordsDiffer: "Passwords do not match.",
  passwordLength: "Password must be at least 6 characters long.",
  /** Not in SPEC.md: a bound on what is hashed (decision 029), worded as the spec's other maximums. */
  passwordTooLong: "Password cannot be more than 128 characters long.",
  invalidEmail: "Please enter a valid email address.",
  loginRequired: "Please enter both email and password.",
  invalidCredentials: "Invalid email or password",
  emailTaken: "User already exists with that email",
  usernameTaken: "Username is already taken",
} as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** The address shape zod's `z.email()` accepts (the server's check before these rules were shared). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
