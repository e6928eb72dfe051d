import { Fragment } from "react";
import { pageMeta } from "../meta.ts";
import { relativeTime } from "../relative-time.ts";
import accountStyles from "../styles/account.css?url";
import type { Route } from "./+types/dev-outbox";

export { loader } from "./dev-outbox.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Development outbox", path: "/dev/outbox" }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The mail's text with its web addresses as links, so a reset link can be followed from here. */
function Linked({ text }: { text: string }) {
  // Splitting on a capturing group alternates text and addresses; a part's offset in the text is a stable key.
  let offset = 0;
  return text.split(/(https?:\/\/\S+)/).map((part, index) => {
    const key = offset;
    offset += part.length;
    return index % 2 === 1 ? (
      <a key={`link-${key}`} href={part}>
        {part}
      </a>
    ) : (
      <Fragment key={`text-${key}`}>{part}</Fragment>
    );
  });
}

/** Mail the site would have sent, kept because no mail provider is configured (development and tests only). */
export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages, now } = loaderData;
  return (
    <section className="narrow outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">Development outbox</h1>
      <p className="muted">
        Mail MovieBooks would have sent, newest first. It is kept here because <code>MAIL_OUTBOX</code> is on and no
        mail provider (<code>RESEND_API_KEY</code>) is configured; a deployment never shows this page.
      </p>
      {messages.length === 0 ? (
        <p className="empty">No mail yet. Ask for a password reset from the login page and it will show up here.</p>
      ) : (
        <ol className="outbox__list">
          {messages.map((message) => (
            <li key={message._id}>
              <article className="outbox__message" aria-labelledby={`mail-${message._id}`}>
                <h2 id={`mail-${message._id}`} className="outbox__subject">
                  {message.subject}
                </h2>
                <p className="outbox__meta">
                  To <strong>{message.to}</strong> ·{" "}
                  <time dateTime={message.createdAt}>{relativeTime(message.createdAt, now)}</time>
                </p>
                <p className="outbox__body">
                  <Linked text={message.text} />
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
