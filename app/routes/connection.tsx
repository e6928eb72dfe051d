import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteLoaderData } from "react-router";
import { ConnectionCard } from "../components/connection/connection-card.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { type RootData, pageMeta } from "../meta.ts";
import { connectionTitle } from "../share.ts";
import { DEFAULT_AVATAR } from "../site.ts";
import { snippet } from "../snippet.ts";
import type { Route } from "./+types/connection";
export { loader } from "./connection.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  loaderData
    ? pageMeta(matches, {
        title: connectionTitle(loaderData.connection),
        description: snippet(loaderData.connection.context, 155),
        path: `/connections/${params.connectionId}`,
        image: loaderData.connection.screenshotUrl || loaderData.connection.moviePosterUrl || null,
      })
    : pageMeta(matches, { title: "Connection not found", path: `/connections/${params.connectionId}` });

/** SPEC.md §2: #comments scrolls to the discussion after 100 ms (once the page has settled). */
const SCROLL_DELAY_MS = 100;

export default function ConnectionPage({ loaderData }: Route.ComponentProps) {
  const { connection, comments } = loaderData;
  const root = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const isAuthor = root?.viewer?.id === connection.userRef._id;

  useEffect(() => {
    if (location.hash !== "#comments") return;
    const timer = setTimeout(() => document.getElementById("comments")?.scrollIntoView({ behavior: "smooth" }), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.hash]);

  return (
    <div className="detail">
      {isAuthor ? (
        <div className="page-heading">
          <Link className="button button--ghost button--small" to={`/connections/${connection._id}/edit`}>
            Edit
          </Link>
        </div>
      ) : null}
      <ConnectionCard connection={connection} headingLevel={1} />
      <section id="comments" className="discussion" aria-labelledby="comments-title">
        <h2 id="comments-title">Comments</h2>
        {comments.length === 0 ? (
          <p className="muted">No comments yet. Be the first!</p>
        ) : (
          <ol className="comment-list">
            {comments.map((comment) =>
              comment?._id && comment.user?._id ? (
                <li key={comment._id} className="comment">
                  <img className="avatar" src={comment.user.profilePictureUrl || DEFAULT_AVATAR} alt="" width={32} height={32} />
                  <div>
                    <p className="comment__meta">
                      <Link to={`/profile/${comment.user._id}`}>{comment.user.displayName || comment.user.username}</Link>{" "}
                      · <LocalDate iso={comment.createdAt} />
                    </p>
                    <p className="comment__text">{comment.text}</p>
                  </div>
                </li>
              ) : (
                <li key={comment?._id ?? Math.random()} className="form-error">
                  Error: Invalid comment data.
                </li>
              ),
            )}
          </ol>
        )}
        {root?.viewer ? null : (
          <p className="muted">
            <Link to={`/login?${new URLSearchParams({ redirectTo: `/connections/${connection._id}` })}`}>Log in</Link> to
            leave a comment.
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : "Something went wrong.";
  return (
    <section className="notice-page">
      <h1>Not found</h1>
      <p>{message}</p>
      <p>
        <Link className="button" to="/">
          Go back home
        </Link>
      </p>
    </section>
  );
}
