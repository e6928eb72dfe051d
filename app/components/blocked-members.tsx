import type { UserSummary } from "../../worker/core/people/index.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { AnswerNotice, AnswerRow, useAnswerNotice } from "./answer-row.tsx";
import { UserList } from "./user-list.tsx";

/** What settings says after an unblock (the page's notice, with or without JavaScript). */
export const UNBLOCKED_NOTICE =
  "Unblocked. They can see your profile again; follows the block removed don't come back.";

/**
 * Settings' "Blocked members": everyone the member blocked, most recent first, each with Unblock (posted to
 * /settings/blocked). Blocking happens on a profile, after a confirmation step.
 */
export function BlockedMembers({ members, unblocked }: { members: UserSummary[]; unblocked: boolean }) {
  const { notice, ref, onAnswered } = useAnswerNotice(unblocked ? UNBLOCKED_NOTICE : null);
  return (
    <section id="blocked" className="settings__section" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Blocked members</h2>
      <p>
        Members you block can't see your profile, connections or comments, or follow you, and you don't see theirs. To
        block someone, use Block on their profile.
      </p>
      <AnswerNotice notice={notice} noticeRef={ref} error={null} />
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
