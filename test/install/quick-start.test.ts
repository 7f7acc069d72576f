/**
 * The README's first block, run verbatim, top to bottom, as a newcomer runs it: in a fresh clone
 * (of this checkout's committed HEAD), in a shell whose PATH has the machine's own Node first (20
 * here, older than Pi needs) and only npm besides, with a home of its own. Every line must do what
 * its comment says: `npm ci` brings the clone's Node 22, `npx` runs the clone's commands on it,
 * doctor prints its table (its only failure on a fresh home is that no model is chosen), selftest
 * passes through real `pi` children, and the clone's own Pi installs the package into the new home.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/task-fixture.ts";
import { oldNode } from "./old-node.ts";

/** The README's first fenced bash block, as lines. */
function quickStart(): string[] {
	const readme = readFileSync(join(REPO, "README.md"), "utf8");
	const block = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
	return block.split("\n").filter((line) => line.trim() !== "");
}

/** The block as one bash script that prints each line's exit status after it (and never stops early). */
function script(lines: readonly string[]): string {
	return lines.map((line, i) => `${line}\necho "::status ${i} $?"`).join("\n");
}

const TRACE = /^\s+at /m;

describe.runIf(oldNode())("the README's quick start", () => {
	it("runs verbatim in a fresh clone with only the system's Node and npm on PATH", () => {
		const lines = quickStart();
		expect(lines[0]).toMatch(/^git clone REPO pi-delegate && cd pi-delegate && npm ci/);
		const root = tempDir("pi-delegate-quick-start-");
		const home = join(root, "home");
		const systemNode = dirname(oldNode()?.path ?? "/usr/bin/node");
		const text = script(lines).replaceAll("REPO", JSON.stringify(REPO));
		const out = spawnSync("bash", ["-c", `mkdir -p "$HOME" && ${text}`], {
			cwd: root,
			encoding: "utf8",
			env: {
				PATH: [systemNode, "/usr/bin", "/bin"].join(":"),
				HOME: home,
				npm_config_cache: join(process.env.HOME ?? home, ".npm"),
				LANG: "C.UTF-8",
			},
			timeout: 600_000,
		});
		// A clone with its node_modules is large: `rm` removes it faster than the suite's cleanup hook.
		spawnSync("rm", ["-rf", join(root, "pi-delegate")]);
		const all = `${out.stdout}\n${out.stderr}`;
		const status = (i: number) => new RegExp(`::status ${i} (\\d+)`).exec(out.stdout)?.[1];
		expect(status(0), all).toBe("0");
		// Doctor: its table, and on a home that never logged in only the model check fails.
		const doctor = lines.findIndex((l) => l.includes("pi-delegate doctor"));
		expect(["0", "1"], all).toContain(status(doctor));
		expect(out.stdout).toMatch(/checks: \d+ ok/);
		expect(out.stdout).not.toMatch(/✗ {2}(?!efforts)/);
		const selftest = lines.findIndex((l) => l.includes("selftest"));
		expect(status(selftest), all).toBe("0");
		expect(out.stdout).toContain("2 of 2 cases came out as expected");
		const install = lines.findIndex((l) => l.includes("pi install"));
		expect(status(install), all).toBe("0");
		expect(all).not.toMatch(/command not found|enableCompileCache/);
		// npm on the system's Node warns of the engines on every command; the clone's .npmrc quiets it.
		expect(all).not.toContain("EBADENGINE");
		expect(all).not.toMatch(TRACE);
		const settings = JSON.parse(readFileSync(join(home, ".pi", "agent", "settings.json"), "utf8")) as {
			packages?: string[];
		};
		expect(settings.packages?.length).toBe(1);
	}, 900_000);
});
