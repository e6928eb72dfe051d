import { useFetcher, useRouteLoaderData } from "react-router";
import type { RootData } from "../meta.ts";
import { pinnedTheme, THEME_FETCHER, THEME_LABELS, THEMES, type ThemeChoice } from "../theme.ts";
import { ReturnFields } from "./return-fields.tsx";

/**
 * The theme a page is showing: the choice the footer's switch is sending (so it applies at once), else the one the
 * cookie pinned when the page was rendered; null follows the system.
 */
export function useShownTheme() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const sending = useFetcher({ key: THEME_FETCHER }).formData?.get("theme");
  return sending === undefined ? (root?.theme ?? null) : pinnedTheme(sending);
}

/**
 * The footer's theme switch (decision 035): three submit buttons, so it works as a plain form post without
 * JavaScript; with it, the page changes before the cookie comes back.
 */
export function ThemeSwitch() {
  const fetcher = useFetcher({ key: THEME_FETCHER });
  const current: ThemeChoice = useShownTheme() ?? "system";
  return (
    <fetcher.Form method="post" action="/theme" className="theme-switch">
      <ReturnFields />
      <fieldset>
        <legend>Theme</legend>
        {THEMES.map((choice) => (
          <button key={choice} type="submit" name="theme" value={choice} aria-pressed={current === choice}>
            {THEME_LABELS[choice]}
          </button>
        ))}
      </fieldset>
    </fetcher.Form>
  );
}
