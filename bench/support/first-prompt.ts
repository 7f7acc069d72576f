/**
 * The first prompt of an interactive Pi, timed as a user sees it: Pi runs in a real terminal
 * (util-linux `script` gives it a pseudo-terminal, 80×30), the prompt is typed once Pi has drawn its
 * editor and gone quiet, and Enter is pressed; the figures are the time from Enter to the prompt's
 * echo in the transcript (Pi draws it when the run starts, after every `before_agent_start` handler),
 * to the model's request (the scripted provider's request file is written then) and to the reply.
 *
 * A cold run has a fresh TMPDIR: jiti's transform cache and Node's compile cache both live there
 * (Pi's loader finds no node_modules beside its own file; `enableCompileCache()` uses the temporary
 * directory), so each start compiles as on a fresh machine or after an update.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCRIPTED_PROVIDER } from "../../test/support/pi.ts";
import { PATH_ENV } from "./probes.ts";

const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
const ESCAPES = new RegExp(
	`${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)|${ESC}\\[[0-9;?>=]*[ -/]*[@-~]|${ESC}[()][A-Z0-9]|${ESC}[=>78]`,
	"g",
);
const screenText = (raw: string) => raw.replace(ESCAPES, "");

/** What the prompt and the scripted reply say: words found nowhere else on Pi's screen. */
const PROMPT = "zebra quartz";
const REPLY = "walrus nimbus";

export interface FirstPrompt {
	/** Ms from spawn until Pi's editor was drawn and the screen stayed still (then the prompt is typed). */
	ready_ms: number;
	/** Ms from typing the prompt to its echo in the editor (Enter is pressed once it is there). */
	typed_ms: number;
	/** Ms from Enter to the prompt's echo in the transcript. */
	echo_ms: number;
	/** Ms from Enter to the model's request. */
	request_ms: number;
	/** Ms from Enter to the reply on screen. */
	reply_ms: number;
}

export interface FirstPromptOptions {
	/** Pi's agent dir (what is installed in it is what is measured). */
	agentDir: string;
	/** The working directory, a project of its own. */
	cwd: string;
	/** A fresh directory for TMPDIR: cold caches. Reuse one for warm runs. */
	tmp: string;
	/** How long the screen must stay still before the prompt is typed. */
	quietMs?: number;
	timeoutMs?: number;
}

const wall = () => performance.timeOrigin + performance.now();

/** One interactive start and first prompt. Throws when Pi does not answer within the timeout. */
// Kept whole: one terminal session, its phases in order, each waiting on what the screen shows.
export function firstPrompt(options: FirstPromptOptions): Promise<FirstPrompt> {
	const { agentDir, cwd, tmp } = options;
	const quietMs = options.quietMs ?? 1000;
	mkdirSync(tmp, { recursive: true });
	const script = join(tmp, "..", `${tmp.split("/").pop()}-script.json`);
	const requests = join(tmp, "..", `${tmp.split("/").pop()}-requests.jsonl`);
	writeFileSync(script, JSON.stringify({ turns: [{ text: REPLY }] }));
	const pi = ["pi", "--offline", "--no-session", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1"].join(" ");
	const started = wall();
	const child = spawn("script", ["-qfec", `stty cols 80 rows 30; exec ${pi}`, "/dev/null"], {
		cwd,
		stdio: ["pipe", "pipe", "pipe"],
		detached: true,
		env: {
			...process.env,
			...PATH_ENV,
			TERM: "xterm-256color",
			TMPDIR: tmp,
			PI_CODING_AGENT_DIR: agentDir,
			PI_DELEGATE_SCRIPT: script,
			PI_DELEGATE_REQUESTS: requests,
		},
	});
	child.stdin.on("error", () => {});
	let before = "";
	let after = "";
	let enterAt = 0;
	let lastOutput = wall();
	let readyAt = 0;
	let typedAt = 0;
	let typingFrom = 0;
	const marks: { echo?: number; reply?: number } = {};
	return new Promise((resolve, reject) => {
		const end = (error?: Error) => {
			clearInterval(poll);
			clearTimeout(timer);
			try {
				process.kill(-(child.pid ?? 0), "SIGKILL");
			} catch {
				// Already gone.
			}
			if (error) return reject(error);
			const request = existsSync(requests) ? statSync(requests).mtimeMs : Number.NaN;
			resolve({
				ready_ms: readyAt - started,
				typed_ms: typedAt - readyAt,
				echo_ms: (marks.echo ?? Number.NaN) - enterAt,
				request_ms: request - enterAt,
				reply_ms: (marks.reply ?? Number.NaN) - enterAt,
			});
		};
		const timer = setTimeout(
			() => end(new Error(`no reply within the timeout; the screen showed:\n${screenText(before + after)}`)),
			options.timeoutMs ?? 120_000,
		);
		child.stdout.on("data", (chunk: Buffer) => {
			const now = wall();
			lastOutput = now;
			if (enterAt === 0) {
				before += chunk.toString("utf8");
				// Enter once the prompt shows in the editor, as a person presses it on seeing what they typed.
				if (readyAt === 0 || typedAt !== 0 || !screenText(before.slice(typingFrom)).includes(PROMPT)) return;
				typedAt = now;
				setTimeout(() => {
					enterAt = wall();
					child.stdin.write("\r");
				}, 100);
				return;
			}
			after += chunk.toString("utf8");
			const text = screenText(after);
			if (marks.echo === undefined && text.includes(PROMPT)) marks.echo = now;
			if (marks.reply === undefined && text.includes(REPLY)) {
				marks.reply = now;
				end();
			}
		});
		child.on("exit", () => {
			if (marks.reply === undefined) end(new Error(`pi ended early; the screen showed:\n${screenText(before)}`));
		});
		// Typed once the editor's border and the footer are drawn and nothing has moved for quietMs.
		const poll = setInterval(() => {
			if (readyAt !== 0 || enterAt !== 0) return;
			if (!screenText(before).includes("scripted-1") || wall() - lastOutput < quietMs) return;
			readyAt = wall();
			typingFrom = before.length;
			child.stdin.write(PROMPT);
		}, 20);
	});
}
