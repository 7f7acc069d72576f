#!/usr/bin/env node
/*
 * The `pi-delegate` command as npm links it. Plain CommonJS in syntax that Node 10 and 12 still parse
 * (the Node an old distribution installs): an old Node must get one line saying what is needed, not a
 * parse error or a stack trace from deep inside. Nothing is loaded before the version check; all the
 * rest lives in src/cli/main.ts.
 *
 * Which code runs: a clone or a git checkout runs the TypeScript sources directly (Node >= 22.18
 * strips types), so those routes need no build step and a stale build can never answer instead of
 * the sources. Node refuses to strip types of files under node_modules, so an installed package
 * (npm i -g, a tarball) runs dist/, which `npm pack` builds (the prepack script).
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

const installed = root.split(path.sep).indexOf("node_modules") !== -1;
const entry = path.join(root, installed ? "dist/cli/main.js" : "src/cli/main.ts");
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
// build (src/cli/quick.ts says why); a clone runs them from the sources like every other command.
const QUICK = ["gate", "validate", "boundary"];
const quick = path.join(root, `dist/cli/quick-${args[0]}.cjs`);
if (installed && QUICK.indexOf(args[0]) !== -1 && fs.existsSync(quick)) {
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
