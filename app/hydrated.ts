import { startTransition, useEffect, useState } from "react";

/**
 * True once React has hydrated: lets a form say it was sent by a fetcher rather than a plain form post, and swaps
 * in the controls that need a script. The swap is a transition, so React renders it in slices between the
 * browser's own work instead of as one long task right after hydration (decision 037).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
