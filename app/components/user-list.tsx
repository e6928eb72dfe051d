import { Link } from "react-router";
import type { UserSummary } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { Avatar } from "./avatar.tsx";

export function UserList({ users, empty }: { users: UserSummary[]; empty: string }) {
  if (users.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="user-list">
      {users.map((user) => (
        <li key={user._id}>
          <Link to={`/users/${user._id}`} className="user-list__item">
            <Avatar url={user.profilePictureUrl} size={48} />
            <span>
              <strong>{memberName(user)}</strong>
              <span className="muted"> @{user.username}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
