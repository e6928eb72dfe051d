import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { ConnectionView } from "../../../worker/core/connections/index.ts";
import { shortened } from "../../../worker/core/rules/characters.ts";
import { KIND_LABELS } from "../../../worker/core/rules/kinds.ts";
import { connectionTitle, memberName } from "../../../worker/core/rules/names.ts";
import { quotableContext } from "../../../worker/core/rules/spoilers.ts";
import type { RootData } from "../../meta.ts";
import { shareLink, shareText } from "../../share.ts";
import { PLACEHOLDER_COVER, PLACEHOLDER_POSTER } from "../../site.ts";
import { Avatar } from "../avatar.tsx";
import { Link } from "../link.tsx";
import { LocalDate } from "../local-date.tsx";
import { ReportLink } from "../report-link.tsx";
import { ResponsiveImage } from "../responsive-image.tsx";
import { Spoiler } from "../spoiler.tsx";
import { FlagIcon, TrashIcon } from "./action-icons.tsx";
import { CardCredits } from "./card-credits.tsx";
import { DiscussionLabel, useCardDiscussion } from "./card-discussion.tsx";
import { FavoriteButton, LikeButton } from "./reaction-buttons.tsx";
import { ShareMenu } from "./share-menu.tsx";
import { VerdictTally } from "./verdict-tally.tsx";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this connection?";
const CONTEXT_PREVIEW = 280;

/** A movie poster or book cover on a card, linking to the movie's or book's page. */
function CardArt({
  to,
  label,
  src,
  placeholder,
  priority,
  eager,
}: {
  to: string;
  label: string;
  src: string;
  placeholder: string;
  priority: boolean;
  eager: boolean;
}) {
  return (
    <Link to={to} className="card__poster" aria-label={label}>
      <ResponsiveImage url={src} fallback={placeholder} width={120} height={180} priority={priority} eager={eager} />
    </Link>
  );
}

/**
 * A connection as SPEC.md §2 describes it. A connection without both refs is the text-only variant. A card
 * with missing user data shows the spec's error line instead of guessing.
 */
export function ConnectionCard({
  connection,
  headingLevel = 2,
  discussionOnPage = false,
  first = false,
}: {
  connection: ConnectionView;
  headingLevel?: 1 | 2 | 3;
  /**
   * The first card of the page: in view at once, so its pictures load without waiting and its largest (the
   * screenshot, else the poster, else the cover) before anything else.
   */
  first?: boolean;
  /**
   * On the connection's own page the discussion is below the card, so the link just jumps there; the credits
   * name the whole cast there.
   */
  discussionOnPage?: boolean;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const origin = root?.origin ?? "";
  const discussion = useCardDiscussion(connection?._id ?? "", connection?.commentCount ?? 0);
  if (!connection?._id || !connection.userRef?._id) {
    return <p className="card card--error">Error: Incomplete connection data ...</p>;
  }
  const { movieRef, bookRef, userRef } = connection;
  const textOnly = !movieRef && !bookRef;
  const title = connectionTitle(connection);
  const author = memberName(userRef);
  const Heading = `h${headingLevel}` as const;
  // A spoiler is shown whole once its reader opens it: no second "More" inside.
  const long = connection.context.length > CONTEXT_PREVIEW && !connection.contextSpoiler;
  const isOwner = viewer?.id === userRef._id;
  const largest = connection.screenshotUrl ? "screenshot" : movieRef ? "poster" : "cover";
  const showDiscussion = connection.commentCount > 0 || Boolean(viewer);
  const screenshot = connection.screenshotUrl ? (
    <ResponsiveImage
      className="card__screenshot"
      url={connection.screenshotUrl}
      alt={movieRef ? `Screenshot from ${movieRef.title}` : `Picture shared by ${author}`}
      width={320}
      height={180}
      sizes="(max-width: 400px) calc(100vw - 4rem), 320px"
      priority={first}
    />
  ) : null;

  return (
    <article
      id={`card-${connection._id}`}
      className={`card${textOnly ? " card--text" : ""}`}
      aria-labelledby={`card-title-${connection._id}`}
    >
      <header className="card__header">
        <Avatar url={userRef.profilePictureUrl} size={40} eager={first} />
        <div>
          {textOnly ? null : (
            <Heading id={`card-title-${connection._id}`} className="card__title">
              <Link to={`/connections/${connection._id}`}>{title}</Link>
            </Heading>
          )}
          {textOnly ? null : (
            <span className={`kind-label kind-label--${connection.kind}`}>{KIND_LABELS[connection.kind]}</span>
          )}
          <p className="card__byline">
            Added by <Link to={`/users/${userRef._id}`}>{author}</Link> on{" "}
            <Link to={`/connections/${connection._id}`} className="card__date">
              <LocalDate iso={connection.createdAt} />
            </Link>
          </p>
        </div>
      </header>

      {textOnly ? (
        <Heading id={`card-title-${connection._id}`} className="visually-hidden">
          Post by {author}
        </Heading>
      ) : (
        <div className="card__art">
          {movieRef ? (
            <CardArt
              to={`/movies/${movieRef._id}`}
              label={`Movie: ${movieRef.title}`}
              src={connection.moviePosterUrl}
              placeholder={PLACEHOLDER_POSTER}
              priority={first && largest === "poster"}
              eager={first}
            />
          ) : null}
          {bookRef ? (
            <CardArt
              to={`/books/${bookRef._id}`}
              label={`Book: ${bookRef.title}`}
              src={connection.bookCoverUrl}
              placeholder={PLACEHOLDER_COVER}
              priority={first && largest === "cover"}
              eager={first}
            />
          ) : null}
          {screenshot}
        </div>
      )}

      {textOnly ? null : <CardCredits movieRef={movieRef} bookRef={bookRef} fullCast={discussionOnPage} />}

      {connection.context ? (
        connection.contextSpoiler ? (
          <Spoiler spoiler className="card__context">
            <p className="card__full">{connection.context}</p>
          </Spoiler>
        ) : long ? (
          <details className="card__context">
            <summary>
              <span className="card__preview">{shortened(connection.context, CONTEXT_PREVIEW)}</span>
              <span className="card__toggle" data-more="More" data-less="Less" />
            </summary>
            <p className="card__full">{connection.context}</p>
          </details>
        ) : (
          <p className="card__context">{connection.context}</p>
        )
      ) : null}

      {/* A text-only post shows the picture its member shared with it, after what they wrote (decision 049). */}
      {textOnly && screenshot ? <div className="card__art">{screenshot}</div> : null}

      {connection.tags.length ? (
        <ul className="tags" aria-label="Tags">
          {connection.tags.map((tag) => (
            <li key={tag}>
              <Link to={`/?${new URLSearchParams({ tags: tag })}`}>#{tag}</Link>
            </li>
          ))}
        </ul>
      ) : null}

      {connection.verdict ? <VerdictTally connectionId={connection._id} verdict={connection.verdict} /> : null}

      <footer className="card__actions">
        <LikeButton connectionId={connection._id} likes={connection.likes} />
        <FavoriteButton connectionId={connection._id} />
        {showDiscussion ? (
          discussionOnPage ? (
            <Link className="action-button" to={`/connections/${connection._id}#comments`}>
              <DiscussionLabel count={connection.commentCount} />
            </Link>
          ) : (
            discussion.link
          )
        ) : null}
        <ShareMenu
          url={shareLink(origin, connection._id)}
          title={title}
          text={shareText(title, quotableContext(connection))}
          image={connection.moviePosterUrl || null}
        />
        {isOwner ? <DeleteButton connectionId={connection._id} /> : null}
        {isOwner ? null : (
          <ReportLink type="connection" id={connection._id} className="action-button" icon={<FlagIcon />} />
        )}
      </footer>
      {showDiscussion && !discussionOnPage ? discussion.panel : null}
    </article>
  );
}

/**
 * Delete for the owner. Without JavaScript it is a link to a confirmation page; with it, the browser's confirm
 * dialog asks the spec's question and the delete is posted in the background.
 */
function DeleteButton({ connectionId }: { connectionId: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  const href = `/connections/${connectionId}/delete?${new URLSearchParams({ redirectTo })}`;
  return (
    <>
      <Link
        className="action-button action-button--danger"
        to={href}
        onClick={(event) => {
          event.preventDefault();
          if (window.confirm(DELETE_CONFIRMATION)) {
            fetcher.submit({ redirectTo }, { method: "post", action: `/connections/${connectionId}/delete` });
          }
        }}
        aria-disabled={fetcher.state !== "idle" || undefined}
      >
        <TrashIcon />
        <span className="action-button__word">{fetcher.state !== "idle" ? "Deleting…" : "Delete"}</span>
      </Link>
      {fetcher.data?.error ? (
        <p className="form-error" role="alert">
          Failed to delete connection.
        </p>
      ) : null}
    </>
  );
}
