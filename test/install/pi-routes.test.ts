/**
 * Every documented way to install the package into Pi, end to end: `pi install` from the source the
 * README names, then a real `pi` run (temporary agent dir, scripted model) whose one `task` call
 * PASSes, and the start-up list naming the package "pi-delegate". No build step runs on the first two
 * routes; the tarball is built by `npm pack` (its prepack script), as a published package is.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { tempDir } from "../support/task-fixture.ts";
import { copyPackage, gitSource, NPM_ENV, packTarball, tarballFiles } from "./package.ts";
import { hasScript, pi, runTask, startupExtensions } from "./pi-run.ts";

function agentDir(): string {
	return join(tempDir("pi-delegate-route-"), "agent");
}

function settingsPackages(agent: string): unknown {
	return (JSON.parse(readFileSync(join(agent, "settings.json"), "utf8")) as { packages?: unknown }).packages;
}

function expectPass(agent: string, env: Record<string, string> = {}): void {
	const run = runTask(agent, env);
	expect(run.stderr).not.toMatch(/Failed to load extension|Tool task not found/);
	expect(run.verdict, run.stderr).toBe("PASS");
	expect(run.report).toMatch(/^PASS\s+task installed/);
	expect(run.status).toBe(0);
}

describe("pi install <path of a clone>", () => {
	const parent = tempDir("pi-delegate-clone-");
	const clone = copyPackage(parent, { nodeModules: true });
	const agent = join(parent, "agent");

	it("loads the package in place, with no build, and a task PASSes", () => {
		expect(existsSync(join(clone, "dist"))).toBe(false);
		pi(["install", clone], agent);
		expect(settingsPackages(agent)).toEqual(["../pi-delegate"]);
		expectPass(agent);
	});

	it.runIf(hasScript())("is listed as pi-delegate at start-up", async () => {
		const labels = await startupExtensions(agent);
		expect(labels).toContain("pi-delegate");
		expect(labels.join(" ")).not.toMatch(/extension\.(js|ts)|index\.ts/);
	});

	it("gives a working pi-delegate command that runs the sources", () => {
		const bin = join(clone, "bin/pi-delegate.cjs");
		const version = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
		expect(version.stdout.trim()).toBe(pkg.version);
		const schema = spawnSync(process.execPath, [bin, "schema"], { encoding: "utf8" });
		expect(schema.status).toBe(0);
		expect(JSON.parse(schema.stdout)).toMatchObject({ title: "pi-delegate task spec" });
	});
});

/**
 * A clone after `npm ci`: its `prepare` script (run here by hand, which makes the extension's
 * bundle only; `npm ci` runs the whole build) bundled the extension, and Pi loads that bundle while
 * every source it was made from is unchanged, the sources once one is edited. Which one ran is told
 * by a line each writes to a file when Pi loads it, added to the copy only.
 */
describe("pi install <path of a clone> after npm ci", () => {
	const parent = tempDir("pi-delegate-bundled-clone-");
	const clone = copyPackage(parent, { nodeModules: true });
	const agent = join(parent, "agent");
	const mark = join(parent, "loaded");
	const markLine = (what: string) =>
		`import { writeFileSync as markLoaded } from "node:fs";\nmarkLoaded(process.env.PI_DELEGATE_TEST_MARK ?? "/dev/null", "${what}");\n`;
	const loaded = () => {
		rmSync(mark, { force: true });
		expectPass(agent, { PI_DELEGATE_TEST_MARK: mark });
		return existsSync(mark) ? readFileSync(mark, "utf8") : "nothing marked";
	};

	it("loads the bundle prepare made while the sources are as it found them", () => {
		const prepare = spawnSync(process.execPath, [join(clone, "scripts/prepare.cjs")], { cwd: clone, encoding: "utf8" });
		expect(prepare.stderr).toBe("");
		const bundle = join(clone, "dist/extension");
		const { entry } = JSON.parse(readFileSync(join(bundle, "entry.json"), "utf8")) as { entry: string };
		writeFileSync(join(bundle, entry), markLine("bundle") + readFileSync(join(bundle, entry), "utf8"));
		pi(["install", clone], agent);
		expect(loaded()).toBe("bundle");
	}, 180_000);

	it("loads the sources once one of them changed", () => {
		const source = join(clone, "src/pi/extension.ts");
		writeFileSync(source, markLine("sources") + readFileSync(source, "utf8"));
		expect(loaded()).toBe("sources");
	}, 180_000);
});

describe("pi install git:…", () => {
	const { source, env } = gitSource();
	const agent = agentDir();

	it("clones, installs only the runtime dependencies, and a task PASSes", () => {
		pi(["install", source], agent, { ...env, ...NPM_ENV });
		const checkout = join(agent, "git", source.slice("git:".length));
		// What Pi's `npm install --omit=dev --legacy-peer-deps` leaves: no compiler, no copy of Pi, no build.
		expect(existsSync(join(checkout, "node_modules/yaml"))).toBe(true);
		expect(existsSync(join(checkout, "node_modules/typescript"))).toBe(false);
		expect(existsSync(join(checkout, "node_modules/@earendil-works"))).toBe(false);
		expect(existsSync(join(checkout, "dist"))).toBe(false);
		expectPass(agent, env);
	});

	it.runIf(hasScript())("is listed under its repository name at start-up", async () => {
		const labels = await startupExtensions(agent, env);
		expect(labels).toContain("owner/pi-delegate");
		expect(labels.join(" ")).not.toMatch(/extension\.(js|ts)|index\.ts/);
	});

	it("has a command that starts, and says in one line what a command needing Pi's packages lacks", () => {
		const bin = join(agent, "git", source.slice("git:".length), "bin/pi-delegate.cjs");
		expect(spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" }).stdout.trim()).toBe(pkg.version);
		expect(spawnSync(process.execPath, [bin, "help"], { encoding: "utf8" }).status).toBe(0);
		// `schema` prints plain data now; `modes` reads the settings, which typebox checks.
		const modes = spawnSync(process.execPath, [bin, "modes"], { encoding: "utf8" });
		expect(modes.status).toBe(2);
		expect(modes.stderr.trim().split("\n")).toHaveLength(1);
		expect(modes.stderr).toContain("needs typebox, which comes with Pi");
	});
});

describe("pi install npm:pi-delegate@file:<tarball>", () => {
	const agent = agentDir();
	let tarball = "";

	it("packs the sources and the build, and nothing of the tests or the tooling", () => {
		tarball = packTarball();
		const files = tarballFiles(tarball);
		for (const file of ["package.json", "index.ts", "bin/pi-delegate.cjs", "src/pi/extension.ts"]) {
			expect(files).toContain(file);
		}
		for (const file of [
			"dist/cli/main.js",
			"dist/index.js",
			"dist/index.d.ts",
			"dist/ext/package.json",
			"dist/extension/entry.json",
		]) {
			expect(files).toContain(file);
		}
		expect(files.filter((f) => /^(test|bench|node_modules)\/|\.map$|tsconfig/.test(f))).toEqual([]);
	}, 180_000); // packing builds the package, which takes over a minute on a loaded machine

	it("installs into Pi's npm directory without Pi's packages, and a task PASSes", () => {
		const source = `npm:pi-delegate@file:${tarball}`;
		pi(["install", source], agent, NPM_ENV);
		const installed = join(agent, "npm/node_modules");
		expect(existsSync(join(installed, "pi-delegate/index.ts"))).toBe(true);
		expect(existsSync(join(installed, "@earendil-works"))).toBe(false);
		expectPass(agent);
	});

	it.runIf(hasScript())("is listed under its npm name at start-up", async () => {
		const labels = await startupExtensions(agent);
		expect(labels).toContain(`pi-delegate@file:${tarball}`);
		expect(labels.join(" ")).not.toMatch(/extension\.(js|ts)|index\.ts/);
	});
});
