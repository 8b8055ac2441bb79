// How a staff list's value is read by its words (contract.md "Reading a value as it is meant"): a value is understood
// only when every word of it is, and all say the same thing. A built-in reading never guesses from one word among
// others (decisions.md 40: a type and an invitation are for ever); only a word that wins wherever it stands (a
// leaver's, on the safe side) may decide a value that is otherwise not understood.

/** A text without its accents: "José" is "Jose". */
export const withoutAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

/** A value's words: lower case, accents dropped, split wherever there is a space or punctuation. */
export const wordsOf = (value: string): string[] =>
	withoutAccents(value)
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);

/** A value or a phrase as one key: its words run together ("Full-Time", "FULLTIME" and "full time" are one key). */
export const keyOf = (value: string) => wordsOf(value).join('');

/**
 * Words that negate what follows them ("Non-Active", "Not Current", "No Pay"). Joined on ("Nonactive", "Unemployed")
 * they make a word of no vocabulary, so that is never read as the word either.
 */
const NEGATIONS = new Set(['non', 'not', 'no', 'un']);

/** One phrase of a vocabulary, with what it means. */
interface Phrase<Meaning> {
	/** Undefined for a word that says a state is for now ("Short Term", "Pending"): see `forNow`. */
	meaning?: Meaning;
	/** How many words the phrase has: a value's words may be fewer ("FULLTIME"), never more ("In Active" is not "Inactive"). */
	words: number;
}

/**
 * What the words of one kind of value mean: phrases (read among a value's words) and codes (letters that mean
 * something only as the whole value: "A", "FT", "T"). Built once per run: the built-in words, then the user's own,
 * which replace a built-in phrase of the same key.
 */
export class Vocabulary<Meaning extends string> {
	private readonly phrases = new Map<string, Phrase<Meaning>>();
	private readonly codes = new Map<string, Meaning>();
	private longest = 1;

	constructor(
		/** Meanings that decide a value wherever they stand when not negated (a leaver's word: the safe side). */
		private readonly winsAnywhere: readonly Meaning[] = [],
	) {}

	phrase(text: string, meaning: Meaning): this {
		const words = wordsOf(text);
		if (words.length === 0) return this;
		this.phrases.set(words.join(''), { meaning, words: words.length });
		this.longest = Math.max(this.longest, words.length);
		return this;
	}

	/**
	 * A word that says the state beside it is for now ("Inactive - Short Term", "Terminated - Pending", "Inactive -
	 * Leave"): a meaning that wins anywhere does not decide beside it, and such a value is unknown unless understood
	 * whole otherwise. Understood as a word, it says nothing itself.
	 */
	forNow(text: string): this {
		const words = wordsOf(text);
		if (words.length === 0) return this;
		this.phrases.set(words.join(''), { words: words.length });
		this.longest = Math.max(this.longest, words.length);
		return this;
	}

	code(text: string, meaning: Meaning): this {
		this.codes.set(keyOf(text), meaning);
		return this;
	}

	/** The phrase that starts at `start`, longest first: its meaning and how many of the value's words it takes. */
	private phraseAt(words: string[], start: number): { meaning?: Meaning; length: number } | undefined {
		for (let length = Math.min(this.longest, words.length - start); length >= 1; length--) {
			const found = this.phrases.get(words.slice(start, start + length).join(''));
			if (found && length <= found.words) return { meaning: found.meaning, length };
		}
		return undefined;
	}

	/**
	 * What the whole value means, or 'unknown': every word understood and all saying one thing; a negated word never
	 * reads as itself. A meaning that wins anywhere decides, when not negated, whatever else the value holds; `whole`:
	 * only when every word of the value is understood too (what a column of such values looks like).
	 */
	read(value: string, whole = false): Meaning | 'unknown' | undefined {
		const words = wordsOf(value);
		if (words.length === 0) return undefined;
		const code = this.codes.get(words.join(''));
		if (code !== undefined) return code;
		const meanings = new Set<Meaning>();
		let understood = true;
		let negated = false;
		let forNow = false;
		for (let index = 0; index < words.length; ) {
			const found = this.phraseAt(words, index);
			if (found) {
				if (negated) understood = false;
				else if (found.meaning === undefined) forNow = true;
				else meanings.add(found.meaning);
				negated = false;
				index += found.length;
				continue;
			}
			if (NEGATIONS.has(words[index])) negated = true;
			else understood = false;
			index++;
		}
		// A negation with nothing after it ("No", "N/A" reads as n, a: not understood either).
		if (negated) understood = false;
		const winner = this.winsAnywhere.find((meaning) => meanings.has(meaning));
		if (winner !== undefined && forNow) return 'unknown';
		if (winner !== undefined && (understood || !whole)) return winner;
		return understood && meanings.size === 1 ? [...meanings][0] : 'unknown';
	}
}

/**
 * One kind of value read as meant: the values the user named (in an option or the upload form) mean what the user
 * said, as whole values and before any built-in word; the user's words also join the vocabulary, so that a value
 * made of them and built-in words is read too. Each distinct value is read once per run.
 */
export class ValueReader<Meaning extends string> {
	private readonly namedValues = new Map<string, Meaning>();
	private readonly known = new Map<string, Meaning | 'unknown' | undefined>();

	constructor(
		private readonly vocabulary: Vocabulary<Meaning>,
		named: Array<{ values: string[]; meaning: Meaning }>,
	) {
		for (const { values, meaning } of named) {
			for (const value of values) {
				this.namedValues.set(keyOf(value), meaning);
			}
			withWords(vocabulary, values, meaning);
		}
	}

	/** What the user said the whole value means; undefined when they did not name it. */
	named(value: string): Meaning | undefined {
		return this.namedValues.get(keyOf(value));
	}

	/** What the value means, only when the user named it or every word of it is understood. */
	readWhole(value: string): Meaning | 'unknown' | undefined {
		return this.named(value) ?? this.vocabulary.read(value, true);
	}

	/** What the value means; 'unknown' when it is not understood whole; undefined when it is blank. */
	read(value: string): Meaning | 'unknown' | undefined {
		let found = this.known.get(value);
		if (found === undefined && !this.known.has(value)) {
			found = this.named(value) ?? this.vocabulary.read(value);
			this.known.set(value, found);
		}
		return found;
	}
}

/** A word this short is a code: it means something only as the whole value ("A", "FT", "VOL"). */
export const CODE_LENGTH = 3;

/** Words as a vocabulary takes them: the short ones as codes, the others as phrases. */
export function withWords<Meaning extends string>(vocabulary: Vocabulary<Meaning>, words: readonly string[], meaning: Meaning): Vocabulary<Meaning> {
	for (const word of words) {
		if (keyOf(word).length <= CODE_LENGTH) vocabulary.code(word, meaning);
		else vocabulary.phrase(word, meaning);
	}
	return vocabulary;
}

/** The values named on both sides of a pair (the same value said to mean two things): refused before anything is sent. */
export function namedTwice(first: string[], second: string[]): string[] {
	const keys = new Set(first.map(keyOf));
	return second.filter((value) => keys.has(keyOf(value)));
}
