/**
 * The command line's way into a task run: everything `pi-delegate run` must settle before a child
 * may start — the spec, Pi's settings and modes, the model and its credentials, provider
 * extensions, the parent's prompt channels — each failing with exit 2 and every problem named,
 * then the run itself with live progress, and the report.
 */
import { SettingsManager } from "@earendil-works/pi-coding-agent";
import type { CommandIO, ExitCode } from "../cli/command.ts";
import { EXIT } from "../cli/command.ts";
import { progressPrinter } from "../cli/progress.ts";
import type { RunArgs } from "../cli/run.ts";
import { describeInvalid } from "../cli/spec-summary.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { loadParentPrompt } from "../prompt/load-parent.ts";
import { locatePi } from "../settings/locate.ts";
import { loadSpecFile, loadSpecText } from "../spec/load.ts";
import { resolveRunsDir } from "./audit.ts";
import { checkModel, createCliHost, type Host } from "./host.ts";
import { inProcessRunner } from "./in-process.ts";
import { prepareTask } from "./prepare.ts";
import { renderReport } from "./report.ts";
import { runSubprocess } from "./subprocess.ts";
import { runTask } from "./task.ts";

function setupFailed(io: CommandIO, what: string, problems: readonly Problem[]): ExitCode {
	io.stderr(`✗ cannot run: ${what}\n${formatProblems(problems)}\n`);
	return EXIT.badInput;
}

export async function runFromCli(args: RunArgs, io: CommandIO): Promise<ExitCode> {
	const home = io.env.HOME;
	const specResult =
		args.file === "-"
			? loadSpecText(await io.readStdin(), { cwd: io.cwd, home })
			: await loadSpecFile(args.file, { cwd: io.cwd, home });
	if (!specResult.ok) {
		io.stderr(`${describeInvalid(specResult, args.file === "-" ? "standard input" : args.file)}\n`);
		return EXIT.badInput;
	}
	const spec = specResult.spec;
	const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: args.trust });
	const projectTrusted = where.trust.trusted;
	const pi = SettingsManager.create(io.cwd, where.agentDir, { projectTrusted });
	const prepared = await prepareTask({
		spec,
		cwd: io.cwd,
		home: where.home,
		agentDir: where.agentDir,
		projectTrusted,
		...(args.agent !== undefined && { agent: { name: args.agent, where: "--agent" } }),
		model: {
			explicit: args.model,
			piDefault: {
				provider: pi.getDefaultProvider(),
				model: pi.getDefaultModel(),
				thinking: pi.getDefaultThinkingLevel(),
			},
		},
	});
	if (!prepared.ok) return setupFailed(io, prepared.what, prepared.problems);
	const { task } = prepared;
	const extensions = [...args.extensions, ...task.providerExtensions];
	let host: Host | undefined;
	try {
		host = await createCliHost({ cwd: io.cwd, agentDir: where.agentDir, extensions });
		if (host.problems.length > 0) return setupFailed(io, "a provider extension failed", host.problems);
		const modelProblems = await checkModel(host.runtime, task.model);
		if (modelProblems.length > 0) return setupFailed(io, "the model cannot be used", modelProblems);
		const { parent } = await loadParentPrompt({ cwd: io.cwd, agentDir: where.agentDir, projectTrusted });
		const cancel = new AbortController();
		const onSigint = () => cancel.abort("cancelled");
		process.once("SIGINT", onSigint);
		const printer = progressPrinter(io.stderr, { id: spec.id, tty: io.isTTY });
		try {
			const result = await runTask(spec, {
				cwd: io.cwd,
				runner: args.runner === "in-process" ? inProcessRunner(host.runtime) : runSubprocess,
				runnerKind: args.runner,
				model: task.model,
				agentDir: where.agentDir,
				runsDir: resolveRunsDir(io.env, task.runsDir),
				parent,
				registry: task.registry,
				...(args.mode !== undefined && { runMode: args.mode }),
				...(task.agent && { agent: task.agent }),
				providerExtensions: extensions,
				onProgress: printer.onProgress,
				signal: cancel.signal,
			});
			printer.done();
			io.stdout(args.json ? `${JSON.stringify(result, null, 2)}\n` : renderReport(result));
			return result.verdict === "PASS" ? EXIT.pass : EXIT.fail;
		} finally {
			printer.done();
			process.removeListener("SIGINT", onSigint);
		}
	} finally {
		host?.dispose();
	}
}
