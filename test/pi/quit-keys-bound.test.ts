/**
 * The quit watcher with Pi's key parser loaded: the user's keybindings.json decides which keys
 * quit (a remapped exit key quits, Ctrl+D then does not), and a key sent in the Kitty keyboard
 * protocol's form is read as the key it is. Its own file: the parser and the bindings load once
 * per process, from the agent dir of the moment.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchQuitKeys } from "../../src/pi/quit-watch.ts";
import { unveil, veiled } from "../../src/pi/screen-marks.ts";
import { tempDir } from "../support/temp.ts";
import { tuiContext } from "../support/tui-context.ts";

const CTRL_Q = "\x11";
const KITTY_CTRL_D = "\x1b[100;5u";

describe("quit keys from the user's keybindings.json", () => {
	const before = process.env.PI_CODING_AGENT_DIR;
	beforeAll(() => {
		const agentDir = tempDir("pi-delegate-keys-");
		writeFileSync(join(agentDir, "keybindings.json"), JSON.stringify({ "app.exit": ["ctrl+q"], clear: "ctrl+g" }));
		process.env.PI_CODING_AGENT_DIR = agentDir;
	});
	afterAll(() => {
		if (before === undefined) delete process.env.PI_CODING_AGENT_DIR;
		else process.env.PI_CODING_AGENT_DIR = before;
	});

	it("a remapped exit key quits once the bindings are read; Ctrl+D in either form does not", async () => {
		const { ctx, box } = tuiContext(new Map());
		const stop = watchQuitKeys(ctx);
		// The first press starts loading the parser and the bindings; press until they are in.
		const until = Date.now() + 30_000;
		while (!veiled() && Date.now() < until) {
			box.listener?.(CTRL_Q);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(veiled(), "ctrl+q, bound to app.exit, never quit").toBe(true);
		unveil();
		box.listener?.("\x04");
		box.listener?.(KITTY_CTRL_D);
		expect(veiled()).toBe(false);
		// The older name `clear` binds ctrl+g: twice quits.
		box.listener?.("\x07");
		box.listener?.("\x07");
		expect(veiled()).toBe(true);
		unveil();
		stop();
	});

	it("Enter in the Kitty protocol's form on /quit quits", () => {
		const { ctx, box } = tuiContext(new Map());
		const stop = watchQuitKeys(ctx);
		box.text = "/quit";
		box.listener?.("\x1b[13u");
		expect(veiled()).toBe(true);
		unveil();
		stop();
	});
});
