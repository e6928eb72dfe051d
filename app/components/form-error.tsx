import { useEffect, useRef } from "react";

/**
 * A form's error message. With JavaScript it takes focus when it appears, so keyboard and screen reader
 * users land on it; without JavaScript the invalid field's autofocus does the same job.
 */
export function FormError({ id, message }: { id: string; message: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p id={id} ref={ref} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/** The error of a small form beside what it acts on (a follow, an answer, an unblock), announced when it appears. */
export function InlineError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="inline-error" role="alert">
      {message}
    </p>
  );
}
