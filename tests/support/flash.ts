import type { TestApp } from "./app.ts";

/** The `flash=…` pair a reply's Set-Cookie leaves for the next page (decision 034), or null. */
export function flashCookieFrom(response: Response): string | null {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("flash="));
  const pair = set?.split(";")[0];
  return pair && pair !== "flash=" ? pair : null;
}

/** The text of the page's flash region (empty when there is no message). */
export function flashShown(html: string): string {
  const region = /<p role="status" aria-live="polite" aria-atomic="true" class="flash__text">([\s\S]*?)<\/p>/.exec(
    html,
  );
  if (!region) throw new Error("The page has no flash region");
  return (region[1] ?? "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

/**
 * Follows a form post's redirect as a browser without JavaScript would, sending the session `cookie` and the
 * flash the reply left; returns the next page's reply and HTML (without React's `<!-- -->` text separators, which
 * are not part of what people see).
 */
export async function pageAfter(app: Pick<TestApp, "url">, reply: Response, cookie?: string) {
  const location = reply.headers.get("location");
  if (!location) throw new Error(`Not a redirect: ${reply.status}`);
  const cookies = [cookie, flashCookieFrom(reply)].filter(Boolean).join("; ");
  const response = await fetch(new URL(location, app.url), {
    headers: cookies ? { Cookie: cookies } : {},
    redirect: "manual",
  });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
}
