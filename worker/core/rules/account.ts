/** API.md "Account control" messages, used by the API and the settings, reset and delete pages. */
export const ACCOUNT_MESSAGES = {
  passwordChanged: "Password changed",
  currentPasswordIncorrect: "Current password is incorrect",
  resetRequested: "If that email is registered, a reset link is on its way.",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  accountDeleted: "Account deleted",
  passwordIncorrect: "Password is incorrect",
} as const;

/** How long a password reset link works (API.md: once, for 30 minutes). */
export const RESET_LINK_MINUTES = 30;
