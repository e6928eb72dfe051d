import { and, eq } from "drizzle-orm";
import { reportCases, users } from "../../worker/db/schema.ts";
import type { TestApp } from "./app.ts";
import { api, registerUser } from "./http.ts";

/** A new member given the moderator role, as `npm run admin -- grant-moderator` does (the role counts at once). */
export async function registerModerator(app: TestApp) {
  const member = await registerUser(app);
  await app.db.update(users).set({ role: "moderator" }).where(eq(users.id, member._id));
  return member;
}

/** Files a report and answers the case it joined (as the moderator's queue lists it). */
export async function report(
  app: TestApp,
  token: string,
  target: { targetType: "connection" | "comment" | "user"; targetId: string },
  reason = "spam",
  note?: string,
) {
  return api(app, "POST", "/reports", { token, body: { ...target, reason, ...(note === undefined ? {} : { note }) } });
}

/** The id of the open case about a target (undefined when there is none). */
export async function openCaseOf(app: TestApp, targetId: string): Promise<string | undefined> {
  const [row] = await app.db
    .select({ id: reportCases.id })
    .from(reportCases)
    .where(and(eq(reportCases.targetId, targetId), eq(reportCases.status, "open")));
  return row?.id;
}
