/**
 * Tests leave nothing in the machine's temporary directory: every test file's directories go when
 * it ends (temp.ts), whatever else is made goes into the run's own directory (global-tmp.ts), and
 * what is still there when the run ends fails the run.
 */
import { readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { leftovers, unremoved } from "./support/global-tmp.ts";
import { helperEnv, REGISTER, tempDir } from "./support/temp.ts";
import { tsFiles } from "./support/ts-files.ts";

const TEST = resolve(import.meta.dirname);

const files = (dir: string) => tsFiles(dir, (folder) => folder === "fixtures");

describe("temporary directories of the tests", () => {
	it("made apart from tempDir land in the run's own directory, not loose in the machine's", () => {
		expect(basename(tmpdir())).toMatch(/^pi-delegate-tests-/);
		expect(dirname(tmpdir())).toBe(process.env.PI_DELEGATE_TESTS_TMP);
		// tempDir's stay beside it, as short as the machine's (output at 80 columns names them).
		expect(dirname(tempDir())).toBe(realpathSync(process.env.PI_DELEGATE_TESTS_TMP ?? ""));
	});

	it("are made through tempDir only, which removes them", () => {
		const own = new Set(["support/temp.ts", "support/global-tmp.ts", "temp-dirs.test.ts"]);
		const direct = files(TEST)
			.map((file) => relative(TEST, file))
			.filter((file) => !own.has(file) && /\bmkdtemp(Sync)?\(/.test(readFileSync(join(TEST, file), "utf8")));
		expect(direct).toEqual([]);
	});

	it("are registered, so one its process never removed is found when the run ends", () => {
		const run = tempDir("pi-delegate-register-");
		const [kept, gone] = [tempDir(), tempDir()];
		rmSync(gone, { recursive: true });
		writeFileSync(join(run, REGISTER), `${kept}\n${gone}\n${kept}\n`);
		expect(unremoved(run)).toEqual([kept]);
		expect(readFileSync(join(tmpdir(), REGISTER), "utf8")).toContain(`${kept}\n`);
	});

	it("of a helper process a test may kill are made in a directory of the test's own", () => {
		const env = helperEnv();
		expect(env.TMPDIR).toBe(env.PI_DELEGATE_TESTS_TMP);
		expect(dirname(env.TMPDIR ?? "")).toBe(realpathSync(process.env.PI_DELEGATE_TESTS_TMP ?? ""));
	});

	it("count as left behind unless they are a cache kept on purpose", () => {
		const names = [
			"jiti",
			"node-compile-cache",
			"pi-delegate-sandbox-cache-0",
			"pi-delegate-pack-0123abcd",
			".pi-delegate-temp-dirs",
		];
		expect(leftovers(names)).toEqual([]);
		expect(leftovers([...names, "pi-delegate-agent-x1", "jiti-2", "pi-delegate-pack-x"])).toEqual([
			"jiti-2",
			"pi-delegate-agent-x1",
			"pi-delegate-pack-x",
		]);
	});
});
