/*
 * npm's `prepare` script: after `npm ci` or `npm install` in a clone, builds the package
 * (`npm run build`: dist/ for the command, dist/extension/ for Pi) so that a clone starts as fast
 * as an installed copy. The command and the extension each use what the build made only while
 * every source it was made from is unchanged (bin/pi-delegate.cjs, index.ts), the sources otherwise.
 *
 * It never fails an install. Plain CommonJS, because it runs on whatever Node npm runs it with: where
 * it cannot build — no devDependencies (Pi's git route installs with --omit=dev), a Node that cannot
 * strip types — it does nothing, and the sources run, as they always could. Run by hand (not
 * through npm), it makes the extension's bundle only.
 */
"use strict";

const { spawnSync } = require("node:child_process");
const { join } = require("node:path");

function canStripTypes() {
	const [major, minor] = process.versions.node.split(".").map(Number);
	return major > 22 || (major === 22 && minor >= 18);
}

function resolvable(name) {
	try {
		require.resolve(name);
		return true;
	} catch {
		return false;
	}
}

function run(args, what) {
	const result = spawnSync(process.execPath, args, {
		cwd: join(__dirname, ".."),
		stdio: ["ignore", "ignore", "pipe"],
		encoding: "utf8",
	});
	if (result.status === 0) return;
	const lines = (result.stderr || String(result.error || "")).trim().split("\n");
	const why = lines.find((line) => /error/i.test(line)) || lines[0];
	process.stderr.write(`pi-delegate: ${what} was not made (${why}); the sources run instead\n`);
}

// `npm pack` and `npm publish` run `prepack` (the build) and then `prepare` too: build once.
const packing = process.env.npm_command === "pack" || process.env.npm_command === "publish";

if (!packing && canStripTypes() && resolvable("rolldown")) {
	const npm = process.env.npm_execpath;
	if (npm && resolvable("typescript")) run([npm, "run", "build"], "the build");
	else run([join(__dirname, "bundle-extension.ts")], "the extension's bundle");
}
