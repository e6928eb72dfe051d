import { requestContext } from "../../worker/context.ts";
import { listPublicUsers } from "../../worker/users.ts";
import { UserList } from "../components/user-list.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/all-users";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "All Public Users", description: "Everyone on MovieBooks with a public profile.", path: "/all-users" });

export async function loader({ context }: Route.LoaderArgs) {
  return { users: await listPublicUsers(context.get(requestContext)) };
}

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow" aria-labelledby="all-users-title">
      <h1 id="all-users-title">All Public Users</h1>
      <UserList users={loaderData.users} empty="No public users found at this time." />
    </section>
  );
}
