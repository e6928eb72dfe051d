import { useEffect, useRef, useState } from "react";
import { shareTargets } from "../../share.ts";

const COPY_FEEDBACK_MS = 2000;

/**
 * Share menu (SPEC.md §2): Copy Link (label becomes 'Copied!' or 'Failed!' for 2 seconds), six networks and
 * a close button. A <details> element, so it opens and closes without JavaScript; the link also sits in a
 * read-only field that can be selected and copied by hand.
 */
export function ShareMenu({ url, text, image }: { url: string; text: string; image: string | null }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [label, setLabel] = useState<"Copy Link" | "Copied!" | "Failed!">("Copy Link");
  // Copy and Close need JavaScript; without it the field and the summary do their jobs.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (label === "Copy Link") return;
    const timer = setTimeout(() => setLabel("Copy Link"), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [label]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setLabel("Copied!");
    } catch {
      setLabel("Failed!");
    }
  }

  return (
    <details className="share" ref={details}>
      <summary className="action-button">Share</summary>
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
          <button type="button" className="share__close" onClick={() => details.current?.removeAttribute("open")}>
            Close
          </button>
        ) : null}
      </div>
    </details>
  );
}
