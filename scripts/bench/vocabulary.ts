/**
 * Word lists for the generated catalogue. Ranked lists are ordered most popular first, because the generator
 * draws from them with a Zipf distribution (rank 0 is the most common).
 */

export const MOVIE_GENRES = [
  "Drama", "Comedy", "Thriller", "Action", "Romance", "Science Fiction", "Horror", "Adventure", "Crime",
  "Fantasy", "Animation", "Mystery", "Documentary", "Family", "War", "History", "Music", "Western",
  "Biography", "Sport", "Musical", "Film Noir",
];

export const BOOK_GENRES = [
  "Fiction", "Literary Fiction", "Mystery", "Fantasy", "Science Fiction", "Romance", "Historical Fiction",
  "Thriller", "Horror", "Classics", "Young Adult", "Biography", "Non-fiction", "Poetry", "Graphic Novel",
  "Memoir", "Philosophy", "Adventure", "Humor", "Short Stories",
];

/** The head of the tag distribution: what people really type. The long tail is generated from words. */
export const COMMON_TAGS = [
  "adaptation", "classic", "coming of age", "dystopia", "book club", "must read", "romance", "war",
  "friendship", "family", "betrayal", "revenge", "memory", "loneliness", "road trip", "small town",
  "unreliable narrator", "time travel", "first love", "grief", "class", "identity", "survival", "ambition",
  "obsession", "redemption", "power", "nostalgia", "childhood", "letters", "reading scene", "loose adaptation",
  "better than the book", "book was better", "soundtrack", "cinematography", "same theme", "mirror scene",
  "ending", "opening scene", "villain", "mentor", "siblings", "exile", "the sea", "winter", "paris", "new york",
  "london", "tokyo", "trains", "libraries", "detectives", "ghosts", "robots", "aliens", "kings", "witches",
  "chess", "music", "painting", "cooking", "sports", "school", "prison", "courtroom", "hospital",
];

/**
 * Context and synopsis words, most frequent first. A few function words lead, as in real text (they make the
 * trigram index as large as real text would). COMMON_TERM sits at rank 9, so it appears in roughly one
 * context in five: a typical "popular" search.
 */
export const WORDS = [
  "the", "and", "of", "with", "her", "his", "in", "that", "book", "journey", "film", "scene", "story", "both",
  "like", "when", "character", "love", "reads", "ending", "mother", "father", "city", "war", "night", "house",
  "secret", "letter", "river", "island", "winter", "summer", "friend", "stranger", "memory", "train", "road",
  "garden", "library", "silence", "music", "ghost", "mirror", "storm", "child", "daughter", "brother", "sister",
  "king", "queen", "doctor", "soldier", "teacher", "detective", "painter", "writer", "village", "mountain",
  "ocean", "forest", "desert", "prison", "school", "hospital", "kitchen", "window", "door", "bridge", "tower",
  "ship", "voice", "dream", "promise", "lie", "truth", "fear", "hope", "grief", "anger", "joy", "betrayal",
  "escape", "return", "loss", "power", "money", "time", "death", "life", "light", "shadow", "fire", "water",
  "blood", "glass", "paper", "photograph", "map", "key", "clock", "song", "dance", "game", "chess", "murder",
  "wedding", "funeral", "birthday", "holiday", "revolution", "empire", "machine", "robot", "planet", "star",
  "moon", "sun", "sea", "rain", "snow", "wind", "dust", "stone", "iron", "gold", "silver", "bread", "wine",
  "coffee", "cigarette", "horse", "dog", "cat", "bird", "wolf", "whale", "adaptation", "director", "novel",
  "chapter", "page", "author", "actor", "camera", "frame", "shot", "monologue", "dialogue", "twist", "theme",
  "echo", "homage", "quote", "opening", "final", "first", "last", "quiet", "loud", "slow", "strange", "beautiful",
  "broken", "hidden", "lost", "lonely", "young", "old", "brave", "cruel", "gentle", "wild", "cold", "warm",
  "dark", "bright", "bitter", "sweet", "ancient", "modern", "endless", "forgotten", "remembers", "discovers",
  "leaves", "finds", "becomes", "returns", "waits", "runs", "falls", "writes", "watches", "listens", "burns",
  "drowns", "sings", "fights", "forgives", "remembering", "leaving", "searching", "becoming", "reading",
  "watching", "together", "alone", "again", "never", "always", "almost", "suddenly", "finally", "perhaps",
];

export const COMMON_TERM = "journey";

/** In exactly three connections at every size: a search that finds almost nothing. */
export const RARE_TERM = "zugzwang";

// Pseudo-words for the long tail of the vocabulary. No "q" or "z", so they can never contain RARE_TERM.
const ONSETS = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "br", "cr", "dr", "gr", "pl", "st", "tr", "sh", "th"];
const NUCLEI = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "io"];
const CODAS = ["", "n", "r", "s", "l", "nd", "rt", "st", "m", "x"];

/** The `index`-th pseudo-word (distinct for distinct indexes within the first few hundred thousand). */
export function pseudoWord(index: number): string {
  let word = "";
  let rest = index;
  const syllables = 2 + (index % 2);
  for (let s = 0; s < syllables; s++) {
    word += ONSETS[rest % ONSETS.length]! + NUCLEI[Math.floor(rest / ONSETS.length) % NUCLEI.length]!;
    rest = Math.floor(rest / (ONSETS.length * NUCLEI.length));
  }
  return word + CODAS[index % CODAS.length]!;
}

const FIRST_NAMES = [
  "Ada", "Alan", "Alice", "Amir", "Ana", "Anton", "Aya", "Ben", "Bruno", "Carla", "Chen", "Clara", "Dario",
  "Dina", "Elena", "Emil", "Eva", "Farah", "Felix", "Greta", "Hana", "Hugo", "Ines", "Ivan", "Jamal", "Jana",
  "Jonas", "Kai", "Kenji", "Lara", "Leo", "Lina", "Luca", "Maya", "Marco", "Mira", "Nadia", "Nils", "Noor",
  "Omar", "Oskar", "Paula", "Pedro", "Priya", "Rafael", "Rosa", "Sami", "Sara", "Simon", "Sofia", "Tariq",
  "Theo", "Uma", "Vera", "Viktor", "Wen", "Yara", "Yusuf", "Zoe", "Ravi",
];
const LAST_NAMES = [
  "Abe", "Adler", "Alvarez", "Berg", "Bianchi", "Brandt", "Castro", "Cohen", "Costa", "Dubois", "Eriksen",
  "Fischer", "Garcia", "Haddad", "Hansen", "Ito", "Jensen", "Kaur", "Keller", "Kim", "Klein", "Kowalski",
  "Larsen", "Lee", "Lindqvist", "Lopez", "Marino", "Martin", "Meyer", "Moreau", "Murphy", "Nakamura",
  "Novak", "Okafor", "Olsen", "Park", "Patel", "Peters", "Petrov", "Rossi", "Russo", "Sato", "Schmidt",
  "Silva", "Singh", "Sousa", "Tanaka", "Torres", "Vogel", "Wagner", "Walsh", "Weber", "Wong", "Yamamoto",
  "Young", "Ziegler", "Okonkwo", "Haas", "Moretti", "Byrne",
];
const LETTERS = "ABCDEFGHIJKLMNOPRSTVW";

/** The `index`-th person name: distinct for every index (middle initials extend the first × last grid). */
export function personName(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
  let extra = Math.floor(index / (FIRST_NAMES.length * LAST_NAMES.length));
  let middle = "";
  while (extra > 0) {
    middle += `${LETTERS[(extra - 1) % LETTERS.length]}. `;
    extra = Math.floor((extra - 1) / LETTERS.length);
  }
  return `${first} ${middle}${last}`;
}

const TITLE_ADJECTIVES = [
  "Silent", "Last", "Hidden", "Broken", "Golden", "Lost", "Secret", "Northern", "Long", "Quiet", "Burning",
  "Distant", "Winter", "Summer", "Glass", "Iron", "Paper", "Wild", "Little", "Second", "Bright", "Dark",
  "Midnight", "Endless", "Forgotten", "Crimson", "Hollow", "Stolen", "Wandering", "Invisible",
];
const TITLE_NOUNS = [
  "River", "House", "Garden", "City", "Road", "Island", "Letter", "Mirror", "Station", "Harbor", "Kingdom",
  "Orchard", "Library", "Storm", "Season", "Voyage", "Promise", "Archive", "Bridge", "Tower", "Forest",
  "Shore", "Window", "Country", "Hour", "Map", "Room", "Sky", "Song", "Tide",
];

/** Titles like "The Silent River", then "The Silent River II"…, distinct per index. */
export function title(index: number, prefix: string): string {
  const adjective = TITLE_ADJECTIVES[index % TITLE_ADJECTIVES.length]!;
  const noun = TITLE_NOUNS[Math.floor(index / TITLE_ADJECTIVES.length) % TITLE_NOUNS.length]!;
  const round = Math.floor(index / (TITLE_ADJECTIVES.length * TITLE_NOUNS.length));
  return `${prefix}${adjective} ${noun}${round ? ` ${round + 1}` : ""}`;
}
