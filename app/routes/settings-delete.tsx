import { Form, useNavigation } from "react-router";
import { DELETE_ACCOUNT_FORM } from "../../worker/core/rules/account-forms.ts";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import accountStyles from "../styles/account.css?url";
import type { Route } from "./+types/settings-delete";

export { action, loader } from "./settings-delete.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Delete account", path: "/settings/delete" });

/** The confirmation step: what goes, what stays, and the password. */
export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const deleting = useNavigation().state === "submitting";
  const rules = useFormRules(DELETE_ACCOUNT_FORM, actionData);
  return (
    <section className="auth-card delete-account" aria-labelledby="delete-account-title">
      <h1 id="delete-account-title">Delete your account</h1>
      <p>
        This permanently deletes <strong>@{loaderData.username}</strong> and everything you've added:
      </p>
      <ul className="delete-account__list">
        <li>your profile and profile picture;</li>
        <li>your connections with their images, and the comments, likes and favorites on them;</li>
        <li>your comments, likes and favorites on other members' connections;</li>
        <li>the members you follow, your followers and your notifications.</li>
      </ul>
      <p>
        Your username and email address become free for anyone to use. Movies and books you added stay in the shared
        catalog, with their posters and covers.
      </p>
      <p>
        <strong>This can't be undone.</strong> Want a copy first?{" "}
        <a href="/settings/export" download>
          Download your data
        </a>
        .
      </p>
      <Form method="post" className="form" {...rules.form}>
        <FormError id="delete-error" message={rules.formError} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to confirm."
          {...rules.field("password")}
        />
        <div className="form__actions">
          <button type="submit" className="button button--danger" disabled={deleting}>
            {deleting ? "Deleting…" : "Delete my account"}
          </button>
          <Link to="/settings" className="button button--ghost">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
