/** `npm run emulator` as a person runs it: prints its URL, answers, summarises on exit. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../../bench/support/pi-process.ts";
import { tempDir } from "../support/temp.ts";

const MAIN = join(REPO, "bench/emulator/main.ts");

function launch(args: string[]) {
	const child = spawn(process.execPath, [MAIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (d: Buffer) => {
		stdout += d.toString();
	});
	child.stderr.on("data", (d: Buffer) => {
		stderr += d.toString();
	});
	const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
	const firstLine = async (): Promise<string> => {
		while (!stdout.includes("\n")) await new Promise((r) => setTimeout(r, 20));
		return stdout.split("\n")[0]!;
	};
	return { child, exited, firstLine, out: () => stdout, err: () => stderr };
}

describe("npm run emulator", () => {
	const dir = tempDir("emulator-main-");

	it("prints its URL, writes an agent dir, reports each request and prints totals on SIGTERM", async () => {
		const script = join(dir, "script.json");
		writeFileSync(script, JSON.stringify({ default: ["hi from the script"] }));
		const agentDir = join(dir, "agent");
		const run = launch(["--script", script, "--agent-dir", agentDir]);
		const url = await run.firstLine();
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const res = await fetch(`${url}/v1/messages`, {
			method: "POST",
			headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
			body: JSON.stringify({ model: "claude-haiku-4-5", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }),
		});
		expect(((await res.json()) as { content: unknown }).content).toEqual([
			{ type: "text", text: "hi from the script" },
		]);
		expect(JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8")).providers.emulator.baseUrl).toBe(url);
		run.child.kill("SIGTERM");
		expect(await run.exited).toBe(0);
		expect(run.err()).toMatch(/#1 c1\(default\) turn 0: in \d+ read 0 write 0 out \d+ \$0\.\d+ ok/);
		expect(run.out()).toContain("hit ratio");
	});

	it("refuses a bad script with exit code 2 and every problem listed", async () => {
		const script = join(dir, "bad.json");
		writeFileSync(script, JSON.stringify({ conversations: [{ turns: [{ txt: 1 }] }], default: 3 }));
		const run = launch(["--script", script]);
		expect(await run.exited).toBe(2);
		expect(run.err()).toContain("conversations[0].turns[0]");
		expect(run.err()).toContain("default");
	});

	it("stops when the process that started it is killed (npm run emulator, then kill -9 npm)", async () => {
		const shell = spawn("sh", ["-c", `"${process.execPath}" "${MAIN}" & echo $!; wait`], {
			stdio: ["ignore", "pipe", "ignore"],
		});
		let out = "";
		shell.stdout.on("data", (d: Buffer) => {
			out += d.toString();
		});
		while (!/^\d+\n/.test(out)) await new Promise((r) => setTimeout(r, 20));
		const pid = Number(out.split("\n")[0]);
		while (!out.includes("http://")) await new Promise((r) => setTimeout(r, 20));
		shell.kill("SIGKILL");
		const alive = () => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
		const deadline = Date.now() + 20_000;
		while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
		expect(alive()).toBe(false);
	});
});
