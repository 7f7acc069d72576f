/**
 * A workflow's dollars in Pi: the run's status line says what its children have spent so far, and
 * when the run ends its dollars are recorded in the session as usage, where Pi's footer adds them up
 * (a command has no tool result to carry them) — while the spend view, which counts the run's
 * children from their records, does not count them twice. A real `pi` in print mode, priced model.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectSpend } from "../../src/meter/collect.ts";
import { WORKFLOW_USAGE_KIND } from "../../src/meter/fold.ts";
import { REPO, runPi } from "../support/pi.ts";
import { PRICES } from "../support/pi-records.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

const SCRIPT = `export default async (wf) =>
	wf.phase("hello", async () => (await wf.agent("Say hello", { check: false, id: "hello" })).text);
`;

describe("a workflow's dollars", () => {
	const cwd = gitRepo({ "README.md": "# Demo\n" });
	writeFileSync(join(cwd, "wf.ts"), SCRIPT);
	const dir = tempDir("pi-delegate-workflow-dollars-");
	const session = join(dir, "parent.jsonl");
	const runsDir = join(dir, "runs");
	const run = runPi(["-e", REPO, "--session", session, "-p", "/workflow wf.ts", "Thanks."], {
		cwd,
		env: { PI_DELEGATE_RUNS_DIR: runsDir },
		prices: PRICES,
		timeoutMs: 120_000,
		turns: ["hello there", "You're welcome."],
	});

	it("are on the run's status line as it runs", () => {
		expect(run.status, run.stderr).toBe(0);
		expect(run.stderr).toMatch(/^workflow {2}◂ hello · \d+\.\d s · \$0\.\d{2,}$/m);
		expect(run.stderr).not.toMatch(/^workflow {2}◂ hello .*· \$0\.00$/m);
	});

	it("reach Pi's footer: the session records the run's dollars as usage", () => {
		const entries = readFileSync(session, "utf8")
			.split("\n")
			.filter((l) => l.startsWith("{"))
			.map((l) => JSON.parse(l) as { type: string; kind?: string; usage?: { cost?: { total?: number } } });
		const usage = entries.filter((e) => e.type === "usage" && e.kind === WORKFLOW_USAGE_KIND);
		expect(usage).toHaveLength(1);
		expect(usage[0]?.usage?.cost?.total).toBeGreaterThan(0);
	});

	it("are not counted twice by the spend view: the parent's own requests hold none of them", () => {
		const sources = collectSpend({ runsDir, sessionFile: session });
		const parent = sources.find((s) => s.kind === "parent");
		expect(parent?.requests.some((r) => r.purpose === "other")).toBe(false);
	});
});
