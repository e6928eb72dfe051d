import { Form, useNavigation } from "react-router";
import { ACCOUNT_MESSAGES, RESET_LINK_MINUTES } from "../../worker/core/rules/account.ts";
import { RESET_PASSWORD_FORM } from "../../worker/core/rules/account-forms.ts";
import { FormError } from "../components/form-error.tsx";
import { Link } from "../components/link.tsx";
import { NewPasswordFields } from "../components/new-password-fields.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/reset-password";

export { action, loader } from "./reset-password.server.ts";

// The link's token is in the URL: no other site this page reaches, and no cache on the way, should get it.
// (Not "no-referrer": browsers would then send `Origin: null` with the form, which reads as cross-site.)
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Choose a new password", path: "/reset-password" }),
  { name: "referrer", content: "same-origin" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const rules = useFormRules(RESET_PASSWORD_FORM, actionData);
  // After a post, the server's answer says whether the link still works: one that died comes back at its own
  // (hidden) field, `token`; any other failure means it was checked and is still live.
  const deadLink = actionData
    ? actionData.field === "token" && actionData.error
    : !loaderData.live && ACCOUNT_MESSAGES.resetLinkInvalid;
  if (deadLink) {
    return (
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">This link can't be used</h1>
        <p className="form-error" role="alert">
          {deadLink}
        </p>
        <p>
          A reset link works once, for {RESET_LINK_MINUTES} minutes, and asking for a new one or changing your password
          retires the old ones.
        </p>
        <p>
          <Link className="button" to="/forgot-password">
            Get a new link
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <p>You'll be logged in with it, and signed out on every other device and browser.</p>
      <Form method="post" className="form" {...rules.form}>
        <input type="hidden" name="token" value={actionData?.values.token ?? loaderData.token} />
        <FormError id="reset-error" message={rules.formError} />
        <NewPasswordFields password={rules.field("password")} confirmation={rules.field("confirmPassword")} />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Saving…" : "Set new password"}
        </button>
      </Form>
    </section>
  );
}
