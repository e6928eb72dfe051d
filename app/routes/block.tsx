import { Form, useNavigation } from "react-router";
import { memberName } from "../../worker/core/rules/names.ts";
import { Avatar } from "../components/avatar.tsx";
import { blockQuestion } from "../components/block-member.tsx";
import { FormError } from "../components/form-error.tsx";
import { Link } from "../components/link.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { pageMeta } from "../meta.ts";
import blockStyles from "../styles/blocks.css?url";
import type { Route } from "./+types/block";

export { action, loader } from "./block.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blockStyles }];

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Block ${memberName(loaderData.member)}` : "Block",
    path: `/users/${params.userId}/block`,
  });

/**
 * Block's confirmation step without JavaScript: the question, what blocking does, Block and Cancel. A member
 * already blocked gets Unblock instead.
 */
export default function BlockMember({ loaderData, actionData }: Route.ComponentProps) {
  const { member, blocked } = loaderData;
  const sending = useNavigation().state === "submitting";
  const error = actionData && !actionData.ok ? actionData.error : undefined;
  const profile = `/users/${member._id}`;
  const { title, consequences } = blockQuestion(member);
  return (
    <section className="auth-card block-page" aria-labelledby="block-title">
      <p className="block-page__member">
        <Avatar url={member.profilePictureUrl} size={48} />
        <span>
          <strong>{memberName(member)}</strong> <span className="muted">@{member.username}</span>
        </span>
      </p>
      <h1 id="block-title">{blocked ? `You blocked ${memberName(member)}` : title}</h1>
      <p>
        {blocked
          ? "They can't see your profile, connections or comments, or follow you, and you don't see theirs."
          : consequences}
      </p>
      <Form method="post" className="form">
        <FormError id="block-error" message={error} />
        <input type="hidden" name="intent" value={blocked ? "unblock" : "block"} />
        <input type="hidden" name="redirectTo" value={profile} />
        <div className="form__actions">
          <button type="submit" className={blocked ? "button" : "button button--danger"} disabled={sending}>
            {blocked ? (sending ? "Unblocking…" : "Unblock") : sending ? "Blocking…" : "Block"}
          </button>
          <Link to={profile} className="button button--ghost">
            {blocked ? "Back to the profile" : "Cancel"}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Profile unavailable" fallback="Failed to load profile data." />;
}
