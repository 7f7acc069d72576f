/*
 * npm's `prepare` script: after `npm ci` or `npm install` in a clone, bundles the Pi extension
 * (scripts/bundle-extension.ts) so that Pi starts the clone as fast as an installed copy; index.ts
 * loads that bundle only while every source it was made from is unchanged.
 *
 * It never fails an install. Plain CommonJS, because it runs on whatever Node npm runs it with: where
 * it cannot bundle — no devDependencies (Pi's git route installs with --omit=dev), a Node that cannot
 * strip types — it does nothing, and Pi loads the sources, as it always could.
 */
"use strict";

const { spawnSync } = require("node:child_process");
const { join } = require("node:path");

function canStripTypes() {
	const [major, minor] = process.versions.node.split(".").map(Number);
	return major > 22 || (major === 22 && minor >= 18);
}

function hasBundler() {
	try {
		require.resolve("rolldown");
		return true;
	} catch {
		return false;
	}
}

if (canStripTypes() && hasBundler()) {
	const run = spawnSync(process.execPath, [join(__dirname, "bundle-extension.ts")], {
		stdio: ["ignore", "ignore", "pipe"],
		encoding: "utf8",
	});
	if (run.status !== 0) {
		const why = (run.stderr || String(run.error || "")).trim().split("\n")[0];
		process.stderr.write(`pi-delegate: the extension was not bundled (${why}); Pi loads its sources instead\n`);
	}
}
