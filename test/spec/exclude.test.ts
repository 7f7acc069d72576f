/**
 * `exclude` narrows what the boundary sees, so a slip must never exclude more than meant: every
 * entry must exist and lie strictly inside a root by real path, and every problem is reported at
 * once. Also: a root the probe cannot look at is described by why (a loop is not "missing").
 */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import type { PathInfo, PathProbe } from "../../src/spec/probe.ts";
import { type SpecResult, validateSpec } from "../../src/spec/validate.ts";

/** `/v/alias` links to `/v/repo/cache`; `/v/out` links outside every root; `/v/loop` is a loop. */
const DIRS = new Set([
	"/v",
	"/v/repo",
	"/v/repo/cache",
	"/v/repo/cache/deep",
	"/v/repo/src",
	"/v/other",
	"/v/elsewhere",
]);
const ERRORS: Record<string, string> = {
	"/v/loop": "ELOOP",
	"/v/locked/r": "EACCES",
	"/v/file/below": "ENOTDIR",
	"/v/long": "ENAMETOOLONG",
};
const probe: PathProbe = (path): PathInfo => {
	const real = path
		.replace(/\/+$/, "")
		.replace(/^\/v\/alias(?=\/|$)/, "/v/repo/cache")
		.replace(/^\/v\/repo\/out(?=\/|$)/, "/v/elsewhere");
	if (DIRS.has(real)) return { kind: "dir", realPath: real };
	if (real === "/v/repo/lock.txt") return { kind: "file", realPath: real };
	return ERRORS[real] ? { kind: "missing", error: ERRORS[real] } : { kind: "missing", error: "ENOENT" };
};

const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo", "/v/other"] };
const check = (input: Record<string, unknown>): SpecResult => validateSpec({ ...base, ...input }, { probe, cwd: "/v" });
const problems = (result: SpecResult) =>
	result.ok ? [] : result.problems.map((p) => `${formatPath(p)}: ${p.message}`);

describe("exclude", () => {
	it("is empty by default and resolved to real paths index for index", () => {
		const none = check({});
		expect(none.ok && [none.spec.exclude, none.spec.resolved.exclude]).toEqual([[], []]);
		const result = check({ exclude: ["/v/repo/cache/", "/v/alias/deep", "/v/repo/lock.txt"] });
		if (!result.ok) throw new Error(JSON.stringify(result.problems));
		expect(result.spec.exclude).toEqual(["/v/repo/cache/", "/v/alias/deep", "/v/repo/lock.txt"]);
		expect(result.spec.resolved.exclude).toEqual(["/v/repo/cache", "/v/repo/cache/deep", "/v/repo/lock.txt"]);
		expect(Object.isFrozen(result.spec.resolved.exclude)).toBe(true);
	});

	it("warns about a repeat and about an entry already inside another one, which hide nothing more", () => {
		const result = check({ exclude: ["/v/repo/cache", "/v/alias", "/v/repo/cache/deep"] });
		expect(result.ok).toBe(true);
		expect(result.warnings.map((w) => `${formatPath(w)}: ${w.message}`)).toEqual([
			'exclude[1]: names the same path as exclude[0] "/v/repo/cache"',
			'exclude[2]: lies inside exclude[0] "/v/repo/cache", which already excludes it',
		]);
	});

	it("reports every unusable entry at once, each with its reason and fix", () => {
		const result = check({
			exclude: ["cache", "/v/repo", "/v/elsewhere", "/v/repo/out", "/v/repo/gone", "/v/loop", ""],
		});
		expect(problems(result)).toEqual([
			"exclude[0]: is a relative path; exclude entries must be absolute, because the child and the boundary diff may run from another working directory",
			'exclude[1]: is roots[0] "/v/repo" itself; exclude names a part inside a root',
			"exclude[2]: is not inside any root; only a part of a watched root can be excluded",
			'exclude[3]: is not inside any root (it resolves to "/v/elsewhere"); only a part of a watched root can be excluded',
			"exclude[4]: does not exist; an excluded path is matched by its real path, so it must exist",
			"exclude[5]: is a symlink loop (ELOOP): following its links leads back to a link, so it names no directory",
			"exclude[6]: is empty; it must be an absolute path inside one of the roots",
		]);
		if (result.ok) return;
		expect(result.problems[0]!.fix).toBe('write "/v/cache"');
		expect(result.problems[1]!.fix).toContain("remove roots[0] instead");
		expect(result.problems.every((p) => p.fix !== "")).toBe(true);
	});

	it("is a list of strings, and a misspelled key points to it", () => {
		expect(problems(check({ exclude: "/v/repo/cache" }))).toEqual([
			"exclude: must be a list of absolute paths inside roots, not a string",
		]);
		const result = validateSpec({ ...base, excludes: ["/v/repo/cache"] }, { probe });
		expect(result.ok || result.problems[0]!.fix).toBe('rename it to "exclude"');
	});
});

describe("roots that cannot be looked at", () => {
	it("say why instead of calling every failure missing", () => {
		const result = validateSpec(
			{ ...base, roots: ["/v/loop", "/v/locked/r", "/v/file/below", "/v/long", "/v/gone"] },
			{ probe },
		);
		expect(problems(result)).toEqual([
			"roots[0]: is a symlink loop (ELOOP): following its links leads back to a link, so it names no directory",
			"roots[1]: cannot be looked at: permission denied (EACCES) on it or on a directory above it",
			"roots[2]: does not exist: a name on the way to it is a file, not a directory (ENOTDIR)",
			"roots[3]: is too long for the file system (ENAMETOOLONG): the whole path or one of its names is over the limit",
			"roots[4]: does not exist; every root must be an existing directory, since it is snapshotted before the run",
		]);
	});
});
