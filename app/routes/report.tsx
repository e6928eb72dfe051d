import { Form, useNavigation } from "react-router";
import {
  MODERATION_MESSAGES,
  REPORT_FORM,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from "../../worker/core/rules/moderation.ts";
import { ChoiceField } from "../components/choice-field.tsx";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import moderationStyles from "../styles/moderation.css?url";
import type { Route } from "./+types/report";

export { action, loader } from "./report.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: moderationStyles }];

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, { title: "Report", path: `/report/${params.targetType}/${params.targetId}` });

const WHAT: Record<string, string> = { connection: "connection", comment: "comment", user: "member" };
const REASON_CHOICES = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

/**
 * API.md "Reports and moderation" as a page: why the member reports a connection, a comment or a member, and an
 * optional note for the moderators. A plain form: it works without JavaScript, and with it the shared rules answer
 * before anything is sent. After sending, the member is back where they came from, thanked by a flash message.
 */
export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { target, own, alreadyReported, back } = loaderData;
  const rules = useFormRules(REPORT_FORM, actionData);
  const sending = useNavigation().state === "submitting";
  const what = WHAT[target.type] ?? "post";
  return (
    <section className="auth-card report" aria-labelledby="report-title">
      <h1 id="report-title">{`Report this ${what}`}</h1>
      <blockquote className="report__target">
        <Link to={target.url}>{target.summary}</Link>
      </blockquote>
      {own ? (
        <p>{MODERATION_MESSAGES.ownContent}</p>
      ) : alreadyReported ? (
        <p>{MODERATION_MESSAGES.alreadyReported} A moderator will look at it soon.</p>
      ) : (
        <Form method="post" className="form" {...rules.form}>
          <p className="muted">
            Reports are anonymous: the member is not told who reported them. A moderator reviews every report against
            the <Link to="/help#community-guidelines">community guidelines</Link>.
          </p>
          <FormError id="report-error" message={rules.formError} />
          <input type="hidden" name="redirectTo" value={back} />
          <ChoiceField
            legend="What's wrong with it?"
            choices={REASON_CHOICES}
            defaultValue={actionData?.values?.reason}
            {...rules.field("reason")}
          />
          <FormField
            label="Anything the moderators should know? (optional)"
            multiline
            rows={4}
            hint={`Up to ${REPORT_NOTE_MAX} characters.`}
            defaultValue={actionData?.values?.note}
            {...rules.field("note")}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={sending}>
              {sending ? "Sending…" : "Send report"}
            </button>
            <Link to={back} className="button button--ghost">
              Cancel
            </Link>
          </div>
        </Form>
      )}
      {own || alreadyReported ? (
        <p>
          <Link to={back}>← Back</Link>
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Nothing to report" fallback="There is nothing to report here." />;
}
