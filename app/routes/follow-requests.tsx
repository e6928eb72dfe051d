import { AnswerError, AnswerRow, useAnswerFocus } from "../components/answer-row.tsx";
import { Link } from "../components/link.tsx";
import { UserList } from "../components/user-list.tsx";
import { pageMeta } from "../meta.ts";
import { relativeTime } from "../relative-time.ts";
import type { Route } from "./+types/follow-requests";

export { action, loader } from "./follow-requests.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Follow requests",
    description: "People who asked to follow you on MovieBooks.",
    path: "/follow-requests",
  });

/**
 * The member's pending follow requests (API.md "Follow requests"), newest first, each with Accept and Decline.
 * Accepted requesters become followers and see the member's connections; a declined one is not told.
 */
export default function FollowRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, isPrivate, now } = loaderData;
  const { ref, onAnswered } = useAnswerFocus<HTMLHeadingElement>();
  const askedAt = new Map(requests.map((request) => [request.user._id, request.createdAt]));
  return (
    <section className="narrow" aria-labelledby="follow-requests-title">
      <p>
        <Link to="/users">← Back to your profile</Link>
      </p>
      <h1 id="follow-requests-title" ref={ref} tabIndex={-1}>
        Follow requests
      </h1>
      <p className="muted">
        {isPrivate
          ? "Your profile is private: people you accept become followers and see your connections."
          : "Your profile is public: anyone can follow you without asking."}
      </p>
      <AnswerError error={actionData && !actionData.ok ? actionData.error : null} />
      <UserList
        users={requests.map((request) => request.user)}
        empty="No pending follow requests."
        row={(user) => (
          <AnswerRow
            key={user._id}
            user={user}
            detail={`asked ${relativeTime(askedAt.get(user._id) ?? "", now)}`}
            action="/follow-requests"
            onAnswered={onAnswered}
            buttons={[
              { intent: "accept", label: "Accept", primary: true },
              { intent: "decline", label: "Decline", title: "They won't be told." },
            ]}
          />
        )}
      />
    </section>
  );
}
