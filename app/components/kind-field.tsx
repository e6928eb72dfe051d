import { useId } from "react";
import { CONNECTION_KINDS, type ConnectionKind, KIND_LABELS } from "../../worker/core/rules/kinds.ts";

/** The connection's kind as a labelled select (create and edit); `other` unless the member picks one. */
export function KindField({ name, error, defaultValue }: { name: string; error?: string; defaultValue?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>Kind</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue || "other"}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        {CONNECTION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_HINTS[kind]}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const KIND_HINTS: Record<ConnectionKind, string> = {
  adaptation: `${KIND_LABELS.adaptation}: the film is made from the book`,
  theme: `${KIND_LABELS.theme}: they share a theme`,
  cameo: `${KIND_LABELS.cameo}: the book appears in the film`,
  other: KIND_LABELS.other,
};
