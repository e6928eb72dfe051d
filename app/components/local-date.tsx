import { useEffect, useState } from "react";

/** A date as every page shows it, "Nov 24, 2026": the same words on the server and in any browser. */
const SHOWN = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/**
 * A date on a card, a comment or a profile. The text is one fixed format in UTC, so the server's page and the
 * hydrated one read the same (decision 035: no text changes when the page hydrates). The reader's own locale and
 * time zone, which only the browser knows, go into the tooltip once the page has hydrated: an attribute, not text.
 */
export function LocalDate({ iso }: { iso: string }) {
  const [local, setLocal] = useState<string | undefined>(undefined);
  useEffect(() => setLocal(new Date(iso).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" })), [iso]);
  return (
    <time dateTime={iso} title={local}>
      {SHOWN.format(new Date(iso))}
    </time>
  );
}
