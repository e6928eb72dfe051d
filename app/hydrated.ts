import { startTransition, useEffect, useLayoutEffect, useState } from "react";

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
 * True from the commit that hydrates the page, for what a form's submission says about how it was sent. React
 * attaches the forms' handlers in that commit, so a layout effect flips it before a script can send the form, not
 * after the transition `useHydrated` waits for. It re-renders only the small field that uses it.
 */
export function useFormsScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useLayoutEffect(() => setScripted(true), []);
  return scripted;
}
