import { requestContext } from "../../worker/context.ts";
import { bookWithConnections } from "../../worker/core/connections/index.ts";
import { notFoundPage } from "../failures.server.ts";
import { snippet } from "../snippet.ts";
import type { Route } from "./+types/book";

/** The book and the connections featuring it (newest first, hidden ones left out), in one round trip. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(requestContext);
  const id = params.bookId;
  try {
    const { book, connections } = await bookWithConnections(services, id);
    const description = book.synopsis
      ? snippet(book.synopsis, 110)
      : `${book.title}${book.author ? ` by ${book.author}` : ""}: the movies members connect with this book on MovieBooks.`;
    return { book, connections, description };
  } catch (error) {
    notFoundPage(error, `Book with ID ${id} not found.`);
  }
}
