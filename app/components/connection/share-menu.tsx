import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../hydrated.ts";
import { shareTargets } from "../../share.ts";
import { ShareIcon } from "./action-icons.tsx";

const COPY_FEEDBACK_MS = 2000;

/**
 * Share menu (SPEC.md §2): Copy Link (label becomes 'Copied!' or 'Failed!' for 2 seconds), six networks and
 * a close button. A <details> element, so it opens and closes without JavaScript; the link also sits in a
 * read-only field that can be selected and copied by hand. The stylesheet hangs the panel from the card's action
 * bar, so it stays inside the card, and the window, at any width.
 *
 * With JavaScript: where the browser has a system share sheet (the Web Share API, on phones mostly), Share opens
 * that instead, and the panel is the fallback if it fails. The open panel closes on Escape, on Close and on a
 * press outside it; Escape and Close give the focus back to Share.
 */
export function ShareMenu({
  url,
  title,
  text,
  image,
}: {
  url: string;
  title: string;
  text: string;
  image: string | null;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [label, setLabel] = useState<"Copy Link" | "Copied!" | "Failed!">("Copy Link");
  // Copy and Close need JavaScript; without it the field and the summary do their jobs. Whether the system
  // share sheet exists is only known in the browser, after hydration.
  const scripted = useHydrated();
  const systemShare = scripted && typeof navigator.share === "function";
  useEffect(() => {
    if (label === "Copy Link") return;
    const timer = setTimeout(() => setLabel("Copy Link"), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [label]);

  // Listening from the start, rather than once the panel reports itself open, keeps Escape and a press outside
  // working from the moment the panel shows: the toggle event, and a render after it, come a task later.
  useEffect(() => {
    const close = (returnFocus: boolean) => {
      details.current?.removeAttribute("open");
      if (returnFocus) summary.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.current?.open) close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.current?.open || details.current.contains(event.target as Node)) return;
      close(details.current.contains(document.activeElement));
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setLabel("Copied!");
    } catch {
      setLabel("Failed!");
    }
  }

  function openSystemShare(event: React.MouseEvent) {
    if (!systemShare || details.current?.open) return;
    event.preventDefault();
    navigator.share({ title, text, url }).catch((error: unknown) => {
      // Dismissing the sheet is not a failure; anything else falls back to the menu.
      if (!(error instanceof DOMException && error.name === "AbortError")) details.current?.setAttribute("open", "");
    });
  }

  return (
    <details className="share" ref={details}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is its <details>' native toggle button, focusable and keyboard-operable; the click only swaps the menu for the system share sheet */}
      <summary className="action-button" ref={summary} onClick={openSystemShare}>
        <ShareIcon />
        <span className="action-button__word">Share</span>
      </summary>
      <div className="share__panel">
        <label className="share__field">
          <span className="visually-hidden">Link to this connection</span>
          <input type="url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </label>
        {scripted ? (
          <button type="button" className="share__copy" onClick={copy} aria-live="polite">
            {label}
          </button>
        ) : null}
        <ul className="share__targets">
          {shareTargets(url, text, image).map((target) => (
            <li key={target.name}>
              <a href={target.href} target="_blank" rel="noopener noreferrer">
                {target.name}
              </a>
            </li>
          ))}
        </ul>
        {scripted ? (
          <button
            type="button"
            className="share__close"
            onClick={() => {
              details.current?.removeAttribute("open");
              summary.current?.focus();
            }}
          >
            Close
          </button>
        ) : null}
      </div>
    </details>
  );
}
