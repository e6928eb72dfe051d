import { AUTH_MESSAGES, PASSWORD_MIN } from "../../worker/core/rules/index.ts";
import { FormField } from "./form-field.tsx";

/** A new password and its confirmation (settings and the reset page); `confirmPassword` is the form's own rule. */
export function NewPasswordFields({
  name,
  error,
  errorId,
  invalid,
}: {
  name: string;
  error: string | undefined;
  errorId: string;
  /** Whether the error is about the new password (defaults to any error). */
  invalid?: boolean;
}) {
  return (
    <>
      <FormField
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        invalid={invalid ?? Boolean(error)}
        errorId={errorId}
      />
      <FormField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        invalid={error === AUTH_MESSAGES.passwordsDiffer}
        errorId={errorId}
      />
    </>
  );
}
