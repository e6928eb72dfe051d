import type { PointerEvent } from "react";

/**
 * A date as every page shows it, "Nov 24, 2026", in UTC: the same words on the server and in any browser.
 * Written out rather than through `Intl.DateTimeFormat`: a browser's first formatter costs 20–35 ms to make
 * (its locale data), which would be a long task in every page's hydration (decision 037).
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function shownDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The reader's own locale and time zone, made once, when first wanted. */
let readers: Intl.DateTimeFormat | undefined;
function inReadersTime(iso: string): string {
  readers ??= new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });
  return readers.format(new Date(iso));
}

/**
 * A tooltip only shows on pointing, so it is written then: no formatter is made for a page nobody points at. A
 * touch shows no tooltip, and a date on a card is a link a tap follows, so a touch makes none either.
 */
function writeReadersTime(event: PointerEvent<HTMLTimeElement>) {
  if (event.pointerType === "touch") return;
  const time = event.currentTarget;
  if (!time.title) time.title = inReadersTime(time.dateTime);
}

/**
 * A date on a card, a comment or a profile. The text is one fixed format in UTC, so the server's page and the
 * hydrated one read the same (decision 035: no text changes when the page hydrates). The reader's own locale and
 * time zone, which only the browser knows, go into the tooltip when the reader points at the date: an attribute
 * React does not render, written straight to the element.
 */
export function LocalDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} onPointerEnter={writeReadersTime}>
      {shownDate(iso)}
    </time>
  );
}
