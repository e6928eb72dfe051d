import { login } from "../../worker/core/auth/index.ts";
import { accountFormRoute } from "../auth.server.ts";

const route = accountFormRoute(["email", "password"], ["email"], login, "loggedIn");
export const loader = route.loader;
export const action = route.action;
