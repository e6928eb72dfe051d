import { useLocation } from "react-router";
import { ViaField } from "./via-field.tsx";

/** Hidden fields every card form sends: where to come back to, and whether a fetcher sent it. */
export function ReturnFields() {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <ViaField />
    </>
  );
}
