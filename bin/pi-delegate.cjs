#!/usr/bin/env node
/*
 * The `pi-delegate` command as npm links it. Plain CommonJS in syntax that Node 10 and 12 still parse
 * (the Node an old distribution installs): an old Node must get one line saying what is needed, not a
 * parse error or a stack trace from deep inside. Nothing is loaded before the version check; all the
 * rest lives in src/cli/main.ts.
 *
 * Which code runs: an installed package (npm i -g, a tarball) runs dist/, which `npm pack` builds
 * (the prepack script): Node refuses to strip types of files under node_modules. A clone runs
 * dist/ too while every source the build compiled is unchanged (dist/sources.json, written last by
 * `npm run build`, which `npm ci` runs through the prepare script), and the TypeScript sources
 * otherwise (Node >= 22.18 strips types): an edited, pulled or checked-out source is what runs, so
 * a stale build can never answer instead of the sources, and no route needs a build step. A git
 * checkout Pi installed has no build (no devDependencies to make one with): the sources.
 */
"use strict";

const NEEDED = "22.19.0";

/** True for 22.19+, 23.6+ (the 23 line strips types by default from 23.6) and 24+. */
function supported(version) {
	const parts = String(version).split(".");
	const major = Number(parts[0]);
	const minor = Number(parts[1]);
	if (major === 22) return minor >= 19;
	if (major === 23) return minor >= 6;
	return major > 23;
}

function firstLine(error) {
	const message = error instanceof Error ? error.message : String(error);
	return message.split("\n")[0];
}

/** One line and exit 2; with --debug (or PI_DELEGATE_DEBUG=1) the trace follows the line. */
function fail(message, error) {
	const debug = process.argv.indexOf("--debug") !== -1 || process.env.PI_DELEGATE_DEBUG === "1";
	if (error === undefined) process.stderr.write(`pi-delegate: ${message}\n`);
	else if (!debug) process.stderr.write(`pi-delegate: ${message} (--debug shows the trace)\n`);
	else process.stderr.write(`pi-delegate: ${message}\n${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(2);
}

if (!supported(process.versions.node)) {
	fail(
		`needs Node.js ${NEEDED} or newer (as Pi does), but this is Node ${process.versions.node} ` +
			`(${process.execPath}); install Node 22 or 24 from https://nodejs.org (or \`nvm install 22\`) ` +
			"and put it first on PATH",
	);
}

const path = require("node:path");
const fs = require("node:fs");
const root = path.dirname(__dirname);
const args = process.argv.slice(2);

// Answered here: `--version` needs nothing but package.json.
if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
	process.stdout.write(`${JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version}\n`);
	process.exit(0);
}

/** Whether every source dist/sources.json records still has the size and mtime it had when built. */
function builtFromTheseSources() {
	let recorded;
	try {
		recorded = JSON.parse(fs.readFileSync(path.join(root, "dist", "sources.json"), "utf8"));
	} catch (_) {
		return false;
	}
	const files = Object.keys(recorded);
	for (let i = 0; i < files.length; i++) {
		const now = fs.statSync(path.join(root, files[i]), { throwIfNoEntry: false });
		const then = recorded[files[i]];
		if (now === undefined || now.size !== then[0] || now.mtimeMs !== then[1]) return false;
	}
	return files.length > 0 && fs.existsSync(path.join(root, "dist", "cli", "main.js"));
}

const installed = root.split(path.sep).indexOf("node_modules") !== -1;
const built = installed || builtFromTheseSources();
const entry = path.join(root, built ? "dist/cli/main.js" : "src/cli/main.ts");
if (!fs.existsSync(entry)) {
	fail(
		installed
			? `this installed copy has no build (${entry} is missing), and Node runs no TypeScript inside ` +
					"node_modules; install a tarball made by `npm pack` (it builds), or run the command from a clone"
			: `${entry} is missing: this copy of pi-delegate is incomplete`,
	);
}

// Compiled code is cached between runs (as Pi's own CLI does): a third less start-up for a command.
const nodeModule = require("node:module");
if (typeof nodeModule.enableCompileCache === "function") nodeModule.enableCompileCache();

// The one-shot commands that scripts call once per input (or per run, as `boundary snapshot` and
// `boundary diff` around one) run from one CommonJS bundle of the
// build (src/cli/quick.ts says why); the sources run them like every other command.
const QUICK = ["gate", "validate", "boundary"];
const quick = path.join(root, `dist/cli/quick-${args[0]}.cjs`);
if (built && QUICK.indexOf(args[0]) !== -1 && fs.existsSync(quick)) {
	let runQuick;
	try {
		runQuick = require(quick).runQuick;
	} catch (error) {
		fail(`cannot start: ${firstLine(error)}`, error);
	}
	runQuick(args);
} else {
	import(require("node:url").pathToFileURL(entry).href).then(
		(cli) => cli.runProcess(args),
		(error) => fail(`cannot start: ${firstLine(error)}`, error),
	);
}
