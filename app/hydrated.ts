import { startTransition, useEffect, useState } from "react";

/**
 * True once React has hydrated: swaps in the controls that need a script. The swap is a transition, so React
 * renders it in slices between the browser's own work instead of as one long task right after hydration
 * (decision 037).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * True right after hydration, for what a form's submission says about how it was sent: set by an effect at once,
 * not in `useHydrated`'s transition, so a form sent before the scripted controls are swapped in still says a script
 * sent it. Not a layout effect: an update scheduled in the hydrating commit makes React render it, and run every
 * component's effects, in the same task as the commit, a long task on a phone (decision 037). It re-renders only
 * the small field that uses it.
 */
export function useFormsScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}
