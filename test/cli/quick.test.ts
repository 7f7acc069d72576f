/**
 * The installed command runs `gate`, `validate` and `boundary` each from one CommonJS bundle
 * (dist/cli/quick-<name>.cjs, src/cli/quick.ts) and every other command through the ES modules of
 * dist/. The two routes must
 * not answer differently: for each input below, the bundle's stdout, stderr and exit code equal
 * those of the built CLI run directly (`node dist/cli/main.js`). Both read this tree's build, which
 * `npm test` makes before the tests run.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/task-fixture.ts";

/** A copy laid out as `npm i` leaves it: node_modules/pi-delegate with its build. */
function installedCopy(): string {
	const root = join(tempDir("pi-delegate-quick-"), "node_modules", "pi-delegate");
	for (const part of ["bin", "dist", "package.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
	return root;
}

const installed = installedCopy();
const scene = tempDir("pi-delegate-quick-scene-");
const root = join(scene, "app");
mkdirSync(root);
const spec = (fields: Record<string, unknown>) => JSON.stringify(fields, null, 2);
writeFileSync(
	join(scene, "valid.json"),
	spec({ id: "review", goal: "Review the app", deliverable: "Findings with file:line", roots: [root] }),
);
writeFileSync(join(scene, "invalid.json"), spec({ id: "bad id", goal: "", roots: [join(scene, "missing")] }));
writeFileSync(join(scene, "broken.json"), '{ "id": "x", "goal": \n');
writeFileSync(join(scene, "brief.txt"), "Fix the bug in src/add.ts, but do not touch the tests.\n");
writeFileSync(join(root, "app.txt"), "one\n");

function run(entry: string[], args: string[], input?: string) {
	const out = spawnSync(process.execPath, [...entry, ...args], {
		cwd: scene,
		encoding: "utf8",
		input: input ?? "",
		env: { ...process.env, COLUMNS: "80", PI_DELEGATE_DEBUG: "" },
		timeout: 60_000,
	});
	return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

const QUICK = ["gate", "validate", "boundary"];
const viaBundle = (args: string[], input?: string) => run([join(installed, "bin/pi-delegate.cjs")], args, input);
const viaModules = (args: string[], input?: string) => run([join(REPO, "dist/cli/main.js")], args, input);

const CASES: { args: string[]; input?: string; status: number }[] = [
	{ args: ["gate", "Explain how the classifier scores a brief"], status: 0 },
	{ args: ["gate", "--file", "brief.txt"], status: 1 },
	{ args: ["gate", "--file", "brief.txt", "--json"], status: 1 },
	{ args: ["gate", "-"], input: "Rename the helper and commit it", status: 1 },
	{ args: ["gate", "-"], input: "   \n", status: 2 },
	{ args: ["gate", "--file", "no-such-brief.txt"], status: 2 },
	{ args: ["gate", "--frobnicate"], status: 2 },
	{ args: ["gate", "--help"], status: 0 },
	{ args: ["validate", "valid.json"], status: 0 },
	{ args: ["validate", "valid.json", "--json"], status: 0 },
	{ args: ["validate", "invalid.json"], status: 2 },
	{ args: ["validate", "invalid.json", "--json"], status: 2 },
	{ args: ["validate", "broken.json"], status: 2 },
	{ args: ["validate", "no-such-spec.json"], status: 2 },
	{ args: ["validate"], status: 2 },
	{ args: ["validate", "-h"], status: 0 },
	{ args: ["gate", "--file"], status: 2 },
	{ args: ["gate", "--file", "."], status: 2 },
	{ args: ["gate", "--debug", "-"], input: "", status: 2 },
	{ args: ["validate", "."], status: 2 },
	{ args: ["validate", "valid.json", "invalid.json"], status: 2 },
	{ args: ["validate", "-"], input: "[1, 2", status: 2 },
	{ args: ["boundary", "snapshot", "app", "-o", "app.snapshot.gz"], status: 0 },
	{ args: ["boundary", "diff", "app.snapshot.gz"], status: 0 },
	{ args: ["boundary", "diff", "app.snapshot.gz", "--write-allowed", "app"], status: 0 },
	{ args: ["boundary", "diff", "app.snapshot.gz", "--after", "app.snapshot.gz", "--json"], status: 0 },
	{ args: ["boundary", "diff", "valid.json"], status: 2 },
	{ args: ["boundary", "diff", "no-such.snapshot.gz"], status: 2 },
	{ args: ["boundary", "diff"], status: 2 },
	{ args: ["boundary", "frobnicate"], status: 2 },
	{ args: ["boundary", "--help"], status: 0 },
];

describe("gate, validate and boundary from the installed command's bundle", () => {
	it.each(CASES)("answer $args as the ES module build does", ({ args, input, status }) => {
		// A snapshot file's size moves with the time written in it (gzip of a timestamp).
		const sized = (out: ReturnType<typeof run>) => ({
			...out,
			stderr: out.stderr.replace(/\(\d+ bytes\)/, "(N bytes)"),
		});
		const bundle = sized(viaBundle(args, input));
		expect(bundle).toEqual(sized(viaModules(args, input)));
		expect(bundle.status).toBe(status);
	});

	it("reports a change the same way through the bundle", () => {
		// After both routes took their snapshot above: a file added to the watched root fails the diff.
		const added = join(root, "added.txt");
		writeFileSync(added, "new\n");
		const args = ["boundary", "diff", "app.snapshot.gz"];
		const bundle = viaBundle(args);
		expect(bundle).toEqual(viaModules(args));
		expect(bundle.status).toBe(1);
		expect(bundle.stdout).toContain("added.txt");
	});

	it("is the route the installed command takes, and only for those three", () => {
		const broken = installedCopy();
		for (const command of QUICK) {
			writeFileSync(join(broken, `dist/cli/quick-${command}.cjs`), `throw new Error("the ${command} bundle ran");\n`);
		}
		const route = (args: string[]) => run([join(broken, "bin/pi-delegate.cjs")], args);
		for (const command of QUICK) {
			const out = route([command, "x"]);
			expect(out.status).toBe(2);
			expect(out.stderr).toContain(`cannot start: the ${command} bundle ran`);
		}
		expect(route(["help", "gate"]).status).toBe(0);
	});

	it("loads one command's code: the gate's bundle holds no spec validation, validate's no classifier", () => {
		const gate = readFileSync(join(installed, "dist/cli/quick-gate.cjs"), "utf8");
		const validate = readFileSync(join(installed, "dist/cli/quick-validate.cjs"), "utf8");
		expect(gate).toContain("function classifyBrief(");
		expect(gate).not.toContain("function loadSpecText(");
		expect(validate).toContain("function loadSpecText(");
		expect(validate).not.toContain("function classifyBrief(");
		const boundary = readFileSync(join(installed, "dist/cli/quick-boundary.cjs"), "utf8");
		expect(boundary).toContain("function snapshotRoots(");
		expect(boundary).not.toContain("function classifyBrief(");
		expect(boundary).not.toContain("function loadSpecText(");
	});

	it("imports no package: everything it runs is in the file", () => {
		const copy = installedCopy();
		// With no node_modules next to the copy and the ES module of the command broken, it still runs.
		writeFileSync(join(copy, "dist/cli/gate.js"), "throw new Error('an ES module ran');\n");
		const out = run([join(copy, "bin/pi-delegate.cjs")], ["gate", "Summarise the open questions"]);
		expect(out.stderr).toBe("");
		expect(out.status).toBe(0);
	});
});
