import { Link } from "../components/link.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/account-deleted";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Account deleted", path: "/account-deleted" }),
  { name: "robots", content: "noindex" },
];

/** Where deleting an account lands (logged out): what happened, and the ways on. */
export default function AccountDeleted() {
  return (
    <section className="notice-page" aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title">Your account has been deleted</h1>
      <p>Everything you added is gone, and your username and email address are free again.</p>
      <p>Thanks for having been part of MovieBooks.</p>
      <p className="form__actions notice-page__actions">
        <Link className="button" to="/">
          Browse MovieBooks
        </Link>
        <Link className="button button--ghost" to="/signup">
          Create a new account
        </Link>
      </p>
    </section>
  );
}
