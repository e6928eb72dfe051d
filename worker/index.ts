/** The Worker's entry (wrangler.toml `main`): the Hono app in `http/app.ts` answers every request. */
export { default } from "./http/app.ts";
