/**
 * A short failure beside the control it is about (a like, a follow, an answer to a request), announced when it
 * appears. Nothing when there is no message. `inline` for a message inside a line of buttons.
 */
export function InlineError({ message, inline = false }: { message: string | null | undefined; inline?: boolean }) {
  if (!message) return null;
  const Tag = inline ? "span" : "p";
  return (
    <Tag className="inline-error" role="alert">
      {message}
    </Tag>
  );
}
