/**
 * What Pi's loader transforms for pi-delegate up to its first prompt's answer, counted from the
 * loader's own report (JITI_DEBUG) in a start with cold caches (a fresh TMPDIR, where Pi's loader
 * keeps its transforms): the bundle is imported natively, chunk by chunk, and only index.ts and the
 * few small modules left in src/ are transformed. Pi's loader transforms with Babel, synchronously,
 * on the thread that draws Pi's screen: when it transformed the first prompt's chunks (some 400 KB),
 * a cold first prompt froze Pi for seconds before it was echoed. bench/first-prompt.bench.ts times it.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, runPi } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The files of this package Pi's loader reports: those it transformed, and those it imported natively. */
function loaderReport(output: string): { transformed: string[]; native: string[] } {
	const lines = output.replace(ESCAPES, "").split("\n");
	const files = (kind: RegExp) =>
		lines
			.map((line) => (kind.test(line) ? /\s(\/\S+)/.exec(line.replace(kind, ""))?.[1] : undefined))
			.filter((file): file is string => file?.startsWith(`${REPO}/`) === true)
			.map((file) => relative(REPO, file));
	return { transformed: files(/\[transpile\]/), native: files(/\[native\]/) };
}

describe("the first prompt, cold", () => {
	it("has Pi's loader transform only index.ts and a few small sources: every chunk of the bundle loads natively", () => {
		const run = runPi(["-e", REPO, "--no-session", "-p", "hello"], {
			turns: ["hello back"],
			env: { JITI_DEBUG: "1", TMPDIR: tempDir("pi-delegate-cold-") },
		});
		expect(run.status, run.stderr.slice(-2000)).toBe(0);
		const { transformed, native } = loaderReport(`${run.stdout}\n${run.stderr}`);
		// A clone whose sources are as the build found them loads the bundle (index.ts).
		expect(native.some((file) => /^dist\/extension\/extension-[\w-]+\.mjs$/.test(file))).toBe(true);
		// The prompt's hooks did load chunks (the settings reader, the roster), each natively.
		expect(native.filter((file) => file.startsWith("dist/extension/")).length).toBeGreaterThan(5);
		const ours = transformed.filter((file) => file !== "src/selftest/scripted-provider.ts");
		expect(ours).toContain("index.ts");
		expect(ours.filter((file) => file.startsWith("dist/"))).toEqual([]);
		const bytes = ours.reduce((sum, file) => sum + statSync(join(REPO, file)).size, 0);
		expect(bytes, ours.join(", ")).toBeLessThan(16 * 1024);
	});

	it("would notice a chunk Pi's loader transforms (control: the loader's report names it)", () => {
		const chunk = readdirSync(join(REPO, "dist/extension")).find((f) => f.startsWith("start-"));
		const line = `[jiti] [transpile] [esm] ${join(REPO, "dist/extension", chunk ?? "")} (812.3ms)`;
		expect(loaderReport(`\u001b[90m${line}\u001b[39m`).transformed).toEqual([`dist/extension/${chunk}`]);
	});
});
