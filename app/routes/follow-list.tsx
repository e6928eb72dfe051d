import { data, Link } from "react-router";
import { requestContext } from "../../worker/context.ts";
import { AppError } from "../../worker/errors.ts";
import { followList } from "../../worker/follows.ts";
import { UserList } from "../components/user-list.tsx";
import { pageMeta } from "../meta.ts";
import { RouteNotice } from "../components/route-notice.tsx";
import type { Route } from "./+types/follow-list";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? loaderData.title : "Members",
    path: loaderData ? `/users/${loaderData.userId}/${loaderData.direction}` : "/all-users",
  });

/** /users/:id/followers and /users/:id/following share this module (the route id says which). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const direction = new URL(request.url).pathname.endsWith("/following") ? "following" : "followers";
  try {
    const { profile, users } = await followList(services, params.userId, direction);
    const name = profile.displayName || profile.username;
    return {
      userId: profile._id,
      direction,
      title: direction === "followers" ? `People following ${name}` : `People ${name} follows`,
      users,
    };
  } catch (error) {
    if (error instanceof AppError) throw data({ message: "User not found." }, { status: 404 });
    throw error;
  }
}

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
