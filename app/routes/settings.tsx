import { Form, useLocation, useNavigation } from "react-router";
import { CHANGE_PASSWORD_FORM } from "../../worker/core/rules/account-forms.ts";
import { BlockedMembers } from "../components/blocked-members.tsx";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { NewPasswordFields } from "../components/new-password-fields.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import accountStyles from "../styles/account.css?url";
import type { Route } from "./+types/settings";

export { action, loader } from "./settings.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Settings", path: "/settings" });

/** Account control (issue 13): change password, download my data, delete my account. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { username, email } = loaderData;
  const rules = useFormRules(CHANGE_PASSWORD_FORM, actionData ?? null);
  const submitting = useNavigation().state === "submitting";
  // A change redirects back here: a new location, so a new form with empty fields (JavaScript keeps it otherwise).
  const { key } = useLocation();
  return (
    <div className="form-page settings">
      <h1>Settings</h1>
      <p className="muted settings__who">
        Logged in as <strong>@{username}</strong> ({email})
      </p>

      <section className="settings__section" aria-labelledby="password-title">
        <h2 id="password-title">Change password</h2>
        <Form method="post" className="form" key={key} {...rules.form}>
          <FormError id="password-error" message={rules.formError} />
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...rules.field("currentPassword")}
          />
          <NewPasswordFields password={rules.field("newPassword")} confirmation={rules.field("confirmPassword")} />
          <p className="field__hint">Changing your password signs you out on every other device and browser.</p>
          <div className="form__actions">
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Changing…" : "Change password"}
            </button>
          </div>
        </Form>
        <p className="settings__aside">
          Forgot your current password? <Link to="/forgot-password">Get a reset link by email</Link>.
        </p>
      </section>

      <BlockedMembers members={loaderData.blocked} />

      <section className="settings__section" aria-labelledby="data-title">
        <h2 id="data-title">Your data</h2>
        <p>
          Download a copy of everything you've added to MovieBooks: your profile, connections, comments, likes,
          favorites, the members you follow, your notifications and the reports you filed, as one JSON file with links
          to your images.
        </p>
        {/* A plain link: the file is a download, not a page to route to. */}
        <a className="button button--ghost" href="/settings/export" download>
          Download my data
        </a>
      </section>

      <section className="settings__section settings__section--danger" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete account</h2>
        <p>Delete your account and everything you've added to MovieBooks. This can't be undone.</p>
        <Link className="button button--danger" to="/settings/delete">
          Delete my account…
        </Link>
      </section>
    </div>
  );
}
