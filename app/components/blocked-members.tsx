import type { UserSummary } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { AnswerRow, useAnswerFocus } from "./answer-row.tsx";
import { UserList } from "./user-list.tsx";

/**
 * Settings' "Blocked members": everyone the member blocked, most recent first, each with Unblock (posted to
 * /settings/blocked). Blocking happens on a profile, after a confirmation step.
 */
export function BlockedMembers({ members }: { members: UserSummary[] }) {
  const { ref, onAnswered } = useAnswerFocus<HTMLHeadingElement>();
  return (
    <section id="blocked" className="settings__section" aria-labelledby="blocked-title">
      <h2 id="blocked-title" ref={ref} tabIndex={-1}>
        Blocked members
      </h2>
      <p>
        Members you block can't see your profile, connections or comments, or follow you, and you don't see theirs. To
        block someone, use Block on their profile.
      </p>
      <UserList
        users={members}
        empty="You haven't blocked anyone."
        row={(user) => (
          <AnswerRow
            key={user._id}
            user={user}
            action="/settings/blocked"
            onAnswered={onAnswered}
            buttons={[
              {
                intent: "unblock",
                label: "Unblock",
                title: `Let ${memberName(user)} see your profile and connections again.`,
              },
            ]}
          />
        )}
      />
    </section>
  );
}
