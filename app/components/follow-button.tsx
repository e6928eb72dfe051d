import { useFetcher, useRouteLoaderData } from "react-router";
import type { RootData } from "../meta.ts";
import { InlineError } from "./inline-error.tsx";
import { LoginLink } from "./login-link.tsx";
import { ReturnFields } from "./return-fields.tsx";

type Reply = { ok: true } | { ok: false; error: string };
type FollowState = "none" | "requested" | "following";

const LABELS: Record<FollowState, string> = { none: "Follow", requested: "Requested", following: "Unfollow" };

/**
 * Follow / Unfollow (SPEC.md §4), and on a private member Follow / Requested (API.md "Follow requests"):
 * pressing Requested withdraws the request. With JavaScript the new state shows at once and reverts if the
 * call fails; the count moves only for a real follow or unfollow and never shows below 0. A plain form post
 * without JavaScript. Visitors get Follow as a way to log in that comes back to the profile.
 */
export function FollowButton({
  userId,
  isPrivate,
  isFollowing,
  requested,
  followerCount,
  children,
}: {
  userId: string;
  isPrivate: boolean;
  isFollowing: boolean;
  requested: boolean;
  followerCount: number;
  children: (count: number) => React.ReactNode;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const fetcher = useFetcher<Reply>();
  if (!root?.viewer) {
    return (
      <div className="follow">
        {children(followerCount)}
        <LoginLink anchor="profile" className="button" title="Log in to follow members">
          {LABELS.none}
        </LoginLink>
      </div>
    );
  }
  const saved: FollowState = isFollowing ? "following" : requested ? "requested" : "none";
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const shown: FollowState = !pendingIntent
    ? saved
    : pendingIntent === "unfollow"
      ? "none"
      : isPrivate
        ? "requested"
        : "following";
  const followersChange = (shown === "following" ? 1 : 0) - (saved === "following" ? 1 : 0);
  const count = Math.max(0, followerCount + followersChange);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <div className="follow">
      {children(count)}
      <fetcher.Form method="post" action={`/users/${userId}/follow`}>
        <ReturnFields />
        <input type="hidden" name="intent" value={shown === "none" ? "follow" : "unfollow"} />
        <button
          type="submit"
          className={shown === "none" ? "button" : "button button--ghost"}
          title={shown === "requested" ? "Waiting for their approval. Press to withdraw your request." : undefined}
          disabled={fetcher.state !== "idle"}
        >
          {LABELS[shown]}
        </button>
      </fetcher.Form>
      <InlineError message={failed} />
    </div>
  );
}
