import { UserList } from "../components/user-list.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/all-users";

export { loader } from "./all-users.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "All Public Users",
    description: "Everyone on MovieBooks with a public profile.",
    path: "/all-users",
  });

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow" aria-labelledby="all-users-title">
      <h1 id="all-users-title">All Public Users</h1>
      <UserList users={loaderData.users} empty="No public users found at this time." />
    </section>
  );
}
