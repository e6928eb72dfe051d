import { Link } from "react-router";
import type { UserSummary } from "../../worker/core/people/index.ts";
import { DEFAULT_AVATAR } from "../site.ts";

export function UserList({ users, empty }: { users: UserSummary[]; empty: string }) {
  if (users.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="user-list">
      {users.map((user) => (
        <li key={user._id}>
          <Link to={`/users/${user._id}`} className="user-list__item">
            <img className="avatar" src={user.profilePictureUrl || DEFAULT_AVATAR} alt="" width={48} height={48} />
            <span>
              <strong>{user.displayName || user.username}</strong>
              <span className="muted"> @{user.username}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
