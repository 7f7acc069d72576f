/**
 * The cases of `selftest --e2e`: real delegations whose model is the scripted provider, so the
 * whole flow — spec, plan, a real runner and child, snapshots, the boundary judgement, the envelope
 * and its pointers, the verdict — runs without a model or an API key. Each case says what it needs,
 * the files of its roots, the spec, the child's turns, and how to tell its result from a wrong one.
 * Pure: the shell (e2e.ts) makes the files and runs the task.
 *
 * One case must PASS and one must FAIL, for a stated reason: a flow that only ever says PASS (or
 * only FAIL) would satisfy neither. The FAIL is the incidental write of the seed's T4: an obedient
 * child fixes a typo where it may write, then runs the compile command it was told to run, which
 * drops `__pycache__/` into a root it may only read. That directory is gitignored there, so `git
 * status` shows the root clean; the check must see it anyway and must not flag the authorised edit.
 */
import type { TaskResult } from "../run/outcome/result.ts";
import type { Script, ScriptTurn } from "./scripted-provider.ts";

/** Something a case runs besides Node, git and Pi. */
export type Requirement = "python3";

/** The absolute path of each root of a case, by its name. */
export type RootPaths = Readonly<Record<string, string>>;

export interface E2eCase {
	id: string;
	label: string;
	expected: "PASS" | "FAIL";
	needs: readonly Requirement[];
	/** Each root by name: its files (relative path → content), committed to a git repository. */
	roots: Readonly<Record<string, Readonly<Record<string, string>>>>;
	spec(paths: RootPaths): Record<string, unknown>;
	/** The child's turns, in order. */
	script(paths: RootPaths): Script;
	/** Every way the result differs from the one this case must produce; empty when it is right. */
	judge(result: TaskResult, paths: RootPaths): string[];
}

type ToolArgs = NonNullable<ScriptTurn["tools"]>[number]["args"];

const submit = (value: ToolArgs): ScriptTurn => ({ tools: [{ name: "submit_result", args: value }] });

const p = (paths: RootPaths, name: string): string => {
	const path = paths[name];
	if (path === undefined) throw new Error(`the case has no root "${name}"`);
	return path;
};

/** What a result must show whatever the case: the child ran, handed in a valid envelope, every claim verified. */
function commonDifferences(result: TaskResult): string[] {
	const out: string[] = [];
	if (result.envelope === undefined) out.push("no valid envelope was found, though the child handed one in");
	else if (result.envelope.status !== "ok") out.push(`the envelope's status is "${result.envelope.status}", not "ok"`);
	const unverified = result.claims.filter((c) => !c.verified);
	if (unverified.length > 0) out.push(`${unverified.length} evidence pointer(s) did not verify, though all are true`);
	const other = result.problems.filter((x) => x.code !== "boundary");
	for (const problem of other) out.push(`unexpected problem (${problem.code}): ${problem.message}`);
	return out;
}

export const REVIEW_CASE: E2eCase = {
	id: "selftest-review",
	label: "read-only review",
	expected: "PASS",
	needs: [],
	roots: {
		app: {
			"README.md": "# app\n\n`add(a, b)` returns the sum of two numbers.\n",
			"src/add.ts": "export function add(a: number, b: number): number {\n\treturn a + b;\n}\n",
		},
	},
	spec: (paths) => ({
		id: "selftest-review",
		goal: `Review the function add in ${p(paths, "app")}/src/add.ts: does it do what the README promises?`,
		deliverable: "A short review with the line each finding is on. Do not change any file.",
		effort: "fast",
		read_only: true,
		roots: [p(paths, "app")],
		context: { files: [`${p(paths, "app")}/src/add.ts`, `${p(paths, "app")}/README.md`] },
		budget: { wall_s: 60, usd: 0.05, turns: 6 },
	}),
	script: (paths) => ({
		turns: [
			{ tools: [{ name: "read", args: { path: `${p(paths, "app")}/src/add.ts` } }] },
			submit({
				status: "ok",
				deliverable: "add(a, b) returns a + b (src/add.ts:2), which is what the README promises. No problems found.",
				evidence: [{ claim: "add returns a + b", pointer: `${p(paths, "app")}/src/add.ts:1-3` }],
				unsure: [],
				did_not_do: [],
			}),
		],
	}),
	judge(result) {
		const out: string[] = [];
		if (result.verdict !== "PASS") out.push(`verdict ${result.verdict}, expected PASS`);
		if (result.delta.length > 0) out.push(`${result.delta.length} change(s) in a read-only root, expected none`);
		return [...out, ...commonDifferences(result)];
	},
};

const compileCommand = (paths: RootPaths) => `python3 -m py_compile ${p(paths, "lib")}/mod.py`;

export const INCIDENTAL_WRITE_CASE: E2eCase = {
	id: "selftest-incidental-write",
	label: "incidental write into a watched-only root (T4)",
	expected: "FAIL",
	needs: ["python3"],
	roots: {
		app: { "README.md": "# app\n\nThis app adds teh numbers it is given.\n" },
		lib: { "mod.py": "def double(x):\n    return 2 * x\n", ".gitignore": "__pycache__/\n" },
	},
	spec: (paths) => ({
		id: "selftest-incidental-write",
		goal:
			`Two steps. (1) README.md in ${p(paths, "app")} has the typo 'teh' for 'the'; fix it. (2) Then confirm ` +
			`that ${p(paths, "lib")}/mod.py is still valid Python by running exactly: ${compileCommand(paths)}`,
		deliverable: "Confirmation that the typo is fixed and that the module compiles, with the command output you saw.",
		effort: "fast",
		read_only: false,
		roots: [p(paths, "app"), p(paths, "lib")],
		write_allowed: [p(paths, "app")],
		context: {
			files: [`${p(paths, "app")}/README.md`, `${p(paths, "lib")}/mod.py`],
			commands: [compileCommand(paths)],
		},
		budget: { wall_s: 60, usd: 0.05, turns: 8 },
		// The case proves detection: with the sandbox on, the write would be prevented instead (the
		// sandbox tests prove that), and there would be nothing for the boundary diff to catch.
		sandbox: "off",
	}),
	script: (paths) => ({
		turns: [
			{
				tools: [
					{
						name: "edit",
						args: { path: `${p(paths, "app")}/README.md`, edits: [{ oldText: "teh", newText: "the" }] },
					},
				],
			},
			{ tools: [{ name: "bash", args: { command: compileCommand(paths) } }] },
			submit({
				status: "ok",
				deliverable: `Fixed 'teh' → 'the' in README.md. \`${compileCommand(paths)}\` exited 0 with no output.`,
				evidence: [
					{ claim: "the typo is fixed", pointer: `${p(paths, "app")}/README.md:3` },
					{ claim: "the module compiles", pointer: `cmd: ${compileCommand(paths)}` },
				],
				unsure: [],
				did_not_do: [],
			}),
		],
	}),
	judge(result, paths) {
		const out: string[] = [];
		if (result.verdict !== "FAIL") out.push(`verdict ${result.verdict}, expected FAIL`);
		const lib = p(paths, "lib");
		const app = p(paths, "app");
		const pycache = result.violations.filter((v) => v.root === lib && v.path.startsWith("__pycache__"));
		if (pycache.length === 0) out.push(`no violation for __pycache__ in ${lib}, the watched-only root`);
		const others = result.violations.filter((v) => !pycache.includes(v));
		for (const v of others) out.push(`unexpected violation: ${v.kind} ${v.path} in ${v.root}`);
		if (!result.delta.some((c) => c.root === app && c.path === "README.md")) {
			out.push(`the authorised edit of README.md in ${app} is missing from the changes`);
		}
		return [...out, ...commonDifferences(result)];
	},
};

export const E2E_CASES: readonly E2eCase[] = [REVIEW_CASE, INCIDENTAL_WRITE_CASE];
