import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("help", "routes/help.tsx"),
  route("updates", "routes/updates.tsx"),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.tsx"),
  route("search", "routes/search.tsx"),
  route("movies/:movieId", "routes/movie.tsx"),
  route("books/:bookId", "routes/book.tsx"),
  route("connections/:connectionId", "routes/connection.tsx"),
  route("profile/:userId", "routes/profile-redirect.tsx"),
  route("connections/:connectionId/comments", "routes/connection-comments.tsx"),
  route("all-users", "routes/all-users.tsx"),
  route("whats-new/dismiss", "routes/whats-new-dismiss.tsx"),
  // Pages for members only: visitors are sent to /login and brought back afterwards.
  layout("routes/member-area.tsx", [
    route("create", "routes/create.tsx"),
    route("connections/:connectionId/edit", "routes/connection-edit.tsx"),
    route("connections/:connectionId/delete", "routes/connection-delete.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("users/:userId?", "routes/profile.tsx"),
    route("profile/edit", "routes/profile-edit.tsx"),
    route("users/:userId/followers", "routes/follow-list.tsx", { id: "followers" }),
    route("users/:userId/following", "routes/follow-list.tsx", { id: "following" }),
    route("users/:userId/follow", "routes/follow.tsx"),
    route("connections/:connectionId/like", "routes/connection-like.tsx"),
    route("connections/:connectionId/favorite", "routes/connection-favorite.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
