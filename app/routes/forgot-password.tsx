import { Form, Link, useNavigation } from "react-router";
import { RESET_LINK_MINUTES } from "../../worker/core/rules/index.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
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
  const error = actionData && "error" in actionData ? actionData.error : undefined;
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
          <Form method="post" noValidate className="form">
            <FormError id="forgot-error" message={error} />
            <FormField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={actionData && "values" in actionData ? actionData.values.email : undefined}
              invalid={Boolean(error)}
              errorId="forgot-error"
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
