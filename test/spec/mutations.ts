/**
 * A large generated corpus of would-be specs for the shape check: valid seeds, and every field of
 * them (at every level, list entries too) replaced in turn by each of a set of values chosen to sit
 * on and around every keyword the schema uses — wrong types, empty and over-long strings, strings
 * off the id pattern, code points that are not one UTF-16 unit, zero, negatives, fractions,
 * huge numbers, enum near-misses, empty and wrong lists, unknown keys — plus fields removed and
 * pairs of mutations at once. Deterministic, so a disagreement names the same case every run.
 */

/** Specs that pass the shape check (paths need not exist: the shape check never looks at disk). */
export const SEEDS: readonly Record<string, unknown>[] = [
	{ id: "t", goal: "g", deliverable: "d", roots: ["/a"] },
	{
		id: "fix-readme.v2_x",
		goal: "Fix the typo.",
		deliverable: "The diff.",
		effort: "deep",
		read_only: false,
		roots: ["/a", "/b"],
		write_allowed: ["/a"],
		exclude: ["/a/cache"],
		context: { facts: ["f"], files: ["/a/x.ts"], commands: ["npm test"], tail: { tokens: 4000 } },
		budget: { wall_s: 0.5, usd: 2, turns: 3 },
		evidence: "optional",
		sandbox: "off",
		network: true,
		git_writes: false,
	},
	{ id: "x".repeat(64), goal: "😀", deliverable: "ü", roots: ["/"], context: {}, budget: {} },
];

/** Values that probe every keyword of the schema from both sides. */
export const PROBES: readonly unknown[] = [
	"",
	" ",
	"a",
	"a b",
	"-a",
	"a-",
	"a--b",
	"a.b_c-d",
	"x".repeat(64),
	"x".repeat(65),
	"😀",
	"😀".repeat(64),
	"😀".repeat(65),
	"fast",
	"balanced",
	"Deep",
	"deeep",
	"required",
	"optional",
	"enforce",
	"off",
	"true",
	"4000",
	0,
	-0,
	-1,
	1,
	0.5,
	1.5,
	2 ** 53,
	1e308,
	true,
	false,
	null,
	[],
	[""],
	["a"],
	["a", ""],
	[1],
	[null],
	{},
	{ tokens: 1 },
	{ tokens: 0 },
	{ tokens: 1.5 },
	{ unknown: 1 },
];

type Json = Record<string, unknown> | unknown[];

const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every path to a value inside `value`, objects and arrays included (the root excluded). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
	if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...paths(v, [...at, i])]);
	if (typeof value === "object" && value !== null) {
		return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...paths(v, [...at, k])]);
	}
	return [];
}

/** A deep copy of `value` with the entry at `path` set to `to` (removed when `to` is `REMOVE`). */
function setAt(value: unknown, path: readonly (string | number)[], to: unknown): unknown {
	const copy = structuredClone(value) as Json;
	let node: unknown = copy;
	for (const key of path.slice(0, -1)) {
		if (typeof node !== "object" || node === null) return copy;
		node = (node as Record<string | number, unknown>)[key];
	}
	// A path an earlier mutation cut off (its parent is now a string, say) leaves the value as it is.
	if (typeof node !== "object" || node === null) return copy;
	const last = path.at(-1) as string | number;
	const parent = node as Json;
	if (to === REMOVE) {
		if (Array.isArray(parent)) parent.splice(last as number, 1);
		else delete parent[last as string];
	} else (parent as Record<string | number, unknown>)[last] = to;
	return copy;
}

const REMOVE = Symbol("remove");

/** The corpus: seeds, single mutations, removals, unknown keys at every object, and mutation pairs. */
export function mutations(): unknown[] {
	const out: unknown[] = [...SEEDS];
	for (const seed of SEEDS) {
		const all = paths(seed);
		for (const path of all) {
			for (const probe of PROBES) out.push(setAt(seed, path, probe));
			out.push(setAt(seed, path, REMOVE));
		}
		const objects = all.filter((p) => isObject(p.reduce<unknown>((v, k) => (v as Json)[k as never], seed)));
		for (const path of [[], ...objects]) out.push(setAt(seed, [...path, "unknwon"], 1));
		// Pairs: each field's first failing probe together with every other field's, so one problem never hides another.
		for (const [i, a] of all.entries()) {
			for (const b of all.slice(i + 1, i + 6)) out.push(setAt(setAt(seed, a, PROBES[i % PROBES.length]), b, ""));
		}
	}
	for (const probe of PROBES) out.push(probe);
	return out;
}
