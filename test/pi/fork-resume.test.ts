/**
 * Resuming a fork in a real `pi` with a scripted parent: the parent forks, then forks again with
 * `resume` naming the first fork's run. The second fork's model receives the first fork's whole
 * session — the parent's branch, the first brief and its answer — with the new brief last; it runs
 * under a fork's rules and is linked to the first in both records. A fork run given to `task` is
 * refused with the tool to use.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requestChildren } from "../../src/plan/request.ts";
import type { ForkResult } from "../../src/run/outcome/result.ts";
import { type PiRun, REPO, runPi } from "../support/pi.ts";
import { PRICES, recordedRequests, textFor, toolEnds } from "../support/pi-records.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

const FIRST = "What is in a.txt?";
const SECOND = "And how would you rename it?";

/** The id a fork of `brief` gets, as the tool names it. */
function forkId(brief: string): string {
	const asked = requestChildren("fork", { brief }, { cwd: "/", repoRoot: () => "/", deliverableOf: () => undefined });
	if (!asked.ok || asked.children[0]?.kind !== "fork") throw new Error("no fork id");
	return asked.children[0].id;
}

let runsDir: string;
let requestsFile: string;
let run: PiRun;

beforeAll(() => {
	const cwd = gitRepo({ "a.txt": "one\n" });
	const dir = tempDir("pi-delegate-fork-resume-");
	runsDir = join(dir, "runs");
	requestsFile = join(dir, "requests.jsonl");
	run = runPi(["-e", REPO, "--mode", "json", "--session", join(dir, "parent.jsonl"), "-p", "Look into a.txt."], {
		cwd,
		env: { PI_DELEGATE_RUNS_DIR: runsDir, PI_DELEGATE_REQUESTS: requestsFile },
		prices: PRICES,
		timeoutMs: 150_000,
		turns: [
			{ tools: [{ name: "fork", args: { brief: FIRST } }] },
			"FIRST-FORK-ANSWER: it says one.",
			{ tools: [{ name: "fork", args: { brief: SECOND, resume: forkId(FIRST) } }] },
			"SECOND-FORK-ANSWER: call it ones.txt.",
			{ tools: [{ name: "task", args: { goal: "Rename it.", resume: forkId(FIRST) } }] },
			"Done.",
		],
	});
}, 180_000);

describe("fork with resume", () => {
	it("continues the first fork's session with the new brief last, and passes under a fork's rules", () => {
		const forks = toolEnds(run.events, "fork");
		expect(forks, run.stderr).toHaveLength(2);
		expect(textFor(forks[1])).toContain("SECOND-FORK-ANSWER");
		const asked = recordedRequests(requestsFile);
		const second = asked.find((r) => r.messages.at(-1)?.text.includes(SECOND));
		const texts = (second?.messages ?? []).map((m) => m.text);
		const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
		expect(at("Look into a.txt.")).toBeGreaterThanOrEqual(0);
		expect(at(FIRST)).toBeGreaterThan(at("Look into a.txt."));
		expect(at("FIRST-FORK-ANSWER")).toBeGreaterThan(at(FIRST));
		expect(at(SECOND)).toBe(texts.length - 1);
	});

	it("links both records: the new one resumes the first, the first gains a resumed_by line", () => {
		// In the order they ran: two runs started in one second sort by their ids, not by their start.
		const started = (dir: string) =>
			(JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as ForkResult).startedAt;
		const dirs = readdirSync(runsDir)
			.map((name) => join(runsDir, name))
			.filter((dir) => existsSync(join(dir, "result.json")))
			.sort((a, b) => String(started(a)).localeCompare(String(started(b))));
		const results = dirs.map((dir) => JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as ForkResult);
		expect(results.map((r) => [r.kind, r.verdict])).toEqual([
			["fork", "PASS"],
			["fork", "PASS"],
		]);
		const [first, second] = dirs as [string, string];
		expect(results[1]?.resumes).toMatchObject({ run: first.split("/").pop(), kind: "fork" });
		const links = readFileSync(join(first, "links.ndjson"), "utf8").trim().split("\n");
		expect(links.map((l) => JSON.parse(l).resumed_by)).toEqual([second.split("/").pop()]);
	});

	it("refuses a fork's run given to task, naming the tool that resumes it", () => {
		const [task] = toolEnds(run.events, "task");
		expect(task?.isError).toBe(true);
		expect(textFor(task)).toContain("✗ resume: is a fork's run, and this call starts a task");
		expect(textFor(task)).toContain("resume it with fork");
	});
});
