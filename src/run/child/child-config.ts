/**
 * What the subprocess runner tells pi-delegate's child-side extension, and how the extension checks
 * that the child's Pi loaded exactly the prompt inputs the launch decided.
 *
 * The configuration travels in one environment variable as JSON. It carries digests of the prompt
 * inputs rather than their text: an environment string is limited to 128 KiB on Linux, and a digest
 * is enough to prove "the same". The check exists because the child's Pi builds its own prompt from
 * flags and discovery (a `--system-prompt` text that happens to name a file is read as that file,
 * context files are re-discovered from the child's cwd and agent dir, a skill path can load a
 * different skill); the extension refuses to start the child when what Pi loaded differs.
 */
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";
import type { CommandEffect, CommandRule } from "../../agents/permissions/command-policy.ts";
import type { PathRule } from "../../agents/permissions/path-policy.ts";
import { EVIDENCE_RULES, type EvidenceRule } from "../../envelope/proof.ts";
import type { CacheLifetime } from "../../plan/cache-policy.ts";
import { SandboxConfigSchema } from "../sandbox/types.ts";
import type { ChildPromptInputs } from "../types.ts";

/** The environment variable the runner puts the configuration in. */
export const CHILD_CONFIG_ENV = "PI_DELEGATE_CHILD";

const Sha256 = (description: string) => Type.String({ pattern: "^[0-9a-f]{64}$", description });

export const ExpectedPromptSchema = Type.Object(
	{
		customPrompt: Type.Union([Sha256("sha256 of the custom prompt text."), Type.Null()], {
			description: "Digest of the custom prompt, or null when the child runs Pi's own preamble.",
		}),
		appendSystemPrompt: Sha256(
			"sha256 of the appended prompts as Pi joins them (blank line between, empty ones dropped).",
		),
		contextFiles: Type.Array(
			Type.Object(
				{
					path: Type.String({ description: "Absolute path of the context file." }),
					sha256: Sha256("sha256 of the file's content as the parent's Pi loaded it."),
				},
				{ description: "One expected context file." },
			),
			{ description: "The context files the child must load, in order; empty means none." },
		),
		skills: Type.Array(
			Type.Object(
				{
					name: Type.String({ description: "The skill's name." }),
					filePath: Type.String({ description: "Absolute path of the skill file." }),
				},
				{ description: "One expected skill." },
			),
			{ description: "The skills the child must load, in any order; empty means none." },
		),
	},
	{ description: "Digests of the prompt inputs the child's Pi must have loaded." },
);
export type ExpectedPrompt = Static<typeof ExpectedPromptSchema>;

export type { SandboxConfig } from "../sandbox/types.ts";

const Effect = (description: string) =>
	Type.Unsafe<CommandEffect>({ type: "string", enum: ["allow", "deny"], description });

/** The commands bash may run (agents/permissions/command-policy.ts), checked before each call. */
export const CommandPolicySchema = Type.Object(
	{
		otherwise: Effect("For a command no rule matches."),
		rules: Type.Array(
			Type.Object(
				{
					pattern: Type.String({ description: "The pattern as written." }),
					effect: Effect("What a command the pattern matches gets."),
					syntax: Type.Unsafe<CommandRule["syntax"]>({
						type: "string",
						enum: ["claude", "opencode"],
						description: "Whose wildcards the pattern uses.",
					}),
					from: Type.String({ description: "Where the rule was written." }),
				},
				{ description: "One rule; the last that matches decides." },
			),
			{ description: "The rules, in order." },
		),
	},
	{ description: "One policy; a command must be allowed by every policy." },
);

/** A path the file tools are refused (agents/permissions/path-policy.ts), checked before each call. */
export const PathRuleSchema = Type.Object(
	{
		pattern: Type.String({ description: "The pattern as written." }),
		family: Type.Unsafe<PathRule["family"]>({
			type: "string",
			enum: ["read", "edit"],
			description: "read: read, grep, find, ls; edit: edit, write.",
		}),
		base: Type.String({ description: "The absolute folder the pattern starts from." }),
		glob: Type.String({ description: "The pattern from base, in gitignore's form." }),
		from: Type.String({ description: "Where the rule was written." }),
		syntax: Type.Optional(Type.Literal("opencode", { description: "OpenCode's wildcards, not gitignore's." })),
		effect: Type.Optional(Type.Union([Type.Literal("allow"), Type.Literal("deny")], { description: "Default deny." })),
		map: Type.Optional(Type.String({ description: "The map it belongs to; its last matching rule decides." })),
		tools: Type.Optional(Type.Array(Type.String(), { description: "The tools it governs, if not its family's." })),
	},
	{ description: "One path rule; a call a denying rule matches is refused." },
);

export const ChildConfigSchema = Type.Object(
	{
		submit: Type.Object(
			{
				roots: Type.Array(Type.String({ description: "A watched root." }), {
					description: "Roots evidence pointers may point into.",
				}),
				cwd: Type.String({ description: "Base directory for relative pointers." }),
				maxRejections: Type.Integer({
					minimum: 0,
					description: "Rejected submissions answered with problems before one is accepted as is.",
				}),
				evidence: Type.Optional(
					Type.Unsafe<EvidenceRule>({
						type: "string",
						enum: [...EVIDENCE_RULES],
						description: "Whether an ok result must cite evidence; absent means required.",
					}),
				),
			},
			{ description: "What submit_result checks before accepting a result." },
		),
		turns: Type.Integer({ minimum: 1, description: "Assistant turns the child may take." }),
		usd: Type.Number({
			exclusiveMinimum: 0,
			description: "Dollars the child may spend; it stops itself before the request after the one that passes them.",
		}),
		sandbox: Type.Optional(SandboxConfigSchema),
		contain: Type.Optional(
			Type.Object(
				{ bwrap: Type.String({ minLength: 1, description: "Path of bubblewrap, to run each bash command in." }) },
				{
					description:
						"Without the sandbox: the bash commands in a PID namespace below the child's Pi, which they share, so none sees Pi (its event stream) in the process table; absent when the sandbox does that, or namespaces cannot be nested here.",
				},
			),
		),
		commands: Type.Optional(
			Type.Array(CommandPolicySchema, { description: "The commands bash may run; absent: any." }),
		),
		paths: Type.Optional(Type.Array(PathRuleSchema, { description: "The paths the file tools are refused." })),
		prompt: ExpectedPromptSchema,
		firstMessage: Sha256("sha256 of the first message the child must receive."),
		cache: Type.Optional(
			Type.Object(
				{
					prefix: Type.Unsafe<CacheLifetime>({
						type: "string",
						enum: ["5m", "1h"],
						description: "Lifetime of the tools and system-prompt cache breakpoints.",
					}),
					turns: Type.Integer({ minimum: 1, description: "The turn budget: the last turn's request writes nothing." }),
				},
				{ description: "The cache policy of the child's requests (run/cache-policy.ts); absent: Pi's own." },
			),
		),
		channel: Type.Optional(
			Type.String({
				minLength: 1,
				description:
					"The directory of the runner's socket (child/channel.ts) the messages sent to the running child come down; absent: none.",
			}),
		),
		delegate: Type.Optional(
			Type.Boolean({ description: "The child has the `task` tool: its calls go up the channel (run/nest.ts)." }),
		),
		runId: Type.String({
			minLength: 1,
			description: "The run's id in PI_DELEGATE_RUNS, so the child can stop its own tree if its parent dies.",
		}),
	},
	{ description: "Configuration of pi-delegate's child-side extension." },
);
export type ChildConfig = Static<typeof ChildConfigSchema>;

export function sha256(text: string): string {
	return createHash("sha256").update(text, "utf8").digest("hex");
}

/** The appended-prompt channel as Pi renders it from a list of texts. */
export function joinAppended(texts: readonly string[]): string {
	return texts.filter((text) => text !== "").join("\n\n");
}

export function expectedPrompt(prompt: ChildPromptInputs): ExpectedPrompt {
	return {
		customPrompt: prompt.customPrompt === undefined ? null : sha256(prompt.customPrompt),
		appendSystemPrompt: sha256(joinAppended(prompt.appendSystemPrompt)),
		contextFiles: prompt.contextFiles.map((file) => ({ path: resolve(file.path), sha256: sha256(file.content) })),
		skills: prompt.skills.map((skill) => ({ name: skill.name, filePath: resolve(skill.filePath) })),
	};
}

export function encodeChildConfig(config: ChildConfig): string {
	return JSON.stringify(config);
}

/** Parses the environment variable; a problem text per defect, so the child can say what is wrong. */
export function parseChildConfig(text: string | undefined): { config: ChildConfig } | { problems: string[] } {
	if (text === undefined || text === "") return { problems: [`${CHILD_CONFIG_ENV} is not set`] };
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { problems: [`${CHILD_CONFIG_ENV} is not JSON: ${(error as Error).message}`] };
	}
	if (Value.Check(ChildConfigSchema, value)) return { config: value };
	return {
		problems: [...Value.Errors(ChildConfigSchema, value)].map(
			(e) => `${CHILD_CONFIG_ENV}${e.instancePath || ""}: ${e.message}`,
		),
	};
}

/** The structured prompt inputs Pi hands `before_agent_start` (the fields this check reads). */
export interface ObservedPrompt {
	customPrompt?: string;
	appendSystemPrompt?: string;
	contextFiles?: ReadonlyArray<{ path: string; content: string }>;
	skills?: ReadonlyArray<{ name: string; filePath: string }>;
}

function list(items: readonly string[]): string {
	return items.length === 0 ? "none" : items.join(", ");
}

/**
 * Every difference between what the launch decided and what the child's Pi loaded. The first
 * message is compared when Pi reports it (a run started by a user message).
 */
export function promptMismatches(
	expected: Pick<ChildConfig, "prompt" | "firstMessage">,
	observed: ObservedPrompt,
	firstMessage: string | undefined,
	canonical: (path: string) => string = resolve,
): string[] {
	const problems: string[] = [];
	if (firstMessage !== undefined && sha256(firstMessage) !== expected.firstMessage) {
		problems.push("the child's first message differs from the launch's");
	}
	problems.push(...channelMismatches(expected.prompt, observed, canonical));
	return problems;
}

/** `canonical` spells a path one way on both sides (the extension passes realpath), so a symlinked cwd is no mismatch. */
function channelMismatches(
	expected: ExpectedPrompt,
	observed: ObservedPrompt,
	canonical: (path: string) => string,
): string[] {
	const problems: string[] = [];
	const custom = observed.customPrompt === undefined ? null : sha256(observed.customPrompt);
	if (custom !== expected.customPrompt) {
		problems.push(
			expected.customPrompt === null
				? "the child loaded a custom system prompt where Pi's own preamble was expected"
				: custom === null
					? "the child runs Pi's own preamble instead of the custom system prompt"
					: "the child's custom system prompt differs from the launch's",
		);
	}
	if (sha256(observed.appendSystemPrompt ?? "") !== expected.appendSystemPrompt) {
		problems.push("the child's appended prompt (APPEND_SYSTEM) differs from the launch's");
	}
	const files = (observed.contextFiles ?? []).map((f) => ({ path: canonical(f.path), sha256: sha256(f.content) }));
	const paths = (xs: ReadonlyArray<{ path: string }>) => xs.map((x) => canonical(x.path));
	if (paths(files).join("\n") !== paths(expected.contextFiles).join("\n")) {
		problems.push(
			`the child discovered other context files than the launch has: expected ${list(paths(expected.contextFiles))}; ` +
				`the child loaded ${list(paths(files))}`,
		);
	} else {
		files.forEach((file, i) => {
			if (file.sha256 !== expected.contextFiles[i]?.sha256) {
				problems.push(`the context file ${file.path} changed after the launch read it`);
			}
		});
	}
	const key = (s: { name: string; filePath: string }) => `${s.name} (${canonical(s.filePath)})`;
	const want = new Set(expected.skills.map(key));
	const got = new Set((observed.skills ?? []).map(key));
	const missing = [...want].filter((s) => !got.has(s));
	const extra = [...got].filter((s) => !want.has(s));
	if (missing.length > 0) problems.push(`skills the child did not load: ${missing.join(", ")}`);
	if (extra.length > 0) problems.push(`skills the child loaded that the launch does not have: ${extra.join(", ")}`);
	return problems;
}
