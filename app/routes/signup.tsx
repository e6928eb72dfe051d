import { SIGNUP_FORM } from "../../worker/core/rules/auth-forms.ts";
import { AccountForm } from "../components/account-form.tsx";
import { FormField } from "../components/form-field.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/signup";

export { action, loader } from "./signup.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sign up",
    description: "Join MovieBooks to post connections between movies and books.",
    path: "/signup",
  });

export default function Signup({ actionData }: Route.ComponentProps) {
  const rules = useFormRules(SIGNUP_FORM, actionData);
  const values = actionData?.values;
  return (
    <AccountForm
      id="signup"
      title="Create your account"
      rules={rules}
      redirectTo={values?.redirectTo}
      submit={{ label: "Sign Up", busy: "Creating your account…" }}
      other={{ question: "Already a member?", path: "/login", label: "Log in" }}
    >
      <FormField
        label="Username"
        autoComplete="username"
        defaultValue={values?.username}
        hint="3 to 20 letters, numbers or underscores."
        {...rules.field("username")}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email}
        {...rules.field("email")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        {...rules.field("password")}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...rules.field("confirmPassword")}
      />
    </AccountForm>
  );
}
