import { Form, useNavigation } from "react-router";
import type { CaseView } from "../../worker/core/moderation/index.ts";
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  RESOLVE_FORM,
  type ReportReason,
} from "../../worker/core/rules/moderation.ts";
import { ChoiceField } from "../components/choice-field.tsx";
import { FormError } from "../components/form-error.tsx";
import { FormField } from "../components/form-field.tsx";
import { Link } from "../components/link.tsx";
import { Pagination } from "../components/pagination.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { type FailureReply, useFormRules } from "../form-rules.ts";
import { pageMeta } from "../meta.ts";
import { plural } from "../plural.ts";
import { relativeTime } from "../relative-time.ts";
import moderationStyles from "../styles/moderation.css?url";
import type { Route } from "./+types/moderation";

export { action, loader } from "./moderation.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: moderationStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Moderation", path: "/moderation" });

const TARGET_LABEL = { connection: "Connection", comment: "Comment", user: "Member" } as const;
const DONE = { dismiss: "Dismissed", remove: "Removed", suspend: "Suspended" } as const;

type Reply = FailureReply & { values?: { caseId: string; action: string; note: string } };

/**
 * The moderators' queue (API.md "Reports and moderation"): reports grouped per reported thing, the most reported
 * first, each resolved with an action and a note that the audit log keeps. Plain forms, with and without
 * JavaScript; a resolution reloads the queue with what was done.
 */
export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { cases, status, page, pages, now } = loaderData;
  const reply = actionData as Reply | undefined;
  // A failure for a case no longer listed (another moderator resolved it meanwhile) shows at the top.
  const orphanError = reply?.error && !cases.some((entry) => entry._id === reply.values?.caseId) ? reply.error : null;
  return (
    <section className="moderation" aria-labelledby="moderation-title">
      <div className="page-heading">
        <h1 id="moderation-title">Moderation</h1>
        <Link to="/moderation/log" className="button button--ghost button--small">
          Audit log
        </Link>
      </div>
      <nav className="moderation__tabs" aria-label="Reports">
        {(["open", "resolved"] as const).map((tab) => (
          <Link
            key={tab}
            to={tab === "open" ? "/moderation" : "/moderation?status=resolved"}
            aria-current={status === tab ? "page" : undefined}
          >
            {tab === "open" ? "Open" : "Resolved"}
          </Link>
        ))}
      </nav>
      {orphanError ? (
        <p className="form-error" role="alert">
          {orphanError}
        </p>
      ) : null}
      {cases.length === 0 ? (
        <p className="empty">{status === "open" ? "No open reports. All clear." : "No resolved reports yet."}</p>
      ) : (
        <ol className="case-list">
          {cases.map((entry) => (
            <CaseItem
              key={entry._id}
              entry={entry}
              now={now}
              reply={reply?.values?.caseId === entry._id ? reply : undefined}
            />
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} />
    </section>
  );
}

function CaseItem({ entry, now, reply }: { entry: CaseView; now: number; reply: Reply | undefined }) {
  const { target } = entry;
  const headingId = `case-${entry._id}`;
  return (
    <li className="case" aria-labelledby={headingId}>
      <div className="case__head">
        <span className="badge">{TARGET_LABEL[target.type]}</span>
        <h2 id={headingId} className="case__summary">
          <Link to={target.url}>{target.summary}</Link>
        </h2>
      </div>
      <p className="case__facts muted">
        {entry.reportCount} {plural(entry.reportCount, "report")} · first {relativeTime(entry.firstReportedAt, now)}
      </p>
      <ul className="case__reasons" aria-label="Reasons">
        {(Object.entries(entry.reasons) as Array<[ReportReason, number]>).map(([reason, count]) => (
          <li key={reason}>
            {REPORT_REASON_LABELS[reason]}
            {count > 1 ? <strong> × {count}</strong> : null}
          </li>
        ))}
      </ul>
      {entry.notes.length ? (
        <ul className="case__notes" aria-label="Notes from reporters">
          {entry.notes.map((note) => (
            <li key={note.createdAt + note.note}>
              <q>{note.note}</q> <span className="muted">({REPORT_REASON_LABELS[note.reason]})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {entry.resolution ? (
        <p className="case__resolution">
          <strong>{DONE[entry.resolution.action]}</strong> by @{entry.resolution.moderator},{" "}
          {relativeTime(entry.resolution.resolvedAt, now)}
          {entry.resolution.note ? (
            <>
              : <q>{entry.resolution.note}</q>
            </>
          ) : null}
        </p>
      ) : (
        <ResolveForm entry={entry} reply={reply} />
      )}
    </li>
  );
}

function ResolveForm({ entry, reply }: { entry: CaseView; reply: Reply | undefined }) {
  const rules = useFormRules(RESOLVE_FORM, reply);
  const navigation = useNavigation();
  const resolving = navigation.state === "submitting" && navigation.formData?.get("caseId") === entry._id;
  const isMember = entry.target.type === "user";
  const choices = [
    { value: "dismiss", label: "Dismiss: it keeps to the guidelines" },
    {
      value: "remove",
      label: isMember ? "Remove (only connections and comments)" : `Remove this ${entry.target.type}`,
      disabled: isMember,
    },
    { value: "suspend", label: isMember ? "Suspend this member" : "Suspend its author" },
  ];
  return (
    <Form method="post" className="form case__resolve" {...rules.form}>
      <FormError id={`resolve-error-${entry._id}`} message={rules.formError} />
      <input type="hidden" name="caseId" value={entry._id} />
      <ChoiceField legend="Resolve" choices={choices} defaultValue={reply?.values?.action} {...rules.field("action")} />
      <FormField
        label="Note for the audit log (optional)"
        multiline
        rows={2}
        hint={`Up to ${REPORT_NOTE_MAX} characters. Only moderators see it.`}
        defaultValue={reply?.values?.note}
        {...rules.field("note")}
      />
      <div className="form__actions">
        <button type="submit" className="button button--small" disabled={resolving}>
          {resolving ? "Resolving…" : "Resolve"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Moderation" fallback="The moderation queue could not be loaded." />;
}
