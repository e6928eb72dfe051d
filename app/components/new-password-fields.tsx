import { PASSWORD_MIN } from "../../worker/core/rules/auth.ts";
import type { useFormRules } from "../form-rules.ts";
import { FormField } from "./form-field.tsx";

/** A field as `useFormRules` gives it: name, HTML constraints and error. */
type RuleField = ReturnType<ReturnType<typeof useFormRules>["field"]>;

/** A new password and its confirmation (settings and the reset page), each with its rules and its own error. */
export function NewPasswordFields({ password, confirmation }: { password: RuleField; confirmation: RuleField }) {
  return (
    <>
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        {...password}
      />
      <FormField label="Confirm new password" type="password" autoComplete="new-password" {...confirmation} />
    </>
  );
}
