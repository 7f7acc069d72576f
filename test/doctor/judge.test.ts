/**
 * The pure judges of doctor, on facts built by hand: each check that a machine can get wrong turns
 * `fail` (or `warn`) for that fault alone, says what was found and how to fix it, and a healthy
 * machine passes every check.
 */
import { describe, expect, it } from "vitest";
import { type AgentFileText, buildAgentCatalog } from "../../src/agents/catalog.ts";
import { claudeDenials } from "../../src/agents/claude/deny.ts";
import { judgeFacts } from "../../src/doctor/judge.ts";
import { extensionErrors } from "../../src/doctor/probes.ts";
import type { BuildFacts, Check, DoctorFacts, SetupFacts } from "../../src/doctor/types.ts";
import { formatPath, type Problem } from "../../src/problems.ts";
import { readSettings } from "../../src/settings/read.ts";

const agentFile = (name: string, front: string): AgentFileText => ({
	scope: "user",
	file: `/agents/${name}.md`,
	label: `~/.pi/agent/agents/${name}.md`,
	text: `---\n${front}\n---\nRole.\n`,
});

function settingsWith(text: string | undefined) {
	return readSettings({
		cwd: "/project",
		home: "/home/u",
		agentDir: "/home/u/.pi/agent",
		projectTrusted: false,
		readText: (file) => (file === "/home/u/.pi/agent/settings.json" ? text : undefined),
	});
}

const PROFILES = JSON.stringify({
	"pi-delegate": { effortProfiles: { fast: "p/small", balanced: "p/mid", deep: "p/big" } },
});

function setup(overrides: Partial<SetupFacts> = {}): SetupFacts {
	return {
		models: ["small", "mid", "big"].map((id) => ({ provider: "p", id, authenticated: true })),
		tools: ["read", "grep", "find", "ls", "bash", "edit", "write", "submit_result"],
		agents: {
			...buildAgentCatalog([agentFile("lookup", "description: looks things up\nmodel: p/small\ntools: read")]),
			skipped: [],
			notAgents: [],
		},
		hostProblems: [],
		...overrides,
	};
}

function healthy(): DoctorFacts {
	return {
		nodeVersion: "22.23.3",
		pkg: {
			root: "/pkg",
			node: ">=22.19.0",
			pi: ">=0.86.1 <2",
			extensions: [{ entry: "./dist/ext/pi/extension.js", path: "/pkg/dist/ext/pi/extension.js", exists: true }],
		},
		pi: { where: "path", answer: { path: "/usr/bin/pi", status: 0, stdout: "1.6.0\n", stderr: "" } },
		childPi: { cli: "/pi/dist/bundle/cli.js", cliVersion: "1.6.0", sdkVersion: "1.6.0" },
		extension: { how: "probe", errors: [], answer: { path: "/usr/bin/pi", status: 0, stdout: "", stderr: "" } },
		settings: settingsWith(PROFILES),
		setup: setup(),
		runsDir: { dir: "/runs", source: "the default", exists: true },
		git: { path: "/usr/bin/git", status: 0, stdout: "git version 2.39.5\n" },
		sandbox: {
			version: { path: "/usr/bin/bwrap", status: 0, stdout: "bubblewrap 0.8.0\n" },
			trial: { path: "/usr/bin/bwrap", status: 0, stdout: "" },
		},
	};
}

const check = (facts: DoctorFacts, id: string): Check => {
	const found = judgeFacts(facts).checks.find((c) => c.id === id);
	if (!found) throw new Error(`no check ${id}`);
	return found;
};

describe("doctor's judgement", () => {
	it("passes a healthy machine on every check", () => {
		const report = judgeFacts(healthy());
		expect(report.checks.filter((c) => c.state !== "ok")).toEqual([]);
		expect(report.ok).toBe(true);
		expect(report.checks.map((c) => c.id)).toEqual([
			"node",
			"pi",
			"pi-children",
			"extension",
			"settings",
			"effort.fast",
			"effort.balanced",
			"effort.deep",
			"agents",
			"runs-dir",
			"git",
			"bubblewrap",
		]);
		expect(check(healthy(), "effort.deep").detail).toContain("p/big");
	});

	it("fails a Node older than the package's engines range, naming both", () => {
		const c = check({ ...healthy(), nodeVersion: "20.20.2" }, "node");
		expect(c.state).toBe("fail");
		expect(c.detail).toBe("20.20.2 is outside the supported range >=22.19.0");
		expect(c.fix).toContain("22.19");
	});

	it("fails a missing pi, and a pi outside the peer range", () => {
		const none = check({ ...healthy(), pi: { where: "path", answer: {} }, childPi: { sdkVersion: "1.6.0" } }, "pi");
		expect(none.state).toBe("fail");
		expect(none.detail).toBe("no `pi` on PATH");
		expect(none.fix).toContain("npm install -g @earendil-works/pi-coding-agent");
		// The command line does not need a `pi` on PATH when the Pi it came with runs its children.
		const cliOnly = check({ ...healthy(), pi: { where: "path", answer: {} }, childPi: healthy().childPi }, "pi");
		expect(healthy().childPi.cli).toBeTruthy();
		expect(cliOnly.state).toBe("warn");
		expect(cliOnly.detail).toContain("the command line does not need it");
		expect(cliOnly.fix).toContain("to use it in Pi, install Pi");
		const old = { where: "path" as const, answer: { path: "/bin/pi", status: 0, stdout: "2.1.0\n" } };
		expect(check({ ...healthy(), pi: old }, "pi").detail).toContain("2.1.0 at /bin/pi is outside the supported range");
		expect(check({ ...healthy(), pi: { where: "running", version: "1.6.0" } }, "pi").state).toBe("ok");
	});

	it("fails when the extension does not load, and says what Pi said; skips the probe without a pi", () => {
		const errors = extensionErrors(
			'Error: Failed to load extension "/pkg/ext.js": Failed to load extension: boom\nWarning: No models available.\n',
		);
		expect(errors).toEqual(["Failed to load extension: boom"]);
		const answer = { path: "/usr/bin/pi", status: 0, stdout: "", stderr: "" };
		const c = check({ ...healthy(), extension: { how: "probe", errors, answer } }, "extension");
		expect(c.state).toBe("fail");
		expect(c.detail).toContain("does not load in pi 1.6.0: Failed to load extension: boom");
		const skipped = check(
			{ ...healthy(), extension: { how: "not-probed", why: "no `pi` to load it into" } },
			"extension",
		);
		expect(skipped.state).toBe("skip");
	});

	it("fails an extension entry that is not on disk, with the build as the fix", () => {
		const facts = healthy();
		facts.pkg.extensions = [
			{ entry: "./dist/ext/pi/extension.js", path: "/pkg/dist/ext/pi/extension.js", exists: false },
		];
		const c = check(facts, "extension");
		expect(c.state).toBe("fail");
		expect(c.fix).toContain("npm run build");
	});

	it("fails settings with problems, listing every one with its fix", () => {
		const c = check(
			{ ...healthy(), settings: settingsWith('{ "pi-delegate": { "runner": "docker", "runsDri": 1 } }') },
			"settings",
		);
		expect(c.state).toBe("fail");
		expect(c.problems?.length).toBe(2);
		expect(c.problems?.every((p) => p.fix.length > 0)).toBe(true);
	});

	it("fails an effort whose model has no credentials, or does not exist, through the planner's own functions", () => {
		const facts = healthy();
		facts.setup = setup({
			models: [
				{ provider: "p", id: "small", authenticated: true },
				{ provider: "p", id: "mid", authenticated: true },
				{ provider: "q", id: "big", authenticated: false },
			],
		});
		facts.settings = settingsWith(
			JSON.stringify({ "pi-delegate": { effortProfiles: { fast: "p/tiny", balanced: "p/mid", deep: "q/big" } } }),
		);
		expect(check(facts, "effort.balanced").state).toBe("ok");
		const fast = check(facts, "effort.fast");
		expect(fast.state).toBe("fail");
		expect(fast.detail).toContain('no model "tiny" in provider "p"');
		const deep = check(facts, "effort.deep");
		expect(deep.detail).toContain('no credentials for provider "q"');
		expect(deep.fix).toContain("/login");
	});

	it("gives one efforts row when no model is named anywhere", () => {
		const facts = { ...healthy(), settings: settingsWith(undefined), setup: setup({ models: [] }) };
		const report = judgeFacts(facts);
		const efforts = report.checks.filter((c) => c.id.startsWith("effort"));
		expect(efforts.map((c) => c.id)).toEqual(["efforts"]);
		expect(efforts[0]?.detail).toContain("no provider has credentials");
		const withDefault = { ...facts, setup: setup({ piDefault: { provider: "p", model: "mid" } }) };
		expect(
			judgeFacts(withDefault)
				.checks.filter((c) => c.id.startsWith("effort."))
				.map((c) => c.state),
		).toEqual(["ok", "ok", "ok"]);
	});

	it("fails an agent whose model does not resolve, naming the agent", () => {
		const agents = buildAgentCatalog([
			agentFile("lookup", "description: looks things up\nmodel: p/small"),
			agentFile("broken", "description: breaks\nmodel: p/nope"),
		]);
		const c = check({ ...healthy(), setup: setup({ agents: { ...agents, skipped: [], notAgents: [] } }) }, "agents");
		expect(c.state).toBe("fail");
		expect(c.detail).toBe("1 of 2 would not start: broken");
		expect(c.problems?.[0] && formatPath(c.problems[0])).toContain("broken.md");
	});

	it("lists a problem that stops several agents once (a Claude Code settings file's)", () => {
		const denials = claudeDenials(
			[{ label: ".claude/settings.json", settings: { permissions: { deny: ["Bsh"] } } }],
			["bash"],
		);
		const claude = (name: string) => ({ ...agentFile(name, "description: d"), claudeDenials: denials });
		const agents = buildAgentCatalog([claude("one"), claude("two")]);
		const c = check({ ...healthy(), setup: setup({ agents: { ...agents, skipped: [], notAgents: [] } }) }, "agents");
		expect(c.detail).toBe("2 of 2 would not start: one, two");
		expect(c.problems?.map((p) => formatPath(p))).toEqual([".claude/settings.json: permissions.deny[0]"]);
	});

	it("fails a provider extension that does not load", () => {
		const problem: Problem = {
			path: ["extension"],
			code: "unavailable",
			value: "/x.ts",
			message: "the provider extension failed to load: boom",
			fix: "fix it",
		};
		const c = check({ ...healthy(), setup: setup({ hostProblems: [problem] }) }, "providers");
		expect(c.state).toBe("fail");
	});

	it("fails an unwritable runs directory and a missing git", () => {
		const runs = check(
			{ ...healthy(), runsDir: { dir: "/f/runs", source: "the default", exists: false, error: "x" } },
			"runs-dir",
		);
		expect(runs.state).toBe("fail");
		expect(runs.fix).toContain("PI_DELEGATE_RUNS_DIR");
		const git = check({ ...healthy(), git: {} }, "git");
		expect(git.state).toBe("fail");
		expect(git.detail).toContain("no `git` on PATH");
	});

	it("only warns about bubblewrap, saying what going without it costs", () => {
		const missing = { ...healthy(), sandbox: { version: {} } };
		const report = judgeFacts(missing);
		const c = report.checks.find((x) => x.id === "bubblewrap");
		expect(c?.state).toBe("warn");
		expect(c?.cost).toContain("not prevented");
		expect(report.ok).toBe(true);
		const cannot = {
			...healthy(),
			sandbox: {
				version: { path: "/usr/bin/bwrap", status: 0, stdout: "bubblewrap 0.8.0\n" },
				trial: { path: "/usr/bin/bwrap", status: 1, stderr: "bwrap: No permissions to creating new namespace\n" },
			},
		};
		const trial = check(cannot, "bubblewrap");
		expect(trial.state).toBe("warn");
		expect(trial.detail).toContain("cannot start a sandbox here (exit 1: bwrap: No permissions");
	});

	it("warns a clone that runs its sources where a build would serve, and says nothing otherwise", () => {
		const withBuild = (build: BuildFacts): DoctorFacts => ({ ...healthy(), pkg: { ...healthy().pkg, build } });
		const stale = judgeFacts(withBuild({ runs: "sources", clone: true, built: true, canBuild: true }));
		const row = stale.checks.find((c) => c.id === "build");
		expect(row).toMatchObject({ state: "warn", fix: "npm run build (in the clone; about 15 s)" });
		expect(row?.detail).toBe("this clone runs its TypeScript sources: a source changed since its last build");
		expect(row?.cost).toContain("2–3× slower");
		expect(stale.ok).toBe(true);
		expect(stale.checks.map((c) => c.id).indexOf("build")).toBe(4);
		const none = check(withBuild({ runs: "sources", clone: true, built: false, canBuild: true }), "build");
		expect(none.detail).toBe("this clone has no build yet: it runs its TypeScript sources");
		const quiet: BuildFacts[] = [
			{ runs: "build", clone: true, built: true, canBuild: true },
			{ runs: "build", clone: false, built: true, canBuild: false },
			// A checkout Pi installed from git has no development tools: its sources are the way it runs.
			{ runs: "sources", clone: true, built: false, canBuild: false },
		];
		for (const build of quiet) expect(judgeFacts(withBuild(build)).checks.map((c) => c.id)).not.toContain("build");
	});
});
