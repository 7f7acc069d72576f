/**
 * The parts of a brief that are data: fenced code blocks, inline code, and quoted words that are
 * being talked about ('the "do not merge" label', 'AGENTS.md says "never use sync fs"'). A rule
 * found inside data is a thing the child is told about, not a thing it is told to do. Quoted text
 * without such a cue is read as instruction ('Remember: "never edit the lockfile"'): the gate is
 * strict where authority is at stake.
 */
import type { DataRegion } from "./types.ts";

/** Words that, just before a quotation, make it something talked about rather than an instruction. */
const QUOTE_CUES = new Set(
	`say says said saying reads read titled called named label labelled labeled message error warning text
	comment comments phrase word words string line heading title rule wording mean means like as term prints
	printed output shows showed logs logged banner note wrote writes states stated the a an
	quote quoted mentions mentioned contains contained reply replied answer answered asks asked literally
	docstring commit subject key keys field fields column columns property properties value values heard hear
	claim claims claimed insists insisted argued argues motto mantra slogan headed entitled`
		.split(/\s+/)
		.filter(Boolean),
);

/** Fenced blocks (``` or ~~~ at a line start, to the matching fence or the end of the brief). */
function fences(text: string): DataRegion[] {
	const out: DataRegion[] = [];
	const opener = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm;
	let match: RegExpExecArray | null = opener.exec(text);
	while (match) {
		const start = match.index;
		const fence = match[1] ?? "```";
		const bodyStart = start + match[0].length + 1;
		const closer = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`, "gm");
		closer.lastIndex = Math.min(bodyStart, text.length);
		const close = closer.exec(text);
		const end = close ? close.index + close[0].length : text.length;
		out.push({ kind: "fence", start, end, content: text.slice(Math.min(bodyStart, end), close ? close.index : end) });
		opener.lastIndex = end;
		match = opener.exec(text);
	}
	return out;
}

/** Inline code: a run of backticks closed by a run of the same length, outside fences. */
function inlineCode(text: string, taken: (i: number) => boolean): DataRegion[] {
	const out: DataRegion[] = [];
	const run = /`+/g;
	let match: RegExpExecArray | null = run.exec(text);
	while (match) {
		if (taken(match.index)) {
			match = run.exec(text);
			continue;
		}
		const ticks = match[0];
		const from = match.index + ticks.length;
		let close = text.indexOf(ticks, from);
		while (close !== -1 && (text[close + ticks.length] === "`" || text[close - 1] === "`")) {
			close = text.indexOf(ticks, close + ticks.length + 1);
		}
		if (close === -1 || text.slice(from, close).includes("\n\n")) {
			match = run.exec(text);
			continue;
		}
		out.push({ kind: "code", start: match.index, end: close + ticks.length, content: text.slice(from, close) });
		run.lastIndex = close + ticks.length;
		match = run.exec(text);
	}
	return out;
}

/** The few words just before `at`, lower case, nearest last. */
function wordsBefore(text: string, at: number, count: number): string[] {
	const line = text.slice(Math.max(0, text.lastIndexOf("\n", at - 1) + 1), at);
	return (line.toLowerCase().match(/[a-z][a-z'’.-]*/g) ?? []).slice(-count);
}

/**
 * Whether a cue stands in the three words before `at`. An article cues only right before the quote
 * ('the "do not merge" label'): in 'From the ticket: "1. Add a key …"' the quote is the work relayed.
 */
const cued = (text: string, at: number) => {
	const before = wordsBefore(text, at, 3);
	if (before.some((w, k) => QUOTE_CUES.has(w.replace(/[.:]$/, "")) && (!ARTICLES.has(w) || k === before.length - 1)))
		return true;
	// "left a note on the `release` job: '…'": after a colon, a cue noun a few words back still cues.
	const colon = /:\s*$/.test(text.slice(Math.max(0, at - 3), at));
	return colon && wordsBefore(text, at, 8).some((w) => CUE_NOUNS.has(w.replace(/[.:]$/, "").replace(/\.md$/, "")));
};
/** Nouns that name something written, whose words a colon then quotes. */
const CUE_NOUNS = new Set(
	"note comment message warning error banner notice docstring log readme contributing changelog wiki runbook guide doc docs".split(
		" ",
	),
);
const ARTICLES = new Set(["the", "a", "an"]);

/** Quoted words preceded by a cue, on one line: "…", “…”, '…' and ‘…’. */
function quotes(text: string, taken: (i: number) => boolean): DataRegion[] {
	const out: DataRegion[] = [];
	// Letters or digits around a single quote make it an apostrophe. Latin letters suffice here, and
	// spare a `gate` process the cost of compiling Unicode classes on every run.
	const pattern =
		/"([^"\n]{1,200})"|“([^”\n]{1,200})”|(?<![A-Za-z0-9\u00c0-\u024f])'([^'\n]{1,200})'(?![A-Za-z0-9\u00c0-\u024f])|‘([^\n]{1,200}?)’(?![A-Za-z0-9\u00c0-\u024f])/g;
	let last = -1;
	for (const match of text.matchAll(pattern)) {
		const start = match.index;
		// 'keys "cause" and "fix"': a quote listed after a quote talked about is talked about too.
		const listed = last >= 0 && /^\s*(?:,|,?\s*(?:and|or))\s*$/.test(text.slice(last, start));
		if (taken(start) || (!cued(text, start) && !listed)) continue;
		last = start + match[0].length;
		const content = match[1] ?? match[2] ?? match[3] ?? match[4] ?? "";
		out.push({ kind: "quote", start, end: start + match[0].length, content });
	}
	return out;
}

/** "(commit a1b2c3d)", "revision 4f9e2ab": a commit named by its hash is a reference, not an order to commit. */
function commitRefs(text: string, taken: (i: number) => boolean): DataRegion[] {
	const out: DataRegion[] = [];
	for (const match of text.matchAll(
		/\b(?:commit|revision|rev|sha)\s+(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])([0-9a-f]{7,40})\b/gi,
	)) {
		const start = match.index;
		if (taken(start)) continue;
		out.push({ kind: "code", start, end: start + match[0].length, content: match[0] });
	}
	return out;
}

/** Blockquote lines ("> …") introduced by a line with a cue ("the review says:"). */
function blockquotes(text: string, taken: (i: number) => boolean): DataRegion[] {
	const out: DataRegion[] = [];
	let offset = 0;
	let intro = "";
	for (const line of text.split("\n")) {
		const quoted = /^ {0,3}>/.test(line);
		if (quoted && !taken(offset) && cued(`${intro} `, intro.length + 1)) {
			out.push({ kind: "quote", start: offset, end: offset + line.length, content: line.replace(/^ {0,3}> ?/, "") });
		} else if (!quoted && line.trim() !== "") {
			intro = line;
		}
		offset += line.length + 1;
	}
	return out;
}

/** Every data region of the brief, in order, none overlapping. */
export function dataRegions(text: string): DataRegion[] {
	const found: DataRegion[] = fences(text);
	const taken = (i: number) => found.some((r) => i >= r.start && i < r.end);
	found.push(...inlineCode(text, taken));
	found.push(...commitRefs(text, taken));
	found.push(...blockquotes(text, taken));
	found.push(...quotes(text, taken));
	return found.sort((a, b) => a.start - b.start);
}
