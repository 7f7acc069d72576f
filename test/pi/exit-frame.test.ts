/**
 * The screen a quitting Pi leaves behind, in a real terminal (tmux, 80×30): a background child is
 * running, listed in the widget and the footer, when the person quits — by `/quit`, Ctrl+D or
 * Ctrl+C twice. Pi stops the terminal before extensions hear that the session ends, so what was on
 * screen at the key press stays; the last frame must not say a child is running (the quit stops
 * it), and below it pi-delegate says which child it stopped and where its record is.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, SCRIPTED_PROVIDER } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

const HAS_TMUX = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;

/** The parent starts one child (in the background, or not); the child's only turn takes two minutes. */
const script = (background: boolean) => ({
	turns: [
		{
			tools: [
				{
					name: "task",
					args: { goal: "count the lines of notes.txt slowly", deliverable: "the line count", background },
				},
			],
		},
		{ text: "started it" },
	],
	branches: [{ when: "count the lines", turns: [{ delayMs: 120_000, text: "still counting" }] }],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One Pi in its own tmux server (its own socket), driven by keys and read by screen captures. */
function terminal(name: string, background = true) {
	const root = tempDir("pi-delegate-exit-frame-");
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir);
	mkdirSync(cwd);
	writeFileSync(join(cwd, "notes.txt"), "one\ntwo\n");
	spawnSync("git", ["init", "-q"], { cwd });
	writeFileSync(join(root, "script.json"), JSON.stringify(script(background)));
	const start = join(root, "start.sh");
	writeFileSync(
		start,
		[
			"#!/bin/sh",
			`cd '${cwd}'`,
			`export PATH='${join(REPO, "node_modules/.bin")}':"$PATH" TERM=xterm-256color`,
			`export PI_CODING_AGENT_DIR='${agentDir}' PI_DELEGATE_SCRIPT='${join(root, "script.json")}'`,
			`exec pi --offline -e '${SCRIPTED_PROVIDER}' -e '${REPO}' --model scripted/scripted-1`,
		].join("\n"),
	);
	chmodSync(start, 0o755);
	const conf = join(root, "tmux.conf");
	writeFileSync(conf, "set -g remain-on-exit on\nset -g history-limit 0\n");
	const socket = `pi-delegate-${name}-${process.pid}`;
	const tmux = (...args: string[]) => spawnSync("tmux", ["-L", socket, "-f", conf, ...args], { encoding: "utf8" });
	tmux("new-session", "-d", "-x", "80", "-y", "30", "-s", "t", start);
	const screen = () => tmux("capture-pane", "-p", "-t", "t").stdout;
	/** Waits below the test's own timeout, so a screen that never comes is shown, not a bare timeout. */
	const until = async (what: string, ok: (text: string) => boolean, ms = 40_000) => {
		const end = Date.now() + ms;
		while (Date.now() < end) {
			if (ok(screen())) return;
			await sleep(250);
		}
		throw new Error(`${name}: the screen never showed ${what}; it showed:\n${screen()}`);
	};
	const dead = () => tmux("display-message", "-p", "-t", "t", "#{pane_dead}").stdout.trim() === "1";
	return {
		keys: (...keys: string[]) => tmux("send-keys", "-t", "t", ...keys),
		screen,
		until,
		untilDead: () => until("Pi's exit", () => dead()),
		close: () => tmux("kill-server"),
	};
}

type Terminal = ReturnType<typeof terminal>;

describe.skipIf(!HAS_TMUX).concurrent("the last screen of a Pi that quits with a background child running", () => {
	/**
	 * `/quit` waits for the command menu to narrow to it before Enter: Pi's menu fills in after the
	 * keys, and an Enter that comes first picks the menu's first entry for "/" (settings) instead.
	 */
	const typeQuit = async (pi: Terminal) => {
		pi.keys("/quit");
		await pi.until("the command menu at quit", (text) => /^→ quit\b/m.test(text));
		pi.keys("Enter");
	};
	it.each([
		["/quit", typeQuit],
		["Ctrl+D", async (pi: Terminal) => pi.keys("C-d")],
		["Ctrl+C twice", async (pi: Terminal) => pi.keys("C-c", "C-c")],
	])(
		"%s: no line says a child runs, and pi-delegate says what it stopped",
		{ timeout: 150_000 },
		async (name, quit) => {
			const pi = terminal(name.replace(/\W+/g, "-"));
			try {
				await pi.until("the editor", (text) => text.includes("scripted-1"));
				pi.keys("go", "Enter");
				await pi.until("the child running", (text) => /background: 1 child running/.test(text));
				expect(pi.screen()).toMatch(/running +count the lines/);
				await quit(pi);
				await pi.untilDead();
				const last = pi.screen();
				expect(last, last).not.toMatch(/running/);
				expect(last).not.toContain("/children: stop one");
				expect(last).toContain("started it");
				expect(last).toContain("pi-delegate stopped 1 background child as Pi quit");
				expect(last).toMatch(/^ {2}count-lines-notes-txt-slowly#1$/m);
				expect(last).toMatch(/^ {4}\/.*\/runs\//m);
				expect(last).toContain("To resume this session");
			} finally {
				pi.close();
			}
		},
	);

	it("Ctrl+D while a task call waits for its child: the row says it is stopping, the footer says nothing", {
		timeout: 150_000,
	}, async () => {
		const pi = terminal("foreground", false);
		try {
			await pi.until("the editor", (text) => text.includes("scripted-1"));
			pi.keys("go", "Enter");
			await pi.until("the child running", (text) => /delegate: 1 child running/.test(text));
			pi.keys("C-d");
			await pi.untilDead();
			const last = pi.screen();
			expect(last, last).not.toMatch(/running/);
			expect(last).toMatch(/count-lines-notes-txt-slowly · stopping · Pi quits · \d+\.\d s/);
			expect(last).toContain("To resume this session");
		} finally {
			pi.close();
		}
	});
});
