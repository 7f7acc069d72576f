/**
 * The JSON form of a snapshot (pure: text in, snapshot or problems out; snapshot in, JSON out).
 * Version 1 files, which every earlier pi-delegate wrote, are converted on reading: their meaning
 * is the same, only the layout moved. Version 2 files are read as they are (version.ts). Any other version is refused rather than half-understood:
 * comparing fields whose meaning moved would produce false alarms or, worse, silence.
 */
import { createRequire } from "node:module";
import type { TSchema } from "typebox";
import { syntaxProblem } from "../json/problems.ts";
import { readJson } from "../json/read.ts";
import { keywordCode, type Problem, pointerSegments } from "../problems.ts";
import { formatEntry, hasHash, parseEntry, withHash } from "./entry.ts";
import { FORMAT_CHECKS } from "./format-checks.ts";
import type { JsonSnapshot, V1Snapshot } from "./formats.ts";
import { indexTree, pairsOfTree, treeFromPairs } from "./tree.ts";
import type { RootSnapshot, Snapshot } from "./types.ts";
import { PREVIOUS_VERSION, SNAPSHOT_VERSION } from "./version.ts";

const FIX = "pass an unmodified file written by `pi-delegate boundary snapshot`";

/** A file form, by its name in format-checks.ts. */
export type FormName = keyof typeof FORMAT_CHECKS;

/** typebox's compiler, loaded on the first file that fails its check (see format-checks.ts). */
let compiler: typeof import("typebox/compile") | undefined;
const validators = new Map<FormName, ReturnType<typeof import("typebox/compile").Compile>>();

/** The first ten of typebox's own errors for a value that failed `form`'s check, as problems. */
function explain(form: FormName, data: unknown, source: string): Problem[] {
	try {
		compiler ??= createRequire(import.meta.url)("typebox/compile") as typeof import("typebox/compile");
	} catch {
		return []; // typebox (a peer dependency) cannot be found: the file is refused without the details.
	}
	let validator = validators.get(form);
	if (!validator) {
		validator = compiler.Compile(FORMAT_CHECKS[form].schema as TSchema);
		validators.set(form, validator);
	}
	return [...validator.Errors(data)].slice(0, 10).map(
		(error): Problem => ({
			source,
			path: pointerSegments(error.instancePath),
			code: keywordCode(error.keyword),
			value: undefined,
			message: error.message,
			fix: FIX,
		}),
	);
}

/**
 * Checks `data` against a file form with the check typebox generated for its schema; the first ten
 * problems when it does not fit.
 */
export function checked<T>(form: FormName, data: unknown, source: string): { value: T } | { problems: Problem[] } {
	if (FORMAT_CHECKS[form].check(data)) return { value: data as T };
	const problems = explain(form, data, source);
	// typebox's generated check and its interpreter agree; were they ever not to, refuse all the same.
	return {
		problems:
			problems.length > 0
				? problems
				: [
						{
							source,
							path: [],
							code: "invalid_value",
							value: undefined,
							message: "does not fit the snapshot format",
							fix: FIX,
						},
					],
	};
}

/** True when `tree` is whole records and, unless empty, starts with the root's own record. */
export function validTree(tree: Buffer): boolean {
	return indexTree(tree) !== null && (tree.length === 0 || tree[0] === 0);
}

/** A version 1 root: the root entry moves first as '', content hashes move out of the entry text. */
function fromV1(root: V1Snapshot["roots"][number]): RootSnapshot {
	const hashes: Record<string, string> = {};
	const pairs: Array<[string, string]> = [];
	for (const [path, text] of root.entries) {
		if (path === ".") {
			pairs.unshift(["", text]);
			continue;
		}
		if (hasHash(text)) {
			const entry = parseEntry(text);
			if (entry.hash !== undefined) hashes[path] = entry.hash;
			delete entry.hash;
			pairs.push([path, formatEntry(entry)]);
		} else pairs.push([path, text]);
	}
	const { entries: _entries, ...rest } = root;
	return { ...rest, tree: treeFromPairs(pairs), hashes, excluded: [] };
}

/** The JSON form of a snapshot (`boundary snapshot` without -o). */
export function snapshotToJson(snapshot: Snapshot): JsonSnapshot {
	return {
		version: SNAPSHOT_VERSION,
		takenAt: snapshot.takenAt,
		roots: snapshot.roots.map(({ tree, ...rest }) => ({ ...rest, entries: pairsOfTree(tree) })),
	};
}

/** A control character other than whitespace, or a byte that was not UTF-8 (decoded as U+FFFD). */
function looksBinary(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffd) return true;
	}
	return false;
}

/** Text that is neither a snapshot's compact form nor JSON, said in our words with where it breaks. */
function notJson(text: string, source: string): Problem {
	const binary = looksBinary(text.slice(0, 512));
	const read = binary ? undefined : readJson(text);
	const head = "is not a snapshot: neither compact (gzip) nor JSON";
	if (!read || read.ok) {
		const message = binary ? `${head} (it holds binary data)` : head;
		return { source, path: [], code: "invalid_syntax", value: text.slice(0, 16), message, fix: FIX };
	}
	const problem = syntaxProblem(read.error, text, { source, path: [] });
	return { ...problem, message: `${head}: ${problem.message}`, fix: FIX };
}

/** Parses and checks a JSON snapshot (this version or version 1). `source` names it in problems. */
export function parseSnapshot(text: string, source: string): { snapshot: Snapshot } | { problems: Problem[] } {
	let data: unknown;
	try {
		// A snapshot is written by a program, not a person: the fast parser reads it, and the reader
		// that explains is asked only once that has failed.
		data = JSON.parse(text);
	} catch {
		return { problems: [notJson(text, source)] };
	}
	const version = (data as { version?: unknown } | null)?.version;
	if (version === 1) {
		const v1 = checked<V1Snapshot>("v1Snapshot", data, source);
		if ("problems" in v1) return v1;
		return { snapshot: { version: SNAPSHOT_VERSION, takenAt: v1.value.takenAt, roots: v1.value.roots.map(fromV1) } };
	}
	if (version !== SNAPSHOT_VERSION && version !== PREVIOUS_VERSION) {
		return {
			problems: [
				{
					source,
					path: ["version"],
					code: "invalid_value",
					value: version,
					message: `is not a snapshot format this pi-delegate reads (1 to ${SNAPSHOT_VERSION})`,
					fix: "take both snapshots with the same pi-delegate version",
				},
			],
		};
	}
	const json = checked<JsonSnapshot>("jsonSnapshot", data, source);
	if ("problems" in json) return json;
	const roots = json.value.roots.map(({ entries, ...rest }) => ({ ...rest, tree: treeFromPairs(entries) }));
	for (const [i, root] of roots.entries()) {
		if (!validTree(root.tree))
			return {
				problems: [
					{
						source,
						path: ["roots", i, "entries"],
						code: "invalid_value",
						value: undefined,
						message: "must start with the root's own entry ('')",
						fix: FIX,
					},
				],
			};
	}
	return { snapshot: { version: SNAPSHOT_VERSION, takenAt: json.value.takenAt, roots } };
}

/** Every 'f' entry text with its content hash written in, the way version 1 kept it (tests, tools). (@internal: exported for its tests) */
export function entriesWithHashes(root: RootSnapshot): Array<[string, string]> {
	return pairsOfTree(root.tree).map(([path, text]) => {
		const hash = Object.hasOwn(root.hashes, path) ? root.hashes[path] : undefined;
		return [path, hash === undefined ? text : withHash(text, hash)];
	});
}
