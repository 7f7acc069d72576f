/**
 * The public API of pi-delegate, for programs that embed it: one section per stage of a delegation,
 * in the order a delegation flows through them. Everything else under src/ is internal and may
 * change without notice.
 */

export type { AgentDefinition } from "./agents/definition.ts";
export { type LoadedAgents, loadAgents } from "./agents/load.ts";
export {
	AFTER_FILE,
	BEFORE_FILE,
	decodeSnapshot,
	decodeSnapshots,
	encodeSnapshot,
	encodeSnapshots,
	type SnapshotFile,
} from "./boundary/codec.ts";
export { diffSnapshots } from "./boundary/diff.ts";
export { boundaryFindings, type FindingsOptions } from "./boundary/findings.ts";
export { judgeChanges } from "./boundary/judge.ts";
export { parseSnapshot } from "./boundary/load.ts";
// The boundary: snapshots of watched roots, the delta, the judgement.
export { type SnapshotOptions, snapshotRoots } from "./boundary/snapshot.ts";
export type {
	BoundaryFindings,
	Change,
	ChangeKind,
	Judgement,
	RootSnapshot,
	Snapshot,
	UncheckedPart,
} from "./boundary/types.ts";
// What a child sees: context modes, agents, prompt inheritance, the one function that decides a view.
export { type ContextMode, createModeRegistry, DEFAULT_MODE, type ModeRegistry } from "./context/modes.ts";
export { type ContextFields, ContextFieldsSchema, type ContextPrimitives } from "./context/primitives.ts";
export { formatProvenance, type ResolvedContext, resolveContext } from "./context/resolve.ts";
export type { CommandRun } from "./envelope/command-runs.ts";
export { type EnvelopeParse, parseEnvelope } from "./envelope/parse.ts";
export { type Pointer, parsePointer } from "./envelope/pointer.ts";
export { nodeFileProbe } from "./envelope/probe.ts";
// The result envelope: schema, parsing, pointer verification.
export {
	type Envelope,
	EnvelopeSchema,
	type Evidence,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_NAME,
} from "./envelope/schema.ts";
export { type ClaimCheck, type FileProbe, verifyEvidence } from "./envelope/verify.ts";
// The fork-gate: whether a brief may go to a fork or must be a task, and the task to make instead.
export { classifyBrief } from "./gate/classify.ts";
export { proposeTask } from "./gate/propose.ts";
export { type GateOutput, GateOutputSchema } from "./gate/schema.ts";
export type { GateDecision, TaskProposal } from "./gate/types.ts";
export { loadParentPrompt } from "./host/load-parent.ts";
// Pi as a port: rendering a child's prompt, the parent's prompt from disk, the model runtime.
export { type RenderedPrompt, renderChildView } from "./host/render.ts";
export { type Host, openHost } from "./host/runtime.ts";
// The plan: everything a child gets, decided by one pure function from loaded inputs.
export { kindFromAgent } from "./plan/child.ts";
export { planChild } from "./plan/plan.ts";
export { requestChildren } from "./plan/request.ts";
export type { ChildRequest, EntryPlace } from "./plan/request-types.ts";
export {
	decideSandbox,
	type SandboxAvailability,
	type SandboxMode,
	type SandboxPlan,
	type SandboxPlanInput,
} from "./plan/sandbox.ts";
export { authorityTools } from "./plan/tools.ts";
export type {
	ChildInputs,
	ChildPlan,
	CommonInputs,
	ForkPlan,
	LoadedRequest,
	ModelChoice,
	Planned,
	PlanRequest,
	RunnerKind,
	TaskPlan,
	UncheckedPlan,
} from "./plan/types.ts";
export {
	formatPath,
	formatProblems,
	type PathSegment,
	PROBLEM_CODES,
	type Problem,
	type ProblemCode,
	type ProblemJson,
	type ProblemPlace,
	problemJson,
	problemReplacer,
} from "./problems.ts";
export type { ChildPromptInputs, InheritedPrompt, ParentPrompt, PromptInputs, Strategy } from "./prompt/channels.ts";
export {
	activeAgentTag,
	buildChildView,
	type ChildKind,
	type ChildView,
	type ChildViewRequest,
} from "./prompt/child-view.ts";
export { GENERIC_BASE } from "./prompt/generic-base.ts";
export { inheritPrompt } from "./prompt/inherit.ts";
export { taskBrief, taskRung } from "./prompt/task-brief.ts";
export { TASK_WORKER } from "./prompt/task-worker.ts";
// Reports: what people and the calling model read.
export { renderModelReport, renderReport } from "./report/task-report.ts";
// The task spec: schema, validation, loading.
export { EFFORTS, type Effort } from "./request/choices.ts";
export { type Budget, DEFAULT_BUDGETS } from "./request/limits.ts";
export { listRuns, type RecordedRun, readRun, resolveRunsDir } from "./run/audit/audit.ts";
export { type PlannedCall, planCall, runChild } from "./run/delegate.ts";
export { type ExecutionPorts, executeChild } from "./run/execute.ts";
// Executing a plan: the loader, the one execution and its ports, runners, the record.
export { type InputSources, loadInputs } from "./run/inputs.ts";
export { type RunIsolation, runIsolation } from "./run/outcome/isolation.ts";
export type { ChildResult, ForkResult, TaskResult, UncheckedResult } from "./run/outcome/result.ts";
export { judgeRun, type RunProblem, type Verdict } from "./run/outcome/verdict.ts";
export { realPorts } from "./run/ports.ts";
export { PrefixGate } from "./run/prefix-gate.ts";
export { type Preview, previewDelegation } from "./run/preview.ts";
export { RootLocks } from "./run/root-lock.ts";
export { inProcessRunner } from "./run/runners/in-process.ts";
export { createSubprocessRunner, runSubprocess } from "./run/runners/subprocess.ts";
export { sandboxSupport } from "./run/sandbox/support.ts";
export type { Containment, PreventedAttempt, SandboxSupport } from "./run/sandbox/types.ts";
export type {
	ChildLaunch,
	ChildOutcome,
	ChildProgress,
	ChildRunner,
	ChildUsage,
	RunnerHooks,
	TaskProgress,
} from "./run/types.ts";
export { type ReadSettingsResult, readSettings } from "./settings/read.ts";
export { loadSpecFile, loadSpecObject, loadSpecText } from "./spec/load.ts";
export { type TaskSpec, type TaskSpecInput, TaskSpecSchema } from "./spec/schema.ts";
export { type SpecResult, validateSpec } from "./spec/validate.ts";
