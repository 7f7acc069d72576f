/**
 * Command text with holes: what a line says for certain, and where only running it decides. A
 * `$VAR`, a `$(…)`, a glob (`*.ts`), a brace (`{a,b}`) or a `$'…'` string is a hole: it may become
 * any text, spaces included, or nothing. A rule is then judged against every text the hole could
 * become (command-match.ts), never against the characters as written.
 */

/** Text only running the command decides. */
export const HOLE: unique symbol = Symbol("unknown text");
/** Whole words only running the command decides, perhaps none: nothing, or a space and any text. */
export const WORDS: unique symbol = Symbol("unknown words");
export type Hole = typeof HOLE | typeof WORDS;

/** Literal text and holes, in order. */
export type Template = ReadonlyArray<string | Hole>;

export interface Word {
	/** As written, quotes and backslashes kept, what only running decides as holes. */
	text: Template;
	/** As bash hands it to the program: quotes and escapes removed, the same holes. */
	value: Template;
	/** The characters as written, for messages. */
	source: string;
	/** Where it starts in the text that was parsed: the order of a command's words. */
	at: number;
}

/** Whether `template` holds no hole. */
export const isLiteral = (template: Template): boolean => template.every((piece) => typeof piece === "string");

/** The text of a template without holes; undefined when it has one. */
export function literalOf(template: Template): string | undefined {
	return isLiteral(template) ? template.join("") : undefined;
}

/**
 * Words joined by one space, as a pattern sees a command. A word that is all hole may be no word
 * at all or several (an unquoted `$X` that expands to nothing leaves none, `"$@"` as many as there
 * are arguments), so `rm $X` may be exactly `rm`, and a rule for `rm` must see that.
 */
export function joinWords(words: readonly Template[]): Template {
	const out: Array<string | Hole> = [];
	words.forEach((word, i) => {
		const whole = word.length === 1 && typeof word[0] !== "string";
		if (whole && i > 0) out.push(WORDS);
		else {
			if (i > 0) out.push(" ");
			out.push(...word);
		}
	});
	return merge(out);
}

/** Adjacent texts joined and repeated holes made one, so two templates of one text compare equal. */
export function merge(template: Template): Template {
	const out: Array<string | Hole> = [];
	for (const piece of template) {
		const last = out[out.length - 1];
		if (piece === "") continue;
		if (typeof piece !== "string" && typeof last !== "string" && last !== undefined) {
			// Any text next to any words is any text.
			out[out.length - 1] = piece === WORDS && last === WORDS ? WORDS : HOLE;
			continue;
		}
		if (typeof piece === "string" && typeof last === "string") out[out.length - 1] = last + piece;
		else out.push(piece);
	}
	return out;
}

/** The program's name without its folder (`/usr/bin/rm` is `rm`); a name with a hole is all hole. */
export function programName(word: Template): Template {
	const text = literalOf(word);
	if (text !== undefined) return [text.slice(text.lastIndexOf("/") + 1)];
	const last = word[word.length - 1];
	if (typeof last === "string" && last.includes("/")) return [last.slice(last.lastIndexOf("/") + 1)];
	return [HOLE];
}

/** A template as the model reads it in a refusal: holes shown as `…`. */
export const shown = (template: Template): string =>
	template.map((piece) => (piece === HOLE ? "…" : piece === WORDS ? " …" : piece)).join("");
