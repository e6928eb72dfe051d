import { FEED_PATHS } from "../../worker/core/rules/feeds.ts";
import { memberName } from "../../worker/core/rules/names.ts";
import { PROFILE_MESSAGES } from "../../worker/core/rules/profile.ts";
import { Avatar } from "../components/avatar.tsx";
import { BlockButton, BlockedNotice } from "../components/block-member.tsx";
import { CardList } from "../components/connection/card-list.tsx";
import { FollowButton } from "../components/follow-button.tsx";
import { Link } from "../components/link.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { Pagination } from "../components/pagination.tsx";
import { ReportLink } from "../components/report-link.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { CountBadge } from "../components/site-header.tsx";
import { errorMeta, pageMeta, pageParam, pathWithQuery } from "../meta.ts";
import { plural } from "../plural.ts";
import { snippet } from "../snippet.ts";
import blockStyles from "../styles/blocks.css?url";
import type { Route } from "./+types/profile";

export { loader } from "./profile.server.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: blockStyles }];

/** A member's basic profile is public (even a private member's); a hidden one is the 404 page, with no meta but its title. */
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(error, "Profile not found");
  const { profile, creations, suspended } = loaderData;
  const name = memberName(profile);
  return pageMeta(matches, {
    title: name,
    description: snippet(profile.bio || `${profile.username} on MovieBooks`, 100),
    path: pathWithQuery(`/users/${profile._id}`, { page: pageParam(creations?.page) }),
    empty: Boolean(creations && creations.page > 1 && !creations.connections.length),
    image: profile.profilePictureUrl || null,
    // Only a public member has a feed (feeds are what a visitor may see).
    feeds:
      profile.isPrivate || suspended ? [] : [{ title: `${name} on MovieBooks`, path: FEED_PATHS.member(profile._id) }],
  });
};

/**
 * A member's profile (SPEC.md §2). The owner sees My Creations and My Favorites (favorites sits at #favorites,
 * so /users#favorites lands on it with or without JavaScript) and, when private or asked, a way to their follow
 * requests; others see the member's connections when the profile is public or they follow it, a Follow,
 * Requested or Unfollow button and Block. A member one blocked shows only their basic profile, with Unblock.
 */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwn, isFollowing, requested, blocked, pendingRequests, creations, favorites, suspended } =
    loaderData;
  const name = memberName(profile);
  const counts = (followers: number) => (
    <p className="profile__counts">
      <Link to={`/users/${profile._id}/followers`}>
        <strong>{followers}</strong> {plural(followers, "follower")}
      </Link>
      <Link to={`/users/${profile._id}/following`}>
        <strong>{profile.followingCount}</strong> following
      </Link>
    </p>
  );
  // A blocked member's lists are part of what the blocker no longer sees, so the counts lead nowhere.
  const unlinkedCounts = (
    <p className="profile__counts">
      <span>
        <strong>{profile.followerCount}</strong> {plural(profile.followerCount, "follower")}
      </span>
      <span>
        <strong>{profile.followingCount}</strong> following
      </span>
    </p>
  );
  return (
    <div className="profile">
      <section id="profile" className="profile__header" aria-labelledby="profile-name">
        <Avatar url={profile.profilePictureUrl} size={112} className="profile__avatar" eager />
        <div className="profile__info">
          <h1 id="profile-name">{name}</h1>
          <p className="muted">
            @{profile.username}
            {profile.isPrivate ? <span className="badge profile__private">Private</span> : null}
            {suspended ? <span className="badge profile__private">Suspended</span> : null}
          </p>
          {profile.bio ? <p className="profile__bio">{profile.bio}</p> : null}
          <p className="muted profile__facts">
            {profile.location ? <span>{profile.location} · </span> : null}
            Joined <LocalDate iso={profile.createdAt} />
          </p>
          {isOwn ? (
            <>
              {counts(profile.followerCount)}
              <p className="profile__actions">
                <Link to="/profile/edit" className="button button--ghost button--small">
                  Edit profile
                </Link>
                <Link to="/settings" className="button button--ghost button--small">
                  Settings
                </Link>
                {profile.isPrivate || pendingRequests > 0 ? (
                  <Link to="/follow-requests" className="button button--ghost button--small">
                    Follow requests
                    <CountBadge count={pendingRequests} label="waiting" />
                  </Link>
                ) : null}
              </p>
            </>
          ) : blocked ? (
            <>
              {unlinkedCounts}
              <BlockedNotice member={profile} />
            </>
          ) : (
            <>
              <FollowButton
                userId={profile._id}
                isPrivate={profile.isPrivate}
                isFollowing={isFollowing}
                requested={requested}
                followerCount={profile.followerCount}
              >
                {counts}
              </FollowButton>
              <div className="profile__more">
                <BlockButton member={profile} />
                <ReportLink type="user" id={profile._id} className="link-button" />
              </div>
            </>
          )}
        </div>
      </section>

      {isOwn ? (
        <nav className="profile__tabs" aria-label="Your content">
          <a href="#creations">My Creations</a>
          <a href="#favorites">My Favorites</a>
        </nav>
      ) : null}

      <section id="creations" aria-labelledby="creations-title" className="profile__section">
        <h2 id="creations-title">{isOwn ? "My Creations" : `Connections by ${name}`}</h2>
        {blocked ? (
          <p className="empty">You blocked {name}, so their connections are hidden from you.</p>
        ) : !creations ? (
          <div className="empty">
            <p>{PROFILE_MESSAGES.hidden}</p>
            <p className="muted">
              {requested
                ? `Your follow request is waiting for ${name}'s approval.`
                : `Follow ${name} to ask to see their connections.`}
            </p>
          </div>
        ) : creations.connections.length === 0 ? (
          <p className="empty">
            {isOwn ? "No connections found yet. Be the first to add one!" : "No connections found yet."}
          </p>
        ) : (
          <>
            <CardList connections={creations.connections} />
            <Pagination page={creations.page} pages={creations.pages} />
          </>
        )}
      </section>

      {favorites ? (
        <section id="favorites" aria-labelledby="favorites-title" className="profile__section">
          <h2 id="favorites-title">My Favorites</h2>
          {favorites.length === 0 ? (
            <p className="empty">No favorites yet. Use ☆ Favorite on any connection to keep it here.</p>
          ) : (
            <CardList connections={favorites} />
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Profile unavailable" fallback="Failed to load profile data." />;
}
