import { Link } from "react-router";
import { PROFILE_MESSAGES } from "../../worker/core/rules/index.ts";
import { ConnectionCard } from "../components/connection/connection-card.tsx";
import { FollowButton } from "../components/follow-button.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { Pagination } from "../components/pagination.tsx";
import { RouteNotice } from "../components/route-notice.tsx";
import { pageMeta } from "../meta.ts";
import { DEFAULT_AVATAR } from "../site.ts";
import { snippet } from "../snippet.ts";
import type { Route } from "./+types/profile";

export { loader } from "./profile.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(matches, {
        title: loaderData.profile.displayName || loaderData.profile.username,
        description: snippet(loaderData.profile.bio || `${loaderData.profile.username} on MovieBooks`, 100),
        path: `/users/${loaderData.profile._id}`,
        image: loaderData.profile.profilePictureUrl || null,
      })
    : pageMeta(matches, { title: "Profile", path: "/users" });

/**
 * A member's profile (SPEC.md §2). The owner sees My Creations and My Favorites (favorites sits at #favorites,
 * so /users#favorites lands on it with or without JavaScript); others see the member's connections when the
 * profile is public or they follow it, and a Follow/Unfollow button.
 */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwn, isFollowing, creations, favorites } = loaderData;
  const name = profile.displayName || profile.username;
  const counts = (followers: number) => (
    <p className="profile__counts">
      <Link to={`/users/${profile._id}/followers`}>
        <strong>{followers}</strong> {followers === 1 ? "follower" : "followers"}
      </Link>
      <Link to={`/users/${profile._id}/following`}>
        <strong>{profile.followingCount}</strong> following
      </Link>
    </p>
  );
  return (
    <div className="profile">
      <section id="profile" className="profile__header" aria-labelledby="profile-name">
        <img
          className="avatar profile__avatar"
          src={profile.profilePictureUrl || DEFAULT_AVATAR}
          alt=""
          width={112}
          height={112}
        />
        <div className="profile__info">
          <h1 id="profile-name">{name}</h1>
          <p className="muted">
            @{profile.username}
            {profile.isPrivate ? <span className="badge profile__private">Private</span> : null}
          </p>
          {profile.bio ? <p className="profile__bio">{profile.bio}</p> : null}
          <p className="muted profile__facts">
            {profile.location ? <span>{profile.location} · </span> : null}
            Joined <LocalDate iso={profile.createdAt} />
          </p>
          {isOwn ? (
            <>
              {counts(profile.followerCount)}
              <p className="profile__own-actions">
                <Link to="/profile/edit" className="button button--ghost button--small">
                  Edit profile
                </Link>
                <Link to="/settings" className="button button--ghost button--small">
                  Settings
                </Link>
              </p>
            </>
          ) : (
            <FollowButton userId={profile._id} isFollowing={isFollowing} followerCount={profile.followerCount}>
              {counts}
            </FollowButton>
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
        {!creations ? (
          <p className="empty">{PROFILE_MESSAGES.hidden}</p>
        ) : creations.connections.length === 0 ? (
          <p className="empty">
            {isOwn ? "No connections found yet. Be the first to add one!" : "No connections found yet."}
          </p>
        ) : (
          <>
            <ol className="card-list">
              {creations.connections.map((connection) => (
                <li key={connection._id}>
                  <ConnectionCard connection={connection} />
                </li>
              ))}
            </ol>
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
            <ol className="card-list">
              {favorites.map((connection) => (
                <li key={connection._id}>
                  <ConnectionCard connection={connection} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteNotice error={error} title="Profile unavailable" fallback="Failed to load profile data." />;
}
