import { useId } from "react";

interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

interface ChoiceFieldProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  defaultValue?: string;
  /** The group's error (from the browser's check or the server's answer), shown under it. */
  error?: string;
  required?: boolean;
}

/**
 * A group of radio buttons with its legend and error, as FormField is for one input: a group in error marks its
 * buttons invalid, describes them by the message, and autofocuses the first (so without JavaScript the page opens
 * on it).
 */
export function ChoiceField({ legend, name, choices, defaultValue, error, required }: ChoiceFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="field choice-field">
      <legend>{legend}</legend>
      {choices.map((choice, index) => {
        // Only after a failed post: the page then opens on the group at fault, as FormField's field does.
        const focus = { autoFocus: error && index === 0 ? true : undefined };
        return (
          <label key={choice.value} className="choice-field__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={defaultValue === choice.value}
              disabled={choice.disabled}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              {...focus}
            />
            {choice.label}
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
