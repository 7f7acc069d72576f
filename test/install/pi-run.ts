/**
 * A real `pi` with the package installed in its agent dir, as a user starts it: one print-mode
 * run whose scripted model calls `task` once (the child, in-process, submits an envelope that
 * verifies), and the interactive start-up header with its list of extensions.
 */
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { envelope, submitTurn } from "../support/child.ts";
import { SCRIPTED_PROVIDER } from "../support/pi.ts";
import { gitRepo } from "../support/task-fixture.ts";

/** Runs `pi <args>` (the install commands) with the agent dir; throws with Pi's output on failure. */
export function pi(args: string[], agentDir: string, env: Record<string, string> = {}): string {
	const out = spawnSync("pi", args, {
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, ...env, PI_CODING_AGENT_DIR: agentDir },
		timeout: 120_000,
	});
	if (out.status !== 0) throw new Error(`pi ${args.join(" ")} exited ${out.status}:\n${out.stdout}\n${out.stderr}`);
	return `${out.stdout}${out.stderr}`;
}

export interface TaskRun {
	status: number | null;
	stderr: string;
	/** The verdict in the task tool's result, when the tool ran. */
	verdict: string | undefined;
	/** The text the parent model got back from the tool. */
	report: string;
}

/** One `pi -p` run in which the model delegates a read-only task over a fresh repository. */
export function runTask(agentDir: string, env: Record<string, string> = {}): TaskRun {
	const root = gitRepo({ "notes.txt": "the answer is 42\n" });
	const turns = [
		{ tools: [{ name: "task", args: { id: "installed", goal: "g", deliverable: "d", roots: [root] } }] },
		submitTurn(envelope([`${root}/notes.txt:1`])),
		"The task passed.",
	];
	const script = join(agentDir, "task-script.json");
	writeFileSync(script, JSON.stringify({ turns }));
	const args = ["--offline", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1", "--mode", "json"];
	const out = spawnSync("pi", [...args, "-p", "delegate it"], {
		cwd: root,
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, ...env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_SCRIPT: script },
		timeout: 120_000,
	});
	const end = out.stdout
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as { type?: string; toolName?: string; result?: ToolResult })
		.find((event) => event.type === "tool_execution_end" && event.toolName === "task");
	return {
		status: out.status,
		stderr: out.stderr,
		verdict: end?.result?.details?.result?.verdict,
		report: end?.result?.content?.map((c) => c.text ?? "").join("") ?? "",
	};
}

interface ToolResult {
	content?: Array<{ text?: string }>;
	details?: { result?: { verdict?: string } };
}

/** True when util-linux `script` is here to give `pi` a terminal. */
export function hasScript(): boolean {
	return spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Terminal escapes (OSC, CSI, charset and mode switches): the screen's text is what remains. */
const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const ESCAPES = new RegExp(
	`${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)|${ESC}\\[[0-9;?>=]*[ -/]*[@-~]|${ESC}[()][A-Z0-9]|${ESC}[=>78]`,
	"g",
);

/**
 * The labels of Pi's interactive start-up list `[Extensions] a, b`, read from a real terminal
 * (`script` gives `pi` a pseudo-terminal); `pi` is ended with ctrl+d once the list
 * has been drawn.
 */
export function startupExtensions(agentDir: string, env: Record<string, string> = {}): Promise<string[]> {
	const command = ["pi", "--offline", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1"].join(" ");
	const child = spawn("script", ["-q", "-c", command, "/dev/null"], {
		cwd: agentDir,
		stdio: ["pipe", "pipe", "pipe"],
		env: { ...process.env, ...env, PI_CODING_AGENT_DIR: agentDir, TERM: "xterm-256color", COLUMNS: "160" },
	});
	// The terminal may be gone by the time ctrl+d is written: the list was read, nothing is lost.
	child.stdin.on("error", () => {});
	let screen = "";
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error(`no [Extensions] line within 60 s; the terminal showed:\n${screen}`));
		}, 60_000);
		child.stdout.on("data", (chunk: Buffer) => {
			screen += chunk.toString("utf8").replace(ESCAPES, " ");
			const list = /\[Extensions\]\s+(\S.*?)(?:\s{2,}|$)/.exec(screen)?.[1];
			if (list === undefined || !/\[Extensions\][^\n]*\s{2,}/.test(screen)) return;
			clearTimeout(timer);
			child.stdin.write("\x04");
			setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
			resolve(list.split(",").map((label) => label.trim()));
		});
	});
}
