import { useEffect, useId, useRef } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { memberName } from "../../worker/core/rules/names.ts";
import type { RootData } from "../meta.ts";
import type { ListEntryReply } from "./answer-row.tsx";
import { FormError } from "./form-error.tsx";
import { InlineError } from "./inline-error.tsx";
import { Link } from "./link.tsx";
import { LoginLink } from "./login-link.tsx";
import { ReturnFields } from "./return-fields.tsx";

interface Member {
  _id: string;
  username: string;
  displayName: string;
}

/** The confirmation step's question and what blocking does: the page (no JavaScript) and the dialog say the same. */
export function blockQuestion(member: Member) {
  return {
    title: `Block ${memberName(member)}?`,
    consequences:
      "They won't be able to see your profile, connections or comments, or follow you, and you won't see theirs. " +
      "Follows between you are removed, and so are likes and favorites on each other's connections. " +
      "They aren't told, and you can unblock them at any time.",
  };
}

/** The path of the block page: its GET is the confirmation step, its POST blocks (or unblocks with intent). */
export const blockPath = (userId: string) => `/users/${userId}/block`;

/** One fetcher per member, so the profile's blocked notice can tell it was just blocked from the dialog. */
const blockFetcherKey = (userId: string) => `block-${userId}`;

/**
 * Block on someone's profile. Without JavaScript it is a link to the confirmation page; with it, a modal dialog
 * asks the same question and blocks in the background, and the profile turns into its blocked state. Visitors
 * get a way to log in that comes back to the profile.
 */
export function BlockButton({ member }: { member: Member }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (!root?.viewer) {
    return (
      <LoginLink anchor="profile" className="button button--ghost button--small">
        Block
      </LoginLink>
    );
  }
  return <BlockDialog member={member} />;
}

function BlockDialog({ member }: { member: Member }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<ListEntryReply>({ key: blockFetcherKey(member._id) });
  const titleId = useId();
  const { title, consequences } = blockQuestion(member);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const blocking = fetcher.state !== "idle";
  return (
    <>
      <Link
        to={blockPath(member._id)}
        className="button button--ghost button--small"
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
      >
        Block
      </Link>
      <dialog ref={dialog} className="block-dialog" aria-labelledby={titleId}>
        <fetcher.Form method="post" action={blockPath(member._id)}>
          <h2 id={titleId}>{title}</h2>
          <p>{consequences}</p>
          <FormError id={`${titleId}-error`} message={failed} />
          <ReturnFields />
          <input type="hidden" name="intent" value="block" />
          <div className="form__actions">
            <button type="submit" className="button button--danger" disabled={blocking}>
              {blocking ? "Blocking…" : "Block"}
            </button>
            <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}

/**
 * What the blocker sees on the profile of a member they blocked: a notice with Unblock (no confirmation: it
 * only lets them see each other again). Just after blocking from the dialog it takes the focus, since the
 * button that opened the dialog has gone.
 */
export function BlockedNotice({ member }: { member: Member }) {
  const blocked = useFetcher<ListEntryReply>({ key: blockFetcherKey(member._id) });
  const unblock = useFetcher<ListEntryReply>();
  const notice = useRef<HTMLParagraphElement>(null);
  const justBlocked = blocked.state === "idle" && blocked.data?.ok === true;
  useEffect(() => {
    if (justBlocked) notice.current?.focus();
  }, [justBlocked]);
  const failed = unblock.state === "idle" && unblock.data && !unblock.data.ok ? unblock.data.error : null;
  return (
    <div className="profile__blocked">
      <p ref={notice} tabIndex={-1}>
        <strong>You blocked {memberName(member)}.</strong> They can't see your profile, connections or comments, or
        follow you, and you don't see theirs.
      </p>
      <unblock.Form method="post" action={blockPath(member._id)}>
        <ReturnFields />
        <input type="hidden" name="intent" value="unblock" />
        <button type="submit" className="button button--ghost button--small" disabled={unblock.state !== "idle"}>
          {unblock.state !== "idle" ? "Unblocking…" : "Unblock"}
        </button>
      </unblock.Form>
      <InlineError message={failed} />
    </div>
  );
}
