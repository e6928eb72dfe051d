import { memberName } from "../../worker/core/rules/names.ts";
import { AnswerError, AnswerRow, useAnswerFocus } from "../components/answer-row.tsx";
import { Link } from "../components/link.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { UserList } from "../components/user-list.tsx";
import { errorMeta, pageMeta } from "../meta.ts";
import type { Route } from "./+types/follow-list";

export { action, loader } from "./follow-list.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  loaderData
    ? pageMeta(matches, { title: loaderData.title, path: `/users/${loaderData.userId}/${loaderData.direction}` })
    : errorMeta(error, "User not found");

/** A member's followers or the members they follow; on one's own followers, a Remove button for each. */
export default function FollowList({ loaderData, actionData }: Route.ComponentProps) {
  const { title, users, userId, direction, ownFollowers } = loaderData;
  const { ref, onAnswered } = useAnswerFocus<HTMLHeadingElement>();
  return (
    <section className="narrow" aria-labelledby="follow-list-title">
      <p>
        <Link to={`/users/${userId}`}>← Back to the profile</Link>
      </p>
      <h1 id="follow-list-title" ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {ownFollowers ? <AnswerError error={actionData && !actionData.ok ? actionData.error : null} /> : null}
      <UserList
        users={users}
        empty={direction === "followers" ? "No followers yet." : "Not following anyone yet."}
        row={
          ownFollowers
            ? (user) => (
                <AnswerRow
                  key={user._id}
                  user={user}
                  action={`/users/${userId}/followers`}
                  onAnswered={onAnswered}
                  buttons={[
                    {
                      intent: "remove",
                      label: "Remove",
                      title: `Remove ${memberName(user)} from your followers. They won't be told.`,
                    },
                  ]}
                />
              )
            : undefined
        }
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Not found" fallback="Failed to load followers." />;
}
