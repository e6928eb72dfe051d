import { Link } from "react-router";
import { RouteNotice } from "../components/route-notice.tsx";
import { UserList } from "../components/user-list.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/follow-list";

export { loader } from "./follow-list.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? loaderData.title : "Members",
    path: loaderData ? `/users/${loaderData.userId}/${loaderData.direction}` : "/all-users",
  });

export default function FollowList({ loaderData }: Route.ComponentProps) {
  const { title, users, userId, direction } = loaderData;
  return (
    <section className="narrow" aria-labelledby="follow-list-title">
      <p>
        <Link to={`/users/${userId}`}>← Back to the profile</Link>
      </p>
      <h1 id="follow-list-title">{title}</h1>
      <UserList users={users} empty={direction === "followers" ? "No followers yet." : "Not following anyone yet."} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Not found" fallback="Failed to load followers." />;
}
