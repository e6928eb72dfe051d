import { useId } from "react";

interface FormFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  /** Marks the field invalid and ties the form's error message to it for screen readers. */
  invalid?: boolean;
  errorId?: string;
  hint?: string;
}

/** A labelled input. An invalid field gets aria-invalid and points at the error, and autofocus without JS. */
export function FormField({ label, name, invalid, errorId, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [invalid ? errorId : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: focus moves only when the user's own submission failed, to the field to fix (the no-JavaScript counterpart of FormError's focus)
        autoFocus={invalid || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
