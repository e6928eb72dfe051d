import { useFetcher } from "react-router";
import { ReturnFields } from "./connection/reaction-buttons.tsx";

type Reply = { ok: true } | { ok: false; error: string };

/**
 * Follow / Unfollow (SPEC.md §4): the state and the follower count change at once and revert if the call
 * fails; the count never shows below 0. A plain form post without JavaScript.
 */
export function FollowButton({
  userId,
  isFollowing,
  followerCount,
  children,
}: {
  userId: string;
  isFollowing: boolean;
  followerCount: number;
  children: (count: number) => React.ReactNode;
}) {
  const fetcher = useFetcher<Reply>();
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const following = pendingIntent ? pendingIntent === "follow" : isFollowing;
  const count = Math.max(0, followerCount + (pendingIntent ? (pendingIntent === "follow" ? 1 : -1) : 0));
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <div className="follow">
      {children(count)}
      <fetcher.Form method="post" action={`/users/${userId}/follow`}>
        <ReturnFields />
        <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
        <button
          type="submit"
          className={following ? "button button--ghost" : "button"}
          disabled={fetcher.state !== "idle"}
        >
          {following ? "Unfollow" : "Follow"}
        </button>
      </fetcher.Form>
      {failed ? (
        <p className="inline-error" role="alert">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
