/**
 * Matching a `cmd:` pointer against the commands a child actually ran.
 *
 * The rule: after normalisation, the cited command must equal a command that ran, or one segment of
 * one, where segments are what `&&`, `||`, `;` and newlines separate at the top level (outside quotes).
 * So `cd app && npm test` backs both `cmd: cd app && npm test` and `cmd: npm test`. A pipe does not
 * split: output seen through `| tail` is not the output of the command alone, so the citation must
 * name the pipeline the child actually looked at.
 *
 * Normalisation removes what does not change the command: surrounding whitespace, runs of whitespace
 * (collapsed to one space), a leading `$ ` prompt and trailing `;`. It is deliberately not smarter
 * than that (no alias, path or flag-order equivalence): a parent re-running the cited command must get
 * what the child got, so the citation has to be that command.
 */

/** The comparable form of a command. */
export function normalizeCommand(command: string): string {
	return command
		.trim()
		.replace(/^\$\s+/, "")
		.replace(/[\s;]+$/, "")
		.replace(/\s+/g, " ");
}

/** The operator that ends a top-level segment: `&&`, `||`, or `;` (a newline reads as one). */
export type SegmentEnd = "&&" | "||" | ";";

/** One top-level segment of a command line, normalised, with the operator after it (none after the last). */
export interface Segment {
	text: string;
	op: SegmentEnd | undefined;
	/** It holds a pipe (`|`, `|&`) outside quotes: its exit status is its last stage's. */
	piped: boolean;
	/** It sends something to the background (a lone `&`) outside quotes. */
	background: boolean;
}

/** A lone `&` at `i` puts a command in the background; `&&`, `|&`, `2>&1`, `&>` and `>&` do not. */
function backgroundAt(command: string, i: number): boolean {
	return !"<>|&".includes(command[i - 1] ?? "") && !"&>".includes(command[i + 1] ?? "");
}

/**
 * The top-level segments of a shell command line with the operators between them, split on `&&`,
 * `||`, `;` and newlines outside quotes. An empty segment is dropped; a `;` it ended is kept on the
 * segment before it, so `a && ; b` still reads as a list that does not go on with `&&`.
 */
export function splitSegments(command: string): Segment[] {
	const raw: Segment[] = [];
	let current: Segment = { text: "", op: undefined, piped: false, background: false };
	let quote: string | undefined;
	const end = (op: SegmentEnd) => {
		raw.push({ ...current, op });
		current = { text: "", op: undefined, piped: false, background: false };
	};
	for (let i = 0; i < command.length; i++) {
		const c = command[i]!;
		const pair = command.slice(i, i + 2);
		if (quote) {
			current.text += c;
			if (c === "\\" && quote === '"' && i + 1 < command.length) current.text += command[++i];
			else if (c === quote) quote = undefined;
		} else if (c === "\\" && i + 1 < command.length) {
			current.text += c + command[++i];
		} else if (c === "'" || c === '"') {
			quote = c;
			current.text += c;
		} else if (pair === "&&" || pair === "||") {
			end(pair);
			i++;
		} else if (c === ";" || c === "\n") {
			end(";");
		} else {
			if (c === "|") current.piped = true;
			if (c === "&" && backgroundAt(command, i)) current.background = true;
			current.text += c;
		}
	}
	raw.push(current);
	return keptSegments(raw);
}

/** The segments with their text normalised and the empty ones dropped (a `;` one ended stays on the one before). */
function keptSegments(raw: readonly Segment[]): Segment[] {
	const kept: Segment[] = [];
	for (const part of raw) {
		const text = normalizeCommand(part.text);
		const last = kept.at(-1);
		if (text !== "") kept.push({ ...part, text });
		else if (last && part.op === ";") last.op = ";";
	}
	if (kept.length > 0) kept[kept.length - 1]!.op = undefined;
	return kept;
}

/** The top-level segments of a shell command line, split on `&&`, `||`, `;` and newlines outside quotes. */
export function commandSegments(command: string): string[] {
	return splitSegments(command).map((s) => s.text);
}

export type CommandMatch =
	| { matched: true; ran: string; index: number; whole: boolean }
	| { matched: false; nearest: string | undefined };

/**
 * Finds the command that backs a citation. `index` is the 0-based position in `ran`; `whole` says
 * whether the citation is the entire command or one segment of it.
 */
export function matchCommand(cited: string, ran: readonly string[]): CommandMatch {
	const want = normalizeCommand(cited);
	const whole = ran.findIndex((r) => normalizeCommand(r) === want);
	if (whole >= 0) return { matched: true, ran: ran[whole]!, index: whole, whole: true };
	const part = ran.findIndex((r) => commandSegments(r).includes(want));
	if (part >= 0) return { matched: true, ran: ran[part]!, index: part, whole: false };
	return { matched: false, nearest: nearest(want, ran) };
}

/** A ran command sharing the citation's first word, to show next to a failed match. */
function nearest(want: string, ran: readonly string[]): string | undefined {
	const head = want.split(" ")[0];
	for (const r of ran) {
		const hit = [normalizeCommand(r), ...commandSegments(r)].find((s) => s.split(" ")[0] === head);
		if (hit) return normalizeCommand(r);
	}
	return undefined;
}
