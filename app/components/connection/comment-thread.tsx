import { useEffect, useRef, useState } from "react";
import { useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import type { CommentView } from "../../../worker/core/discussion/index.ts";
import { COMMENT_MAX, COMMENT_TEXT_ATTRIBUTES } from "../../../worker/core/rules/comment-text.ts";
import { memberName } from "../../../worker/core/rules/names.ts";
import { SPOILER_TEXT } from "../../../worker/core/rules/spoilers.ts";
import { readText } from "../../../worker/core/rules/text.ts";
import { useHydrated } from "../../hydrated.ts";
import type { RootData } from "../../meta.ts";
import { Avatar } from "../avatar.tsx";
import { Link } from "../link.tsx";
import { LocalDate } from "../local-date.tsx";
import { LoginLink } from "../login-link.tsx";
import { ReportLink } from "../report-link.tsx";
import { ReturnFields } from "../return-fields.tsx";
import { Spoiler, SpoilerCheckbox } from "../spoiler.tsx";

export const DELETE_COMMENT_CONFIRMATION = "Are you sure you want to delete this comment?";
type Failure = { ok: false; error: string; field?: string };
type Reply = { ok: true; result: unknown } | Failure;
/** A comment form's failed post without JavaScript: the connection page renders it again at that form. */
export type CommentPost = Failure & { values?: { intent: string; commentId: string; text: string; spoiler: string } };

/**
 * The discussion on a connection (SPEC.md §2, §4, §5). Forms post to the connection page's action, so every
 * step works without JavaScript: editing and the delete confirmation are chosen with `?editComment=` and
 * `?deleteComment=`; with JavaScript the same links open in place and the browser's confirm dialog asks.
 */
export function CommentThread({
  connectionId,
  comments,
  onAdded,
  posted,
  anchor = "comments",
}: {
  connectionId: string;
  comments: CommentView[];
  /** Cards prepend a new comment themselves; the connection page re-fetches its list instead. */
  onAdded?: (comment: CommentView) => void;
  /** The connection page's failed post without JavaScript, shown at the form it came from. */
  posted?: CommentPost;
  /** Where on this page a visitor comes back to after logging in to comment: the discussion, or a card's. */
  anchor?: string;
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
            <CommentItem
              key={comment?._id ?? Math.random()}
              comment={comment}
              action={action}
              ownerId={viewer?.id}
              posted={posted?.values?.intent === "update-comment" ? posted : undefined}
            />
          ))}
        </ol>
      )}
      {viewer ? (
        <AddComment
          action={action}
          onAdded={onAdded}
          posted={posted?.values?.intent === "add-comment" ? posted : undefined}
        />
      ) : (
        <p className="muted">
          <LoginLink anchor={anchor}>Log in</LoginLink> to leave a comment.
        </p>
      )}
    </div>
  );
}

function AddComment({
  action,
  onAdded,
  posted,
}: {
  action: string;
  onAdded?: (comment: CommentView) => void;
  posted?: CommentPost;
}) {
  const fetcher = useFetcher<Reply>();
  const [text, setText] = useState(posted?.values?.text ?? "");
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);
  const sending = fetcher.state !== "idle";
  // Disabled while empty only once JavaScript runs: without it, the server answers 'Comment cannot be empty.'.
  const scripted = useHydrated();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setText("");
    form.current?.reset();
    onAdded?.(fetcher.data.result as CommentView);
  }, [fetcher.state, fetcher.data, onAdded]);
  return (
    <fetcher.Form method="post" action={action} className="comment-form" ref={form}>
      <ReturnFields />
      <input type="hidden" name="intent" value="add-comment" />
      <CommentBox
        id={`${action}-comment`}
        label="Add a comment"
        failure={failureOf(fetcher) ?? posted}
        defaultValue={posted?.values?.text}
        placeholder="Add to the discussion…"
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <SpoilerCheckbox name="spoiler" label={SPOILER_TEXT.field} defaultChecked={Boolean(posted?.values?.spoiler)} />
      <div className="comment-form__footer">
        {/* Counted as the box's maxlength counts (UTF-16 units), so the count reaches the limit where typing stops. */}
        <span className="field__hint">
          {text.length}/{COMMENT_MAX}
        </span>
        <button type="submit" className="button button--small" disabled={sending || (scripted && !readText(text))}>
          {sending ? "Posting…" : "Post comment"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A fetcher's failed answer, once it has settled. */
function failureOf(fetcher: { state: string; data?: Reply }): Failure | null {
  return fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
}

/**
 * A comment's labelled text box with the comment rules' constraints (worker/core/rules/comment-text.ts) and its
 * form's last failure under it; a failure about the text marks it invalid (and focuses it, without JavaScript).
 */
function CommentBox({
  label,
  failure,
  ...textarea
}: { label: string; failure: Failure | null | undefined; id: string } & React.ComponentProps<"textarea">) {
  const invalid = failure?.field === "text" || undefined;
  // Without JavaScript the page comes back from a failed post with focus on the box at fault (as FormField does).
  const focus = { autoFocus: invalid };
  return (
    <>
      <label htmlFor={textarea.id} className="visually-hidden">
        {label}
      </label>
      <textarea
        name="text"
        rows={3}
        {...COMMENT_TEXT_ATTRIBUTES}
        {...textarea}
        aria-invalid={invalid}
        aria-describedby={failure ? `${textarea.id}-error` : undefined}
        {...focus}
      />
      {failure ? (
        <p id={`${textarea.id}-error`} className="form-error" role="alert">
          {failure.error}
        </p>
      ) : null}
    </>
  );
}

function CommentItem({
  comment,
  action,
  ownerId,
  posted,
}: {
  comment: CommentView;
  action: string;
  ownerId?: string;
  posted?: CommentPost;
}) {
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<Reply>();
  const scripted = useHydrated();
  const failedHere = posted?.values?.commentId === comment?._id ? posted : undefined;
  const [editing, setEditing] = useState(searchParams.get("editComment") === comment?._id || Boolean(failedHere));
  const [draft, setDraft] = useState(failedHere?.values?.text ?? comment?.text ?? "");
  const [spoiler, setSpoiler] = useState(failedHere ? Boolean(failedHere.values?.spoiler) : Boolean(comment?.spoiler));
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
  const failure = failureOf(fetcher) ?? failedHere;
  const unchanged = readText(draft) === readText(comment.text) && spoiler === comment.spoiler;
  const here = `?editComment=${comment._id}#comments`;
  if (deleting) return null;

  return (
    <li className="comment" id={`comment-${comment._id}`}>
      <Avatar url={comment.user.profilePictureUrl} size={32} />
      <div className="comment__body">
        <p className="comment__meta">
          <Link to={`/profile/${comment.user._id}`}>{memberName(comment.user)}</Link> ·{" "}
          <LocalDate iso={comment.createdAt} />
        </p>
        {editing && isOwner ? (
          <fetcher.Form method="post" action={action} className="comment-form">
            <ReturnFields />
            <input type="hidden" name="intent" value="update-comment" />
            <input type="hidden" name="commentId" value={comment._id} />
            <CommentBox
              id={`edit-${comment._id}`}
              label="Edit your comment"
              failure={failure}
              defaultValue={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <SpoilerCheckbox
              name="spoiler"
              label={SPOILER_TEXT.field}
              defaultChecked={failedHere ? Boolean(failedHere.values?.spoiler) : comment.spoiler}
              onChange={(event) => setSpoiler(event.currentTarget.checked)}
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
              <button
                type="submit"
                className="button button--small"
                disabled={fetcher.state !== "idle" || (scripted && (!readText(draft) || unchanged))}
              >
                Save
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <Spoiler spoiler={comment.spoiler}>
            <p className="comment__text">{comment.text}</p>
          </Spoiler>
        )}
        {failure && !(editing && isOwner) ? (
          <p className="form-error" role="alert">
            {failure.error}
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
        {!isOwner ? (
          <div className="comment__actions">
            <ReportLink type="comment" id={comment._id} className="link-button" />
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
