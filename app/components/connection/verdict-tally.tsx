import { useFetcher, useRouteLoaderData } from "react-router";
import type { Verdict } from "../../../worker/core/verdicts/index.ts";
import type { RootData } from "../../meta.ts";
import { plural } from "../../plural.ts";
import { InlineError } from "../inline-error.tsx";
import { LoginLink } from "../login-link.tsx";
import { ReturnFields } from "../return-fields.tsx";

type Counts = Pick<Verdict, "book" | "film" | "tie" | "total">;
type Choice = "book" | "film" | "tie";
type Reply = { ok: true } | { ok: false; error: string };

const CHOICES: ReadonlyArray<{ choice: Choice; label: string }> = [
  { choice: "book", label: "Book" },
  { choice: "tie", label: "Tie" },
  { choice: "film", label: "Film" },
];

/** A tally as a bar (book, tie, film) and its counts; shown on cards, the detail page and work pages. */
export function TallyBar({ counts }: { counts: Counts }) {
  const { total } = counts;
  return (
    <div className="tally">
      <div className="tally__bar" aria-hidden="true">
        {total
          ? CHOICES.map(({ choice }) => (
              <span
                key={choice}
                className={`tally__part tally__part--${choice}`}
                style={{ flexGrow: counts[choice] }}
              />
            ))
          : null}
      </div>
      <p className="tally__counts">
        {CHOICES.map(({ choice, label }) => (
          <span key={choice} className={`tally__count tally__count--${choice}`}>
            {label} {counts[choice]}
          </span>
        ))}
        <span className="tally__total">
          {total} {plural(total, "vote")}
        </span>
      </p>
    </div>
  );
}

/** The tally as it will be once the pending vote (or withdrawal) lands. */
function afterVote(verdict: Verdict, next: Choice | null): Verdict {
  const counts = { ...verdict };
  if (verdict.mine) counts[verdict.mine] -= 1;
  if (next) counts[next] += 1;
  return { ...counts, total: counts.book + counts.film + counts.tie, mine: next };
}

/**
 * "Book or film?" on an adaptation: the tally for everyone; members vote with one of three buttons (again to
 * change, "Withdraw" to take it back), visitors get "Log in to vote", which comes back to the card. With
 * JavaScript a fetcher posts the vote and the tally moves at once, falling back to the server's if the vote fails
 * (the buttons wait for the answer); without, the form posts and the page comes back at the card.
 */
export function VerdictTally({ connectionId, verdict }: { connectionId: string; verdict: Verdict }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const viewer = root?.viewer ?? null;
  const fetcher = useFetcher<Reply>();
  const pendingChoice = fetcher.formData?.get("choice");
  const shown = fetcher.formData
    ? afterVote(verdict, typeof pendingChoice === "string" && pendingChoice ? (pendingChoice as Choice) : null)
    : verdict;
  // One vote in flight at a time: a second request could reach the server first and be overwritten.
  const pending = fetcher.state !== "idle";
  const headingId = `verdict-${connectionId}`;
  return (
    <section className="verdict" aria-labelledby={headingId}>
      {/* Not a heading: the card's own heading level varies by page, and this belongs under it. */}
      <p id={headingId} className="verdict__title">
        Book or film?
      </p>
      <TallyBar counts={shown} />
      {viewer ? (
        <fetcher.Form method="post" action={`/connections/${connectionId}/verdict`} className="verdict__vote">
          <ReturnFields />
          {CHOICES.map(({ choice, label }) => (
            <button
              key={choice}
              type="submit"
              name="choice"
              value={choice}
              className={`action-button${shown.mine === choice ? " action-button--on" : ""}`}
              aria-pressed={shown.mine === choice}
              disabled={pending}
            >
              {label}
            </button>
          ))}
          {shown.mine ? (
            <button
              type="submit"
              name="choice"
              value=""
              className="action-button action-button--quiet"
              disabled={pending}
            >
              Withdraw my vote
            </button>
          ) : null}
          <InlineError
            inline
            message={fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null}
          />
        </fetcher.Form>
      ) : (
        <p className="verdict__login">
          <LoginLink anchor={`card-${connectionId}`}>Log in to vote</LoginLink>
        </p>
      )}
    </section>
  );
}
