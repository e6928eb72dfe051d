import { useEffect, useRef } from "react";

/** A date as every page shows it, "Nov 24, 2026": the same words on the server and in any browser. */
const SHOWN = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The reader's own locale and time zone, made once: a formatter costs far more to make than to use. */
let readers: Intl.DateTimeFormat | undefined;
function inReadersTime(iso: string): string {
  readers ??= new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });
  return readers.format(new Date(iso));
}

/**
 * A date on a card, a comment or a profile. The text is one fixed format in UTC, so the server's page and the
 * hydrated one read the same (decision 035: no text changes when the page hydrates). The reader's own locale and
 * time zone, which only the browser knows, go into the tooltip once the page has hydrated: an attribute React
 * does not render, written straight to the element, so a feed's dozens of dates cost no second render.
 */
export function LocalDate({ iso }: { iso: string }) {
  const time = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    if (time.current) time.current.title = inReadersTime(iso);
  }, [iso]);
  return (
    <time ref={time} dateTime={iso}>
      {SHOWN.format(new Date(iso))}
    </time>
  );
}
