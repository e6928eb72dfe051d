import { ContactLine } from "../components/contact-line.tsx";
import { Link } from "../components/link.tsx";
import { pageMeta } from "../meta.ts";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Help / FAQ",
    description:
      "Answers to common questions about posting connections, privacy, reporting, and your MovieBooks account, and the community guidelines.",
    path: "/help",
  });

const faq: Array<{ question: string; answer: React.ReactNode }> = [
  {
    question: "What is a connection?",
    answer: (
      <>
        A post that links a movie and a book, with a few words on why they belong together: an adaptation, a shared
        theme, or a scene where a character reads the book. You can also post text only, to ask the community something
        or start a discussion.
      </>
    ),
  },
  {
    question: "How do I add one?",
    answer: (
      <>
        <Link to="/signup">Sign up</Link> or <Link to="/login">log in</Link>, then choose <strong>+ Add New</strong> in
        the header. Give both a movie title and a book title, or write some context for a text-only post. Tags, genres
        and actors are comma-separated. Posters, covers and screenshots are optional: PNG, JPEG or GIF, up to 5 MB each.
      </>
    ),
  },
  {
    question: "Can I change a connection after posting it?",
    answer: (
      <>
        Yes: open it and choose <strong>Edit</strong>. You can change the book's author, the context, the tags and the
        screenshot. The movie and book titles stay as posted; delete the connection and post it again if a title is
        wrong.
      </>
    ),
  },
  {
    question: "Who sees what I post?",
    answer: (
      <>
        Everyone, unless your profile is private. With a private profile, your name and bio stay visible, but your
        connections, the discussion on them and your follower lists are shown only to your followers.
      </>
    ),
  },
  {
    question: "How does search work?",
    answer: (
      <>
        Type in the header's search box. We look for your words in movie and book titles, directors, authors, actors,
        genres, synopses, tags and the context of each connection, ignoring upper and lower case.
      </>
    ),
  },
  {
    question: "How do I report something?",
    answer: (
      <>
        Choose <strong>Report</strong> on a connection, under a comment or on a member's profile, pick what's wrong and
        add a note if it helps. Reports are anonymous. A moderator reviews each one against the guidelines below and may
        leave it, remove the connection or comment (its author is told), or suspend the account.
      </>
    ),
  },
  {
    question: "Does the site work without JavaScript?",
    answer: <>Yes. Every page and form works without it; with it, things feel quicker.</>,
  },
];

export default function Help() {
  return (
    <article className="prose">
      <h1>Help / FAQ</h1>
      <dl className="faq">
        {faq.map((item) => (
          <div key={item.question} className="faq__item">
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>
      <section id="community-guidelines" aria-labelledby="guidelines-title">
        <h2 id="guidelines-title">Community guidelines</h2>
        <p>MovieBooks is for talking about films and the books behind them. To keep it a good place for that:</p>
        <ul>
          <li>
            <strong>Be kind to people.</strong> Disagree with takes, not with the person. No harassment, bullying or
            threats.
          </li>
          <li>
            <strong>No hate.</strong> Nothing that attacks people for who they are.
          </li>
          <li>
            <strong>Warn before spoilers.</strong> Say so at the start of a post or comment that gives away an ending.
          </li>
          <li>
            <strong>No spam.</strong> No advertising, repeated posts or links that have nothing to do with the
            conversation.
          </li>
          <li>
            <strong>Nothing sexually explicit.</strong>
          </li>
        </ul>
        <p>
          Moderators remove connections and comments that break these guidelines, and suspend accounts that keep doing
          so. A suspended account cannot log in, and what it posted is hidden until the suspension ends. If you think a
          decision was wrong, write to us.
        </p>
      </section>
      <ContactLine />
    </article>
  );
}
