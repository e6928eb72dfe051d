import { CONTACT_EMAIL } from "../site.ts";

/** The contact address SPEC.md §1 asks for on the about, help and updates pages. */
export function ContactLine() {
  return (
    <p className="contact-line">
      Questions, ideas or a bug to report? Write to us at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
    </p>
  );
}
