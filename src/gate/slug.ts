/**
 * A task id from a brief: a few telling words, lower case, joined by "-". It must satisfy the
 * spec's id rule (letters and digits joined by single separators, at most 64 characters), because
 * it names the audit directory; a brief with no usable word gets "task".
 */

const STOPWORDS = new Set(
	`a an the and or but to of in on at for with from by into onto about as is are was were be been being
	it its this that these those i we you he she they me us my our your their please could can would will
	should shall may might must do does did just also then so now first next finally if when whether why
	what how which who where there here some any all every each no not don't dont let let's kindly quick
	one want like need have has had get go make sure tell me`
		.split(/\s+/)
		.filter(Boolean),
);

/** At most this many words and characters: long enough to recognise, short enough for a directory. */
const MAX_WORDS = 5;
const MAX_LENGTH = 48;

/** Letters and digits of a word, accents dropped: "Ünïcode" → "unicode". */
function ascii(word: string): string {
	return word
		.normalize("NFKD")
		.replace(/\p{M}/gu, "")
		.toLowerCase()
		.replace(/[^a-z0-9]/g, "");
}

/** The id for a task proposed from `brief`. */
export function slugFromBrief(brief: string): string {
	const words: string[] = [];
	for (const raw of brief.replace(/[’']/g, "'").split(/[^\p{L}\p{N}'_-]+/u)) {
		const lower = raw.toLowerCase();
		if (lower === "" || STOPWORDS.has(lower)) continue;
		const word = ascii(raw);
		if (word === "" || (words.length > 0 && words.at(-1) === word)) continue;
		words.push(word);
		if (words.length === MAX_WORDS) break;
	}
	let slug = "";
	for (const word of words) {
		const next = slug === "" ? word.slice(0, MAX_LENGTH) : `${slug}-${word}`;
		if (next.length > MAX_LENGTH) break;
		slug = next;
	}
	return slug === "" ? "task" : slug;
}
