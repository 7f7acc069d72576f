/**
 * "Did you mean" for unknown keys. An unknown key is always an error; the suggestion only shortens the
 * fix. Keys are compared in a canonical form (lower case, punctuation dropped) so `write-allowed`,
 * `writeAllowed` and `WRITE_ALLOWED` all land on `write_allowed`, then by edit distance, then through a
 * short list of words people reach for (`timeout` for `budget.wall_s`). A key that belongs at another
 * level (`files` at the top instead of inside `context`) is pointed to its real place.
 */

/** The keys allowed at each level of a spec, by the path of the object that holds them. */
import { editDistance } from "../suggest.ts";

export const SPEC_KEYS: Readonly<Record<string, readonly string[]>> = {
	"": [
		"id",
		"goal",
		"deliverable",
		"effort",
		"read_only",
		"roots",
		"write_allowed",
		"exclude",
		"context",
		"budget",
		"evidence",
		"accept",
		"apply",
		"sandbox",
		"network",
		"git_writes",
		"delegate",
	],
	context: ["facts", "files", "commands", "tail"],
	"context.tail": ["tokens"],
	budget: ["wall_s", "usd", "turns", "accept_s"],
	delegate: ["depth"],
};

/** Other words for a field, in canonical form, mapped to the field's full path. */
const ALIASES: Readonly<Record<string, string>> = {
	name: "id",
	slug: "id",
	taskid: "id",
	task: "goal",
	prompt: "goal",
	objective: "goal",
	instructions: "goal",
	brief: "goal",
	output: "deliverable",
	result: "deliverable",
	expected: "deliverable",
	model: "effort",
	tier: "effort",
	thinking: "effort",
	level: "effort",
	readonly: "read_only",
	paths: "roots",
	dirs: "roots",
	directories: "roots",
	watch: "roots",
	watched: "roots",
	writable: "write_allowed",
	writeable: "write_allowed",
	writeroots: "write_allowed",
	writepaths: "write_allowed",
	allowedwrites: "write_allowed",
	allowwrite: "write_allowed",
	excludes: "exclude",
	excluded: "exclude",
	ignore: "exclude",
	ignored: "exclude",
	skip: "exclude",
	unchecked: "exclude",
	ctx: "context",
	limits: "budget",
	notes: "context.facts",
	cmds: "context.commands",
	transcript: "context.tail",
	history: "context.tail",
	conversation: "context.tail",
	maxtokens: "context.tail.tokens",
	tokenbudget: "context.tail.tokens",
	timeout: "budget.wall_s",
	timeouts: "budget.wall_s",
	timeoutseconds: "budget.wall_s",
	seconds: "budget.wall_s",
	walltime: "budget.wall_s",
	wallclock: "budget.wall_s",
	wallseconds: "budget.wall_s",
	cost: "budget.usd",
	maxcost: "budget.usd",
	maxusd: "budget.usd",
	dollars: "budget.usd",
	spend: "budget.usd",
	maxturns: "budget.turns",
	turnlimit: "budget.turns",
	proof: "evidence",
	evidencerequired: "evidence",
	requireevidence: "evidence",
	pointers: "evidence",
	sandboxing: "sandbox",
	sandboxed: "sandbox",
	isolation: "sandbox",
	net: "network",
	internet: "network",
	allownetwork: "network",
	git: "git_writes",
	gitwrite: "git_writes",
	allowgit: "git_writes",
};

function canonical(key: string): string {
	return key.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function fullPath(level: string, key: string): string {
	return level === "" ? key : `${level}.${key}`;
}

/** How far apart two keys may be and still count as a slip of the keyboard. */
function tolerance(length: number): number {
	return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/**
 * The full path of the field an unknown key most likely meant, or undefined. `level` is the path of the
 * object holding the key: "" for the top, "context" or "budget".
 */
export function suggestKey(key: string, level: string): string | undefined {
	const wanted = canonical(key);
	if (wanted === "") return undefined;
	const here = Object.hasOwn(SPEC_KEYS, level) ? (SPEC_KEYS[level] ?? []) : [];
	const everywhere = Object.entries(SPEC_KEYS).flatMap(([lvl, keys]) => keys.map((k) => fullPath(lvl, k)));
	const exactHere = here.find((k) => canonical(k) === wanted);
	if (exactHere) return fullPath(level, exactHere);
	const exactElsewhere = everywhere.find((p) => canonical(p.split(".").pop() ?? "") === wanted);
	if (exactElsewhere) return exactElsewhere;
	const alias = Object.hasOwn(ALIASES, wanted) ? ALIASES[wanted] : undefined;
	if (alias) return alias;
	let best: { path: string; distance: number } | undefined;
	for (const path of everywhere) {
		const name = canonical(path.split(".").pop() ?? "");
		const distance = editDistance(wanted, name);
		const sameLevel = path === fullPath(level, path.split(".").pop() ?? "");
		if (distance > tolerance(name.length)) continue;
		// Prefer the same level on a tie: a slip is likelier than a misplaced key.
		const score = distance + (sameLevel ? 0 : 0.5);
		if (!best || score < best.distance) best = { path, distance: score };
	}
	return best?.path;
}
