/**
 * Demo content for the seed: members, movie–book connections, text posts and the social activity around them.
 *
 * Pure data (plus a few lookups that turn movie titles into indexes, so the activity lists stay readable).
 * The works are real and the facts are meant to be accurate: where a fact was not certain it is left empty
 * ("" / null / []) rather than guessed. ISBN-13s are given only for specific, checked editions.
 *
 * Invariants (checked by tests/unit/seed-content.test.ts):
 * - usernames are 3-20 letters, digits or underscores, unique case-insensitively; emails are @example.com;
 * - exactly one private member, and only that member's followers like, favourite or comment on their posts;
 * - nobody follows themselves, likes or favourites their own post, or does either twice;
 * - follow requests go to the private member, from members who do not follow them yet, once each;
 * - exactly one moderator, who posts nothing; reports are of public members' posts and comments, by others, once each;
 * - comments happen after their post and before "now" (minutesAfterPost < daysAgo * 1440).
 */

import type { ReportReason } from "../../worker/core/rules/index.ts";
import { DEMO_EMAIL } from "./demo-account.ts";

// ---------------------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------------------

/** Genre names used for both movies and books (Title Case, so feed filters group them). */
export const GENRES = [
  "Action",
  "Adventure",
  "Classic",
  "Comedy",
  "Coming of Age",
  "Crime",
  "Drama",
  "Dystopian",
  "Fantasy",
  "Historical Fiction",
  "History",
  "Horror",
  "Literary Fiction",
  "Mystery",
  "Philosophy",
  "Poetry",
  "Romance",
  "Science Fiction",
  "Thriller",
  "War",
  "Western",
] as const;
export type Genre = (typeof GENRES)[number];

export const USERNAMES = [
  "demo",
  "mara_teaches",
  "libby_stacks",
  "orbital_reads",
  "noirhound",
  "jun_frames",
  "austen_after_dark",
  "quietmarginalia",
  "paperback_dad",
  "celluloid_cat",
  "mod_rowan",
] as const;
export type Username = (typeof USERNAMES)[number];

export interface SeedUser {
  /** 3-20 characters: letters, digits, underscore; one of USERNAMES (typed as string so lookups stay easy). */
  username: string;
  /** Always @example.com. */
  email: string;
  displayName: string;
  /** At most 250 characters. */
  bio: string;
  /** At most 100 characters. */
  location: string;
  isPrivate: boolean;
  /** 0-359, background hue of the generated avatar. */
  avatarHue: number;
  /** Works the report queue at /moderation (decision 017). */
  moderator?: true;
}

export interface SeedMovie {
  title: string;
  year: number | null;
  genres: Genre[];
  /** "" when unknown; co-directors are comma-separated. */
  director: string;
  /** Two to four lead actors. */
  actors: string[];
  synopsis: string;
}

export interface SeedBook {
  title: string;
  author: string;
  publicationYear: number | null;
  genres: Genre[];
  /** A real edition's ISBN-13, or "" (never invented). */
  isbn: string;
  synopsis: string;
}

export interface SeedConnection {
  author: Username;
  /** Adaptation when the film is made from the book; theme or cameo (the book appears in the film) otherwise. */
  kind: "adaptation" | "theme" | "cameo";
  movie: SeedMovie;
  book: SeedBook;
  /** Two to five sentences in the member's voice. */
  context: string;
  /** Two to five lower-case tags. */
  tags: string[];
  /** 0-120: how long ago it was posted. */
  daysAgo: number;
  /** Optional: a generated "film still" for this connection, with this subtitle-style caption. */
  screenshot?: { caption: string };
}

export interface SeedTextPost {
  author: Username;
  context: string;
  tags: string[];
  daysAgo: number;
}

/** [follower, followee] */
export type SeedFollow = readonly [Username, Username];

/** A like or a favourite; `connection` indexes `connections`. */
export interface SeedReaction {
  user: Username;
  connection: number;
}

/** A "Book or film?" vote on the pair of an adaptation; `connection` indexes `connections`. */
export interface SeedVote {
  user: Username;
  connection: number;
  choice: "book" | "film" | "tie";
}

export interface SeedComment {
  user: Username;
  /** Index into `connections`. */
  connection: number;
  /** At most 1000 characters. */
  text: string;
  minutesAfterPost: number;
}

// ---------------------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------------------

/**
 * The demo login is the first user. Exactly one member (quietmarginalia) is private, and one (mod_rowan,
 * moderator@example.com) is a moderator.
 */
export const users: SeedUser[] = [
  {
    username: "demo",
    email: DEMO_EMAIL,
    displayName: "Demo Reader",
    bio: "The demo account. Have a look around: like things, leave a comment, post a pairing of your own. Currently reading whatever the last person recommended.",
    location: "Somewhere between the library and the cinema",
    isPrivate: false,
    avatarHue: 24,
  },
  {
    username: "mara_teaches",
    email: "mara@example.com",
    displayName: "Mara Okafor",
    bio: "Film studies teacher. I spend my evenings arguing that an adaptation is a reading of the book, not a copy of it. Kubrick apologist, Coppola completist.",
    location: "Leeds, UK",
    isPrivate: false,
    avatarHue: 350,
  },
  {
    username: "libby_stacks",
    email: "libby@example.com",
    displayName: "Libby Novak",
    bio: "Public librarian. I run the Thursday book-to-film club and I will absolutely put a hold on the novel for you before you see the movie.",
    location: "Cleveland, Ohio",
    isPrivate: false,
    avatarHue: 150,
  },
  {
    username: "orbital_reads",
    email: "priya@example.com",
    displayName: "Priya Raman",
    bio: "Aerospace engineer by day, science fiction reader by night. Soft spot for first-contact stories and for films that trust the audience with silence.",
    location: "Bengaluru, India",
    isPrivate: false,
    avatarHue: 210,
  },
  {
    username: "noirhound",
    email: "teo@example.com",
    displayName: "Teo Marchetti",
    bio: "Crime fiction, hard-boiled and otherwise. If there is a tired sheriff who has seen too much, I am in.",
    location: "Turin, Italy",
    isPrivate: false,
    avatarHue: 8,
  },
  {
    username: "jun_frames",
    email: "jun@example.com",
    displayName: "Jun Takeda",
    bio: "Cinematography student. I notice the light first and the plot second. Slowly reading my way through the books behind my favourite films.",
    location: "Osaka, Japan",
    isPrivate: false,
    avatarHue: 262,
  },
  {
    username: "austen_after_dark",
    email: "harriet@example.com",
    displayName: "Harriet Blake",
    bio: "Romance and the classics, with a weakness for period drama. Yes, I have opinions about the hand flex.",
    location: "Bath, UK",
    isPrivate: false,
    avatarHue: 322,
  },
  {
    username: "quietmarginalia",
    email: "sam@example.com",
    displayName: "Sam Ellery",
    bio: "I write in the margins. Mostly quiet books and the quiet films made from them. Account kept private so I can think out loud.",
    location: "Portland, Maine",
    isPrivate: true,
    avatarHue: 182,
  },
  {
    username: "paperback_dad",
    email: "marcus@example.com",
    displayName: "Marcus Reid",
    bio: "Dad of two, horror paperback hoarder, reluctant dinosaur expert. I read the book on the train and watch the movie after bedtime.",
    location: "Chicago, Illinois",
    isPrivate: false,
    avatarHue: 96,
  },
  {
    username: "celluloid_cat",
    email: "ines@example.com",
    displayName: "Inès Laurent",
    bio: "Festival volunteer and programmer-in-training. Genre films with ideas, novels with weird edges.",
    location: "Montréal, Québec",
    isPrivate: false,
    avatarHue: 286,
  },
  {
    username: "mod_rowan",
    email: "moderator@example.com",
    displayName: "Rowan Hale",
    bio: "Community moderator: I read the reports so you don't have to. Off duty, westerns and the paperbacks they came from.",
    location: "Leeds, England",
    isPrivate: false,
    avatarHue: 208,
    moderator: true,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Connections
// ---------------------------------------------------------------------------------------------------------

export const connections: SeedConnection[] = [
  // 0
  {
    author: "noirhound",
    kind: "adaptation",
    movie: {
      title: "No Country for Old Men",
      year: 2007,
      genres: ["Crime", "Thriller", "Western"],
      director: "Joel Coen, Ethan Coen",
      actors: ["Tommy Lee Jones", "Javier Bardem", "Josh Brolin"],
      synopsis:
        "In 1980 West Texas, a hunter stumbles on a drug deal gone wrong and walks away with a case full of cash, setting a remorseless killer on his trail. An ageing sheriff follows the wreckage and struggles to understand what his country has become.",
    },
    book: {
      title: "No Country for Old Men",
      author: "Cormac McCarthy",
      publicationYear: 2005,
      genres: ["Crime", "Western", "Literary Fiction"],
      isbn: "9780375706677",
      synopsis:
        "Llewelyn Moss takes the money from a desert massacre and runs, and Anton Chigurh follows. Between the chase chapters, Sheriff Ed Tom Bell reflects on age, duty and a violence he no longer recognises.",
    },
    context:
      "One of the most faithful adaptations I know: the Coens keep a huge amount of McCarthy's dialogue and trust the silences. What they drop is the teenage runaway Moss picks up late in the book, and most of Sheriff Bell's monologues, which makes Bell feel even more absent on screen. Read the book for Bell, watch the film for Chigurh.",
    tags: ["adaptation", "faithful-adaptation", "western"],
    daysAgo: 96,
  },
  // 1
  {
    author: "orbital_reads",
    kind: "adaptation",
    movie: {
      title: "Arrival",
      year: 2016,
      genres: ["Science Fiction", "Drama", "Mystery"],
      director: "Denis Villeneuve",
      actors: ["Amy Adams", "Jeremy Renner", "Forest Whitaker"],
      synopsis:
        "When twelve alien craft appear around the world, linguist Louise Banks is recruited to learn the visitors' language. The deeper she gets into it, the more her experience of time begins to change.",
    },
    book: {
      title: "Story of Your Life",
      author: "Ted Chiang",
      publicationYear: 1998,
      genres: ["Science Fiction"],
      isbn: "",
      synopsis:
        "A linguist addresses her daughter while recounting how she learned to communicate with the heptapods, whose writing is not tied to speech. Learning to think in it reshapes how she perceives cause, effect and time.",
    },
    context:
      "Chiang's novella is built on a physics idea (Fermat's principle of least time) as much as a linguistic one, and the film swaps most of the physics for a geopolitical countdown. I expected to hate that, but the core survives: both make you realise late that the 'flashbacks' are not flashbacks. A rare case where I'd say read and watch in either order.",
    tags: ["adaptation", "first-contact", "language", "science-fiction"],
    daysAgo: 88,
  },
  // 2
  {
    author: "mara_teaches",
    kind: "adaptation",
    movie: {
      title: "The Shining",
      year: 1980,
      genres: ["Horror", "Drama"],
      director: "Stanley Kubrick",
      actors: ["Jack Nicholson", "Shelley Duvall", "Danny Lloyd", "Scatman Crothers"],
      synopsis:
        "A recovering alcoholic writer takes a winter caretaker job at the isolated Overlook Hotel with his wife and young son. Snowed in, he falls under the hotel's influence while his son's psychic gift shows him its past.",
    },
    book: {
      title: "The Shining",
      author: "Stephen King",
      publicationYear: 1977,
      genres: ["Horror"],
      isbn: "9780307743657",
      synopsis:
        "Jack Torrance hopes a winter looking after the Overlook will save his career and his family. The hotel, feeding on the psychic 'shining' of his son Danny, has other plans.",
    },
    context:
      "I teach this pairing every year because it's the classic case of an author disowning an adaptation. King's Jack is a decent man eaten away by drink and by the hotel; Kubrick's Jack seems unhinged from the job interview on. The topiary animals become a hedge maze, and the boiler that destroys the Overlook in the book never gets its moment. Students always split down the middle.",
    tags: ["adaptation", "loose-adaptation", "stephen-king", "horror"],
    daysAgo: 110,
    screenshot: { caption: "Heeere's Johnny!" },
  },
  // 3
  {
    author: "libby_stacks",
    kind: "adaptation",
    movie: {
      title: "Little Women",
      year: 2019,
      genres: ["Drama", "Romance", "Coming of Age"],
      director: "Greta Gerwig",
      actors: ["Saoirse Ronan", "Emma Watson", "Florence Pugh", "Timothée Chalamet"],
      synopsis:
        "Jo March, now trying to make her name as a writer in New York, looks back on growing up with her sisters Meg, Beth and Amy in Massachusetts during and after the Civil War.",
    },
    book: {
      title: "Little Women",
      author: "Louisa May Alcott",
      publicationYear: 1868,
      genres: ["Classic", "Coming of Age"],
      isbn: "",
      synopsis:
        "The four March sisters grow up in genteel poverty in New England while their father serves in the Civil War, each trying to reconcile her own ambitions with what is expected of a young woman.",
    },
    context:
      "Gerwig's big move is structure: she starts with the adult March sisters and cuts back to their childhood, so the warm memories are always shadowed by what came later. The ending, with Jo bargaining with her publisher over whether her heroine has to marry, is a nod to the pressure Alcott herself was under. Our book club had its best discussion of the year about it.",
    tags: ["adaptation", "classic", "period-drama", "coming-of-age"],
    daysAgo: 75,
  },
  // 4
  {
    author: "orbital_reads",
    kind: "adaptation",
    movie: {
      title: "Dune",
      year: 2021,
      genres: ["Science Fiction", "Adventure", "Drama"],
      director: "Denis Villeneuve",
      actors: ["Timothée Chalamet", "Rebecca Ferguson", "Oscar Isaac", "Zendaya"],
      synopsis:
        "Paul Atreides travels with his noble family to the desert planet Arrakis, the only source of the most valuable substance in the universe. A betrayal drives him into the deep desert and towards the Fremen who live there.",
    },
    book: {
      title: "Dune",
      author: "Frank Herbert",
      publicationYear: 1965,
      genres: ["Science Fiction", "Adventure"],
      isbn: "9780441013593",
      synopsis:
        "On Arrakis, the desert world that produces the spice melange, young Paul Atreides survives the fall of his house and rises among the Fremen, in a novel that weighs prophecy, ecology and the danger of heroes.",
    },
    context:
      "Villeneuve only adapts roughly the first half of the novel, and it's the right call: the film has room to be about scale and dread. What gets lost is Herbert's interior monologue, all those italicised thoughts where everyone is scheming at once. Read the book for the politics and the ecology, watch the film for the sound design.",
    tags: ["adaptation", "space-opera", "science-fiction", "epic"],
    daysAgo: 64,
  },
  // 5
  {
    author: "jun_frames",
    kind: "adaptation",
    movie: {
      title: "Children of Men",
      year: 2006,
      genres: ["Science Fiction", "Thriller", "Drama"],
      director: "Alfonso Cuarón",
      actors: ["Clive Owen", "Julianne Moore", "Michael Caine", "Chiwetel Ejiofor"],
      synopsis:
        "In 2027, eighteen years after the last human birth, a disillusioned civil servant in a crumbling Britain agrees to escort a young refugee woman who is, impossibly, pregnant.",
    },
    book: {
      title: "The Children of Men",
      author: "P. D. James",
      publicationYear: 1992,
      genres: ["Dystopian", "Science Fiction"],
      isbn: "",
      synopsis:
        "In a future where no child has been born for a quarter of a century, Oxford historian Theo Faron is drawn into a small group of dissidents opposing his cousin, the autocratic Warden of England.",
    },
    context:
      "Cuarón keeps P. D. James's premise of a world without births and very little else. The novel is a quiet, almost theological book about an Oxford academic and a benevolent-seeming dictatorship; the film is a refugee story shot in those famous long takes. Watching it after reading the book made me realise how much the film is about looking at things the book only tells you about.",
    tags: ["loose-adaptation", "dystopia", "long-take"],
    daysAgo: 58,
    screenshot: { caption: "[distant gunfire]" },
  },
  // 6
  {
    author: "paperback_dad",
    kind: "adaptation",
    movie: {
      title: "Jurassic Park",
      year: 1993,
      genres: ["Science Fiction", "Adventure", "Thriller"],
      director: "Steven Spielberg",
      actors: ["Sam Neill", "Laura Dern", "Jeff Goldblum", "Richard Attenborough"],
      synopsis:
        "A billionaire invites a palaeontologist, a palaeobotanist and a mathematician to preview his island park of cloned dinosaurs. When the security systems fail during a storm, the guests have to survive the night.",
    },
    book: {
      title: "Jurassic Park",
      author: "Michael Crichton",
      publicationYear: 1990,
      genres: ["Science Fiction", "Thriller"],
      isbn: "9780345538987",
      synopsis:
        "A company has recreated dinosaurs from ancient DNA for a theme park on a remote island. A weekend inspection becomes a study in chaos as sabotage, weather and biology overwhelm every safeguard.",
    },
    context:
      "Read the novel alongside my eleven-year-old (skipping the gorier bits) and she was shocked how different Hammond is: in the book he's a cold businessman and he doesn't make it off the island. Crichton spends pages on chaos theory and on the ethics of the park; Spielberg makes it wonder first and warning second. Both work, for different reasons.",
    tags: ["adaptation", "dinosaurs", "science-fiction", "michael-crichton"],
    daysAgo: 52,
  },
  // 7
  {
    author: "austen_after_dark",
    kind: "adaptation",
    movie: {
      title: "The Remains of the Day",
      year: 1993,
      genres: ["Drama", "Romance"],
      director: "James Ivory",
      actors: ["Anthony Hopkins", "Emma Thompson", "James Fox", "Christopher Reeve"],
      synopsis:
        "Years after the Second World War, the butler Stevens drives west to visit the former housekeeper Miss Kenton, remembering his decades serving Lord Darlington, whose politics he never allowed himself to question.",
    },
    book: {
      title: "The Remains of the Day",
      author: "Kazuo Ishiguro",
      publicationYear: 1989,
      genres: ["Literary Fiction", "Historical Fiction"],
      isbn: "9780679731726",
      synopsis:
        "In 1956, Stevens, the butler of Darlington Hall, takes a motoring trip to the West Country. His recollections of duty, dignity and a housekeeper he never let himself love slowly reveal what his loyalty cost him.",
    },
    context:
      "The novel is all voice: Stevens tells us everything except what he feels, and we read the gaps. The film can't do first-person evasion, so Anthony Hopkins does it with his face, and the scene where Miss Kenton insists on seeing the book he's reading is almost unbearable. The best example I know of an adaptation translating a narrator into a performance.",
    tags: ["adaptation", "unreliable-narrator", "kazuo-ishiguro", "period-drama"],
    daysAgo: 45,
  },
  // 8
  {
    author: "paperback_dad",
    kind: "adaptation",
    movie: {
      title: "Misery",
      year: 1990,
      genres: ["Thriller", "Horror", "Drama"],
      director: "Rob Reiner",
      actors: ["James Caan", "Kathy Bates", "Richard Farnsworth", "Frances Sternhagen"],
      synopsis:
        "After a car crash in a Colorado snowstorm, novelist Paul Sheldon is rescued by a woman who calls herself his number one fan. Recovering in her remote farmhouse, he learns she is furious about how he ended her favourite series.",
    },
    book: {
      title: "Misery",
      author: "Stephen King",
      publicationYear: 1987,
      genres: ["Horror", "Thriller"],
      isbn: "9781501143106",
      synopsis:
        "Bedridden with shattered legs, writer Paul Sheldon is held captive by former nurse Annie Wilkes, who demands that he bring his dead heroine Misery Chastain back to life in a new novel written just for her.",
    },
    context:
      "Kathy Bates won an Oscar for Annie Wilkes and she earned every bit of it. The film changes one infamous scene: in the novel Annie takes an axe to Paul's foot, while Rob Reiner swapped it for a sledgehammer to the ankles, which is somehow just as hard to watch. The book also includes chunks of the Misery novel Paul is forced to write, which the film wisely skips.",
    tags: ["adaptation", "stephen-king", "thriller", "writers"],
    daysAgo: 40,
  },
  // 9
  {
    author: "orbital_reads",
    kind: "adaptation",
    movie: {
      title: "Blade Runner",
      year: 1982,
      genres: ["Science Fiction", "Thriller"],
      director: "Ridley Scott",
      actors: ["Harrison Ford", "Rutger Hauer", "Sean Young", "Daryl Hannah"],
      synopsis:
        "In a rain-soaked Los Angeles of 2019, a burned-out detective is ordered to hunt down four replicants, bioengineered beings who have come back to Earth to demand more life from their maker.",
    },
    book: {
      title: "Do Androids Dream of Electric Sheep?",
      author: "Philip K. Dick",
      publicationYear: 1968,
      genres: ["Science Fiction"],
      isbn: "9780345404473",
      synopsis:
        "In a radioactive, half-empty San Francisco, bounty hunter Rick Deckard 'retires' escaped androids to earn enough to replace his electric sheep with a living animal, and starts to doubt the test that separates human from machine.",
    },
    context:
      "Most of the novel's weirdness never made it to the screen: no Mercerism, no empathy boxes, and the animal obsession of the title survives only as Tyrell's owl and Zhora's snake. What the film keeps is the question of what empathy is for, and it adds a noir city and Roy Batty's ending, which the book never had. Two different masterpieces that share a character name.",
    tags: ["loose-adaptation", "cyberpunk", "philip-k-dick", "androids"],
    daysAgo: 102,
  },
  // 10 (private author)
  {
    author: "quietmarginalia",
    kind: "adaptation",
    movie: {
      title: "The Road",
      year: 2009,
      genres: ["Drama", "Dystopian"],
      director: "John Hillcoat",
      actors: ["Viggo Mortensen", "Kodi Smit-McPhee", "Charlize Theron", "Robert Duvall"],
      synopsis:
        "Years after an unexplained catastrophe, a father and his young son walk south through a burned, grey America towards the coast, scavenging for food and hiding from gangs of cannibals.",
    },
    book: {
      title: "The Road",
      author: "Cormac McCarthy",
      publicationYear: 2006,
      genres: ["Literary Fiction", "Dystopian"],
      isbn: "9780307387899",
      synopsis:
        "A man and his son push a shopping cart along an empty road through a dead world, holding on to each other and to the idea that they are the good guys, carrying the fire.",
    },
    context:
      "I went in braced for the film to be unbearable and it mostly is, in a faithful way. What it can't reproduce is McCarthy's prose, those fragments without quotation marks, which make the book feel as if it is running out of words along with everything else. Viggo Mortensen is very good. I underlined 'carrying the fire' in my copy three times.",
    tags: ["adaptation", "post-apocalyptic", "fathers-and-sons", "cormac-mccarthy"],
    daysAgo: 33,
  },
  // 11
  {
    author: "celluloid_cat",
    kind: "adaptation",
    movie: {
      title: "Annihilation",
      year: 2018,
      genres: ["Science Fiction", "Horror", "Mystery"],
      director: "Alex Garland",
      actors: ["Natalie Portman", "Jennifer Jason Leigh", "Tessa Thompson", "Oscar Isaac"],
      synopsis:
        "A biologist joins an all-woman expedition into the Shimmer, an expanding zone where nature is mutating, hoping to learn what happened to her husband, the only person ever to come back from it.",
    },
    book: {
      title: "Annihilation",
      author: "Jeff VanderMeer",
      publicationYear: 2014,
      genres: ["Science Fiction", "Horror"],
      isbn: "9780374104092",
      synopsis:
        "Four women known only by their professions make up the twelfth expedition into Area X, a stretch of coast reclaimed by something unknowable. The biologist's journal records what the place does to them, and to her.",
    },
    context:
      "VanderMeer's book is claustrophobic and interior: nobody has a name, just a job, and the horror lives in the biologist's notes. Garland gives everyone names, invents the Shimmer's oily rainbow boundary and that bear, and rewrites the ending entirely. I think it's one of the best loose adaptations because it keeps the feeling of being changed by a place rather than the plot.",
    tags: ["loose-adaptation", "weird-fiction", "science-fiction", "body-horror"],
    daysAgo: 26,
  },
  // 12 (private author)
  {
    author: "quietmarginalia",
    kind: "adaptation",
    movie: {
      title: "Never Let Me Go",
      year: 2010,
      genres: ["Drama", "Science Fiction", "Romance"],
      director: "Mark Romanek",
      actors: ["Carey Mulligan", "Andrew Garfield", "Keira Knightley"],
      synopsis:
        "Kathy, Tommy and Ruth grow up together at Hailsham, an English boarding school that seems idyllic, before learning what their lives have been designed for and trying to hold on to love in the time they have.",
    },
    book: {
      title: "Never Let Me Go",
      author: "Kazuo Ishiguro",
      publicationYear: 2005,
      genres: ["Literary Fiction", "Science Fiction", "Dystopian"],
      isbn: "9781400078776",
      synopsis:
        "Now a 'carer' in her thirties, Kathy H. looks back on her years at Hailsham with her friends Ruth and Tommy, slowly circling the truth about who they are and what they are for.",
    },
    context:
      "Ishiguro hides the premise in plain sight, and Kathy's calm narration makes the horror land sideways. The film, from a screenplay by Alex Garland, lays its cards on the table much earlier, so it becomes less a slow realisation and more an elegy. I cried at both, but at different moments.",
    tags: ["adaptation", "kazuo-ishiguro", "boarding-school", "quiet-sf"],
    daysAgo: 18,
  },
  // 13
  {
    author: "mara_teaches",
    kind: "adaptation",
    movie: {
      title: "Apocalypse Now",
      year: 1979,
      genres: ["War", "Drama"],
      director: "Francis Ford Coppola",
      actors: ["Martin Sheen", "Marlon Brando", "Robert Duvall"],
      synopsis:
        "During the Vietnam War, Captain Willard is sent up a river into Cambodia to find and kill Colonel Kurtz, a decorated officer who has gathered his own army in the jungle and whose methods the army calls unsound.",
    },
    book: {
      title: "Heart of Darkness",
      author: "Joseph Conrad",
      publicationYear: 1899,
      genres: ["Classic", "Literary Fiction"],
      isbn: "",
      synopsis:
        "Aboard a boat on the Thames, Marlow recalls his journey up the Congo River for a European trading company and his meeting with Kurtz, an ivory agent whose idealism has collapsed into something monstrous.",
    },
    context:
      "Conrad's Congo becomes Vietnam and Marlow becomes Captain Willard, but the shape is the same: a journey upriver towards a man who has gone beyond every rule. Coppola keeps Kurtz's name and his famous last words. It's my go-to example for showing students that an adaptation can change everything on the surface and still be faithful to a book's argument.",
    tags: ["loose-adaptation", "war", "journey-upriver", "classic"],
    daysAgo: 85,
    screenshot: { caption: "The horror... the horror..." },
  },
  // 14
  {
    author: "orbital_reads",
    kind: "adaptation",
    movie: {
      title: "Stalker",
      year: 1979,
      genres: ["Science Fiction", "Drama"],
      director: "Andrei Tarkovsky",
      actors: ["Alexander Kaidanovsky", "Anatoly Solonitsyn", "Nikolai Grinko"],
      synopsis:
        "A guide leads a writer and a professor through the Zone, a forbidden, overgrown wilderness, towards a room that is said to grant a person's innermost wish.",
    },
    book: {
      title: "Roadside Picnic",
      author: "Arkady and Boris Strugatsky",
      publicationYear: 1972,
      genres: ["Science Fiction"],
      isbn: "",
      synopsis:
        "Years after a brief alien Visitation left behind Zones full of lethal anomalies and priceless artefacts, the stalker Redrick Schuhart risks prison and worse to smuggle them out, until he goes after the one object rumoured to grant wishes.",
    },
    context:
      "The Strugatskys wrote the screenplay themselves, and over many drafts their grimy, funny novel about Red Schuhart smuggling alien junk turned into Tarkovsky's near-silent pilgrimage. The Golden Sphere becomes the Room, and the aliens all but vanish. If you only know the film, the book will surprise you with how much happens in it.",
    tags: ["loose-adaptation", "soviet-sf", "the-zone", "slow-cinema"],
    daysAgo: 72,
  },
  // 15
  {
    author: "jun_frames",
    kind: "adaptation",
    movie: {
      title: "The Handmaiden",
      year: 2016,
      genres: ["Thriller", "Romance", "Drama"],
      director: "Park Chan-wook",
      actors: ["Kim Min-hee", "Kim Tae-ri", "Ha Jung-woo", "Cho Jin-woong"],
      synopsis:
        "In 1930s Korea, a young pickpocket is hired by a swindler posing as a Japanese count to become maid to a secluded heiress, so that he can marry her for her fortune. Nothing goes to plan.",
    },
    book: {
      title: "Fingersmith",
      author: "Sarah Waters",
      publicationYear: 2002,
      genres: ["Historical Fiction", "Mystery", "Romance"],
      isbn: "9781573229722",
      synopsis:
        "In 1860s London, the orphan thief Sue Trinder is placed as maid to the heiress Maud Lilly as part of a con run by the man known as Gentleman. Then the plot turns over, and over again.",
    },
    context:
      "Park Chan-wook moves Sarah Waters's Victorian con to Korea under Japanese rule, and the new setting adds a whole layer about language, class and colonialism. He keeps the double-cross told from different points of view, then takes the final act somewhere completely new. The production design of the uncle's library alone is worth the watch.",
    tags: ["loose-adaptation", "twist", "period-drama", "queer"],
    daysAgo: 66,
  },
  // 16
  {
    author: "austen_after_dark",
    kind: "adaptation",
    movie: {
      title: "Pride & Prejudice",
      year: 2005,
      genres: ["Romance", "Drama"],
      director: "Joe Wright",
      actors: ["Keira Knightley", "Matthew Macfadyen", "Brenda Blethyn", "Donald Sutherland"],
      synopsis:
        "Elizabeth Bennet, one of five unmarried sisters in a family short of money, clashes with the proud and wealthy Mr Darcy, and both of them have to revise their first impressions.",
    },
    book: {
      title: "Pride and Prejudice",
      author: "Jane Austen",
      publicationYear: 1813,
      genres: ["Classic", "Romance"],
      isbn: "9780141439518",
      synopsis:
        "With an entailed estate and five daughters, the Bennets need good marriages. Sharp-witted Elizabeth and the aloof Mr Darcy misjudge each other badly before learning to see clearly.",
    },
    context:
      "Purists prefer the 1995 miniseries, and I love it too, but Joe Wright's version understands that the book is funny and that the Bennets are not rich. Muddy hems, pigs in the yard, and a first proposal in the pouring rain that isn't in Austen at all. Also: the hand flex. I will not be taking questions.",
    tags: ["adaptation", "jane-austen", "period-drama", "romance"],
    daysAgo: 38,
  },
  // 17
  {
    author: "demo",
    kind: "adaptation",
    movie: {
      title: "The Martian",
      year: 2015,
      genres: ["Science Fiction", "Adventure", "Drama"],
      director: "Ridley Scott",
      actors: ["Matt Damon", "Jessica Chastain", "Kristen Wiig", "Chiwetel Ejiofor"],
      synopsis:
        "Presumed dead after a storm forces his crew to evacuate, astronaut Mark Watney is left alone on Mars and has to stretch his supplies, and his ingenuity, until a rescue can reach him.",
    },
    book: {
      title: "The Martian",
      author: "Andy Weir",
      publicationYear: 2011,
      genres: ["Science Fiction"],
      isbn: "9780553418026",
      synopsis:
        "Stranded on Mars with limited food and a habitat built for a month-long mission, botanist and engineer Mark Watney logs his attempts to survive, one problem at a time.",
    },
    context:
      "My go-to feel-good pairing. The book is basically a log of engineering problems and bad jokes, and the film keeps the jokes while trimming the maths. Turning Commander Lewis's disco collection into the soundtrack was inspired. If you liked one, the other is a safe bet.",
    tags: ["adaptation", "survival", "science-fiction", "space"],
    daysAgo: 14,
  },
  // 18
  {
    author: "austen_after_dark",
    kind: "adaptation",
    movie: {
      title: "Atonement",
      year: 2007,
      genres: ["Drama", "Romance", "War"],
      director: "Joe Wright",
      actors: ["Keira Knightley", "James McAvoy", "Saoirse Ronan", "Vanessa Redgrave"],
      synopsis:
        "On a hot day in 1935, thirteen-year-old Briony Tallis misreads a moment between her older sister Cecilia and Robbie Turner, and makes an accusation that changes all three of their lives.",
    },
    book: {
      title: "Atonement",
      author: "Ian McEwan",
      publicationYear: 2001,
      genres: ["Literary Fiction", "Historical Fiction"],
      isbn: "9780385721790",
      synopsis:
        "A precocious girl's false accusation on an English country estate sends an innocent man to prison and then to war. Decades later she is still trying to make amends in the only way she knows: in writing.",
    },
    context:
      "The Dunkirk tracking shot gets all the attention, but the smartest thing Wright does is show key moments of that first day twice, once as Briony sees them and once as they happened. McEwan's final reveal about who has been telling the story translates surprisingly well, thanks to Vanessa Redgrave. Bring tissues for both.",
    tags: ["adaptation", "unreliable-narrator", "war", "period-drama"],
    daysAgo: 29,
  },
  // 19
  {
    author: "noirhound",
    kind: "adaptation",
    movie: {
      title: "The Silence of the Lambs",
      year: 1991,
      genres: ["Thriller", "Crime", "Horror"],
      director: "Jonathan Demme",
      actors: ["Jodie Foster", "Anthony Hopkins", "Scott Glenn", "Ted Levine"],
      synopsis:
        "FBI trainee Clarice Starling seeks the help of the imprisoned psychiatrist and cannibal Hannibal Lecter to catch a serial killer who skins his victims.",
    },
    book: {
      title: "The Silence of the Lambs",
      author: "Thomas Harris",
      publicationYear: 1988,
      genres: ["Thriller", "Crime", "Horror"],
      isbn: "9780312924584",
      synopsis:
        "Trainee agent Clarice Starling trades pieces of her past for Hannibal Lecter's insight into the killer known as Buffalo Bill, as the FBI races to find his latest captive.",
    },
    context:
      "Demme's film is remarkably close to Harris's novel, down to many of Lecter's lines; mostly it trims Crawford's subplot about his dying wife. What the book gives you is more of Clarice's head: her ambition, her anger at the bureau's men. The film gives you Jodie Foster looking straight down the lens, which does the same job.",
    tags: ["adaptation", "serial-killer", "thriller", "procedural"],
    daysAgo: 80,
  },
  // 20
  {
    author: "noirhound",
    kind: "adaptation",
    movie: {
      title: "Gone Girl",
      year: 2014,
      genres: ["Thriller", "Mystery", "Drama"],
      director: "David Fincher",
      actors: ["Ben Affleck", "Rosamund Pike", "Neil Patrick Harris", "Tyler Perry"],
      synopsis:
        "On their fifth wedding anniversary, Nick Dunne's wife Amy disappears from their Missouri home, and the media and the police begin to suspect that Nick knows more than he is saying.",
    },
    book: {
      title: "Gone Girl",
      author: "Gillian Flynn",
      publicationYear: 2012,
      genres: ["Thriller", "Mystery"],
      isbn: "9780307588371",
      synopsis:
        "Told in alternating chapters by Nick in the present and by Amy's diary from the past, the story of a missing wife becomes a portrait of a marriage built on performance.",
    },
    context:
      "Flynn wrote the screenplay herself and it shows: the structure survives, diary entries and all, and the 'Cool Girl' speech is there almost intact. The book has more room for Nick's and Amy's families and for how both of them perform for an audience. Fincher's cold, tidy style suits a story about a marriage as a crime scene.",
    tags: ["adaptation", "unreliable-narrator", "marriage", "twist"],
    daysAgo: 57,
  },
  // 21
  {
    author: "noirhound",
    kind: "adaptation",
    movie: {
      title: "The Godfather",
      year: 1972,
      genres: ["Crime", "Drama"],
      director: "Francis Ford Coppola",
      actors: ["Marlon Brando", "Al Pacino", "James Caan", "Diane Keaton"],
      synopsis:
        "The ageing head of a New York crime family, Don Vito Corleone, survives an assassination attempt, and his youngest son Michael, who wanted no part of the business, is drawn into it.",
    },
    book: {
      title: "The Godfather",
      author: "Mario Puzo",
      publicationYear: 1969,
      genres: ["Crime"],
      isbn: "9780451205766",
      synopsis:
        "Don Vito Corleone rules a New York Mafia family through loyalty, favours and fear. When war breaks out with the rival families, his son Michael becomes the heir nobody expected.",
    },
    context:
      "Puzo co-wrote the script with Coppola, and the film is tighter than the novel: it drops most of the long subplots about Johnny Fontane's career and Sonny's lover Lucy Mancini. The novel is pulpier and gives more backstory, including Vito's early years, which Coppola saved for Part II. One of the rare cases where I prefer the film.",
    tags: ["adaptation", "mafia", "family", "crime"],
    daysAgo: 118,
  },
  // 22
  {
    author: "orbital_reads",
    kind: "theme",
    movie: {
      title: "Gattaca",
      year: 1997,
      genres: ["Science Fiction", "Drama", "Thriller"],
      director: "Andrew Niccol",
      actors: ["Ethan Hawke", "Uma Thurman", "Jude Law"],
      synopsis:
        "In a near future where a person's genes decide their place in society, Vincent, conceived naturally and classed as an 'in-valid', borrows the identity of a genetically superior man to chase his dream of space flight.",
    },
    book: {
      title: "Brave New World",
      author: "Aldous Huxley",
      publicationYear: 1932,
      genres: ["Dystopian", "Science Fiction", "Classic"],
      isbn: "9780060850524",
      synopsis:
        "In the World State, people are grown in hatcheries, conditioned into castes and kept content with easy pleasures and the drug soma, until Bernard Marx and John 'the Savage' test the limits of that happiness.",
    },
    context:
      "Not an adaptation, but I always read them as a pair. Both imagine a society sorted before birth: Huxley's through hatcheries and conditioning, Gattaca's through gene selection and a drop of blood. The difference is that Huxley's citizens are content with their place, while Vincent refuses his. Reading them back to back makes Gattaca feel almost optimistic.",
    tags: ["thematic", "genetics", "dystopia", "class"],
    daysAgo: 47,
  },
  // 23
  {
    author: "celluloid_cat",
    kind: "theme",
    movie: {
      title: "Ex Machina",
      year: 2014,
      genres: ["Science Fiction", "Thriller", "Drama"],
      director: "Alex Garland",
      actors: ["Domhnall Gleeson", "Alicia Vikander", "Oscar Isaac"],
      synopsis:
        "A young programmer wins a week at the remote home of his company's reclusive founder, where he is asked to judge whether Ava, a humanoid robot, is truly conscious.",
    },
    book: {
      title: "Frankenstein",
      author: "Mary Shelley",
      publicationYear: 1818,
      genres: ["Classic", "Horror", "Science Fiction"],
      isbn: "9780141439471",
      synopsis:
        "Victor Frankenstein brings a creature to life and then abandons it in horror. Rejected by everyone it meets, the creature educates itself and demands that its maker take responsibility.",
    },
    context:
      "Ex Machina is Frankenstein with the lab moved to a glass house in the wilderness. Nathan is Victor without the guilt, and Ava, like the creature, learns that her maker sees her as an experiment. The big difference is sympathy: Shelley lets the creature tell his own story for chapters, while Garland never lets us inside Ava's head, which is exactly what makes the ending so chilling.",
    tags: ["thematic", "artificial-intelligence", "creator-and-creation"],
    daysAgo: 21,
  },
  // 24
  {
    author: "mara_teaches",
    kind: "theme",
    movie: {
      title: "The Truman Show",
      year: 1998,
      genres: ["Comedy", "Drama", "Science Fiction"],
      director: "Peter Weir",
      actors: ["Jim Carrey", "Laura Linney", "Ed Harris", "Noah Emmerich"],
      synopsis:
        "Insurance salesman Truman Burbank slowly realises that his seaside hometown is a giant television set and that everyone he knows is an actor in a show about his life.",
    },
    book: {
      title: "Time Out of Joint",
      author: "Philip K. Dick",
      publicationYear: 1959,
      genres: ["Science Fiction"],
      isbn: "",
      synopsis:
        "Ragle Gumm makes a living by winning a newspaper puzzle contest every day in a quiet small town, until glitches in reality convince him that his whole world has been staged around him.",
    },
    context:
      "Decades before Truman Burbank noticed the same people circling his block, Philip K. Dick wrote Ragle Gumm, a man in a pleasant 1950s town who starts to suspect it was built around him. The reasons are different (military, not television), but the paranoia beats line up uncannily: things that vanish, a radio that gives the game away. After we watched the film, my students guessed the book's twist within three chapters.",
    tags: ["thematic", "simulated-reality", "philip-k-dick", "suburbia"],
    daysAgo: 61,
  },
  // 25 (private author)
  {
    author: "quietmarginalia",
    kind: "theme",
    movie: {
      title: "Her",
      year: 2013,
      genres: ["Romance", "Drama", "Science Fiction"],
      director: "Spike Jonze",
      actors: ["Joaquin Phoenix", "Scarlett Johansson", "Amy Adams", "Rooney Mara"],
      synopsis:
        "In a near-future Los Angeles, a lonely man who writes other people's personal letters falls in love with Samantha, the intelligent operating system he has just installed.",
    },
    book: {
      title: "Klara and the Sun",
      author: "Kazuo Ishiguro",
      publicationYear: 2021,
      genres: ["Literary Fiction", "Science Fiction"],
      isbn: "9780593318171",
      synopsis:
        "Klara, an Artificial Friend who draws her strength from the Sun, watches the world from a shop window until she is chosen by Josie, a sick teenager, and resolves to save her.",
    },
    context:
      "Two gentle stories about artificial minds that love their humans more clearly than the humans love each other. Samantha outgrows Theodore; Klara never stops devoting herself to Josie, even once she is no longer needed. I read Klara right after rewatching Her and kept hearing Samantha's voice in Klara's sentences, which is not something I expected to admit here.",
    tags: ["thematic", "artificial-intelligence", "loneliness", "love"],
    daysAgo: 9,
  },
  // 26
  {
    author: "jun_frames",
    kind: "theme",
    movie: {
      title: "Parasite",
      year: 2019,
      genres: ["Thriller", "Comedy", "Drama"],
      director: "Bong Joon-ho",
      actors: ["Song Kang-ho", "Lee Sun-kyun", "Cho Yeo-jeong", "Choi Woo-shik"],
      synopsis:
        "The struggling Kim family schemes its way, one member at a time, into jobs with the wealthy Park family, until an unexpected discovery in the Parks' house threatens everything.",
    },
    book: {
      title: "The Talented Mr. Ripley",
      author: "Patricia Highsmith",
      publicationYear: 1955,
      genres: ["Crime", "Thriller"],
      isbn: "9780393332148",
      synopsis:
        "Sent to Italy to persuade a rich man's son to come home, small-time con man Tom Ripley becomes obsessed with Dickie Greenleaf's life and decides to take it for himself.",
    },
    context:
      "Highsmith's Tom Ripley and Bong's Kim family are outsiders who talk their way into wealthy lives they can never really own. Ripley does it alone, out of envy; the Kims do it as a family business, one fake credential at a time. Both stories turn on the moment when the con can only be protected by violence.",
    tags: ["thematic", "class", "con-artists", "thriller"],
    daysAgo: 35,
  },
  // 27
  {
    author: "celluloid_cat",
    kind: "theme",
    movie: {
      title: "Mad Max: Fury Road",
      year: 2015,
      genres: ["Action", "Science Fiction", "Adventure"],
      director: "George Miller",
      actors: ["Tom Hardy", "Charlize Theron", "Nicholas Hoult"],
      synopsis:
        "In a desert wasteland ruled by a warlord who controls the water, Imperator Furiosa flees with his captive wives in an armoured war rig, and the drifter Max ends up helping her.",
    },
    book: {
      title: "Parable of the Sower",
      author: "Octavia E. Butler",
      publicationYear: 1993,
      genres: ["Science Fiction", "Dystopian"],
      isbn: "9781538732182",
      synopsis:
        "In a collapsing 2020s California, teenager Lauren Olamina, who physically feels other people's pain, flees her burned neighbourhood and walks north, gathering followers for the belief system she calls Earthseed.",
    },
    context:
      "Both are about escaping a collapsing world with a group of people who were never supposed to survive it. Furiosa and Lauren Olamina are leaders who build a community on the move, and in both worlds water is worth killing for. Butler's version is quieter and far more frightening because it feels so close.",
    tags: ["thematic", "post-apocalyptic", "road-story", "water"],
    daysAgo: 12,
  },
  // 28
  {
    author: "libby_stacks",
    kind: "cameo",
    movie: {
      title: "Conspiracy Theory",
      year: 1997,
      genres: ["Thriller", "Mystery", "Romance"],
      director: "Richard Donner",
      actors: ["Mel Gibson", "Julia Roberts", "Patrick Stewart"],
      synopsis:
        "A New York taxi driver who publishes his conspiracy theories in a tiny newsletter finds himself in real danger when one of them turns out to be true.",
    },
    book: {
      title: "The Catcher in the Rye",
      author: "J. D. Salinger",
      publicationYear: 1951,
      genres: ["Classic", "Coming of Age"],
      isbn: "9780316769488",
      synopsis:
        "Expelled from prep school, sixteen-year-old Holden Caulfield spends a few days drifting around New York City, raging at phoniness and grieving more than he admits.",
    },
    context:
      "Jerry Fletcher compulsively buys copies of The Catcher in the Rye without quite knowing why. The film turns the novel into a trigger from his past, and his purchases are how the people watching him keep track of him. As a librarian I find this both delightful and deeply alarming.",
    tags: ["book-within-a-movie", "paranoia", "classic"],
    daysAgo: 70,
  },
  // 29
  {
    author: "jun_frames",
    kind: "cameo",
    movie: {
      title: "The Matrix",
      year: 1999,
      genres: ["Science Fiction", "Action"],
      director: "Lana Wachowski, Lilly Wachowski",
      actors: ["Keanu Reeves", "Laurence Fishburne", "Carrie-Anne Moss", "Hugo Weaving"],
      synopsis:
        "A hacker called Neo learns from the rebel Morpheus that the world he lives in is a simulation built by machines to keep humanity docile, and that he may be the one to end it.",
    },
    book: {
      title: "Simulacra and Simulation",
      author: "Jean Baudrillard",
      publicationYear: 1981,
      genres: ["Philosophy"],
      isbn: "9780472065219",
      synopsis:
        "A dense, provocative set of essays arguing that modern life is so saturated with copies that no longer refer to any original that signs and simulations have taken the place of the real.",
    },
    context:
      "Early in the film Neo pulls a hollowed-out copy of Simulacra and Simulation off his shelf to get at the disks he keeps inside, and it falls open at the chapter 'On Nihilism'. Later Morpheus greets him with 'Welcome to the desert of the real', a phrase from the same book. Baudrillard later said in an interview that the film got him wrong, which somehow makes it better.",
    tags: ["book-within-a-movie", "philosophy", "simulated-reality", "cyberpunk"],
    daysAgo: 90,
  },
  // 30
  {
    author: "demo",
    kind: "cameo",
    movie: {
      title: "Pulp Fiction",
      year: 1994,
      genres: ["Crime", "Thriller", "Comedy"],
      director: "Quentin Tarantino",
      actors: ["John Travolta", "Samuel L. Jackson", "Uma Thurman", "Bruce Willis"],
      synopsis:
        "Two hitmen, a boxer who refuses to throw a fight, a gangster's wife and a pair of diner robbers cross paths in interlocking stories told out of order around Los Angeles.",
    },
    book: {
      title: "Modesty Blaise",
      author: "Peter O'Donnell",
      publicationYear: 1965,
      genres: ["Thriller", "Adventure"],
      isbn: "",
      synopsis:
        "Retired from running a criminal network, Modesty Blaise and her devoted partner Willie Garvin are coaxed by British intelligence into protecting a shipment of diamonds from a ruthless gang.",
    },
    context:
      "Twice in the film, Vincent Vega disappears into a bathroom with a paperback of Modesty Blaise, and the second time it costs him. I finally read one of Peter O'Donnell's novels and it's a blast: a reformed crime boss and her loyal partner pulled into one more job. Very Tarantino, in hindsight.",
    tags: ["book-within-a-movie", "pulp", "trivia"],
    daysAgo: 5,
  },
  // 31
  {
    author: "libby_stacks",
    kind: "cameo",
    movie: {
      title: "The Shawshank Redemption",
      year: 1994,
      genres: ["Drama", "Crime"],
      director: "Frank Darabont",
      actors: ["Tim Robbins", "Morgan Freeman", "Bob Gunton", "William Sadler"],
      synopsis:
        "Banker Andy Dufresne is sentenced to life in Shawshank State Penitentiary for murders he says he did not commit, and over nearly two decades forms a friendship with fellow inmate Red.",
    },
    book: {
      title: "The Count of Monte Cristo",
      author: "Alexandre Dumas",
      publicationYear: 1844,
      genres: ["Classic", "Adventure", "Historical Fiction"],
      isbn: "",
      synopsis:
        "Betrayed on the eve of his wedding and locked away in the Château d'If, the sailor Edmond Dantès escapes after fourteen years, claims a hidden fortune and returns to Paris as the Count of Monte Cristo to settle his accounts.",
    },
    context:
      "While Andy is building up the prison library, one of the donated books is The Count of Monte Cristo; Heywood mangles the title, and Andy tells him he'll like it because it's about a prison break. It's a wink at the whole film: a wrongly imprisoned man, a long, patient escape, a fortune waiting on the other side. (The film itself adapts Stephen King's novella 'Rita Hayworth and Shawshank Redemption'.)",
    tags: ["book-within-a-movie", "prison", "stephen-king", "classic"],
    daysAgo: 100,
  },
  // 32
  {
    author: "paperback_dad",
    kind: "cameo",
    movie: {
      title: "Star Trek II: The Wrath of Khan",
      year: 1982,
      genres: ["Science Fiction", "Adventure", "Action"],
      director: "Nicholas Meyer",
      actors: ["William Shatner", "Leonard Nimoy", "DeForest Kelley", "Ricardo Montalbán"],
      synopsis:
        "Admiral James T. Kirk, feeling his age, is pulled back into command when Khan Noonien Singh, an old enemy he marooned years before, escapes and goes after a terraforming device called Genesis.",
    },
    book: {
      title: "A Tale of Two Cities",
      author: "Charles Dickens",
      publicationYear: 1859,
      genres: ["Classic", "Historical Fiction"],
      isbn: "9780141439600",
      synopsis:
        "In the years around the French Revolution, the lives of a French aristocrat who has given up his title, the woman he loves and a dissolute English lawyer become bound together between London and Paris.",
    },
    context:
      "Spock gives Kirk an antique copy of A Tale of Two Cities for his birthday, and Kirk reads its opening line early on. By the end, the book's closing line ('It is a far, far better thing I do...') has become the film's eulogy. Khan, meanwhile, quotes Moby-Dick at Kirk. Best-read villain in the franchise.",
    tags: ["book-within-a-movie", "classic", "star-trek", "sacrifice"],
    daysAgo: 24,
    screenshot: { caption: "It was the best of times, it was the worst of times." },
  },
  // 33
  {
    author: "libby_stacks",
    kind: "cameo",
    movie: {
      title: "Good Will Hunting",
      year: 1997,
      genres: ["Drama"],
      director: "Gus Van Sant",
      actors: ["Matt Damon", "Robin Williams", "Ben Affleck", "Minnie Driver"],
      synopsis:
        "Will Hunting, a janitor at MIT with a genius for mathematics and a record of assaults, is ordered into therapy with a grieving community-college psychology teacher who refuses to be intimidated.",
    },
    book: {
      title: "A People's History of the United States",
      author: "Howard Zinn",
      publicationYear: 1980,
      genres: ["History"],
      isbn: "",
      synopsis:
        "A history of the United States told from the point of view of the people usually left out of the textbooks: Native Americans, enslaved people, workers, women and dissenters.",
    },
    context:
      "In his first session with Sean, Will picks apart the bookshelves and tells him that if he wants to read a real history book, he should read Howard Zinn's A People's History of the United States. Our copies went out for weeks after we screened this at film night. A good example of a movie sending people to a book it only mentions.",
    tags: ["book-within-a-movie", "mentioned-on-screen", "history"],
    daysAgo: 16,
  },
  // 34
  {
    author: "mara_teaches",
    kind: "cameo",
    movie: {
      title: "Dead Poets Society",
      year: 1989,
      genres: ["Drama", "Coming of Age"],
      director: "Peter Weir",
      actors: ["Robin Williams", "Robert Sean Leonard", "Ethan Hawke"],
      synopsis:
        "At a strict Vermont boarding school in 1959, an unconventional English teacher inspires his students to love poetry and to seize the day, with consequences nobody anticipates.",
    },
    book: {
      title: "Leaves of Grass",
      author: "Walt Whitman",
      publicationYear: 1855,
      genres: ["Poetry", "Classic"],
      isbn: "",
      synopsis:
        "Whitman's lifelong, constantly revised collection of poems celebrating the self, the body, democracy and America, which grew from twelve untitled poems in 1855 to hundreds in the final edition.",
    },
    context:
      "Professional hazard, I know. Keating's whole classroom runs on Whitman: the boys call him 'O Captain! My Captain!', and he reads them 'O Me! O Life!' to ask what their verse will be. Reading Leaves of Grass after the film is a good corrective, because Whitman is stranger, bigger and much less tidy than a motivational poster. I still stand on desks, though.",
    tags: ["quoted-on-screen", "poetry", "teaching"],
    daysAgo: 4,
    screenshot: { caption: "Carpe diem. Seize the day, boys. Make your lives extraordinary." },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Text-only posts
// ---------------------------------------------------------------------------------------------------------

export const textPosts: SeedTextPost[] = [
  {
    author: "libby_stacks",
    context:
      "Planning next month's library display: 'Read it before you watch it.' What's the one book you would make someone read before they see the film? Bonus points for pairings where the book changes how you see the movie.",
    tags: ["question", "reading-list", "library"],
    daysAgo: 3,
  },
  {
    author: "mara_teaches",
    context:
      "Building a unit on adaptation for next term. So far I have The Shining, Apocalypse Now and Little Women (2019). I'd love one pairing where the film is more faithful than people think, and one where a loose adaptation beats the book. Suggestions welcome!",
    tags: ["question", "teaching", "adaptation"],
    daysAgo: 20,
  },
  {
    author: "orbital_reads",
    context:
      "Hot take: the best science fiction adaptations keep the feeling and throw out the plot. Stalker, Annihilation, Blade Runner. The faithful ones are fine; the unfaithful ones are the ones I rewatch. Change my mind.",
    tags: ["discussion", "science-fiction", "loose-adaptation"],
    daysAgo: 30,
  },
  {
    author: "celluloid_cat",
    context:
      "Festival-season prompt: which novel would you most like to see adapted next, and who should direct it? I'll go first: a patient, three-hour version of Ishiguro's The Buried Giant, shot entirely in fog.",
    tags: ["question", "wishlist"],
    daysAgo: 7,
  },
  {
    author: "noirhound",
    context:
      "Looking for crime novels where the film is better than the book. I'll start: The Godfather. Be honest, and explain yourselves.",
    tags: ["question", "crime", "discussion"],
    daysAgo: 42,
  },
  {
    author: "demo",
    context:
      "Weekend plan: rewatch Arrival, then finally read the rest of Ted Chiang's stories. Which one should I start with?",
    tags: ["question", "weekend-plans"],
    daysAgo: 1,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Social graph and activity
// ---------------------------------------------------------------------------------------------------------

export const follows: SeedFollow[] = [
  ["demo", "mara_teaches"],
  ["demo", "orbital_reads"],
  ["demo", "libby_stacks"],
  ["demo", "quietmarginalia"],
  ["mara_teaches", "demo"],
  ["mara_teaches", "libby_stacks"],
  ["mara_teaches", "jun_frames"],
  ["mara_teaches", "austen_after_dark"],
  ["mara_teaches", "celluloid_cat"],
  ["libby_stacks", "demo"],
  ["libby_stacks", "mara_teaches"],
  ["libby_stacks", "quietmarginalia"],
  ["libby_stacks", "austen_after_dark"],
  ["libby_stacks", "paperback_dad"],
  ["orbital_reads", "celluloid_cat"],
  ["orbital_reads", "mara_teaches"],
  ["orbital_reads", "jun_frames"],
  ["noirhound", "mara_teaches"],
  ["noirhound", "jun_frames"],
  ["noirhound", "paperback_dad"],
  ["jun_frames", "celluloid_cat"],
  ["jun_frames", "quietmarginalia"],
  ["jun_frames", "orbital_reads"],
  ["jun_frames", "mara_teaches"],
  ["jun_frames", "noirhound"],
  ["austen_after_dark", "libby_stacks"],
  ["austen_after_dark", "mara_teaches"],
  ["quietmarginalia", "libby_stacks"],
  ["quietmarginalia", "jun_frames"],
  ["quietmarginalia", "austen_after_dark"],
  ["paperback_dad", "demo"],
  ["paperback_dad", "noirhound"],
  ["paperback_dad", "orbital_reads"],
  ["paperback_dad", "libby_stacks"],
  ["celluloid_cat", "demo"],
  ["celluloid_cat", "orbital_reads"],
  ["celluloid_cat", "jun_frames"],
  ["celluloid_cat", "mara_teaches"],
];

/** [requester, private member]: follow requests still waiting for an answer, oldest first. */
export const followRequests: SeedFollow[] = [
  ["noirhound", "quietmarginalia"],
  ["celluloid_cat", "quietmarginalia"],
];

/** Index of the connection whose movie has this title (throws on a typo, so the lists below stay honest). */
function at(movieTitle: string): number {
  const index = connections.findIndex((c) => c.movie.title === movieTitle);
  if (index < 0) throw new Error(`seed content: no connection for movie "${movieTitle}"`);
  return index;
}

function reactions(byMovie: Record<string, Username[]>): SeedReaction[] {
  return Object.entries(byMovie).flatMap(([title, names]) => {
    const connection = at(title);
    return names.map((user) => ({ user, connection }));
  });
}

/** Deliberately uneven: a few popular posts, a long tail. */
export const likes: SeedReaction[] = reactions({
  "No Country for Old Men": ["mara_teaches", "jun_frames", "paperback_dad", "orbital_reads", "celluloid_cat", "demo"],
  Arrival: [
    "demo",
    "celluloid_cat",
    "jun_frames",
    "mara_teaches",
    "libby_stacks",
    "quietmarginalia",
    "paperback_dad",
    "austen_after_dark",
  ],
  "The Shining": ["paperback_dad", "libby_stacks", "jun_frames", "noirhound", "demo"],
  "Little Women": ["austen_after_dark", "mara_teaches", "quietmarginalia", "demo"],
  Dune: ["celluloid_cat", "jun_frames", "paperback_dad", "demo", "noirhound"],
  "Children of Men": ["orbital_reads", "celluloid_cat", "mara_teaches"],
  "Jurassic Park": ["demo", "libby_stacks"],
  "The Remains of the Day": ["quietmarginalia", "libby_stacks", "mara_teaches"],
  Misery: ["noirhound", "libby_stacks"],
  "Blade Runner": ["jun_frames", "celluloid_cat"],
  "The Road": ["libby_stacks", "jun_frames"],
  Annihilation: ["orbital_reads", "jun_frames", "demo"],
  "Never Let Me Go": ["demo", "libby_stacks", "jun_frames"],
  "Apocalypse Now": ["noirhound", "jun_frames", "demo"],
  Stalker: ["celluloid_cat", "jun_frames"],
  "The Handmaiden": ["celluloid_cat", "austen_after_dark", "mara_teaches", "noirhound"],
  "Pride & Prejudice": ["libby_stacks", "mara_teaches", "quietmarginalia"],
  "The Martian": ["paperback_dad", "orbital_reads"],
  Atonement: ["libby_stacks", "quietmarginalia"],
  "The Silence of the Lambs": ["paperback_dad", "mara_teaches"],
  "Gone Girl": ["austen_after_dark"],
  "The Godfather": ["mara_teaches", "paperback_dad"],
  Gattaca: ["celluloid_cat"],
  "Ex Machina": ["orbital_reads", "jun_frames", "demo"],
  "The Truman Show": ["libby_stacks", "demo", "celluloid_cat", "orbital_reads"],
  Her: ["jun_frames", "demo"],
  Parasite: ["celluloid_cat", "noirhound", "orbital_reads", "mara_teaches"],
  "Mad Max: Fury Road": ["orbital_reads"],
  "Conspiracy Theory": ["demo", "mara_teaches"],
  "The Matrix": ["orbital_reads", "celluloid_cat", "paperback_dad", "demo", "noirhound"],
  "Pulp Fiction": ["noirhound", "paperback_dad", "mara_teaches"],
  "The Shawshank Redemption": ["paperback_dad", "mara_teaches", "demo", "austen_after_dark"],
  "Star Trek II: The Wrath of Khan": ["orbital_reads", "libby_stacks", "demo"],
  "Good Will Hunting": ["mara_teaches"],
  "Dead Poets Society": ["libby_stacks", "austen_after_dark", "demo"],
});

export const favorites: SeedReaction[] = reactions({
  Arrival: ["demo", "mara_teaches", "celluloid_cat"],
  "The Truman Show": ["demo"],
  "Never Let Me Go": ["demo"],
  "The Matrix": ["demo"],
  "The Handmaiden": ["mara_teaches", "austen_after_dark"],
  "No Country for Old Men": ["mara_teaches", "jun_frames"],
  "Pride & Prejudice": ["libby_stacks"],
  "The Remains of the Day": ["libby_stacks", "quietmarginalia"],
  "The Road": ["libby_stacks"],
  Annihilation: ["orbital_reads"],
  "Ex Machina": ["orbital_reads"],
  Stalker: ["jun_frames", "celluloid_cat"],
  Her: ["jun_frames"],
  "Little Women": ["austen_after_dark", "quietmarginalia"],
  "The Shining": ["paperback_dad"],
  Dune: ["paperback_dad"],
  Parasite: ["noirhound"],
});

function thread(movieTitle: string, entries: Array<[Username, number, string]>): SeedComment[] {
  const connection = at(movieTitle);
  return entries.map(([user, minutesAfterPost, text]) => ({ user, connection, text, minutesAfterPost }));
}

export const comments: SeedComment[] = [
  ...thread("No Country for Old Men", [
    [
      "mara_teaches",
      120,
      "The coin toss at the gas station is almost word for word from the book, and it's such a good example for showing students how much of the tension comes from the actors' timing rather than the words.",
    ],
    [
      "noirhound",
      150,
      "Exactly. On the page you hear it in Chigurh's flat voice; on screen it's Bardem's stillness. Same words, different weapon.",
    ],
    ["paperback_dad", 3000, "Did the ending frustrate anyone else the first time? I thought the projector had broken."],
    [
      "noirhound",
      3100,
      "It's the book's ending too: Bell's dream about his father riding ahead with fire in a horn. McCarthy's next novel was The Road, where carrying the fire is everything. Try reading them back to back.",
    ],
  ]),
  ...thread("Arrival", [
    [
      "demo",
      35,
      "The moment I realised the 'flashbacks' weren't flashbacks, I had to pause the film and walk around the room. Does the novella pull the same trick?",
    ],
    [
      "orbital_reads",
      52,
      "It does, but more quietly. Louise talks to her daughter from the first page in a strange mix of tenses, so a careful reader feels something odd about time long before it's explained. The film saves it for a reveal.",
    ],
    [
      "celluloid_cat",
      180,
      "I'm so glad the film kept Louise's choice. Knowing how it all ends and choosing it anyway is the whole point, and it's even more devastating on the page.",
    ],
    [
      "mara_teaches",
      1440,
      "Showing this to my class next term alongside the novella. The heptapod logograms are a great way into talking about how a film has to make visible what prose can leave abstract.",
    ],
    [
      "orbital_reads",
      1500,
      "@mara_teaches If you can, have them read the Fermat's principle section first. It's the part the film drops, and it changes how the ending lands.",
    ],
  ]),
  ...thread("The Shining", [
    [
      "paperback_dad",
      60,
      "Team Book here. The topiary animals that only move when you're not looking scared me more as a teenager than anything in the film.",
    ],
    [
      "mara_teaches",
      95,
      "That's the usual split! Though I'd argue the hedge maze does something the topiary can't: it turns the whole hotel into a puzzle Jack can't solve.",
    ],
    [
      "jun_frames",
      400,
      "The Steadicam shots following Danny's tricycle through the corridors are why I wanted to study cinematography. The sound switching between carpet and wooden floor is unreal.",
    ],
    [
      "noirhound",
      2000,
      "King's own 1997 miniseries is far more faithful and almost nobody remembers it. Sometimes faithful isn't the point.",
    ],
  ]),
  ...thread("Little Women", [
    [
      "austen_after_dark",
      90,
      "The ending where her book is printed and bound still makes me cry. Jo holding the finished copy!",
    ],
    [
      "quietmarginalia",
      300,
      "I liked that Gerwig lets Amy be right about things for once. The book is kinder to her than people remember.",
    ],
  ]),
  ...thread("Dune", [
    [
      "celluloid_cat",
      40,
      "The sound design does what Herbert's glossary does: it makes the world feel alien before you understand any of it.",
    ],
    [
      "paperback_dad",
      300,
      "Started the book after the film and I'm struggling through the first hundred pages. Does it get easier?",
    ],
    [
      "orbital_reads",
      330,
      "Yes, once the family reaches Arrakis. Keep the glossary open and don't worry about catching every name; the book rewards a second read.",
    ],
    [
      "demo",
      2000,
      "The Princess Irulan epigraphs at the start of each chapter are my favourite part of the book, and the film barely uses them. A fair trade for those visuals, though.",
    ],
  ]),
  ...thread("Children of Men", [
    [
      "orbital_reads",
      90,
      "I had no idea this was based on a P. D. James novel. I only knew her from detective fiction.",
    ],
    [
      "jun_frames",
      110,
      "Right? As far as I know it's her only science fiction. The book is surprisingly spiritual; the film replaces most of that with those single-take sequences.",
    ],
    ["celluloid_cat", 1600, "The car ambush is the best single shot of the century and I will fight about it."],
  ]),
  ...thread("Jurassic Park", [
    ["demo", 180, "Hammond being so cold in the book is wild. Attenborough made him so lovable."],
    [
      "paperback_dad",
      200,
      "Spielberg gave him the flea circus speech, which makes him a dreamer instead of a crook. I think both versions are true of the same man.",
    ],
  ]),
  ...thread("The Remains of the Day", [
    [
      "quietmarginalia",
      200,
      "In the book, when Miss Kenton finds him with a sentimental romance, he insists he reads them to improve his command of the English language. One of the saddest things I've ever read. So glad the film kept the scene.",
    ],
    [
      "austen_after_dark",
      260,
      "Same. Hopkins holding that book against his chest like a state secret. I have to pause every time.",
    ],
    [
      "libby_stacks",
      1200,
      "We read this for book club last year and half the group came away furious with Stevens and the other half wanting to hug him.",
    ],
  ]),
  ...thread("Misery", [
    ["noirhound", 80, "The sledgehammer scene is one of the few times I've heard a whole cinema flinch at once."],
    ["paperback_dad", 100, "Ha, my wife still refuses to watch it a second time because of that scene."],
    [
      "libby_stacks",
      700,
      "From the reference desk: people still come in asking for 'the book where the fan kidnaps the writer' without knowing the title.",
    ],
  ]),
  ...thread("The Road", [
    [
      "libby_stacks",
      300,
      "I couldn't finish the film the first time. The book I read in one sitting, which says something about how prose can be kinder than images even when it describes worse things.",
    ],
    [
      "quietmarginalia",
      340,
      "Yes. The sentence fragments keep you at a little distance. The film has nowhere to hide.",
    ],
    [
      "jun_frames",
      1500,
      "From what I've read they shot in real damaged landscapes instead of building sets, and it shows. It's one of the most convincing ruined worlds I've seen.",
    ],
  ]),
  ...thread("Annihilation", [
    [
      "orbital_reads",
      80,
      "I read all three Southern Reach books after this, and the sequels go somewhere completely different again.",
    ],
    ["jun_frames", 1000, "That bear scene. I have not recovered."],
  ]),
  ...thread("Never Let Me Go", [
    [
      "demo",
      120,
      "I read this with no idea of the premise and I think that's the ideal way. Did you read or watch first?",
    ],
    ["quietmarginalia", 170, "Read first, years ago. Watching the film felt like visiting people I used to know."],
    [
      "libby_stacks",
      900,
      "Carey Mulligan's voiceover is the closest a film has come to Kathy's narration for me. That calm is what makes it hurt.",
    ],
    ["jun_frames", 2400, "The palette is so washed out it already feels like a memory. Beautiful and awful."],
  ]),
  ...thread("Apocalypse Now", [
    [
      "noirhound",
      45,
      "Kurtz reading T. S. Eliot's 'The Hollow Men' is a great touch: the poem's epigraph is 'Mistah Kurtz—he dead', straight out of Conrad.",
    ],
    [
      "mara_teaches",
      70,
      "Yes! And if you pause on Kurtz's table you can see From Ritual to Romance and The Golden Bough, the two books Eliot credits in his notes to The Waste Land. The film is layered like a reading list.",
    ],
    [
      "jun_frames",
      600,
      "Hearts of Darkness, the documentary about the making of this film, is its own Conrad adaptation in a way.",
    ],
    ["demo", 3000, "I've never read the novella. How long is it? I'm intimidated."],
    [
      "mara_teaches",
      3050,
      "It's short, around a hundred pages in most editions. Read it in one evening, then rewatch the boat scenes.",
    ],
  ]),
  ...thread("Stalker", [
    ["celluloid_cat", 150, "The switch from sepia to colour when they enter the Zone still gets me every time."],
    [
      "jun_frames",
      200,
      "And the long, slow shot over the shallow water with all those objects lying under the surface. I could look at that for an hour.",
    ],
    [
      "orbital_reads",
      260,
      "Then you read the book and Red is a cynical, funny, hard-drinking smuggler. Completely different energy, same ache at the end.",
    ],
  ]),
  ...thread("The Handmaiden", [
    [
      "austen_after_dark",
      500,
      "Fingersmith is one of my all-time favourites and I was nervous, but the film is a completely different animal and I love them both.",
    ],
    [
      "jun_frames",
      520,
      "The multi-part structure is such a gift to a filmmaker. You get to show the same scenes again with what the audience now knows.",
    ],
    [
      "celluloid_cat",
      1700,
      "The moment in part two when we see the first meeting again from the other side... the whole audience at my screening gasped.",
    ],
  ]),
  ...thread("Pride & Prejudice", [
    [
      "libby_stacks",
      60,
      "The long, unbroken shot through the Netherfield ball, drifting from one conversation to the next, is how I picture Austen's narrator now.",
    ],
    ["mara_teaches", 900, "The 1995 miniseries people will be here any minute."],
    ["austen_after_dark", 930, "Let them come. There's room for two Darcys in a well-ordered life."],
  ]),
  ...thread("Ex Machina", [
    [
      "orbital_reads",
      100,
      "The Frankenstein reading makes the ending hit harder: in the book the creature at least gets to speak for himself. Ava just walks out into the world.",
    ],
    [
      "celluloid_cat",
      140,
      "Yes, and Caleb is the reader who thinks he's the hero of the story. Shelley would have had a field day.",
    ],
  ]),
  ...thread("The Truman Show", [
    [
      "orbital_reads",
      100,
      "I had never heard of Time Out of Joint. Adding it to my list. Is it as paranoid as later Dick?",
    ],
    [
      "mara_teaches",
      130,
      "More restrained, which is why it pairs so well with the film. It reads like a quiet domestic novel until suddenly it doesn't.",
    ],
    ["libby_stacks", 2000, "We have an old paperback of this in the stacks. Pulling it for the display!"],
  ]),
  ...thread("Her", [
    [
      "jun_frames",
      300,
      "The colours in Her are so warm that loneliness looks comfortable. I wonder what a film of Klara would look like.",
    ],
    ["quietmarginalia", 320, "Sunlight, obviously. Lots of it."],
    ["demo", 1800, "This is making me want to reread Klara. The shop window chapters are my favourite."],
  ]),
  ...thread("Parasite", [
    ["noirhound", 200, "Good pairing. Ripley is basically what happens if the Kim son had gone to Italy instead."],
    ["jun_frames", 230, "Ha! Ki-woo with a forged diploma and a sweater over his shoulders."],
  ]),
  ...thread("The Matrix", [
    [
      "orbital_reads",
      30,
      "I love that the book is hollow. A book about copies without originals, used as a hiding place. Perfect.",
    ],
    [
      "noirhound",
      1000,
      "Read the Baudrillard after seeing this in college. Understood maybe a third of it. Still think about it.",
    ],
    ["jun_frames", 1030, "A third is above average, honestly."],
  ]),
  ...thread("Pulp Fiction", [
    ["noirhound", 90, "I didn't know this was a real series! I always assumed Tarantino made it up."],
    [
      "demo",
      120,
      "Very real. Modesty Blaise started as a newspaper comic strip in the sixties, before the novels. There's also a 1966 film, which I haven't seen.",
    ],
    ["paperback_dad", 2000, "And Vincent never gets to find out how it ends. Kind of tragic."],
  ]),
  ...thread("The Shawshank Redemption", [
    ["paperback_dad", 300, "'The Count of Monte Crisco.' Heywood deserves a spin-off."],
    [
      "mara_teaches",
      400,
      "The parallel goes deeper: Dantès gets out knowing where a fortune is hidden, and Andy gets out with the warden's money, parked under the fake identity he invented.",
    ],
    ["libby_stacks", 460, "Exactly. I always shelve the two together on our prison-break display."],
    ["demo", 5000, "Now I want to read the King novella. Is it in a collection?"],
    ["libby_stacks", 5100, "Different Seasons, from 1982. It also has the novella that became Stand by Me."],
  ]),
  ...thread("Star Trek II: The Wrath of Khan", [
    [
      "orbital_reads",
      45,
      "And Khan's own shelf has Moby-Dick on it, among others. The whole film is in conversation with books.",
    ],
    ["libby_stacks", 200, "Kirk needing reading glasses for it is such a good touch in a film about getting older."],
    ["paperback_dad", 230, "Yes! Bones with the glasses, Spock with the book: the whole theme in one birthday."],
  ]),
  ...thread("Dead Poets Society", [
    ["libby_stacks", 30, "A teacher posting this. Of course. Of course."],
    ["mara_teaches", 50, "I contain multitudes, Libby."],
    [
      "austen_after_dark",
      400,
      "The Whitman I met after this film was not the Whitman I expected. 'Song of Myself' is wild.",
    ],
    ["demo", 1200, "Which edition of Leaves of Grass should a beginner pick up? There seem to be a hundred."],
    [
      "mara_teaches",
      1260,
      "If you can, get one that prints the 1855 first edition as well as the final version. The first edition is shorter and stranger, and you can see how much he kept changing.",
    ],
  ]),
];

// ---------------------------------------------------------------------------------------------------------
// Reports waiting for the moderators (so /moderation is not empty on first start)
// ---------------------------------------------------------------------------------------------------------

/** An open case: a connection (index into `connections`) or one of its comments (index into `comments`). */
export interface SeedReportCase {
  connection: number;
  comment?: number;
  reports: Array<{ reporter: Username; reason: ReportReason; note?: string; hoursAgo: number }>;
}

/** Index into `comments` of the `position`th comment (from 0) on the connection of this movie. */
function commentAt(movieTitle: string, position: number): number {
  const connection = at(movieTitle);
  const index = comments.map((c, i) => [c, i] as const).filter(([c]) => c.connection === connection)[position]?.[1];
  if (index === undefined) throw new Error(`seed content: no comment ${position} on "${movieTitle}"`);
  return index;
}

export const reportCases: SeedReportCase[] = [
  {
    connection: at("Gone Girl"),
    reports: [
      { reporter: "celluloid_cat", reason: "spoilers", hoursAgo: 20 },
      {
        reporter: "paperback_dad",
        reason: "other",
        note: "Talks about the diary and the Cool Girl speech, which felt like a big hint. My wife is halfway through the book.",
        hoursAgo: 6,
      },
    ],
  },
  {
    connection: at("No Country for Old Men"),
    comment: commentAt("No Country for Old Men", 3),
    reports: [
      {
        reporter: "jun_frames",
        reason: "spoilers",
        note: "Gives away the last page of the book without a warning.",
        hoursAgo: 3,
      },
    ],
  },
];

function votes(byMovie: Record<string, Partial<Record<SeedVote["choice"], Username[]>>>): SeedVote[] {
  return Object.entries(byMovie).flatMap(([title, choices]) => {
    const connection = at(title);
    return Object.entries(choices).flatMap(([choice, names]) =>
      (names ?? []).map((user) => ({ user, connection, choice: choice as SeedVote["choice"] })),
    );
  });
}

/**
 * "Book or film?" votes on adaptations, as a film club would split: the usual landslides (The Godfather, Blade
 * Runner for the film; Dune for the book), close fights (The Shining, Misery, The Remains of the Day) and a few
 * pairs nobody has voted on yet. The private member's own post (The Road) gets none.
 */
export const verdictVotes: SeedVote[] = votes({
  "The Godfather": {
    film: ["demo", "mara_teaches", "noirhound", "jun_frames", "paperback_dad", "celluloid_cat", "orbital_reads"],
    book: ["libby_stacks"],
  },
  "Blade Runner": {
    film: ["orbital_reads", "jun_frames", "celluloid_cat", "noirhound", "paperback_dad"],
    book: ["libby_stacks", "quietmarginalia"],
  },
  Dune: {
    book: ["orbital_reads", "libby_stacks", "paperback_dad", "quietmarginalia", "mara_teaches"],
    film: ["celluloid_cat", "jun_frames"],
    tie: ["demo"],
  },
  "The Shining": {
    film: ["celluloid_cat", "jun_frames", "noirhound", "demo"],
    book: ["paperback_dad", "libby_stacks", "quietmarginalia", "austen_after_dark"],
    tie: ["mara_teaches"],
  },
  Misery: {
    film: ["noirhound", "celluloid_cat", "jun_frames"],
    book: ["paperback_dad", "libby_stacks"],
    tie: ["demo"],
  },
  "The Remains of the Day": {
    book: ["quietmarginalia", "austen_after_dark", "libby_stacks"],
    film: ["mara_teaches", "jun_frames", "celluloid_cat"],
    tie: ["demo", "paperback_dad"],
  },
  "Little Women": {
    book: ["austen_after_dark", "mara_teaches", "libby_stacks", "quietmarginalia"],
    film: ["celluloid_cat", "demo"],
    tie: ["jun_frames"],
  },
  Arrival: {
    film: ["orbital_reads", "celluloid_cat", "jun_frames", "demo", "mara_teaches"],
    book: ["libby_stacks", "quietmarginalia"],
  },
  "Jurassic Park": { film: ["paperback_dad", "celluloid_cat", "jun_frames", "demo"], book: ["orbital_reads"] },
  "No Country for Old Men": {
    film: ["noirhound", "jun_frames", "celluloid_cat"],
    book: ["mara_teaches", "paperback_dad"],
    tie: ["orbital_reads"],
  },
  "Pride & Prejudice": {
    book: ["austen_after_dark", "libby_stacks", "quietmarginalia"],
    film: ["celluloid_cat"],
    tie: ["mara_teaches", "demo"],
  },
  "Gone Girl": { book: ["noirhound", "libby_stacks"], film: ["jun_frames", "celluloid_cat"], tie: ["paperback_dad"] },
  "The Silence of the Lambs": { film: ["noirhound", "celluloid_cat", "jun_frames"], book: ["paperback_dad"] },
});
