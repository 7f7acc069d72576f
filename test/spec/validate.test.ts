import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { DEFAULT_BUDGETS } from "../../src/request/limits.ts";
import type { PathInfo, PathProbe } from "../../src/spec/probe.ts";
import { type SpecValid, validateSpec } from "../../src/spec/validate.ts";

/**
 * A virtual file system: the validator must work from the probe alone, so these paths exist nowhere
 * on disk. `/v/alias` is a symlink to `/v/repo`.
 */
const DIRS = new Set(["/v", "/v/repo", "/v/repo/docs", "/v/repo/src", "/v/other"]);
const probe: PathProbe = (path): PathInfo => {
	const real = path.replace(/^\/v\/alias(?=\/|$)/, "/v/repo").replace(/\/+$/, "") || "/";
	if (DIRS.has(real)) return { kind: "dir", realPath: real };
	if (real === "/v/repo/README.md") return { kind: "file", realPath: real };
	return { kind: "missing" };
};
const subdirs = (dir: string) => (dir === "/v/repo" ? ["docs", "src"] : []);

function valid(input: unknown): SpecValid {
	const result = validateSpec(input, { probe, subdirs });
	if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
	return result;
}

const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo/docs"] };

describe("validateSpec: normalized spec", () => {
	it("applies every default and records which ones it applied", () => {
		const { spec, defaulted } = valid(base);
		expect(spec.effort).toBe("balanced");
		expect(spec.read_only).toBe(true);
		expect(spec.write_allowed).toEqual([]);
		expect(spec.context).toEqual({ facts: [], files: [], commands: [] });
		expect(spec.budget).toEqual(DEFAULT_BUDGETS.balanced);
		expect(defaulted).toEqual([
			"effort",
			"read_only",
			"budget.wall_s",
			"budget.usd",
			"budget.turns",
			"evidence",
			"network",
			"git_writes",
		]);
	});

	it("takes budget defaults from the effort, and keeps what the spec gives", () => {
		const { spec, defaulted } = valid({ ...base, effort: "deep", budget: { usd: 0.25 } });
		expect(spec.budget).toEqual({ wall_s: DEFAULT_BUDGETS.deep.wall_s, usd: 0.25, turns: DEFAULT_BUDGETS.deep.turns });
		expect(defaulted).toEqual(["read_only", "budget.wall_s", "budget.turns", "evidence", "network", "git_writes"]);
		expect(DEFAULT_BUDGETS.deep.wall_s).toBeGreaterThan(DEFAULT_BUDGETS.fast.wall_s);
	});

	it("always sets a wall-clock limit, so a runaway child stops", () => {
		for (const effort of ["fast", "balanced", "deep"]) {
			const { spec } = valid({ ...base, effort });
			expect(Number.isFinite(spec.budget.wall_s) && spec.budget.wall_s > 0).toBe(true);
		}
	});

	it("resolves roots and write_allowed to real paths, keeping the caller's spelling alongside", () => {
		const { spec } = valid({
			...base,
			read_only: false,
			roots: ["/v/alias/docs/", "/v/repo/src", "/v/other"],
			write_allowed: ["/v/other/", "/v/repo/docs"],
		});
		expect(spec.roots).toEqual(["/v/alias/docs/", "/v/repo/src", "/v/other"]);
		expect(spec.write_allowed).toEqual(["/v/other/", "/v/repo/docs"]);
		expect(spec.resolved).toEqual({
			roots: ["/v/repo/docs", "/v/repo/src", "/v/other"],
			write_allowed: ["/v/other", "/v/repo/docs"],
			watched_only: ["/v/repo/src"],
			exclude: [],
		});
	});

	it("treats every root as watched-only in a read-only task", () => {
		const { spec } = valid({ ...base, roots: ["/v/repo/docs", "/v/other"] });
		expect(spec.resolved.watched_only).toEqual(["/v/repo/docs", "/v/other"]);
	});

	it("deep-freezes the spec and leaves the input untouched and unfrozen", () => {
		const input = { ...base, context: { facts: ["f"] }, budget: { wall_s: 60 } };
		const snapshot = structuredClone(input);
		const { spec } = valid(input);
		expect(Object.isFrozen(spec)).toBe(true);
		for (const part of [
			spec.roots,
			spec.context,
			spec.context.facts,
			spec.budget,
			spec.resolved,
			spec.resolved.roots,
		]) {
			expect(Object.isFrozen(part)).toBe(true);
		}
		expect(Reflect.set(spec, "read_only", false)).toBe(false);
		expect(() => (spec.roots as string[]).push("/")).toThrow(TypeError);
		expect(input).toEqual(snapshot);
		expect(Object.isFrozen(input) || Object.isFrozen(input.context.facts)).toBe(false);
		input.context.facts.push("later");
		expect(spec.context.facts).toEqual(["f"]);
	});

	it("never throws on hostile input", () => {
		for (const input of [null, undefined, 42, "spec", [], () => 1, { roots: { length: 2 } }, { roots: [{}] }]) {
			const result = validateSpec(input, { probe });
			expect(result.ok).toBe(false);
		}
	});
});

describe("validateSpec: the probe is the only view of the file system", () => {
	it("works without a subdirectory lister, speaking in general terms", () => {
		const result = validateSpec(
			{ ...base, read_only: false, roots: ["/v/repo"], write_allowed: ["/v/repo/docs"] },
			{ probe },
		);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.problems[0]?.fix).toContain('replace "/v/repo" in roots by its other subdirectories (');
	});

	it("names the real siblings when it can list them, leaving out the one being split off", () => {
		const result = validateSpec(
			{ ...base, read_only: false, roots: ["/v/alias"], write_allowed: ["/v/alias/docs"] },
			{ probe, subdirs },
		);
		if (result.ok) throw new Error("expected problems");
		expect(result.problems[0]?.fix).toContain('other subdirectories "/v/alias/src"');
		expect(result.problems[0]?.fix).not.toContain('"/v/alias/docs",');
	});

	it("suggests an absolute spelling from the cwd option", () => {
		const result = validateSpec({ ...base, roots: ["./repo"] }, { probe, cwd: "/v" });
		if (result.ok) throw new Error("expected problems");
		expect(result.problems[0]?.fix).toBe('write "/v/repo"');
	});

	it("reports a file in context.files that does not exist as a warning only", () => {
		const result = valid({ ...base, context: { files: ["/v/repo/README.md", "/v/repo/GONE.md"] } });
		expect(result.warnings.map((w) => [formatPath(w), w.message])).toEqual([
			["context.files[1]", "does not exist (the child will be told to read it)"],
		]);
	});
});
