import { ACCOUNT_MESSAGES } from "./account.ts";
import { AUTH_MESSAGES, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from "./auth.ts";
import { atLeast, atMost, type FormRules, required, sameAs, shaped } from "./forms.ts";

/**
 * A new password in SPEC.md §5's order, as at signup: the form's confirmation first (API clients send none, and an
 * absent field is left alone), then the length, at least 6 and at most 128.
 */
function newPasswordRules<Password extends string>(password: Password) {
  type Name = Password | "confirmPassword";
  return [
    sameAs<Name>("confirmPassword", password, AUTH_MESSAGES.passwordsDiffer),
    atLeast<Name>(password, PASSWORD_MIN, AUTH_MESSAGES.passwordLength),
    atMost<Name>(password, PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  ];
}

/**
 * Settings' change password. API.md answers a missing current password as a wrong one; the server checks the
 * current password against the account before these rules, so a wrong one is the answer whatever else is wrong.
 */
export const CHANGE_PASSWORD_FORM: FormRules<"currentPassword" | "newPassword" | "confirmPassword"> = {
  fields: { currentPassword: "raw", newPassword: "raw", confirmPassword: "raw" },
  rules: [required(["currentPassword"], ACCOUNT_MESSAGES.currentPasswordIncorrect), ...newPasswordRules("newPassword")],
};

/** A blank or malformed address is refused with the signup message; it says nothing about which accounts exist. */
export const FORGOT_PASSWORD_FORM: FormRules<"email"> = {
  fields: { email: "text" },
  rules: [required(["email"], AUTH_MESSAGES.invalidEmail), shaped("email", EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail)],
};

/** The reset page's new password; the server checks the link (its hidden `token`) before these rules. */
export const RESET_PASSWORD_FORM: FormRules<"password" | "confirmPassword"> = {
  fields: { password: "raw", confirmPassword: "raw" },
  rules: newPasswordRules("password"),
};

/** Deleting the account asks for its password; a missing one is answered as a wrong one (API.md). */
export const DELETE_ACCOUNT_FORM: FormRules<"password"> = {
  fields: { password: "raw" },
  rules: [required(["password"], ACCOUNT_MESSAGES.passwordIncorrect)],
};
