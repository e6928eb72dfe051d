import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { connectionTitle, memberName } from "../../worker/core/rules/names.ts";
import { quotableContext } from "../../worker/core/rules/spoilers.ts";
import { CommentThread } from "../components/connection/comment-thread.tsx";
import { ConnectionCard } from "../components/connection/connection-card.tsx";
import { Link } from "../components/link.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { errorMeta, originOf, pageMeta, type RootData, SHARE_IMAGE_SIZE } from "../meta.ts";
import { snippet } from "../snippet.ts";
import { connectionData } from "../structured-data.ts";
import type { Route } from "./+types/connection";

export { action, loader } from "./connection.server.ts";

/**
 * An article to previews (its date, author and tags) and a `SocialMediaPosting` to search engines, from what the
 * page shows: a connection the viewer may not see is the 404 page, with no meta but its title.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(error, "Connection not found");
  const { connection, shareImage } = loaderData;
  const title = connectionTitle(connection);
  return pageMeta(matches, {
    title,
    // A spoiler is never a preview's text (decision 032).
    description:
      snippet(quotableContext(connection), 155) ||
      `${title}, posted by ${memberName(connection.userRef)}.${connection.contextSpoiler ? " Contains spoilers." : ""}`,
    path: `/connections/${connection._id}`,
    image: shareImage,
    imageSize: SHARE_IMAGE_SIZE,
    article: {
      publishedTime: connection.createdAt,
      modifiedTime: connection.updatedAt,
      authorPath: `/users/${connection.userRef._id}`,
      tags: connection.tags,
    },
    structuredData: connectionData(connection, originOf(matches)),
  });
};

/** SPEC.md §2: #comments scrolls to the discussion after 100 ms (once the page has settled). */
const SCROLL_DELAY_MS = 100;

export default function ConnectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { connection, comments } = loaderData;
  const root = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const isAuthor = root?.viewer?.id === connection.userRef._id;
  // A comment post that failed without JavaScript shows at its form; what no form shows goes under the thread.
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const intent = failed?.values?.intent;
  const atForm =
    intent === "add-comment" ||
    (intent === "update-comment" && comments.some((comment) => comment._id === failed?.values?.commentId));

  useEffect(() => {
    if (location.hash !== "#comments") return;
    const timer = setTimeout(
      () => document.getElementById("comments")?.scrollIntoView({ behavior: "smooth" }),
      SCROLL_DELAY_MS,
    );
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
      <ConnectionCard connection={connection} headingLevel={1} discussionOnPage first />
      <section id="comments" className="discussion" aria-labelledby="comments-title">
        <h2 id="comments-title">Comments</h2>
        <CommentThread connectionId={connection._id} comments={comments} posted={failed} />
        {failed && !atForm ? (
          <p className="form-error" role="alert">
            {failed.error}
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Not found" fallback="Something went wrong." />;
}
