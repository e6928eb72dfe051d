import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AUTH_MESSAGES } from "../../worker/core/rules/index.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/signup";

export { action, loader } from "./signup.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign up",
    description: "Join MovieBooks to post connections between movies and books.",
    path: "/signup",
  });

type Field = "username" | "email" | "password" | "confirmPassword";

/** Which field a signup message is about, so that field is marked invalid and focused. */
function fieldFor(message: string | undefined, values: Partial<Record<Field, string>> | undefined): Field | null {
  switch (message) {
    case undefined:
      return null;
    case AUTH_MESSAGES.fillAllFields:
      return (
        (["username", "email", "password", "confirmPassword"] as const).find((name) => !values?.[name]?.trim()) ??
        "password"
      );
    case AUTH_MESSAGES.usernameLength:
    case AUTH_MESSAGES.usernameCharacters:
    case AUTH_MESSAGES.usernameTaken:
      return "username";
    case AUTH_MESSAGES.passwordsDiffer:
      return "confirmPassword";
    case AUTH_MESSAGES.passwordLength:
      return "password";
    default:
      return "email";
  }
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = actionData?.values.redirectTo ?? searchParams.get("redirectTo") ?? "";
  const submitting = useNavigation().state === "submitting";
  const error = actionData?.error;
  const values = actionData?.values;
  const invalid = fieldFor(error, values);
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  return (
    <section className="auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your account</h1>
      <Form method="post" noValidate className="form">
        <FormError id="signup-error" message={error} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          defaultValue={values?.username}
          invalid={invalid === "username"}
          errorId="signup-error"
          hint="3 to 20 letters, numbers or underscores."
        />
        <FormField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          invalid={invalid === "email"}
          errorId="signup-error"
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          invalid={invalid === "password"}
          errorId="signup-error"
          hint="At least 6 characters."
        />
        <FormField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          invalid={invalid === "confirmPassword"}
          errorId="signup-error"
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Creating your account…" : "Sign Up"}
        </button>
      </Form>
      <p className="auth-card__switch">
        Already a member? <Link to={loginHref}>Log in</Link>
      </p>
    </section>
  );
}
