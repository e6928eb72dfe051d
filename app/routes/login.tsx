import { LOGIN_FORM } from "../../worker/core/rules/auth-forms.ts";
import { AccountForm } from "../components/account-form.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/login";

export { action, loader } from "./login.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Log in", description: "Log in to MovieBooks.", path: "/login" });

export default function Login({ actionData }: Route.ComponentProps) {
  const rules = useFormRules(LOGIN_FORM, actionData);
  const values = actionData?.values;
  return (
    <AccountForm
      id="login"
      title="Log in"
      rules={rules}
      redirectTo={values?.redirectTo}
      submit={{ label: "Log in", busy: "Logging in…" }}
      other={{ question: "New here?", path: "/signup", label: "Create an account" }}
    >
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email}
        {...rules.field("email")}
      />
      <FormField label="Password" type="password" autoComplete="current-password" {...rules.field("password")} />
      <p className="auth-card__forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </AccountForm>
  );
}
