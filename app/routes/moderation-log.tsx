import type { AuditEntryView, ModerationAction } from "../../worker/core/moderation/index.ts";
import { Link } from "../components/link.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { Pagination } from "../components/pagination.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { pageMeta } from "../meta.ts";
import { relativeTime } from "../relative-time.ts";
import moderationStyles from "../styles/moderation.css?url";
import type { Route } from "./+types/moderation-log";

export { loader } from "./moderation-log.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: moderationStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Audit log", path: "/moderation/log" });

const NOUN = { connection: "a connection", comment: "a comment", user: "a member" } as const;

/** What an entry says was done, before the target's link. */
function whatWasDone(entry: AuditEntryView): string {
  const noun = NOUN[entry.target.type];
  const done: Record<ModerationAction, string> = {
    dismiss: `dismissed the reports of ${noun}:`,
    remove: `removed ${noun}:`,
    suspend: entry.target.type === "user" ? "suspended" : `suspended the author of ${noun}:`,
    unsuspend: "lifted the suspension of",
    grant: "gave the moderator role to",
    revoke: "took the moderator role from",
  };
  return done[entry.action];
}

/**
 * Every moderator's and operator's action, newest first: who, what, when and the note (decision 017). It is only
 * ever added to; targets are named as they were when reported, so removed items still read right.
 */
export default function ModerationLog({ loaderData }: Route.ComponentProps) {
  const { entries, page, pages, now } = loaderData;
  return (
    <section className="moderation" aria-labelledby="audit-title">
      <p>
        <Link to="/moderation">← Back to the reports</Link>
      </p>
      <h1 id="audit-title">Audit log</h1>
      <p className="muted">Every moderation action, newest first. Entries are never changed or deleted.</p>
      {entries.length === 0 ? (
        <p className="empty">Nothing has been moderated yet.</p>
      ) : (
        <ol className="audit-list">
          {entries.map((entry) => (
            <li key={entry._id} className="audit-entry">
              <p className="audit-entry__what">
                <strong>{entry.moderator === "operator" ? "An operator" : `@${entry.moderator}`}</strong>{" "}
                {whatWasDone(entry)} <Link to={entry.target.url}>{entry.target.summary}</Link>
              </p>
              {entry.note ? (
                <p className="audit-entry__note">
                  <q>{entry.note}</q>
                </p>
              ) : null}
              <p className="muted audit-entry__when">
                {relativeTime(entry.createdAt, now)} · <LocalDate iso={entry.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pages={pages} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Audit log" fallback="The audit log could not be loaded." />;
}
