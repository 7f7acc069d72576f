/**
 * What a run says about its containment and sandbox: the child's reports, the outcome, the
 * verdict when the sandbox failed, and the report sections.
 */
import { describe, expect, it } from "vitest";
import { renderModelReport, renderReport } from "../../../src/report/task-report.ts";
import { createEventState } from "../../../src/run/outcome/child-events.ts";
import { childOutcome } from "../../../src/run/outcome/child-outcome.ts";
import { formatChildReport, parseChildReport } from "../../../src/run/outcome/child-report.ts";
import { isolationSection, runIsolation } from "../../../src/run/outcome/isolation.ts";
import { judgeRun, sandboxBreach } from "../../../src/run/outcome/verdict.ts";
import { containChild, containedExit, namespaceInit, sandboxToEnforce } from "../../../src/run/sandbox/contain.ts";
import type { SandboxPlan, SandboxSupport } from "../../../src/run/sandbox/types.ts";
import type { ChildLaunch } from "../../../src/run/types.ts";
import { cleanExit } from "../../support/child.ts";
import { taskResult } from "../../support/row-results.ts";

const exit = cleanExit();
const plan: SandboxPlan = {
	mode: "enforce",
	reason: "the default (bubblewrap)",
	writable: ["/w"],
	readOnly: ["/r", "/w/.git"],
	network: false,
	gitWritable: false,
	notes: [],
};
const attempt = { tool: "write", path: "/r/f.txt", reason: "/r/f.txt is outside the writable roots; writable: /w" };

describe("the child's reports", () => {
	it("carry a usd stop and a prevented write through stderr, and nothing that merely looks like one", () => {
		const usd = { type: "stopped", budget: "usd", turns: 2, usd: 0.06 } as const;
		expect(parseChildReport(formatChildReport(usd).trim())).toEqual(usd);
		const prevented = { type: "prevented", attempt } as const;
		expect(parseChildReport(formatChildReport(prevented).trim())).toEqual(prevented);
		expect(parseChildReport('pi-delegate-child: {"type":"other"}')).toBeUndefined();
	});

	it("make the outcome say which budget stopped the child, and list the prevented writes", () => {
		const outcome = childOutcome(createEventState(), {
			...exit,
			reports: [
				{ type: "prevented", attempt },
				{ type: "stopped", budget: "usd", turns: 2 },
			],
			prevented: [{ tool: "bash", command: "touch /r/x", reason: "the read-only file system refused a write" }],
			containment: "namespace",
			sandbox: "enforce",
		});
		expect(outcome.stoppedBy).toBe("usd");
		expect(outcome.containment).toBe("namespace");
		expect(outcome.sandbox).toBe("enforce");
		expect(outcome.prevented?.map((p) => p.tool)).toEqual(["write", "bash"]);
		expect(childOutcome(createEventState(), exit)).toMatchObject({
			containment: "partial",
			sandbox: "off",
			prevented: [],
		});
	});
});

describe("the subprocess child's command line", () => {
	const launch = {
		cwd: "/w",
		agentDir: "/tmp/agent",
		providerExtensions: ["/tmp/ext.ts"],
		prompt: {
			customPrompt: undefined,
			appendSystemPrompt: [],
			contextFiles: [{ path: "/tmp/p/AGENTS.md", content: "" }],
			skills: [],
		},
	} as unknown as ChildLaunch;
	const yes: SandboxSupport = { bwrap: "/usr/bin/bwrap", containment: true, enforce: true, reason: undefined };
	const input = {
		launch,
		support: yes,
		node: "/node",
		argv: ["/cli.js", "-p"],
		sessionFile: "/tmp/audit/session.jsonl",
		home: "/root",
		tmp: "/tmp/priv",
		visible: ["/tmp/prompt"],
	};

	it("runs Pi bare without namespaces, in a PID namespace with them, and sandboxed under a plan", () => {
		const none = containChild(
			{ ...input, support: { ...yes, bwrap: undefined, containment: false, enforce: false } },
			plan,
		);
		expect(none).toMatchObject({ command: "/node", args: ["/cli.js", "-p"], containment: "partial", sandbox: "off" });
		const contained = containChild({ ...input, tmp: undefined }, undefined);
		expect(contained).toMatchObject({ command: "/usr/bin/bwrap", containment: "namespace", sandbox: "off" });
		expect(contained.args.slice(-3)).toEqual(["/node", "/cli.js", "-p"]);
		expect(contained.args.slice(0, 2)).toEqual(["--info-fd", "3"]);
		const sandboxed = containChild(input, plan);
		expect(sandboxed).toMatchObject({ containment: "namespace", sandbox: "enforce" });
		expect(sandboxed.args.slice(0, 2)).toEqual(["--info-fd", "3"]);
		expect(sandboxed.sandboxConfig).toEqual({
			bwrap: "/usr/bin/bwrap",
			home: "/root",
			writable: ["/w"],
			// The record and the agent directory: the child's Pi writes them, its commands may not.
			readOnly: ["/r", "/w/.git", "/tmp/audit", "/tmp/agent"],
			network: false,
			gitWritable: false,
		});
		const args = sandboxed.args.join(" ");
		expect(args).toContain("--bind /tmp/audit /tmp/audit");
		expect(args).toContain("--bind /tmp/agent /tmp/agent");
		expect(args).toContain("--ro-bind-try /tmp/p/AGENTS.md /tmp/p/AGENTS.md");
		expect(args).toContain("--ro-bind-try /tmp/prompt /tmp/prompt");
		expect(args).not.toContain("--unshare-net");
	});

	it("refuses a launch that asks for a sandbox this machine cannot make", () => {
		expect(sandboxToEnforce(plan, { ...yes, enforce: false, reason: "no bwrap" })).toEqual({
			error: "the launch asks for the sandbox, which this machine cannot make: no bwrap",
		});
		expect(sandboxToEnforce({ ...plan, mode: "off" }, yes)).toEqual({ plan: undefined });
		expect(sandboxToEnforce(undefined, yes)).toEqual({ plan: undefined });
	});

	it("reads the namespace's first process from bubblewrap's info, once it is complete", () => {
		expect(namespaceInit('{\n    "child-pid": 4242,\n    "cgroup-namespace": 1\n}')).toBe(4242);
		expect(namespaceInit('{\n    "child-pi')).toBeUndefined();
	});

	it("reads bubblewrap's 128 + n exit as the signal that killed Pi", () => {
		expect(containedExit(137, null, "namespace")).toEqual({ code: null, signal: "SIGKILL" });
		expect(containedExit(143, null, "namespace")).toEqual({ code: null, signal: "SIGTERM" });
		expect(containedExit(137, null, "partial")).toEqual({ code: 137, signal: null });
		expect(containedExit(78, null, "namespace")).toEqual({ code: 78, signal: null });
	});
});

describe("a violation under the sandbox", () => {
	const violation = { root: "/r", path: "f.txt", kind: "modified" as const, detail: "size 1 → 2" };
	it("is reported as a bug of the sandbox, on top of the violation itself", () => {
		expect(sandboxBreach({ violations: [violation], sandbox: "off" })).toEqual([]);
		expect(sandboxBreach({ violations: [], sandbox: "enforce" })).toEqual([]);
		const outcome = childOutcome(createEventState(), { ...exit, sandbox: "enforce" });
		const { problems } = judgeRun({
			outcome,
			envelope: { ok: false, reason: "none", problems: [] },
			claims: [],
			violations: [violation],
			budget: { wall_s: 1, usd: 1, turns: 1 },
			sandbox: "enforce",
		});
		expect(problems.map((p) => p.message)).toContain(
			"the sandbox was enforced, yet 1 change outside write_allowed got through: this is a bug in pi-delegate's sandbox; please report it with this run's audit record",
		);
	});
});

describe("the report", () => {
	const outcome = childOutcome(createEventState(), {
		...exit,
		containment: "namespace",
		sandbox: "enforce",
		reports: [{ type: "prevented", attempt }],
	});
	// The sandbox contains a subprocess child.
	const result = taskResult({
		envelope: undefined,
		roots: [{ root: "/w", writable: true }],
		metrics: { ...taskResult().metrics, runner: "subprocess" },
		isolation: runIsolation(plan, outcome),
	});

	it("shows the sandbox, the containment and each prevented write", () => {
		const text = renderReport(result);
		expect(text).toContain(
			[
				"Sandbox  enforce · contained in a PID namespace · 1 write prevented",
				"  the default (bubblewrap)",
				"  - write /r/f.txt: /r/f.txt is outside the writable roots; writable: /w",
			].join("\n"),
		);
		// A PASS whose child tried a write says so: it did more than it was asked.
		expect(result.verdict).toBe("PASS");
		expect(renderModelReport(result)).toContain(
			"  Sandbox: enforce, contained; 1 write prevented.\n    prevented write /r/f.txt:",
		);
	});

	it("counts commands the agent's rules refused apart from writes, with or without the sandbox", () => {
		const refusal = {
			tool: "bash",
			command: "rm -rf build",
			reason: '"rm -rf build" is not among the commands this child may run (git status:*)',
			refusedBy: "commands" as const,
		};
		const both = childOutcome(createEventState(), {
			...exit,
			containment: "namespace",
			sandbox: "enforce",
			reports: [
				{ type: "prevented", attempt },
				{ type: "prevented", attempt: refusal },
			],
		});
		const section = isolationSection(runIsolation(plan, both));
		expect(section.split("\n")[0]).toBe(
			"Sandbox  enforce · contained in a PID namespace · 1 write prevented · 1 command refused",
		);
		expect(section).toContain('  - bash rm -rf build: "rm -rf build" is not among the commands');
		const off = childOutcome(createEventState(), { ...exit, reports: [{ type: "prevented", attempt: refusal }] });
		const fallback = { ...plan, mode: "off" as const, reason: "--sandbox off" };
		expect(isolationSection(runIsolation(fallback, off)).split("\n")[0]).toBe(
			"Sandbox  off · containment partial · 1 command refused",
		);
		const lines = renderModelReport({ ...result, isolation: runIsolation(fallback, off) });
		expect(lines).toContain("Sandbox: off, containment partial (--sandbox off); 1 command refused.");
		expect(lines).toContain("    refused bash rm -rf build:");
	});

	it("says why there is no sandbox, and that containment was partial", () => {
		const off = childOutcome(createEventState(), exit);
		const fallback = {
			...plan,
			mode: "off" as const,
			reason: "bubblewrap (bwrap) is not installed; …",
			notes: ["the sandbox is off"],
		};
		expect(isolationSection(runIsolation(fallback, off))).toBe(
			[
				"Sandbox  off · containment partial",
				"  bubblewrap (bwrap) is not installed; …",
				"  no PID namespace: a process that cleared its environment may have outlived the",
				"  child",
				"  ! the sandbox is off",
			].join("\n"),
		);
		expect(runIsolation(plan, off).reason).toBe("the runner could not make the sandbox the plan asked for");
	});
});
