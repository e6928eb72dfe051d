import { useEffect, useMemo, useRef, useState } from "react";
import {
  attributesOf,
  type FieldError,
  type FormRules,
  firstFailure,
  firstFailureAt,
  readForm,
} from "../worker/core/rules/forms.ts";

/** What a page action answers on a failure (app/failures.server.ts): the message, at its field if it has one. */
export interface FailureReply {
  error?: string;
  field?: string;
}

/**
 * A form checked in the browser with the rules the server checks (worker/core/rules), so a member sees the same
 * message at the same field before anything is sent. It is checked when submitted (then nothing is sent if a rule
 * is broken), or when `check` is called; the server's answer (`reply`) is shown until the next check. Without
 * JavaScript the server's answer is all there is, rendered the same way.
 */
export function useFormRules<Name extends string>(form: FormRules<Name>, reply: FailureReply | null | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<{ reply: typeof reply; failure: FieldError | null } | null>(null);
  const failure = useMemo<FieldError | null>(() => {
    if (checked && checked.reply === reply) return checked.failure;
    return reply?.error ? { message: reply.error, field: reply.field } : null;
  }, [checked, reply]);
  const atField = failure?.field && failure.field in form.fields ? (failure.field as Name) : null;

  // With JavaScript, focus moves to the field in error (without it, the field's autofocus does that); for a
  // group of radio buttons, to its first.
  useEffect(() => {
    const named = failure?.field ? ref.current?.elements.namedItem(failure.field) : null;
    const element = named instanceof RadioNodeList ? named[0] : named;
    if (element instanceof HTMLElement) element.focus();
  }, [failure]);

  const check = () => {
    const found = ref.current ? firstFailure(form, readForm(form, new FormData(ref.current))) : null;
    setChecked({ reply, failure: found });
    return found;
  };

  /**
   * Checks one field at once (a chosen file, before anything is sent): its broken rule is shown at it, and its own
   * earlier message goes once it keeps them; another field's message stays.
   */
  const checkField = (name: Name) => {
    const found = ref.current ? firstFailureAt(form, readForm(form, new FormData(ref.current)), name) : null;
    if (found) setChecked({ reply, failure: found });
    else if (failure?.field === name) setChecked({ reply, failure: null });
    return found;
  };

  return {
    /** Spread onto the <form>: the browser's own bubbles are off, so the spec's messages are the only ones. */
    form: {
      ref,
      noValidate: true,
      onSubmit(event: React.FormEvent<HTMLFormElement>) {
        if (check()) event.preventDefault();
      },
    },
    /** A field's name, its HTML constraints from the rules, and its error message if it has one. */
    field: (name: Name) => ({
      name,
      ...attributesOf(form, name),
      error: atField === name ? failure?.message : undefined,
    }),
    /** A message that belongs to no field of this form, shown at the top. */
    formError: failure && !atField ? failure.message : undefined,
    check,
    checkField,
  };
}
