import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../meta.ts";

/** How long the toast stays with JavaScript (while its close button has the focus, it stays). */
export const FLASH_TOAST_MS = 7000;

/**
 * What the last form action said (decision 034), from the root loader's `flash`. The status element is always
 * there, so a screen reader announces each new message. Without JavaScript the message is a line at the top of
 * the page until the next one; with it (`@media (scripting: enabled)` in layout.css, so from the first paint) it
 * is a toast that goes after a few seconds or with its close button. The close button is rendered on the server
 * too, so hydration changes nothing; the stylesheet hides it where it could not work.
 */
export function FlashMessage() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const flash = root?.flash ?? null;
  const [closedId, setClosedId] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  const shown = flash && flash.id !== closedId ? flash : null;

  useEffect(() => {
    if (!shown || held) return;
    const timer = setTimeout(() => setClosedId(shown.id), FLASH_TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown, held]);

  return (
    <div className={shown ? "flash flash--shown" : "flash"}>
      <p role="status" aria-live="polite" aria-atomic="true" className="flash__text">
        {shown?.message}
      </p>
      {shown ? (
        <button
          type="button"
          className="flash__close"
          onClick={() => setClosedId(shown.id)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">Dismiss message</span>
        </button>
      ) : null}
    </div>
  );
}
