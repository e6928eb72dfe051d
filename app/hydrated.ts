import { useEffect, useState } from "react";

/** True once React has hydrated: lets a form say it was sent by a fetcher rather than a plain form post. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
