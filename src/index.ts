/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */
export type { Problem } from "./problems.ts";
export { loadSpecFile, loadSpecObject, loadSpecText, nodeProbe, nodeSubdirs } from "./spec/load.ts";
export type { ListSubdirs, PathInfo, PathKind, PathProbe } from "./spec/probe.ts";
export {
	type Budget,
	DEFAULT_BUDGETS,
	EFFORTS,
	type Effort,
	type ResolvedRoots,
	type TaskSpec,
	type TaskSpecInput,
	TaskSpecSchema,
} from "./spec/schema.ts";
export {
	type SpecInvalid,
	type SpecResult,
	type SpecValid,
	type ValidateOptions,
	validateSpec,
} from "./spec/validate.ts";
