/**
 * `planChild`: the one planner. Everything a child gets is decided here, in one pure function, from
 * inputs already loaded and the one child asked for: a checked task (its spec's authority, its
 * agent's role, its brief), a fork of the conversation (the parent's branch and prompt, read-only),
 * or an unchecked child (its prompt, its tools by default the reading ones). Each kind is decided by
 * its own module from the same pieces — the settings, the model and runner decisions, the runs
 * directory, the prefix key — and comes back as one `ChildPlan`, which `preview` prints, `launch.json`
 * records and `executeChild` carries out.
 *
 * Every refusal names what could not be settled and every problem, so an entry point can refuse
 * with exit 2 (or an error result) before anything runs.
 */
import { planFork } from "./fork.ts";
import { resumedTask } from "./resume.ts";
import { planTask } from "./task.ts";
import type { ChildInputs, Planned } from "./types.ts";
import { planUnchecked } from "./unchecked.ts";

export function planChild(inputs: ChildInputs): Planned {
	const { request, ...common } = inputs;
	switch (request.kind) {
		case "task": {
			const planned = planTask({ ...common, spec: request.spec, request: request.layer }, request.defaults);
			return request.resumes ? resumedTask(planned, request.resumes) : planned;
		}
		case "unchecked":
			return planUnchecked(common, request);
		case "fork":
			return planFork(common, request);
	}
}
