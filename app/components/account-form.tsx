import { Form, useNavigation, useSearchParams } from "react-router";
import type { useFormRules } from "../form-rules.ts";
import { FormError } from "./form-error.tsx";
import { Link } from "./link.tsx";

interface AccountFormProps {
  id: string;
  title: string;
  rules: Pick<ReturnType<typeof useFormRules>, "form" | "formError">;
  /** The target kept from the last post; else the one in the URL. */
  redirectTo: string | undefined;
  submit: { label: string; busy: string };
  /** The other account page (signup for login and back), keeping the redirect target. */
  other: { question: string; path: string; label: string };
  children: React.ReactNode;
}

/** The card that /login and /signup share: the form, its form-level error, and the way to the other page. */
export function AccountForm({ id, title, rules, redirectTo, submit, other, children }: AccountFormProps) {
  const [searchParams] = useSearchParams();
  const target = redirectTo ?? searchParams.get("redirectTo") ?? "";
  const submitting = useNavigation().state === "submitting";
  const otherHref = target ? `${other.path}?${new URLSearchParams({ redirectTo: target })}` : other.path;
  return (
    <section className="auth-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      <Form method="post" className="form" {...rules.form}>
        <FormError id={`${id}-error`} message={rules.formError} />
        <input type="hidden" name="redirectTo" value={target} />
        {children}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? submit.busy : submit.label}
        </button>
      </Form>
      <p className="auth-card__switch">
        {other.question} <Link to={otherHref}>{other.label}</Link>
      </p>
    </section>
  );
}
