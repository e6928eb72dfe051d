import { lazy, Suspense, useCallback, useState } from "react";
import type { CommentView } from "../../../worker/core/discussion/index.ts";
import { Link } from "../link.tsx";
import { CommentIcon } from "./action-icons.tsx";

/**
 * The thread is only ever drawn after a click, so the feed loads its code then (with the comments), not with the
 * page: it is the card's largest part.
 */
const loadThread = () => import("./comment-thread.tsx");
const CommentThread = lazy(() => loadThread().then((module) => ({ default: module.CommentThread })));

type Load = { status: "closed" | "loading" | "failed" } | { status: "open"; comments: CommentView[] };

/** "Discussion (3)", or a speech bubble and 3 where the action bar is narrow (the name stays the same). */
export function DiscussionLabel({ count }: { count: number }) {
  return (
    <>
      <CommentIcon />
      <span>
        <span className="action-button__word">Discussion (</span>
        {count}
        <span className="action-button__word">)</span>
      </span>
    </>
  );
}

/**
 * A card's Discussion link and the comments it opens, as two pieces: the link goes in the card's action bar and
 * the comments below it, so opening them never breaks the bar's row. Without JavaScript the link goes to the
 * connection's page (#comments). With it, the comments open inside the card: loaded on first open, loaded again
 * on a later open if that load failed, and a new comment is put at the top of the card's list (the count comes
 * back with the page's revalidation).
 */
export function useCardDiscussion(connectionId: string, count: number) {
  const threadPage = `/connections/${connectionId}#comments`;
  const [load, setLoad] = useState<Load>({ status: "closed" });
  const [loaded, setLoaded] = useState<CommentView[] | null>(null);
  const open = load.status === "open" || load.status === "loading";

  async function toggle(event: React.MouseEvent) {
    event.preventDefault();
    if (open) return setLoad({ status: "closed" });
    if (loaded) return setLoad({ status: "open", comments: loaded });
    setLoad({ status: "loading" });
    const threadLoaded = loadThread().then(
      () => true,
      () => false,
    );
    try {
      const response = await fetch(`/connections/${connectionId}/comments`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const comments = (await response.json()) as CommentView[];
      // The comments came, the thread's code did not: the site was deployed since this page loaded, and a version
      // serves only its own build's files. The connection's page, rendered by the new build, shows the comments,
      // as the link does without JavaScript; drawing the thread would put the page's error screen in its place.
      // The card closes first, so the feed is as it was should the reader come back to it.
      if (!(await threadLoaded)) {
        setLoad({ status: "closed" });
        return window.location.assign(threadPage);
      }
      setLoaded(comments);
      setLoad({ status: "open", comments });
    } catch {
      setLoad({ status: "failed" });
    }
  }

  const prepend = useCallback((comment: CommentView) => {
    setLoaded((current) => [comment, ...(current ?? [])]);
    setLoad((current) =>
      current.status === "open" ? { status: "open", comments: [comment, ...current.comments] } : current,
    );
  }, []);

  const link = (
    <Link
      className="action-button"
      to={threadPage}
      onClick={toggle}
      aria-expanded={open}
      aria-controls={`card-discussion-${connectionId}`}
    >
      <DiscussionLabel count={count} />
    </Link>
  );
  const panel = (
    <div id={`card-discussion-${connectionId}`} className="card__discussion">
      {load.status === "failed" ? (
        <p className="inline-error" role="alert">
          Failed to load comments.
        </p>
      ) : null}
      {load.status === "loading" ? <p className="muted">Loading comments…</p> : null}
      {load.status === "open" ? (
        <section aria-label="Comments">
          <h3 className="card__discussion-title">Comments</h3>
          <Suspense fallback={<p className="muted">Loading comments…</p>}>
            <CommentThread
              connectionId={connectionId}
              comments={load.comments}
              onAdded={prepend}
              anchor={`card-${connectionId}`}
            />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
  return { link, panel };
}
