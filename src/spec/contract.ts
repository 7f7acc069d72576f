/**
 * The roots contract: `roots` is what is watched, `write_allowed` is the part of it that may change.
 * A violation is only detectable when something is watched but not writable, and only meaningful when
 * each writable entry is exactly one whole root — so write_allowed must be an exact subset of roots
 * (by real path), must be given for a write task (no default to "all roots"), and a writable root must
 * never sit inside a watched-only one, whose own diff would then flag every authorised write.
 */
import type { Problem } from "../problems.ts";
import { checkExcludeEntries } from "./exclude.ts";
import { identity, isAbsolute, isInside, lexical } from "./paths.ts";
import {
	checkRootEntries,
	nestedPairs,
	type PathOptions,
	quoteList,
	type RootEntry,
	relativeProblem,
	splitAdvice,
} from "./roots.ts";
import type { ResolvedRoots } from "./schema.ts";

export interface ContractInput {
	roots: unknown;
	write_allowed: unknown;
	/** The value given, or undefined when left out (then it defaults to true). */
	read_only: unknown;
	/** Parts of roots that are not checked; undefined when left out. */
	exclude?: unknown;
}

export interface ContractOutcome {
	problems: Problem[];
	warnings: Problem[];
	/** Present when the contract holds. */
	resolved?: ResolvedRoots;
}

const q = (text: string) => JSON.stringify(text);

/** A write_allowed entry that names a root. */
interface Writable {
	index: number;
	given: string;
}

/** A write_allowed entry that is no root: inside one, around some, or outside them all; the fix says which. */
function notARoot(
	path: Array<string | number>,
	value: string,
	real: string,
	entries: readonly RootEntry[],
	options: PathOptions,
): Problem {
	const outer = entries.filter((e) => isInside(real, e.real)).sort((a, b) => b.real.length - a.real.length)[0];
	if (outer) {
		return {
			path,
			code: "invalid_value",
			value,
			message:
				`is inside the root roots[${outer.index}] ${q(outer.given)} but is not itself an entry of roots; ` +
				"write_allowed names whole roots (compared by real path), so a subdirectory of a root is not enough",
			fix:
				`add ${q(lexical(value))} to roots and keep it here; roots must not nest, so to keep the rest of ` +
				`${q(lexical(outer.given))} watched, ${splitAdvice(outer, real, options)}. Or, if all of ` +
				`${q(lexical(outer.given))} may change, write that root here instead`,
		};
	}
	const inner = entries.filter((e) => isInside(e.real, real));
	if (inner.length > 0) {
		return {
			path,
			code: "invalid_value",
			value,
			message: `is not an entry of roots; it contains ${inner.map((e) => `roots[${e.index}] ${q(e.given)}`).join(", ")}`,
			fix: `list the roots the child may change instead, e.g. "write_allowed": [${quoteList(inner.map((e) => e.given))}]`,
		};
	}
	const missing = options.probe(value).kind === "missing" ? " (and does not exist)" : "";
	return {
		path,
		code: "invalid_value",
		value,
		message: `is not one of roots${missing}; only a watched directory can be made writable, or a write there would go unseen`,
		fix: `add ${q(lexical(value))} to roots so it is watched, or remove it from write_allowed`,
	};
}

/** Matches each write_allowed entry to a root; reports entries that are not exactly one root. */
function matchWritable(
	list: readonly unknown[],
	entries: readonly RootEntry[],
	options: PathOptions,
	problems: Problem[],
): Map<number, Writable> {
	const writable = new Map<number, Writable>(); // by root index
	list.forEach((value, k) => {
		if (typeof value !== "string" || value === "") return;
		const path = ["write_allowed", k];
		if (!isAbsolute(value)) {
			problems.push(relativeProblem(path, value, "write_allowed entries", options));
			return;
		}
		const real = identity(value, options.probe);
		const root = entries.find((e) => e.real === real);
		if (root) {
			const earlier = writable.get(root.index);
			if (earlier !== undefined) {
				problems.push({
					path,
					code: "duplicate",
					value,
					message: `names the same root as write_allowed[${earlier.index}] (roots[${root.index}] ${q(root.given)}); list each writable root once`,
					fix: `remove write_allowed[${k}]`,
				});
			} else writable.set(root.index, { index: k, given: value });
			return;
		}
		problems.push(notARoot(path, value, real, entries, options));
	});
	return writable;
}

/** Nested roots, each reported once at its innermost level, phrased by which side is writable. */
function nestingProblems(
	entries: readonly RootEntry[],
	writable: ReadonlyMap<number, Writable>,
	options: PathOptions,
	problems: Problem[],
): void {
	const seen = new Set<number>();
	const pairs = nestedPairs(entries).sort((a, b) => b[1].real.length - a[1].real.length);
	for (const [inner, outer] of pairs) {
		if (seen.has(inner.index)) continue;
		seen.add(inner.index);
		const innerW = writable.get(inner.index);
		const outerW = writable.has(outer.index);
		const outerName = `roots[${outer.index}] ${q(outer.given)}`;
		if (innerW !== undefined && !outerW) {
			problems.push({
				path: ["write_allowed", innerW.index],
				code: "conflict",
				value: innerW.given,
				message:
					`names roots[${inner.index}] ${q(inner.given)}, which lies inside the watched-only root ${outerName}. Every root is ` +
					`diffed on its own, so the diff of ${q(outer.given)} would count each authorised write under ` +
					`${q(inner.given)} as a change outside write_allowed and fail the task`,
				fix:
					`${splitAdvice(outer, inner.real, options)}, so that no root contains another; or, if all of ` +
					`${q(outer.given)} may change, make roots[${outer.index}] writable instead and drop roots[${inner.index}]`,
			});
		} else if (innerW === undefined && outerW) {
			problems.push({
				path: ["roots", inner.index],
				code: "conflict",
				value: inner.given,
				message:
					`is watched-only but lies inside the writable root ${outerName}: a change under it would be allowed ` +
					"by one root and forbidden by the other; roots must not nest",
				fix:
					`if it must stay unchanged, ${splitAdvice(outer, inner.real, options)} and put the ones the child ` +
					`may change in write_allowed; otherwise remove roots[${inner.index}]`,
			});
		} else {
			problems.push({
				path: ["roots", inner.index],
				code: "conflict",
				value: inner.given,
				message:
					`lies inside ${outerName}; roots must not nest, because each root is snapshotted and diffed on its ` +
					"own and the inner one would be watched twice",
				fix: `remove roots[${inner.index}]: roots[${outer.index}] already watches it`,
			});
		}
	}
}

/** read_only and write_allowed must agree; a write task must say what it may write. */
function agreementProblems(input: ContractInput, problems: Problem[]): void {
	const list = input.write_allowed;
	const readOnly = input.read_only === undefined ? true : input.read_only;
	const given = Array.isArray(list) && list.length > 0;
	if (readOnly === true && given) {
		problems.push({
			path: ["write_allowed"],
			code: "conflict",
			value: list,
			message: `lists writable roots, but read_only is ${input.read_only === undefined ? "true (the default)" : "true"}`,
			fix: 'set "read_only": false to let the child change these roots, or remove write_allowed',
		});
	}
	if (readOnly === false && (list === undefined || (Array.isArray(list) && list.length === 0))) {
		problems.push({
			path: ["write_allowed"],
			code: list === undefined ? "required" : "too_small",
			value: list,
			message:
				`is ${list === undefined ? "missing" : "empty"} but read_only is false. It does not default to all of ` +
				"roots: with every root writable, no change could fail the boundary diff, so violations would be undetectable",
			fix:
				'list the roots the child may change, e.g. "write_allowed": ["/abs/repo/docs"], and keep the rest of ' +
				"roots watched-only; if every root really may change, list them all explicitly",
		});
	}
}

export function checkContract(input: ContractInput, options: PathOptions): ContractOutcome {
	const problems: Problem[] = [];
	const warnings: Problem[] = [];
	const entries = checkRootEntries(input.roots, options, problems);
	const list = Array.isArray(input.write_allowed) ? input.write_allowed : [];
	const writable = matchWritable(list, entries, options, problems);
	agreementProblems(input, problems);
	nestingProblems(entries, input.read_only === false ? writable : new Map(), options, problems);
	const exclude = checkExcludeEntries(input.exclude, entries, options, problems, warnings);
	// Resolved paths exist only when every entry was usable; shape problems (reported elsewhere) may
	// have left some out even when the contract itself found nothing wrong.
	const complete =
		Array.isArray(input.roots) &&
		entries.length === input.roots.length &&
		writable.size === list.length &&
		exclude !== undefined;
	if (problems.length > 0 || !complete || exclude === undefined) return { problems, warnings };

	const rootReal = entries.map((e) => e.real);
	const realOf = new Map(entries.map((e) => [e.index, e.real]));
	const writeReal = [...writable.entries()]
		.sort((a, b) => a[1].index - b[1].index)
		.map(([rootIndex]) => realOf.get(rootIndex) as string);
	if (input.read_only === false && writable.size === entries.length) {
		warnings.push({
			path: ["write_allowed"],
			code: "invalid_value",
			value: list,
			message: "makes every root writable, so no change under the roots can fail the boundary diff",
			fix: "add a watched-only root for what must stay unchanged (e.g. the rest of the repository)",
		});
	}
	return {
		problems,
		warnings,
		resolved: {
			roots: rootReal,
			write_allowed: writeReal,
			watched_only: entries.filter((e) => input.read_only !== false || !writable.has(e.index)).map((e) => e.real),
			exclude,
		},
	};
}
