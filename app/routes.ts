import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("help", "routes/help.tsx"),
  route("updates", "routes/updates.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.tsx"),
  // Pages for members only: visitors are sent to /login and brought back afterwards.
  layout("routes/member-area.tsx", [route("notifications", "routes/notifications.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
