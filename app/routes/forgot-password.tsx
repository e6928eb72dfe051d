import { Form, useNavigation } from "react-router";
import { RESET_LINK_MINUTES } from "../../worker/core/rules/account.ts";
import { FORGOT_PASSWORD_FORM } from "../../worker/core/rules/account-forms.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/forgot-password";

export { action } from "./forgot-password.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Forgot password",
    description: "Get a link to choose a new MovieBooks password.",
    path: "/forgot-password",
  });

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const failure = actionData && "error" in actionData ? actionData : null;
  const rules = useFormRules(FORGOT_PASSWORD_FORM, failure);
  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {sent ? (
        <>
          <p className="form-success" role="status">
            {sent}
          </p>
          <p>
            The link works once, for {RESET_LINK_MINUTES} minutes. If nothing arrives within a few minutes, check your
            spam folder or <Link to="/forgot-password">ask again</Link>.
          </p>
          <p className="auth-card__switch">
            <Link to="/login">Back to log in</Link>
          </p>
        </>
      ) : (
        <>
          <p>Enter the email address you signed up with and we'll send you a link to choose a new password.</p>
          <Form method="post" className="form" {...rules.form}>
            <FormError id="forgot-error" message={rules.formError} />
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              defaultValue={failure?.values.email}
              {...rules.field("email")}
            />
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Sending…" : "Send reset link"}
            </button>
          </Form>
          <p className="auth-card__switch">
            Remembered it? <Link to="/login">Log in</Link>
          </p>
        </>
      )}
    </section>
  );
}
