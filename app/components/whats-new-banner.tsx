import { useEffect, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { DISMISSED_UPDATE_KEY } from "../../worker/core/rules/cookies.ts";
import type { RootData } from "../meta.ts";
import { latestUpdate } from "../updates.ts";
import { Link } from "./link.tsx";
import { ViaField } from "./via-field.tsx";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Batch ids are plain tokens, so they go into a cookie without encoding and cannot smuggle attributes in. */
const BATCH_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function isBatchId(value: unknown): value is string {
  return typeof value === "string" && BATCH_ID.test(value);
}

/** The batch id the `dismissedUpdateBatchId` cookie names, if the Cookie header has a well-formed one. */
export function readDismissedBatch(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== DISMISSED_UPDATE_KEY) continue;
    const value = part.slice(eq + 1).trim();
    return isBatchId(value) ? value : null;
  }
  return null;
}

/**
 * The cookie that remembers a dismissal for a year, as a Set-Cookie value and as a `document.cookie`
 * assignment alike. Not HttpOnly: the banner's script writes the same cookie when local storage knows more.
 */
export function dismissCookie(batchId: string, secure: boolean): string {
  if (!isBatchId(batchId)) throw new Error(`Not an update batch id: ${batchId}`);
  return `${DISMISSED_UPDATE_KEY}=${batchId}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function storedDismissal(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_UPDATE_KEY);
  } catch {
    return null; // storage disabled: the cookie alone remembers
  }
}

function storeDismissal(batchId: string) {
  try {
    window.localStorage.setItem(DISMISSED_UPDATE_KEY, batchId);
  } catch {
    // storage disabled or full: the cookie alone remembers
  }
}

/**
 * SPEC.md §2 What's New banner: the newest update batch's title as one line under the header, linking to
 * /updates, until dismissed for that batch. It is part of the page's flow, so it never covers anything (decision
 * 035 explains why it left the bottom of the window). Without JavaScript, Dismiss is a plain form post to
 * /whats-new/dismiss, which sets the
 * `dismissedUpdateBatchId` cookie and comes back to this page, where the root loader no longer renders it.
 * With JavaScript the same form goes through a fetcher: the banner disappears at once and the id is mirrored
 * into local storage; a dismissal local storage remembers but the cookie lost is restored on load.
 */
export function WhatsNewBanner() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const fetcher = useFetcher();
  const location = useLocation();
  const [hiddenHere, setHiddenHere] = useState(false);
  const serverDismissed = root?.whatsNewDismissed; // undefined when the root loader failed: nothing to mirror

  useEffect(() => {
    if (serverDismissed === undefined) return;
    if (serverDismissed) {
      if (storedDismissal() !== latestUpdate.id) storeDismissal(latestUpdate.id);
    } else if (storedDismissal() === latestUpdate.id) {
      setHiddenHere(true);
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API exists only in secure contexts, and this is the same value the server sends as Set-Cookie
      document.cookie = dismissCookie(latestUpdate.id, window.location.protocol === "https:");
    }
  }, [serverDismissed]);

  if (serverDismissed !== false || hiddenHere || fetcher.state !== "idle") return null;
  return (
    <section className="whats-new" aria-labelledby="whats-new-label">
      <p className="whats-new__line">
        <span id="whats-new-label" className="whats-new__label">
          What's New
        </span>{" "}
        {/* The label starts with the visible title (WCAG 2.5.3); hidden text inside the link would be read apart. */}
        <Link to="/updates" className="whats-new__title" aria-label={`${latestUpdate.title}: see all updates`}>
          {latestUpdate.title}
        </Link>
      </p>
      <fetcher.Form
        method="post"
        action="/whats-new/dismiss"
        className="whats-new__dismiss"
        onSubmit={() => {
          storeDismissal(latestUpdate.id);
          setHiddenHere(true);
        }}
      >
        <input type="hidden" name="batchId" value={latestUpdate.id} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <ViaField />
        <button type="submit" className="whats-new__close" title="Dismiss">
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">Dismiss What's New</span>
        </button>
      </fetcher.Form>
    </section>
  );
}
