/**
 * `npm run demo`: every output block of the README has its line under it, naming the block; the
 * list names every block it can run; a name runs that block's command for real in a scene of its
 * own (here `selftest`, which needs no child) with the output the README shows; a name that is no
 * block is refused with exit 2 and the closest name.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLOCKS } from "../../scripts/readme/blocks.ts";
import { REPO } from "../support/pi.ts";

const runnable = BLOCKS.filter((b) => b.kind === "output" || b.kind === "doctor").map((b) => b.name);

function demo(args: string[]) {
	return spawnSync(process.execPath, [join(REPO, "scripts/demo.ts"), ...args], {
		cwd: REPO,
		encoding: "utf8",
		timeout: 240_000,
	});
}

describe("npm run demo", () => {
	it("is named under every output block of the README, with that block's name", () => {
		const readme = readFileSync(join(REPO, "README.md"), "utf8");
		for (const name of BLOCKS.filter((b) => !b.doc && runnable.includes(b.name)).map((b) => b.name)) {
			expect(readme, name).toContain(`<!-- block: ${name} -->`);
			const after = readme.slice(readme.indexOf(`<!-- block: ${name} -->`));
			const end = after.indexOf("<!-- /block -->\n") + "<!-- /block -->\n".length;
			expect(after.slice(end).split("\n")[0], name).toBe(
				`<sub>\`npm run demo -- ${name}\` runs it on your machine</sub>`,
			);
		}
	});

	it("lists every block it can run, each line within 80 columns", () => {
		const out = demo([]);
		expect(out.status).toBe(0);
		for (const name of runnable)
			expect(out.stdout).toMatch(new RegExp(`^ {2}${name} +pi-delegate|^ {2}${name} +\\w+=`, "m"));
		for (const line of out.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
	});

	it("runs one block's command for real, with the output the README shows", () => {
		const out = demo(["selftest"]);
		expect(out.status, out.stderr).toBe(0);
		expect(out.stderr).toContain("$ pi-delegate selftest\n");
		expect(out.stdout).toMatch(/^\d+ of \d+ cases discriminate\.$/m);
	}, 300_000);

	it("refuses a name that is no block, with the closest one", () => {
		const out = demo(["run-fial"]);
		expect(out.status).toBe(2);
		expect(out.stderr).toBe('demo: no README block "run-fial" (did you mean "run-fail"?); npm run demo lists them\n');
	});
});
