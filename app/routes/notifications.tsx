import { Form, useFetcher, useFetchers } from "react-router";
import type { NotificationGroupView } from "../../worker/core/notifications/index.ts";
import { connectionTitle } from "../../worker/core/rules/names.ts";
import { Avatar } from "../components/avatar.tsx";
import { ViaField } from "../components/via-field.tsx";
import { pageMeta } from "../meta.ts";
import { relativeTime } from "../relative-time.ts";
import type { Route } from "./+types/notifications";

export { action, loader } from "./notifications.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Notifications", description: "Your MovieBooks notifications.", path: "/notifications" });

const MESSAGES = {
  markOneFailed: "Failed to mark notification as read. Please try again.",
  markAllFailed: "Failed to mark all notifications as read. Please try again.",
};

/**
 * With JavaScript, marking read shows at once (optimistically, from the fetchers in flight) and is undone if
 * the call fails, with the spec's message; without JavaScript, the same buttons are plain form posts.
 */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, now } = loaderData;
  const markAll = useFetcher<{ ok?: boolean; error?: string }>({ key: "notifications:read-all" });
  const pendingReads = new Set(
    useFetchers()
      .filter((fetcher) => fetcher.formData?.get("intent") === "read")
      .map((fetcher) => String(fetcher.formData?.get("id"))),
  );
  const allPending = markAll.state !== "idle";
  const isRead = (notification: NotificationGroupView) =>
    notification.read || allPending || pendingReads.has(notification._id);
  const unread = notifications.filter((notification) => !isRead(notification)).length;
  const markAllFailed = markAll.state === "idle" && markAll.data && !markAll.data.ok;

  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <div className="page-heading">
        <h1 id="notifications-title">Notifications</h1>
        <markAll.Form method="post">
          <ViaField />
          <input type="hidden" name="intent" value="read-all" />
          <button type="submit" className="button button--ghost button--small" disabled={unread === 0}>
            Mark All as Read
          </button>
        </markAll.Form>
      </div>
      {markAllFailed ? (
        <p className="form-error" role="alert">
          {MESSAGES.markAllFailed}
        </p>
      ) : null}
      {notifications.length === 0 ? (
        <p className="empty">You have no notifications.</p>
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              read={isRead(notification)}
              now={now}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function NotificationItem({
  notification,
  read,
  now,
}: {
  notification: NotificationGroupView;
  read: boolean;
  now: number;
}) {
  const markRead = useFetcher<{ ok?: boolean; error?: string }>();
  const failed = markRead.state === "idle" && markRead.data && !markRead.data.ok;
  return (
    <li className={`notification${read ? "" : " notification--unread"}`}>
      {/* A moderation notice comes from the moderators as a team: the site's mark, not a member's picture. */}
      <Avatar
        url={notification.type === "moderation" ? "/favicon.png" : notification.senderRef.profilePictureUrl}
        size={40}
      />
      <Form method="post" className="notification__open">
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="id" value={notification._id} />
        <button type="submit" className="notification__message">
          {read ? null : <span className="visually-hidden">Unread: </span>}
          {notification.message}
          {notification.connectionRef ? (
            <span className="notification__about">{connectionTitle(notification.connectionRef)}</span>
          ) : null}
        </button>
        <time className="notification__time" dateTime={notification.createdAt}>
          {relativeTime(notification.createdAt, now)}
        </time>
      </Form>
      {read ? null : (
        <markRead.Form method="post">
          <ViaField />
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={notification._id} />
          <button type="submit" className="button button--ghost button--small">
            Mark Read
          </button>
        </markRead.Form>
      )}
      {failed ? (
        <p className="form-error notification__error" role="alert">
          {MESSAGES.markOneFailed}
        </p>
      ) : null}
    </li>
  );
}
