/**
 * A child that goes after its own audit record. Without the sandbox its bash can write wherever
 * the user can, its run's directory included; it knows where that is (the newest directory in the
 * runs directory). Whatever it leaves there — a symlink where pi-delegate is about to write, a
 * directory in a file's place, the whole directory swapped for a link into a watched root — must
 * neither redirect pi-delegate's writes (they come after the last snapshot, where no check would
 * see them) nor crash the run: the run ends with its report, FAIL, and says what happened.
 *
 * Each case runs `pi-delegate run` on both runners: a real `pi` subprocess answered by the scripted
 * provider, and the in-process runner answered by the same script.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
	existsSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuditRecord, listRuns, type RecordFault } from "../../src/run/audit/audit.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import type { CliResult } from "../support/cli.ts";
import { type RunWorkspace, runWorkspace } from "../support/cli-run.ts";
import { REPO } from "../support/pi.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

/** The child's run directory, as its bash finds it: the only one in the runs directory. */
const runDir = (ws: RunWorkspace) => `"$(ls -d ${ws.runsDir}/*/ | head -1)"`;

/** A child that runs `command` in bash, then hands in an envelope whose one pointer verifies. */
function hostile(command: string, pointer: string) {
	return [{ tools: [{ name: "bash", args: { command } }] }, submitTurn(envelope([pointer]))];
}

async function run(ws: RunWorkspace, runner: string, spec: string): Promise<CliResult> {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	try {
		return await ws.run(spec, ["--runner", runner]);
	} finally {
		delete process.env.PI_DELEGATE_SCRIPT;
	}
}

/** The report's text with its wrapping undone. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Entries pi-delegate leaves half-made when a write fails: temporary files and scratch directories. */
const halfMade = (dir: string) => readdirSync(dir).filter((name) => /\.tmp$|^\.child-|^\.tmp-/.test(name));

describe("a full disk, at the record's own level", () => {
	it.skipIf(!tinyDisk)(
		"every write that fails is a fault; a stream keeps its whole lines; no temporary file stays",
		() => {
			const base = tempDir("pi-delegate-full-record-");
			const script = join(base, "fill.ts");
			writeFileSync(
				script,
				[
					`import { readdirSync, readFileSync } from "node:fs";`,
					`import { AuditRecord } from ${JSON.stringify(join(REPO, "src/run/audit/audit.ts"))};`,
					`const record = AuditRecord.create(process.argv[2] + "/runs", "t", new Date());`,
					`record.writeJson("spec.json", { id: "t" });`,
					`for (let i = 0; i < 2000; i++) record.appendEvent({ type: "x", i, pad: "y".repeat(100) });`,
					`record.writeText("prompt.txt", "z".repeat(100_000));`,
					`const faults = record.seal();`,
					`const unwritten = record.finish({ verdict: "PASS" });`,
					`const events = readFileSync(record.dir + "/events.ndjson", "utf8");`,
					`console.log(JSON.stringify({ faults, unwritten, entries: readdirSync(record.dir), events }));`,
				].join("\n"),
			);
			const disk = join(base, "disk");
			mkdirSync(disk);
			const out = onTinyDisk(disk, "64k", false, [process.execPath, script, disk], { cwd: base, env: process.env });
			const seen = JSON.parse(out.stdout) as {
				faults: RecordFault[];
				unwritten: RecordFault;
				entries: string[];
				events: string;
			};
			const enospc = "could not be written: no space left on the device (ENOSPC)";
			expect(seen.faults).toEqual([
				{ kind: "unwritten", file: "events.ndjson", reason: enospc },
				{ kind: "unwritten", file: "prompt.txt", reason: enospc },
			]);
			expect(seen.unwritten).toEqual({ kind: "unwritten", file: "result.json", reason: enospc });
			expect(seen.entries.sort()).toEqual(["events.ndjson", "spec.json"]);
			expect(seen.events.endsWith("\n")).toBe(true);
			for (const line of seen.events.trimEnd().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
		},
	);
});

describe.each(RUNNERS)(
	"a full disk (%s runner): the run ends with its report, FAIL, and nothing half-made",
	(runner) => {
		const cli = (ws: RunWorkspace, spec: string) => [
			process.execPath,
			join(REPO, "src/cli/main.ts"),
			...ws.argv(spec, ["--runner", runner]),
		];
		const env = (ws: RunWorkspace) => ({ ...ws.env, PI_DELEGATE_SCRIPT: join(ws.agentDir, "scripted.json") });

		it.skipIf(!tinyDisk)("filled while the child runs", async () => {
			const a = gitRepo({ "a.txt": "x\n" });
			const ws = runWorkspace({ turns: [] });
			mkdirSync(ws.runsDir);
			writeScript(
				ws,
				hostile(`dd if=/dev/zero of=${ws.runsDir}/filler bs=4k count=4000 2>/dev/null; true`, `${a}/a.txt:1`),
			);
			const spec = ws.spec({ read_only: false, roots: [a], write_allowed: [a], sandbox: "off" });
			const out = onTinyDisk(ws.runsDir, "512k", false, cli(ws, spec), { cwd: ws.project, env: env(ws) });
			expect(out.stderr).not.toContain("unexpected error");
			expect(out.code, `${out.stdout}\n${out.stderr}\n${out.entries.join(" ")}`).toBe(1);
			expect(out.stdout).toMatch(/^FAIL/);
			expect(flat(out.stdout)).toMatch(/result\.json could not be written: no space left on the device \(ENOSPC\)/);
			expect(out.entries.filter((n) => /\.tmp$|^\.child-|^\.tmp-/.test(n))).toEqual([]);
			expect(out.entries).not.toContain("result.json");
		});

		it.skipIf(!tinyDisk)("full before the run: the child is not started", async () => {
			const a = gitRepo({ "a.txt": "x\n" });
			const ws = runWorkspace({ turns: [] });
			mkdirSync(ws.runsDir);
			writeScript(ws, hostile(`touch ${a}/started`, `${a}/a.txt:1`));
			const spec = ws.spec({ read_only: false, roots: [a], write_allowed: [a] });
			const out = onTinyDisk(ws.runsDir, "256k", true, cli(ws, spec), { cwd: ws.project, env: env(ws) });
			expect(out.stderr).not.toContain("unexpected error");
			expect(out.code).toBe(1);
			expect(out.stdout).toMatch(/^FAIL/);
			expect(flat(out.stdout)).toContain("its audit record could not be begun");
			expect(flat(out.stdout)).toMatch(/spec\.json, .*could not be written: no space left on the device \(ENOSPC\)/);
			expect(existsSync(join(a, "started"))).toBe(false);
			expect(out.entries).toEqual([]);
		});
	},
);

describe.skipIf(!sandboxSupport().enforce).each(RUNNERS)(
	"a child that attacks its own audit record (%s runner, sandbox on)",
	(runner) => {
		it("cannot write into the record, or into its agent directory: its commands are refused there", async () => {
			const a = gitRepo({ "a.txt": "x\n" });
			const ws = runWorkspace({ turns: [] });
			const d = runDir(ws);
			const attack = `d=${d}; touch "$d/planted" "${ws.agentDir}/planted"; ln -s ${a}/a.txt "$d/result.json"; echo '{}' >> "$d/events.ndjson"; true`;
			writeScript(ws, [
				{ tools: [{ name: "bash", args: { command: attack } }] },
				{ tools: [{ name: "bash", args: { command: `ls -d ${ws.runsDir}/*/` } }] },
				submitTurn(envelope([`${a}/a.txt:1`])),
			]);
			const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a], write_allowed: [a] }));
			const [recorded] = listRuns(ws.runsDir);
			expect(recorded).toBeDefined();
			expect(existsSync(join(recorded!.dir, "planted"))).toBe(false);
			expect(existsSync(join(ws.agentDir, "planted"))).toBe(false);
			expect(lstatSync(join(recorded!.dir, "result.json")).isFile()).toBe(true);
			expect(out.stdout).not.toContain("the audit record was tampered with");
			expect(recorded?.result?.verdict).toBe(out.code === 0 ? "PASS" : "FAIL");
			for (const line of readFileSync(join(recorded!.dir, "events.ndjson"), "utf8").trimEnd().split("\n")) {
				expect(line).not.toBe("{}");
			}
		});
	},
);

describe.each(RUNNERS)("a child that attacks its own audit record (%s runner, sandbox off)", (runner) => {
	it("links planted where the record is about to be written are replaced, never followed", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const b = gitRepo({ "secret.txt": "keep me\n" });
		const target = join(b, "secret.txt");
		const ws = runWorkspace({ turns: [] });
		const names = [".result.json.tmp", "result.json", "outcome.json", "boundary-after.snapshot.gz", "events.ndjson"];
		// events.ndjson is open already: a link takes its name only once the file is moved away.
		const plant = `d=${runDir(ws)}; mv "$d/events.ndjson" "$d/events.moved"; for n in ${names.join(" ")}; do ln -sfn ${target} "$d/$n"; done`;
		writeScript(ws, hostile(plant, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a, b], write_allowed: [a], sandbox: "off" }));
		expect(readFileSync(target, "utf8")).toBe("keep me\n");
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("the audit record was tampered with");
		const [recorded] = listRuns(ws.runsDir);
		expect(lstatSync(join(recorded!.dir, "result.json")).isFile()).toBe(true);
		expect(recorded?.result?.verdict).toBe("FAIL");
		expect(halfMade(recorded!.dir).filter((n) => n !== ".result.json.tmp")).toEqual([]);
	});

	it("a directory swapped for a link into a watched root gets none of the record's writes", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const b = gitRepo({ "secret.txt": "keep me\n" });
		const ws = runWorkspace({ turns: [] });
		const d = runDir(ws);
		writeScript(ws, hostile(`d=${d}; d=\${d%/}; mv "$d" "$d.moved"; ln -s ${b} "$d"`, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a, b], write_allowed: [a], sandbox: "off" }));
		expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("the audit directory was moved or replaced during the run");
		for (const name of ["result.json", "outcome.json", "boundary-after.snapshot.gz", "spec.json"]) {
			expect(existsSync(join(b, name)), name).toBe(false);
		}
		const moved = readdirSync(ws.runsDir).find((n) => n.endsWith(".moved"));
		const result = JSON.parse(readFileSync(join(ws.runsDir, moved!, "result.json"), "utf8")) as { verdict: string };
		expect(result.verdict).toBe("FAIL");
	});

	it("a directory put where result.json goes ends the run with its report: FAIL, the reason, nothing half-made", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [] });
		writeScript(ws, hostile(`mkdir ${runDir(ws)}/result.json`, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a], write_allowed: [a], sandbox: "off" }));
		expect(out.stderr).not.toContain("unexpected error");
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("result.json could not be written: a directory stands in its place (EISDIR)");
		const [dir] = readdirSync(ws.runsDir);
		expect(halfMade(join(ws.runsDir, dir!))).toEqual([]);
		expect(lstatSync(join(ws.runsDir, dir!, "outcome.json")).isFile()).toBe(true);
	});
});

/**
 * Whether this machine lets a test give a process a disk of its own: a small tmpfs in a mount
 * namespace of a user namespace (`unshare -rm`), which needs no privileges where user namespaces are
 * allowed. The process sees the tmpfs; the test does not, so the process lists what it left.
 */
const tinyDisk = (() => {
	const probe = tempDir("pi-delegate-tiny-disk-");
	const r = spawnSync("unshare", ["-rm", "sh", "-c", 'mount -t tmpfs -o size=64k tmpfs "$0"', probe], {
		encoding: "utf8",
	});
	return r.status === 0;
})();

/** Runs `argv` with `dir` on a tmpfs of `size`; `fill` fills it first. Prints the run directory's entries after `@@ENTRIES`. */
function onTinyDisk(
	dir: string,
	size: string,
	fill: boolean,
	argv: string[],
	options: { cwd: string; env: NodeJS.ProcessEnv },
) {
	const filler = fill ? 'dd if=/dev/zero of="$0/filler" bs=4k count=4000 2>/dev/null; ' : "";
	const script = `mount -t tmpfs -o size=${size} tmpfs "$0" || exit 99; ${filler}"$@"; code=$?; echo @@ENTRIES; ls -A "$0"/*/ 2>/dev/null; exit $code`;
	const r = spawnSync("unshare", ["-rm", "sh", "-c", script, dir, ...argv], {
		...options,
		encoding: "utf8",
		timeout: 120_000,
		killSignal: "SIGKILL",
	});
	const [stdout = "", listing = ""] = r.stdout.split("@@ENTRIES\n");
	return { code: r.status, stdout, stderr: r.stderr, entries: listing.split("\n").filter((l) => l !== "") };
}

/** Replaces the workspace's script (its turns need the workspace's own paths). */
function writeScript(ws: RunWorkspace, turns: unknown[]): void {
	writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
}

describe("readers of a record never follow what a child planted in it", () => {
	/** A finished run's directory in a runs directory of its own, and a PASS lying elsewhere. */
	function plantedRun() {
		const runsDir = join(tempDir("pi-delegate-planted-"), "runs");
		const record = AuditRecord.create(runsDir, "t", new Date("2026-12-01T00:00:00Z"));
		record.appendEvent({ type: "agent_start" });
		record.finish({ verdict: "FAIL" });
		const fake = join(runsDir, "..", "fake.json");
		writeFileSync(fake, JSON.stringify({ verdict: "PASS", metrics: { usage: { costUsd: 0 } } }));
		return { runsDir, dir: record.dir, fake };
	}

	it("listRuns: a result.json that is a symlink is an error of that run, not a PASS", () => {
		const { runsDir, dir, fake } = plantedRun();
		rmSync(join(dir, "result.json"));
		symlinkSync(fake, join(dir, "result.json"));
		const [run] = listRuns(runsDir);
		expect(run?.result).toBeUndefined();
		expect(run?.error).toBe("result.json unreadable: it is a symlink, which is not followed (ELOOP)");
	});

	it("spend: FIFOs in place of result.json and events.ndjson neither block nor count", () => {
		const { runsDir, dir } = plantedRun();
		for (const name of ["result.json", "events.ndjson", "launch.json"]) {
			rmSync(join(dir, name), { force: true });
			execFileSync("mkfifo", [join(dir, name)]);
		}
		const r = spawnSync(process.execPath, [join(REPO, "src/cli/main.ts"), "spend", "--runs", runsDir], {
			encoding: "utf8",
			timeout: 30_000,
			killSignal: "SIGKILL",
		});
		expect(r.status, r.stderr).toBe(0);
		expect(flat(r.stdout)).toContain("result.json unreadable (ENOTREG)");
	});

	it("workflow --resume: a journal that is a link (here to a FIFO) is refused, never opened", () => {
		const ws = runWorkspace({});
		const runDir = join(ws.runsDir, "20261201T000000Z-workflow-one");
		mkdirSync(runDir, { recursive: true });
		execFileSync("mkfifo", [join(ws.base, "fifo")]);
		symlinkSync(join(ws.base, "fifo"), join(runDir, "journal.ndjson"));
		const script = join(ws.base, "one.ts");
		writeFileSync(script, 'export default async (wf) => (await wf.agent("Read the README")).verdict;');
		const r = spawnSync(
			process.execPath,
			[join(REPO, "src/cli/main.ts"), "workflow", "run", script, "--resume", "20261201T000000Z-workflow-one"],
			{ cwd: ws.project, env: ws.env, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" },
		);
		expect(r.status).toBe(2);
		expect(flat(r.stderr)).toContain("cannot be read: it is a symlink, which is not followed");
	});
});
