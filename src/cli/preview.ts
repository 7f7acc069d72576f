/**
 * `pi-delegate preview`: what a child started in this directory would receive, channel by channel,
 * and why — printed from the same function every launch uses, rendered by Pi itself. Needs no model
 * and no API key: the parent's prompt is what a Pi session here would load (SYSTEM.md,
 * APPEND_SYSTEM.md, AGENTS.md / CLAUDE.md, skills), found by Pi's own loader offline.
 *
 * Pi's package is imported only when the command runs, so other commands do not pay its start-up.
 */
import { resolve } from "node:path";
import { terminalSafe } from "../format/text.ts";
import { formatProblems, type Problem, problemReplacer } from "../problems.ts";
import { previewJson, previewText } from "../report/preview-report.ts";
import { locatePi } from "../settings/locate.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { PREVIEW_FLAGS, type RequestFlags, requestFlags, requestFlagUsage } from "./request-flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const usage = [
	"Usage: pi-delegate preview [options] [--spec FILE] [--json]",
	"",
	"Shows what a child started here would receive, without running one: for each channel (base prompt,",
	"main rules, project context, skills) whether it reaches the child, which setting decided it and at",
	"which precedence layer, and its size; what of the parent's prompt is left out; the tools; the system",
	"prompt exactly as Pi renders it; the first message; and a diff against the parent's own prompt. The",
	"parent is a Pi session in this directory: its SYSTEM.md, APPEND_SYSTEM.md, context files and skills.",
	"It takes every flag `run` takes, and decides the child as a run would.",
	"",
	"Options:",
	requestFlagUsage(["run", "preview"], 25),
	"  --spec <file>          a task spec: its brief is shown as the first message (--session: the",
	"                         conversation its context.tail quotes)",
	"  --json                 print everything as one JSON object",
	"  --approve, --no-approve  read or ignore the project's files whether Pi trusts it or not",
	"",
	"Sizes are UTF-8 bytes of what each channel hands Pi (before Pi's framing) and estimated tokens",
	"(characters / 4, Pi's own estimate); the system prompt and tool definitions are measured as sent.",
	"An unknown --mode is refused, as at launch; an agent's unknown mode is a warning and the default",
	"stands in for it at that layer.",
	"",
	"Exit codes: 0 shown, 2 bad input (flags, unknown mode or agent, missing tool, invalid spec, settings",
	"problems).",
].join("\n");

const OPTIONS = {
	...PREVIEW_FLAGS,
	spec: { type: "string" },
	json: { type: "boolean" },
	...TRUST_OPTIONS,
} as const;

interface Flags extends RequestFlags {
	spec?: string;
	json: boolean;
	trust?: boolean;
}

function parse(argv: string[]): Flags {
	const { values } = parseFlags(argv, OPTIONS, { positionals: false });
	const trust = trustOverride(values);
	return {
		...requestFlags(values),
		...(values.spec !== undefined && { spec: values.spec }),
		json: values.json === true,
		...(trust !== undefined && { trust }),
	};
}

function fail(io: CommandIO, what: string, problems: readonly Problem[]): ExitCode {
	io.stderr(`pi-delegate preview: ${terminalSafe(what)}:\n${formatProblems(problems)}\n`);
	return EXIT.badInput;
}

/** Refuses flags that cannot go together. */
function checked(flags: Flags): Flags {
	if (flags.spec !== undefined && flags.tools !== undefined) {
		throw new UsageError(
			"--tools does not apply with --spec: a task's tools follow its authority (read_only, commands)",
		);
	}
	if (flags.resume !== undefined && flags.spec === undefined) {
		throw new UsageError("--resume needs --spec: the spec gives the resumed task's new goal");
	}
	if (flags.session !== undefined && flags.spec === undefined) {
		throw new UsageError("--session needs --spec: it is the conversation a spec's context.tail quotes from");
	}
	return flags;
}

export const previewCommand: Command = {
	name: "preview",
	summary: "show what a child would receive: each channel, its size and prompt",
	usage,
	async run(argv, io) {
		const flags = checked(parse(argv));
		const where = locatePi({
			cwd: io.cwd,
			env: io.env,
			...(flags.trust !== undefined && { trustOverride: flags.trust }),
		});
		const projectTrusted = where.trust.trusted;
		const { loadParentPrompt } = await import("../host/load-parent.ts");
		const { previewDelegation, previewFlagSources } = await import("../run/preview.ts");
		const { VERSION } = await import("@earendil-works/pi-coding-agent");
		const { conversationOfFile } = await import("../run/branch.ts");
		const conversation = flags.session === undefined ? undefined : conversationOfFile(resolve(io.cwd, flags.session));
		if (conversation && !conversation.ok) return fail(io, "the session file cannot be used", conversation.problems);
		let rendered = "";
		const result = await previewDelegation({
			entry: "cli",
			cwd: io.cwd,
			home: where.home,
			agentDir: where.agentDir,
			projectTrusted,
			env: io.env,
			parentPrompt: async () => {
				const loaded = await loadParentPrompt({ cwd: io.cwd, agentDir: where.agentDir, projectTrusted });
				rendered = loaded.parent.rendered;
				return loaded.parent;
			},
			...previewFlagSources(flags),
			...(flags.resume !== undefined && { resume: { run: flags.resume, where: { source: "--resume", path: [] } } }),
			...(conversation && { branch: () => conversation.branch }),
		});
		if (!result.ok) return fail(io, result.what, result.problems);
		const data = {
			view: { ...result.view, warnings: result.warnings },
			child: result.child,
			parent: { rendered, about: "the prompt of a Pi session here" },
			piVersion: VERSION,
			cwd: io.cwd,
			trust: `${projectTrusted ? "read" : "not read"} (${where.trust.reason})`,
			...(result.plan && { plan: result.plan }),
			...(result.model && { model: result.model }),
			wouldRefuse: result.wouldRefuse,
			...(result.commands && { commands: result.commands }),
			...(result.paths && { paths: result.paths }),
		};
		io.stdout(
			flags.json
				? `${JSON.stringify(previewJson(data), problemReplacer, 2)}\n`
				: previewText(data, { width: widthOf(io) }),
		);
		return EXIT.pass;
	},
};
