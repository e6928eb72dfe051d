import type { ReactNode } from "react";
import { SPOILER_TEXT } from "../../worker/core/rules/spoilers.ts";

/**
 * Text its author marked as a spoiler (decision 032), closed behind "Show spoiler": a `<details>`, so it opens
 * without JavaScript and assistive technology announces it as a disclosure. Anything else is shown as it is.
 */
export function Spoiler({
  spoiler,
  className,
  children,
}: {
  spoiler: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (!spoiler) return <>{children}</>;
  return (
    <details className={`spoiler${className ? ` ${className}` : ""}`}>
      <summary className="spoiler__toggle">
        <span className="spoiler__show">{SPOILER_TEXT.show}</span>
        <span className="spoiler__hide">{SPOILER_TEXT.hide}</span>
      </summary>
      {children}
    </details>
  );
}

/** The "contains spoilers" checkbox of a form (a connection's context, a comment); checked posts `true`. */
export function SpoilerCheckbox({
  label,
  ...input
}: { name: string; label: string } & Pick<React.ComponentProps<"input">, "defaultChecked" | "onChange">) {
  return (
    <label className="checkbox spoiler-field">
      <input type="checkbox" value="true" {...input} /> {label}
    </label>
  );
}
