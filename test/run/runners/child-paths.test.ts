import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
	childExtensionPath,
	cliOfPackage,
	findPiCli,
	PI_CLI_ENV,
	scratchDir,
} from "../../../src/run/runners/child-paths.ts";
import { REPO } from "../../support/pi.ts";
import { tempDir } from "../../support/temp.ts";

const PI_ROOT = join(REPO, "node_modules/@earendil-works/pi-coding-agent");

/** A fake Pi package: `bundle` decides whether it has dist/bundle/cli.js besides its bin. */
function fakePi(bundle: boolean): string {
	const root = tempDir("pi-delegate-fake-pi-");
	mkdirSync(join(root, "dist/bundle"), { recursive: true });
	writeFileSync(
		join(root, "package.json"),
		JSON.stringify({ name: "@earendil-works/pi-coding-agent", bin: { pi: "dist/cli.js" } }),
	);
	writeFileSync(join(root, "dist/cli.js"), "");
	if (bundle) writeFileSync(join(root, "dist/bundle/cli.js"), "");
	return root;
}

describe("the Pi CLI a child runs", () => {
	it("is the bundled CLI of the Pi package this module resolves", () => {
		expect(findPiCli({}, [])).toEqual({ cli: join(PI_ROOT, "dist/bundle/cli.js") });
	});

	it("is the one named by the environment, when it exists", () => {
		const cli = join(fakePi(true), "dist/cli.js");
		expect(findPiCli({ [PI_CLI_ENV]: cli }, [])).toEqual({ cli });
		expect(findPiCli({ [PI_CLI_ENV]: "/nowhere/cli.js" }, [])).toEqual({
			error: `${PI_CLI_ENV}=/nowhere/cli.js does not exist`,
		});
	});

	it("is the running Pi's when the package cannot be resolved, and an error naming the fix otherwise", () => {
		const root = fakePi(true);
		expect(findPiCli({}, ["node", join(root, "dist/bundle/cli.js")], () => undefined)).toEqual({
			cli: join(root, "dist/bundle/cli.js"),
		});
		const none = findPiCli({}, ["node", "/usr/bin/some-tool"], () => undefined);
		expect(none).toEqual({ error: expect.stringContaining(PI_CLI_ENV) });
	});

	it("prefers the bundle and falls back to the package's pi bin", () => {
		const withBundle = fakePi(true);
		expect(cliOfPackage(withBundle)).toBe(join(withBundle, "dist/bundle/cli.js"));
		const without = fakePi(false);
		expect(cliOfPackage(without)).toBe(join(without, "dist/cli.js"));
		expect(cliOfPackage(tempDir("pi-delegate-empty-"))).toBeUndefined();
	});
});

describe("the child-side extension", () => {
	it("is the build apart (in a commonjs directory) for the built runner, and the source for the source", () => {
		expect(childExtensionPath(pathToFileURL(join(REPO, "dist/run/runners/child-paths.js")).href)).toBe(
			join(REPO, "dist/ext/run/child/child-extension.js"),
		);
		// Not type module: Pi's loader transpiles the modules and gives them its own typebox.
		expect(JSON.parse(readFileSync(join(REPO, "dist/ext/package.json"), "utf8"))).toEqual({ type: "commonjs" });
		const fromSource = childExtensionPath(pathToFileURL(join(REPO, "src/run/runners/child-paths.ts")).href);
		expect(fromSource).toBe(join(REPO, "src/run/child/child-extension.ts"));
		expect(existsSync(fromSource)).toBe(true);
		expect(childExtensionPath()).toBe(fromSource);
	});

	it("falls back to the package build when the build apart is missing", () => {
		const root = tempDir("pi-delegate-dist-");
		expect(childExtensionPath(pathToFileURL(join(root, "run/runners/child-paths.js")).href)).toBe(
			join(root, "run/child/child-extension.js"),
		);
	});
});

describe("a child's scratch directory", () => {
	it("is private to the child, next to its session file, even when two session files share a directory", () => {
		const dir = tempDir();
		const a = scratchDir(join(dir, "a.jsonl"), "child");
		const b = scratchDir(join(dir, "b.jsonl"), "child");
		expect(a).not.toBe(b);
		expect([dirname(a), dirname(b)]).toEqual([dir, dir]);
		expect(statSync(a).mode & 0o777).toBe(0o700);
		writeFileSync(join(b, "prompt.md"), "b's prompt");
		rmSync(a, { recursive: true, force: true });
		expect(readFileSync(join(b, "prompt.md"), "utf8")).toBe("b's prompt");
	});
});
