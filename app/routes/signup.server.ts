import { register } from "../../worker/core/auth/index.ts";
import { accountFormRoute } from "../auth.server.ts";

const route = accountFormRoute(
  ["username", "email", "password", "confirmPassword"],
  ["username", "email"],
  register,
  "signedUp",
);
export const loader = route.loader;
export const action = route.action;
