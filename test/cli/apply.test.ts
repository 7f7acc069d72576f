/**
 * `pi-delegate apply RUN` over fabricated records: an audit directory holding result.json (its
 * apply section) and changes.patch (written by gitPatch), and the root it was made for. The root's
 * tree is compared byte for byte before and after, so "nothing changed" is checked, not assumed.
 */
import { mkdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type FileChange, gitPatch, patchStats } from "../../src/run/workspace/patch.ts";
import { runCli } from "../support/cli.ts";
import { readTree, shown, type Tree, text, writeTree } from "../support/patch-tree.ts";
import { tempDir } from "../support/temp.ts";

const CHANGES: FileChange[] = [
	{ path: "src/a.txt", before: text("one\ntwo\nthree\n"), after: text("one\nTWO\nthree\n") },
	{ path: "README", before: text("read me\n"), after: text("read me twice\n") },
	{ path: "docs/new.md", after: text("# new\n") },
];
const BEFORE: Tree = { "src/a.txt": text("one\ntwo\nthree\n"), README: text("read me\n"), "keep.txt": text("k\n") };
const AFTER: Tree = {
	...BEFORE,
	"src/a.txt": text("one\nTWO\nthree\n"),
	README: text("read me twice\n"),
	"docs/new.md": text("# new\n"),
};
const ID = "2026-12-06T17-00-00Z-fix-a";

/** A runs directory with one run whose record applies CHANGES to a fresh root; `apply` overrides the section. */
function fabricate(apply: (base: string) => unknown = (base) => section(base)) {
	const runs = tempDir();
	const base = tempDir();
	writeTree(base, BEFORE);
	const dir = join(runs, ID);
	mkdirSync(dir);
	writeFileSync(join(dir, "result.json"), JSON.stringify({ verdict: "PASS", apply: apply(base) }));
	writeFileSync(join(dir, "changes.patch"), gitPatch(CHANGES));
	return { runs, base, dir };
}

const section = (base: string) => ({
	mode: "on-pass",
	base,
	patch: "changes.patch",
	applied: false,
	files: patchStats(CHANGES),
});
/** Output with its wrapping undone. */
const oneLine = (out: string) => out.trim().replace(/\n\s*/g, " ");
const apply = (runs: string, ...args: string[]) => runCli(["apply", ...args, "--runs", runs]);

describe("pi-delegate apply", () => {
	it("applies the patch to its base and says what it did, by id or by path", async () => {
		const { runs, base, dir } = fabricate();
		const result = await apply(runs, ID);
		expect(result.stderr).toBe("");
		expect(oneLine(result.stdout)).toBe(`applied 3 files to ${base} (2 modified, 1 added) from run ${ID}`);
		for (const line of result.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
		expect(result.code).toBe(0);
		expect(shown(readTree(base))).toEqual(shown(AFTER));
		const again = fabricate();
		expect((await runCli(["apply", again.dir])).code).toBe(0);
		expect(shown(readTree(again.base))).toEqual(shown(AFTER));
		expect(dir).not.toBe(again.dir);
	});

	it("refuses a patch that no longer applies, naming each file and why, and changes nothing", async () => {
		const { runs, base } = fabricate();
		writeFileSync(join(base, "src/a.txt"), "one\nedited since\nthree\n");
		writeFileSync(join(base, "docs-placeholder"), "");
		mkdirSync(join(base, "docs"));
		writeFileSync(join(base, "docs/new.md"), "someone else's\n");
		const before = shown(readTree(base));
		const result = await apply(runs, ID);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain(`✗ run ${ID} no longer applies to`);
		expect(result.stdout).toContain("  - src/a.txt: its lines near line 1 have changed since the run\n");
		expect(result.stdout).toContain("  - docs/new.md: the run created it, but a file of that name exists now");
		expect(result.stdout).not.toContain("README");
		for (const line of result.stdout.split("\n").filter((l) => l.startsWith("  - "))) expect(line).not.toContain(base);
		expect(shown(readTree(base))).toEqual(before);
	});

	it("says a patch is applied already: exit 1, or 0 with --check, and changes nothing", async () => {
		const { runs, base } = fabricate();
		expect((await apply(runs, ID)).code).toBe(0);
		const second = await apply(runs, ID);
		expect(second.code).toBe(1);
		expect(oneLine(second.stdout)).toBe(
			`run ${ID} is applied to ${base} already (since the run): 3 files (2 modified, 1 added); nothing was changed`,
		);
		const check = await apply(runs, ID, "--check");
		expect(check.code).toBe(0);
		expect(check.stdout).toContain("already");
		expect(shown(readTree(base))).toEqual(shown(AFTER));
	});

	it("--check says the patch applies and changes nothing", async () => {
		const { runs, base } = fabricate();
		const result = await apply(runs, ID, "--check");
		expect(result.code).toBe(0);
		expect(oneLine(result.stdout)).toBe(
			`run ${ID} applies to ${base}: 3 files (2 modified, 1 added); nothing was changed (--check)`,
		);
		expect(shown(readTree(base))).toEqual(shown(BEFORE));
	});

	it("--json gives the outcome, the files and each reason", async () => {
		const { runs, base } = fabricate();
		const ok = JSON.parse((await apply(runs, ID, "--json")).stdout);
		expect(ok).toMatchObject({
			run: ID,
			base,
			outcome: "applied",
			files: { added: 1, modified: 2, deleted: 0, renamed: 0 },
			reasons: [],
		});
		const stale = await apply(runs, ID, "--json");
		expect(stale.code).toBe(1);
		expect(JSON.parse(stale.stdout)).toMatchObject({ outcome: "already-applied" });
		writeFileSync(join(base, "README"), "rewritten\n");
		const refused = JSON.parse((await apply(runs, ID, "--json", "--check")).stdout);
		expect(refused.outcome).toBe("does-not-apply");
		expect(refused.reasons).toContainEqual({
			file: "README",
			reason: "its lines near line 1 have changed since the run",
		});
	});
});

describe("pi-delegate apply, bad input (exit 2, no stack trace)", () => {
	const refused = async (args: string[], runs: string, ...expected: string[]) => {
		const result = await apply(runs, ...args);
		expect(result.code).toBe(2);
		expect(result.stdout).toBe("");
		for (const words of expected) expect(oneLine(result.stderr)).toContain(words);
		expect(result.stderr).not.toMatch(/\n\s+at /);
		return result;
	};

	it("names a run id that is not there, with the nearest one", async () => {
		const { runs } = fabricate();
		await refused([`${ID}x`], runs, "RUN", `${ID}x`, "is not a run in", `did you mean ${ID}?`);
		await refused([".."], runs, "RUN", "is not a run in");
		await refused(["./no/such/dir"], runs, "RUN", "is not a directory");
	});

	it("refuses a run without a finished record, an apply section or a patch", async () => {
		const { runs, dir } = fabricate();
		await refused([dir.replace(ID, "")], runs, "result.json", "does not exist");
		const none = fabricate(() => undefined);
		await refused([none.dir], runs, "apply", "has no apply section", 'apply: "on-pass"');
		const direct = fabricate((base) => ({ ...section(base), mode: "direct" }));
		await refused([direct.dir], runs, "apply.mode", '"direct"');
		const empty = fabricate((base) => ({ ...section(base), patch: undefined, reason: "the child changed nothing" }));
		await refused([empty.dir], runs, "apply.patch", "the child changed nothing");
	});

	it("checks the apply section against its schema, every field at once", async () => {
		const { runs, dir } = fabricate(() => ({
			mode: "on-pass",
			base: "relative/dir",
			patch: "../../etc/passwd",
			applied: "no",
			files: { added: -1 },
		}));
		const result = await refused(
			[dir],
			runs,
			"apply.base",
			"apply.patch",
			"apply.applied",
			"apply.files.added",
			"apply.files.modified",
		);
		expect(result.stderr).toContain("relative/dir");
	});

	it("refuses a base that is gone, a linked result.json, a patch over 64 MB, and a missing patch", async () => {
		const gone = fabricate((base) => section(`${base}/gone`));
		await refused([gone.dir], gone.runs, "apply.base", "is not a directory");
		const linked = fabricate();
		writeFileSync(join(linked.dir, "elsewhere.json"), "{}");
		rmSync(join(linked.dir, "result.json"));
		symlinkSync("elsewhere.json", join(linked.dir, "result.json"));
		await refused([linked.dir], linked.runs, "result.json", "is a symbolic link");
		const big = fabricate();
		truncateSync(join(big.dir, "changes.patch"), 65 * 1024 * 1024);
		await refused([big.dir], big.runs, "changes.patch", "64 MiB");
		rmSync(join(big.dir, "changes.patch"));
		await refused([big.dir], big.runs, "changes.patch", "does not exist");
		expect(shown(readTree(big.base))).toEqual(shown(BEFORE));
	});

	it("asks for RUN", async () => {
		const result = await runCli(["apply"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("name the run to apply");
	});
});
