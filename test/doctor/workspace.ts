/**
 * A machine for doctor tests: a temporary home with an agent dir (its settings naming the scripted
 * provider and a model for every effort), a project, a runs dir, a private TMPDIR, a package to
 * check (its package.json the real one's ranges, its extension entry a file chosen per test), and
 * a PATH made of links to exactly the programs a test wants found.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDoctorCommand } from "../../src/cli/doctor.ts";
import type { DoctorReport } from "../../src/doctor/types.ts";
import { recordingIO } from "../support/cli.ts";
import { REPO, SCRIPTED_PROVIDER } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

const PROGRAMS: Readonly<Record<string, string>> = {
	node: join(REPO, "node_modules/.bin/node"),
	pi: join(REPO, "node_modules/.bin/pi"),
	git: "/usr/bin/git",
	bwrap: "/usr/bin/bwrap",
};

export const EVERY_EFFORT = {
	"pi-delegate": {
		providerExtensions: [SCRIPTED_PROVIDER],
		effortProfiles: { fast: "scripted/scripted-1", balanced: "scripted/scripted-1", deep: "scripted/scripted-1" },
	},
};

export interface DoctorWorkspace {
	base: string;
	agentDir: string;
	project: string;
	tmp: string;
	env: Record<string, string | undefined>;
	/** Runs `pi-delegate doctor` in-process against this workspace. */
	run(
		args?: string[],
		env?: Record<string, string | undefined>,
		/** Whether stderr is a terminal. */
		tty?: boolean,
	): Promise<{ code: number; stdout: string; stderr: string }>;
	json(env?: Record<string, string | undefined>): Promise<{ code: number; report: DoctorReport }>;
	/** Every path under the agent dir, for a before/after comparison. */
	agentFiles(): string[];
}

export interface WorkspaceOptions {
	/** The extension entry's source; default a file that loads and registers nothing. */
	extension?: string;
	/** An absolute entry instead (e.g. the package's own src/pi/extension.ts). */
	extensionPath?: string;
	/** Programs on PATH; default all of node, pi, git, bwrap. */
	programs?: readonly string[];
	settings?: unknown;
}

function listTree(dir: string, prefix = ""): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const rel = `${prefix}${e.name}`;
		return e.isDirectory() ? [`${rel}/`, ...listTree(join(dir, e.name), `${rel}/`)] : [rel];
	});
}

export function doctorWorkspace(options: WorkspaceOptions = {}): DoctorWorkspace {
	const base = tempDir("pi-delegate-doctor-test-");
	const agentDir = join(base, "agent");
	const project = join(base, "project");
	const tmp = join(base, "tmp");
	const pkg = join(base, "pkg");
	const bin = join(base, "bin");
	for (const dir of [agentDir, project, tmp, pkg, bin]) mkdirSync(dir);
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify(options.settings ?? EVERY_EFFORT));
	const real = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as Record<string, unknown>;
	writeFileSync(join(pkg, "ext.ts"), options.extension ?? "export default function extension(): void {}\n");
	const entry = options.extensionPath ?? "./ext.ts";
	const manifest = { ...real, pi: { extensions: [entry] } };
	writeFileSync(join(pkg, "package.json"), JSON.stringify(manifest));
	for (const name of options.programs ?? Object.keys(PROGRAMS)) symlinkSync(PROGRAMS[name]!, join(bin, name));
	const env = {
		PATH: bin,
		HOME: base,
		PI_CODING_AGENT_DIR: agentDir,
		PI_DELEGATE_RUNS_DIR: join(base, "runs"),
		TMPDIR: tmp,
	};
	const command = createDoctorCommand({ packageRoot: pkg });
	const run = async (args: string[] = [], extra: Record<string, string | undefined> = {}, tty = false) => {
		const { io, out } = recordingIO({ cwd: project, env: { ...env, ...extra }, isTTY: tty });
		const code = await command.run(args, io);
		return { code, ...out };
	};
	return {
		base,
		agentDir,
		project,
		tmp,
		env,
		run,
		async json(extra) {
			const out = await run(["--json"], extra);
			return { code: out.code, report: JSON.parse(out.stdout) as DoctorReport };
		},
		agentFiles: () => listTree(agentDir),
	};
}

export const stateOf = (report: DoctorReport, id: string) => report.checks.find((c) => c.id === id)?.state;
