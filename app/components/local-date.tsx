import { useEffect, useState } from "react";

/**
 * A date in the reader's own locale (SPEC.md §2 card). The server cannot know the locale, so it renders a
 * neutral format and the browser swaps in its own after hydration (no hydration mismatch).
 */
export function LocalDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  const [text, setText] = useState(() =>
    date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
  );
  useEffect(() => setText(new Date(iso).toLocaleDateString()), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
