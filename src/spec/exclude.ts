/**
 * Rules for `exclude`: the parts of roots that are not checked. Every exclusion narrows what the
 * boundary diff can see, so the rules are strict where a slip would hide more than meant: each
 * entry must be absolute, exist, and lie strictly inside a root, all compared by real path (a
 * symlink excludes what it points to, and must point inside a root). A repeat or an entry inside
 * another one hides nothing more, so those are warnings.
 */
import type { PathSegment, Problem } from "../problems.ts";
import { isAbsolute, isInside, lexical } from "./paths.ts";
import { type PathOptions, type RootEntry, relativeProblem, unreachableMessage } from "./roots.ts";

const q = (text: string) => JSON.stringify(text);

interface Excluded {
	index: number;
	given: string;
	real: string;
}

/** The problem of an entry that names no existing part of a root, or undefined when it does. */
function placeProblem(
	path: readonly PathSegment[],
	value: string,
	real: string,
	roots: readonly RootEntry[],
): Problem | undefined {
	const same = roots.find((r) => r.real === real);
	if (same) {
		return {
			path,
			code: "invalid_value",
			value,
			message: `is roots[${same.index}] ${q(same.given)} itself; exclude names a part inside a root`,
			fix: `to stop watching the whole root, remove roots[${same.index}] instead`,
		};
	}
	if (roots.some((r) => isInside(real, r.real))) return undefined;
	const resolved = real !== lexical(value) ? ` (it resolves to ${q(real)})` : "";
	return {
		path,
		code: "invalid_value",
		value,
		message: `is not inside any root${resolved}; only a part of a watched root can be excluded`,
		fix: `give a path inside one of roots (${roots.map((r) => q(r.given)).join(", ")}), or remove it`,
	};
}

/** Repeats and entries already covered by another: each reported once, on the later or inner one. */
function overlapWarnings(entries: readonly Excluded[], warnings: Problem[]): void {
	for (const entry of entries) {
		const twin = entries.find((e) => e.index < entry.index && e.real === entry.real);
		const outer = entries.find((e) => isInside(entry.real, e.real));
		const other = twin ?? outer;
		if (!other) continue;
		warnings.push({
			path: ["exclude", entry.index],
			code: "duplicate",
			value: entry.given,
			message: twin
				? `names the same path as exclude[${other.index}] ${q(other.given)}`
				: `lies inside exclude[${other.index}] ${q(other.given)}, which already excludes it`,
			fix: `remove exclude[${entry.index}]`,
		});
	}
}

/**
 * Checks each entry of exclude against the usable root entries; returns the real paths, index for
 * index, or undefined when any entry is unusable (its problems are in `problems`).
 */
export function checkExcludeEntries(
	list: unknown,
	roots: readonly RootEntry[],
	options: PathOptions,
	problems: Problem[],
	warnings: Problem[],
): string[] | undefined {
	if (list === undefined) return [];
	if (!Array.isArray(list)) return undefined;
	const entries: Excluded[] = [];
	list.forEach((value, index) => {
		if (typeof value !== "string" || value === "") return;
		const path = ["exclude", index];
		if (!isAbsolute(value)) {
			problems.push(relativeProblem(path, value, "exclude entries", options));
			return;
		}
		const info = options.probe(value);
		if (info.kind === "missing" || info.realPath === undefined) {
			const unreachable = unreachableMessage(info.error);
			problems.push({
				path,
				value,
				...(unreachable ?? {
					code: "not_found",
					message: "does not exist; an excluded path is matched by its real path, so it must exist",
					fix: "correct the path, or remove it (a part that does not exist needs no exclusion)",
				}),
			});
			return;
		}
		const placed = placeProblem(path, value, info.realPath, roots);
		if (placed) problems.push(placed);
		else entries.push({ index, given: value, real: info.realPath });
	});
	overlapWarnings(entries, warnings);
	return entries.length === list.length ? entries.map((e) => e.real) : undefined;
}
