import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { UserSummary } from "../../worker/core/people/index.ts";
import { ReturnFields } from "./connection/reaction-buttons.tsx";
import { InlineError } from "./form-error.tsx";
import { UserRow } from "./user-list.tsx";

/** What `listEntryAction` replies to a fetcher. */
export type ListEntryReply = { ok: true; notice: string } | { ok: false; error: string };

export interface AnswerButton {
  intent: string;
  label: string;
  primary?: boolean;
  title?: string;
}

/**
 * A member in a list with buttons that answer for them (Accept / Decline, Remove): one form posting `intent`
 * and `userId` to `action`. With JavaScript the entry leaves the list at once, comes back with the error if
 * the answer fails, and hands the notice to the page; without it, the form post reloads the page.
 */
export function AnswerRow({
  user,
  detail,
  action,
  buttons,
  onAnswered,
}: {
  user: UserSummary;
  detail?: ReactNode;
  action: string;
  buttons: AnswerButton[];
  onAnswered: (notice: string) => void;
}) {
  const fetcher = useFetcher<ListEntryReply>();
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.ok) onAnswered(reply.notice);
  }, [reply, onAnswered]);
  const failed = fetcher.state === "idle" && reply && !reply.ok ? reply.error : null;
  return (
    <UserRow user={user} detail={detail} hidden={fetcher.state !== "idle" || reply?.ok === true}>
      <fetcher.Form method="post" action={action} className="inline-form">
        <ReturnFields />
        <input type="hidden" name="userId" value={user._id} />
        {buttons.map((button) => (
          <button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            title={button.title}
            className={`button button--small${button.primary ? "" : " button--ghost"}`}
          >
            {button.label}
          </button>
        ))}
      </fetcher.Form>
      <InlineError message={failed} />
    </UserRow>
  );
}

/**
 * The page's notice about the last answer: the loader's (after a plain form post) until a row answers with
 * JavaScript. `onAnswered` also moves focus to the notice, since the button pressed has just left the page.
 */
export function useAnswerNotice(fromLoader: string | null) {
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const onAnswered = useCallback((text: string) => {
    setNotice(text);
    ref.current?.focus();
  }, []);
  return { notice: notice ?? fromLoader, ref, onAnswered };
}

/**
 * A live region, present from the start so screen readers announce the notice when it appears, and the error
 * of a plain form post that was refused.
 */
export function AnswerNotice({
  notice,
  noticeRef,
  error,
}: {
  notice: string | null;
  noticeRef: RefObject<HTMLParagraphElement | null>;
  error: string | null;
}) {
  return (
    <>
      <p ref={noticeRef} role="status" tabIndex={-1} className={notice ? "answer-notice" : "visually-hidden"}>
        {notice}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
