import type { ReactNode } from "react";
import type { UserSummary } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { Avatar } from "./avatar.tsx";
import { Link } from "./link.tsx";

/**
 * Members, each linking to their profile. `row`, when given, renders each entry itself, as a `UserRow` with
 * buttons beside the link.
 */
export function UserList({
  users,
  empty,
  row,
}: {
  users: UserSummary[];
  empty: string;
  row?: (user: UserSummary) => ReactNode;
}) {
  if (users.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="user-list">
      {users.map((user) =>
        row ? (
          row(user)
        ) : (
          <li key={user._id}>
            <UserLink user={user} />
          </li>
        ),
      )}
    </ul>
  );
}

function UserLink({ user, detail }: { user: UserSummary; detail?: ReactNode }) {
  return (
    <Link to={`/users/${user._id}`} className="user-list__item">
      <Avatar url={user.profilePictureUrl} size={48} />
      <span>
        <strong>{memberName(user)}</strong>
        <span className="muted"> @{user.username}</span>
        {detail ? <span className="user-list__detail">{detail}</span> : null}
      </span>
    </Link>
  );
}

/**
 * An entry with buttons beside the member's link. `hidden` takes it out of the list while its answer is on the
 * way (kept mounted, so a failure can show it again with the error).
 */
export function UserRow({
  user,
  detail,
  hidden,
  children,
}: {
  user: UserSummary;
  detail?: ReactNode;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="user-list__row" hidden={hidden}>
      <UserLink user={user} detail={detail} />
      <div className="user-list__actions">{children}</div>
    </li>
  );
}
