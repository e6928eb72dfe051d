import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { UserSummary } from "../../worker/core/people/index.ts";
import { InlineError } from "./inline-error.tsx";
import { ReturnFields } from "./return-fields.tsx";
import { UserRow } from "./user-list.tsx";

/** What `listEntryAction` replies to a fetcher (the flash message says what was done). */
export type ListEntryReply = { ok: true } | { ok: false; error: string };

export interface AnswerButton {
  intent: string;
  label: string;
  primary?: boolean;
  title?: string;
}

/**
 * A member in a list with buttons that answer for them (Accept / Decline, Remove): one form posting `intent`
 * and `userId` to `action`. With JavaScript the entry leaves the list at once, comes back with the error if
 * the answer fails, and `onAnswered` moves the focus; without it, the form post reloads the page.
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
  onAnswered: () => void;
}) {
  const fetcher = useFetcher<ListEntryReply>();
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.ok) onAnswered();
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
 * Where the focus goes when a row answers with JavaScript, since the button pressed has just left the page: the
 * list's heading (give it `tabIndex={-1}`). What was done is the flash message's to say (decision 034).
 */
export function useAnswerFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const onAnswered = useCallback(() => ref.current?.focus(), []);
  return { ref, onAnswered };
}

/** The error of a plain form post that was refused. */
export function AnswerError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
