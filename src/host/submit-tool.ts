/**
 * The `submit_result` tool a child hands its envelope in with. The same definition serves both
 * runners: the in-process runner passes it as a custom tool, the subprocess child registers it from
 * pi-delegate's child-side extension. Its text is static, so sibling children send byte-identical
 * tool definitions.
 *
 * The tool checks a submission before accepting it — the envelope's shape and every evidence
 * pointer — and hands problems back to the model as an error, so a fixable slip (a wrong line
 * number, a command cited in a different spelling) costs a retry instead of the whole task. After
 * `maxRejections` rejections the next submission is accepted as it is and the verdict judges it: a
 * child that cannot produce checkable evidence must not loop until its budget runs out.
 */

import { isDeepStrictEqual } from "node:util";
import { defineTool } from "@earendil-works/pi-coding-agent";
import { checkSubmission, submissionErrorText } from "../envelope/parse.ts";
import { nodeFileProbe } from "../envelope/probe.ts";
import {
	type Envelope,
	EnvelopeSchema,
	SUBMIT_RESULT_PROMPT_SNIPPET,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_LABEL,
	SUBMIT_RESULT_TOOL_NAME,
} from "../envelope/schema.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import type { SubmitCheckConfig } from "../plan/types.ts";

/** What the tool puts in `details` of an accepted result: the arguments exactly as it received them. */
export interface SubmitDetails {
	accepted: true;
	envelope: Envelope;
}

/** The tool's memory across calls within one child. */
export interface SubmitState {
	accepted: Envelope | undefined;
	rejections: number;
}

function pointerProblems(envelope: Envelope, config: SubmitCheckConfig, commandsRun: readonly string[]): string[] {
	const checks = verifyEvidence(envelope.evidence, {
		roots: config.roots,
		base: config.cwd,
		commands: commandsRun,
		probe: nodeFileProbe(),
	});
	return checks.flatMap((c) => (c.verified ? [] : [`- evidence[${c.index}].pointer "${c.pointer}": ${c.reason}`]));
}

/**
 * Builds the tool. `commandsRun` reports the bash commands the child has run so far, so `cmd:`
 * pointers can be checked at submission time.
 */
export function createSubmitTool(
	config: SubmitCheckConfig,
	commandsRun: () => readonly string[],
	state: SubmitState = { accepted: undefined, rejections: 0 },
): { tool: ReturnType<typeof defineTool<typeof EnvelopeSchema, SubmitDetails>>; state: SubmitState } {
	const tool = defineTool<typeof EnvelopeSchema, SubmitDetails>({
		name: SUBMIT_RESULT_TOOL_NAME,
		label: SUBMIT_RESULT_TOOL_LABEL,
		description: SUBMIT_RESULT_TOOL_DESCRIPTION,
		promptSnippet: SUBMIT_RESULT_PROMPT_SNIPPET,
		parameters: EnvelopeSchema,
		executionMode: "sequential",
		async execute(_id, params) {
			const envelope = params as Envelope;
			if (state.accepted !== undefined) {
				if (isDeepStrictEqual(state.accepted, envelope)) return accepted(envelope);
				throw new Error(
					"A result was already submitted and it stands; a second, different result is not accepted. Stop now.",
				);
			}
			const shape = checkSubmission(envelope);
			const problems =
				shape.length > 0 ? submissionErrorText(shape).split("\n") : pointerProblems(envelope, config, commandsRun());
			if (problems.length > 0 && state.rejections < config.maxRejections) {
				state.rejections++;
				const head = shape.length > 0 ? [] : ["The result was not accepted: these evidence pointers do not check out:"];
				const tail = shape.length > 0 ? [] : [`Fix them and call ${SUBMIT_RESULT_TOOL_NAME} again.`];
				throw new Error([...head, ...problems, ...tail].join("\n"));
			}
			state.accepted = envelope;
			return accepted(envelope);
		},
	});
	return { tool, state };
}

function accepted(envelope: Envelope) {
	return {
		content: [{ type: "text" as const, text: "Result received. Your work is done; stop here." }],
		details: { accepted: true as const, envelope },
		terminate: true,
	};
}
