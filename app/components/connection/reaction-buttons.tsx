import { useFetcher, useRouteLoaderData } from "react-router";
import type { RootData } from "../../meta.ts";
import { plural } from "../../plural.ts";
import { InlineError } from "../inline-error.tsx";
import { LoginLink } from "../login-link.tsx";
import { ReturnFields } from "../return-fields.tsx";

type Reply = { ok: true } | { ok: false; error: string };

/**
 * Like (SPEC.md §4): disabled while a request runs; for visitors, the count as a way to log in that comes back
 * to the card. With JavaScript the new state shows at once and falls back to the server's if the call fails
 * ('Like failed').
 */
export function LikeButton({ connectionId, likes }: { connectionId: string; likes: string[] }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const fetcher = useFetcher<Reply>();
  const serverLiked = viewer ? likes.includes(viewer.id) : false;
  const pending = fetcher.state !== "idle";
  const liked = pending ? !serverLiked : serverLiked;
  const count = likes.length + (pending ? (liked ? 1 : -1) : 0);
  // On narrow screens the bar shows the heart and the number; the word stays in the name.
  const label = (
    <>
      {count}
      <span className="action-button__word"> {plural(count, "like")}</span>
    </>
  );
  if (!viewer) {
    return (
      <LoginLink anchor={`card-${connectionId}`} className="action-button" title="Log in to like connections">
        ♡ {label}
        <span className="visually-hidden"> (log in to like this)</span>
      </LoginLink>
    );
  }
  return (
    <fetcher.Form method="post" action={`/connections/${connectionId}/like`} className="inline-form">
      <ReturnFields />
      <button
        type="submit"
        className={`action-button${liked ? " action-button--on" : ""}`}
        aria-pressed={liked}
        disabled={pending}
      >
        {liked ? "♥" : "♡"} {label}
        <span className="visually-hidden">{liked ? " (you like this)" : " (like this)"}</span>
      </button>
      <InlineError
        inline
        message={fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? "Like failed" : null}
      />
    </fetcher.Form>
  );
}

/**
 * Favorite toggle (SPEC.md §4): for members, one request at a time, optimistic with JavaScript; for visitors, a
 * way to log in that comes back to the card.
 */
export function FavoriteButton({ connectionId }: { connectionId: string }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const fetcher = useFetcher<Reply>();
  if (!viewer) {
    return (
      <LoginLink anchor={`card-${connectionId}`} className="action-button" title="Log in to save favorites">
        ☆<span className="action-button__word"> Favorite</span>
        <span className="visually-hidden"> (log in to save this)</span>
      </LoginLink>
    );
  }
  const serverFavorited = viewer.favoriteIds.includes(connectionId);
  const pending = fetcher.state !== "idle";
  const favorited = pending ? !serverFavorited : serverFavorited;
  return (
    <fetcher.Form method="post" action={`/connections/${connectionId}/favorite`} className="inline-form">
      <ReturnFields />
      <button
        type="submit"
        className={`action-button${favorited ? " action-button--on" : ""}`}
        aria-pressed={favorited}
        disabled={pending}
      >
        {favorited ? "★" : "☆"}
        <span className="action-button__word">{favorited ? " Favorited" : " Favorite"}</span>
      </button>
      <InlineError
        inline
        message={
          fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? "Failed to update favorite status." : null
        }
      />
    </fetcher.Form>
  );
}
