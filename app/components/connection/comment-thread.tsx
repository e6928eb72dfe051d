import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import type { CommentView } from "../../../worker/core/discussion/index.ts";
import { COMMENT_MAX } from "../../../worker/core/rules/index.ts";
import type { RootData } from "../../meta.ts";
import { DEFAULT_AVATAR } from "../../site.ts";
import { LocalDate } from "../local-date.tsx";
import { ReturnFields } from "./reaction-buttons.tsx";

export const DELETE_COMMENT_CONFIRMATION = "Are you sure you want to delete this comment?";
type Reply = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * The discussion on a connection (SPEC.md §2, §4, §5). Forms post to the connection page's action, so every
 * step works without JavaScript: editing and the delete confirmation are chosen with `?editComment=` and
 * `?deleteComment=`; with JavaScript the same links open in place and the browser's confirm dialog asks.
 */
export function CommentThread({
  connectionId,
  comments,
  onAdded,
}: {
  connectionId: string;
  comments: CommentView[];
  /** Cards prepend a new comment themselves; the connection page re-fetches its list instead. */
  onAdded?: (comment: CommentView) => void;
}) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const action = `/connections/${connectionId}`;
  return (
    <div className="comment-thread">
      {comments.length === 0 ? (
        <p className="muted">No comments yet. Be the first!</p>
      ) : (
        <ol className="comment-list">
          {comments.map((comment) => (
            <CommentItem key={comment?._id ?? Math.random()} comment={comment} action={action} ownerId={viewer?.id} />
          ))}
        </ol>
      )}
      {viewer ? (
        <AddComment action={action} onAdded={onAdded} />
      ) : (
        <p className="muted">
          <Link to={`/login?${new URLSearchParams({ redirectTo: action })}`}>Log in</Link> to leave a comment.
        </p>
      )}
    </div>
  );
}

function AddComment({ action, onAdded }: { action: string; onAdded?: (comment: CommentView) => void }) {
  const fetcher = useFetcher<Reply>();
  const [text, setText] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setText("");
    form.current?.reset();
    onAdded?.(fetcher.data.result as CommentView);
  }, [fetcher.state, fetcher.data, onAdded]);
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" action={action} className="comment-form" ref={form}>
      <ReturnFields />
      <input type="hidden" name="intent" value="add-comment" />
      <label htmlFor={`${action}-comment`} className="visually-hidden">
        Add a comment
      </label>
      <textarea
        id={`${action}-comment`}
        name="text"
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder="Add to the discussion…"
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-form__footer">
        <span className="field__hint">
          {text.length}/{COMMENT_MAX}
        </span>
        <SubmitWhenReady disabled={sending} emptyText={!text.trim()}>
          {sending ? "Posting…" : "Post comment"}
        </SubmitWhenReady>
      </div>
    </fetcher.Form>
  );
}

/** Disabled while empty only once JavaScript runs: without it, the server answers 'Comment cannot be empty.'. */
function SubmitWhenReady({
  disabled,
  emptyText,
  children,
}: {
  disabled: boolean;
  emptyText: boolean;
  children: React.ReactNode;
}) {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return (
    <button type="submit" className="button button--small" disabled={disabled || (scripted && emptyText)}>
      {children}
    </button>
  );
}

function CommentItem({ comment, action, ownerId }: { comment: CommentView; action: string; ownerId?: string }) {
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<Reply>();
  const [editing, setEditing] = useState(searchParams.get("editComment") === comment?._id);
  const [draft, setDraft] = useState(comment?.text ?? "");
  const confirmingDelete = searchParams.get("deleteComment") === comment?._id;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setEditing(false);
  }, [fetcher.state, fetcher.data]);

  if (!comment?._id || !comment.user?._id) {
    return <li className="form-error">Error: Invalid comment data.</li>;
  }
  const isOwner = ownerId === comment.user._id;
  const intent = fetcher.formData?.get("intent");
  const deleting = intent === "delete-comment" && fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const unchanged = draft.trim() === comment.text.trim();
  const here = `?editComment=${comment._id}#comments`;
  if (deleting) return null;

  return (
    <li className="comment" id={`comment-${comment._id}`}>
      <img className="avatar" src={comment.user.profilePictureUrl || DEFAULT_AVATAR} alt="" width={32} height={32} />
      <div className="comment__body">
        <p className="comment__meta">
          <Link to={`/profile/${comment.user._id}`}>{comment.user.displayName || comment.user.username}</Link> ·{" "}
          <LocalDate iso={comment.createdAt} />
        </p>
        {editing && isOwner ? (
          <fetcher.Form method="post" action={action} className="comment-form">
            <ReturnFields />
            <input type="hidden" name="intent" value="update-comment" />
            <input type="hidden" name="commentId" value={comment._id} />
            <label htmlFor={`edit-${comment._id}`} className="visually-hidden">
              Edit your comment
            </label>
            <textarea
              id={`edit-${comment._id}`}
              name="text"
              rows={3}
              maxLength={COMMENT_MAX}
              defaultValue={comment.text}
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <div className="comment-form__footer">
              <Link
                to="?#comments"
                className="action-button"
                onClick={(event) => {
                  event.preventDefault();
                  setEditing(false);
                }}
              >
                Cancel
              </Link>
              <SubmitWhenReady disabled={fetcher.state !== "idle"} emptyText={!draft.trim() || unchanged}>
                Save
              </SubmitWhenReady>
            </div>
          </fetcher.Form>
        ) : (
          <p className="comment__text">{comment.text}</p>
        )}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {isOwner && !editing ? (
          <div className="comment__actions">
            <Link
              to={here}
              className="link-button"
              onClick={(event) => {
                event.preventDefault();
                setEditing(true);
              }}
            >
              Edit
            </Link>
            <Link
              to={`?deleteComment=${comment._id}#comments`}
              className="link-button link-button--danger"
              onClick={(event) => {
                event.preventDefault();
                if (window.confirm(DELETE_COMMENT_CONFIRMATION)) {
                  fetcher.submit(
                    { intent: "delete-comment", commentId: comment._id, via: "fetcher", redirectTo: "/" },
                    { method: "post", action },
                  );
                }
              }}
            >
              Delete
            </Link>
          </div>
        ) : null}
        {confirmingDelete && isOwner ? (
          <fetcher.Form method="post" action={action} className="comment__confirm">
            <ReturnFields />
            <input type="hidden" name="intent" value="delete-comment" />
            <input type="hidden" name="commentId" value={comment._id} />
            <span>{DELETE_COMMENT_CONFIRMATION}</span>
            <button type="submit" className="button button--small button--danger">
              Delete
            </button>
            <Link to="?#comments" className="action-button">
              Cancel
            </Link>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  );
}
