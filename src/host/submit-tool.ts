/**
 * The `submit_result` tool a child hands its envelope in with. The same definition serves both
 * runners: the in-process runner passes it as a custom tool, the subprocess child registers it from
 * pi-delegate's child-side extension. Its text is static, so sibling children send byte-identical
 * tool definitions.
 *
 * The tool checks a submission before accepting it — the envelope's shape, the task's evidence rule
 * (an ok must cite something unless the spec says evidence "optional") and every evidence pointer —
 * and hands problems back to the model as an error, so a fixable slip (a wrong line number, a command
 * cited in a different spelling, an ok with nothing to check) costs a retry instead of the whole task.
 * Arguments Pi's own schema check would reject are rejected first by `prepareArguments`, in the
 * envelope's words rather than the validator's (envelope/arguments.ts). After `maxRejections`
 * rejections the next submission is accepted as it is, and the model is told which problems will
 * fail the task: a child that cannot produce checkable evidence must not loop until its budget runs
 * out, nor be told its result was simply "received".
 */

import { isDeepStrictEqual } from "node:util";
import { type ToolCall, validateToolArguments } from "@earendil-works/pi-ai";
import { defineTool } from "@earendil-works/pi-coding-agent";
import { prepareSubmission } from "../envelope/arguments.ts";
import type { RanCommand } from "../envelope/command-runs.ts";
import { checkSubmission, submissionErrorText } from "../envelope/parse.ts";
import { evidenceDeadline, nodeFileProbe } from "../envelope/probe.ts";
import { SECOND_RESULT_ERROR } from "../envelope/rejected.ts";
import {
	completeEnvelope,
	type Envelope,
	EnvelopeSchema,
	SUBMIT_RESULT_PROMPT_SNIPPET,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_LABEL,
	SUBMIT_RESULT_TOOL_NAME,
	SubmitParamsSchema,
	type SubmittedEnvelope,
} from "../envelope/schema.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import { plural } from "../format/numbers.ts";
import type { SubmitCheckConfig } from "../plan/types.ts";
import { formatPath, type Problem } from "../problems.ts";

/** What the tool puts in `details` of an accepted result: the arguments exactly as it received them. */
export interface SubmitDetails {
	accepted: true;
	/** As received: a list the child left out is absent here and `[]` once parsed (parse.ts). */
	envelope: SubmittedEnvelope;
}

/** The tool's memory across calls within one child. */
export interface SubmitState {
	accepted: SubmittedEnvelope | undefined;
	rejections: number;
}

const FILE_FIX = "point at a line that exists inside the task's roots, or cite a command exactly as you ran it";
const COMMAND_FIX =
	"cite a command exactly as you ran it, one that exited 0 on its own (the reason says how this one ran or why it does not count)";

/** Where a path the child names is on this side; as given unless its files are elsewhere (a private copy). */
export type PlacePath = (path: string) => string;

function pointerProblems(
	envelope: Envelope,
	config: SubmitCheckConfig,
	commandsRun: readonly RanCommand[],
	place: PlacePath | undefined,
): Problem[] {
	const probe = nodeFileProbe();
	const checks = verifyEvidence(envelope.evidence, {
		roots: config.roots,
		base: config.cwd,
		commands: commandsRun,
		probe: place ? { ...probe, look: (path) => probe.look(place(path)) } : probe,
		deadline: evidenceDeadline(),
	});
	return checks.flatMap((c) =>
		c.verified
			? []
			: [
					{
						path: ["evidence", c.index, "pointer"],
						code: "evidence" as const,
						value: c.pointer,
						message: `"${c.pointer}" does not check out: ${c.reason}`,
						fix: /^\s*cmd:/i.test(c.pointer) ? COMMAND_FIX : FILE_FIX,
					},
				],
	);
}

/** Pi's own check of the arguments (with its coercion), asked before it runs it, to speak first. */
function piAccepts(value: unknown): boolean {
	const tool = { name: SUBMIT_RESULT_TOOL_NAME, description: "", parameters: EnvelopeSchema };
	const call = { type: "toolCall", id: "prepare", name: SUBMIT_RESULT_TOOL_NAME, arguments: value } as ToolCall;
	try {
		validateToolArguments(tool, call);
		return true;
	} catch {
		return false;
	}
}

/** Everything that would fail the task about this envelope, in the order a model should fix it. */
function submissionProblems(
	envelope: Envelope,
	config: SubmitCheckConfig,
	commandsRun: () => readonly RanCommand[],
	place: PlacePath | undefined,
) {
	const problems = checkSubmission(envelope, config.evidence);
	return problems.length > 0 ? problems : pointerProblems(envelope, config, commandsRun(), place);
}

/**
 * Builds the tool. `commandsRun` reports the bash commands the child has run so far, as the
 * runner's own bash recorded them (with how each ended), so `cmd:` pointers can be checked at
 * submission time.
 */
export function createSubmitTool(
	config: SubmitCheckConfig,
	commandsRun: () => readonly RanCommand[],
	state: SubmitState = { accepted: undefined, rejections: 0 },
	/** Where the child's paths are read on this side (an in-process child on private copies). */
	place?: PlacePath,
): { tool: ReturnType<typeof defineTool<typeof SubmitParamsSchema, SubmitDetails>>; state: SubmitState } {
	const tool = defineTool<typeof SubmitParamsSchema, SubmitDetails>({
		name: SUBMIT_RESULT_TOOL_NAME,
		label: SUBMIT_RESULT_TOOL_LABEL,
		description: SUBMIT_RESULT_TOOL_DESCRIPTION,
		promptSnippet: SUBMIT_RESULT_PROMPT_SNIPPET,
		// The model reads the compact schema; prepareArguments checks EnvelopeSchema's every rule first.
		parameters: SubmitParamsSchema,
		executionMode: "sequential",
		prepareArguments(raw) {
			const prepared = prepareSubmission(raw, piAccepts);
			if (!prepared.ok) throw new Error(submissionErrorText(prepared.problems));
			return prepared.value as SubmittedEnvelope;
		},
		async execute(_id, params) {
			const envelope = params as SubmittedEnvelope;
			if (state.accepted !== undefined) {
				if (isDeepStrictEqual(state.accepted, envelope)) return accepted(envelope, []);
				throw new Error(`${SECOND_RESULT_ERROR}; a second, different result is not accepted. Stop now.`);
			}
			const problems = submissionProblems(completeEnvelope(envelope), config, commandsRun, place);
			if (problems.length > 0 && state.rejections < config.maxRejections) {
				state.rejections++;
				throw new Error(submissionErrorText(problems));
			}
			state.accepted = envelope;
			return accepted(envelope, problems);
		},
	});
	return { tool, state };
}

/** The result of an accepted call; one taken as it is after the last rejection says what still fails it. */
function accepted(envelope: SubmittedEnvelope, unresolved: readonly Problem[]) {
	const text =
		unresolved.length === 0
			? "Result received. Your work is done; stop here."
			: [
					`Result recorded as it is, with ${plural(unresolved.length, "unresolved problem")} that will fail the task:`,
					...unresolved.map((p) => `- ${formatPath(p)}: ${p.message}`),
					"No more attempts are accepted. Your work is done; stop here.",
				].join("\n");
	return {
		content: [{ type: "text" as const, text }],
		details: { accepted: true as const, envelope },
		terminate: true,
	};
}
