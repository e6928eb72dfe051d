import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/login";

export { action, loader } from "./login.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Log in", description: "Log in to MovieBooks.", path: "/login" });

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = actionData?.values.redirectTo ?? searchParams.get("redirectTo") ?? "";
  const submitting = useNavigation().state === "submitting";
  const error = actionData?.error;
  const values = actionData?.values;
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";
  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <Form method="post" noValidate className="form">
        <FormError id="login-error" message={error} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          invalid={Boolean(error) && !values?.email}
          errorId="login-error"
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(error) && Boolean(values?.email)}
          errorId="login-error"
        />
        <p className="auth-card__forgot">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Logging in…" : "Log in"}
        </button>
      </Form>
      <p className="auth-card__switch">
        New here? <Link to={signupHref}>Create an account</Link>
      </p>
    </section>
  );
}
