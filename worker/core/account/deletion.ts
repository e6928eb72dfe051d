import { eq } from "drizzle-orm";
import type { RequestServices, Viewer } from "../../context.ts";
import { connections, users } from "../../db/schema.ts";
import { sessionGone } from "../auth/index.ts";
import { connectionDeletion, deleteImages } from "../connections/index.ts";
import { badRequest } from "../errors.ts";
import { stagedImagesDeletion } from "../images/index.ts";
import { limitAttempt } from "../limits/index.ts";
import { ACCOUNT_MESSAGES } from "../rules/index.ts";
import { validate } from "../validation.ts";
import { isCurrentPassword } from "./password.ts";
import { deleteAccountSchema } from "./schemas.ts";

/**
 * API.md `DELETE /users/me`. After the password, one transaction deletes the member's connections the way their
 * own delete does (`connectionDeletion`: images read, search rows and rows deleted) and then the member's row;
 * every row hanging off it goes by its foreign key's ON DELETE CASCADE (decision 012): sessions, reset links, the
 * member's own comments, likes, favorites, follows and blocks both ways, reports they filed and cases about them,
 * and the notifications they sent or received. The kept counts follow through the connection triggers. The
 * member's staged uploads go too (decision 030). The images
 * are deleted from R2 only once the rows are known gone. Movies and books stay: they
 * are shared catalog data, and so are posters and covers that became their pictures.
 */
export async function deleteAccount(services: RequestServices, viewer: Viewer, input: unknown) {
  const { password } = validate(deleteAccountSchema, input ?? {});
  const { db } = services;
  await limitAttempt(services, "deleteAccount");
  if (!(await isCurrentPassword(db, viewer.id, password))) {
    throw badRequest(ACCOUNT_MESSAGES.passwordIncorrect, "password");
  }
  const [connectionKeys, , , pictures, staged, , deleted] = await db.batch([
    ...connectionDeletion(db, eq(connections.userId, viewer.id)),
    db.select({ key: users.pictureKey }).from(users).where(eq(users.id, viewer.id)),
    ...stagedImagesDeletion(db, viewer.id),
    db.delete(users).where(eq(users.id, viewer.id)).returning({ id: users.id }),
  ]);
  // A deletion racing this one got there first: this token has failed, as it will for every later call.
  if (!deleted.length) throw sessionGone();
  const keys = [
    ...connectionKeys.map((row) => row.image_key),
    ...pictures.flatMap((row) => row.key ?? []),
    ...staged.map((row) => row.key),
  ];
  await deleteImages(services, keys);
  return { message: ACCOUNT_MESSAGES.accountDeleted };
}
