import { useId } from "react";

type ControlProps = React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>;

interface FormFieldProps extends ControlProps {
  label: string;
  /** The field's error (from the browser's check or the server's answer), shown under it. */
  error?: string;
  hint?: string;
  /**
   * When the field is needed, in words shown beside its label ("Required", "Needed for a connection"): a field
   * needed only with others is said so, never marked as plainly required. Screen readers hear it as the field's
   * description.
   */
  need?: string;
  /** A textarea rather than an input. */
  multiline?: boolean;
  /** Shown right under the input, positioned against it (a suggestion list, which needs `inputRef`). */
  children?: React.ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * A labelled input or textarea with its error and hint. A field in error is aria-invalid, described by its
 * message, and autofocused (so without JavaScript the page opens on it).
 */
export function FormField({ label, error, hint, need, multiline, children, inputRef, ...control }: FormFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const needId = need ? `${id}-need` : undefined;
  const props = {
    id,
    ...control,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [errorId, needId, hintId, control["aria-describedby"]].filter(Boolean).join(" ") || undefined,
    autoFocus: error ? true : undefined,
  };
  return (
    <div className="field">
      {need ? (
        <div className="field__head">
          <label htmlFor={id}>{label}</label>
          <span id={needId} className="field__need">
            {need}
          </span>
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children ? (
        <div className="field__control">
          <input ref={inputRef} {...props} />
          {children}
        </div>
      ) : multiline ? (
        <textarea {...props} />
      ) : (
        <input {...props} />
      )}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
