/**
 * A `background: true` call of the `task` or `fork` tool, once every child is planned (a bad spec
 * has refused the whole call by then, nothing started): each child handed to the session's
 * background hub, which queues it and runs it through the same `runChild` as a foreground call —
 * with a mailbox as its inbox, the session's root locks and prefix gate — while the tool returns
 * at once with a run id per child. The call's host stays open until its last child ends.
 */
import type { AgentToolResult, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ChildPlan } from "../plan/types.ts";
import { type PlannedCall, runChild } from "../run/delegate.ts";
import type { ChildResult } from "../run/outcome/result.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { BackgroundPort } from "./background.ts";
import type { BackgroundChild, ChildOutcome } from "./background-hub.ts";
import { settingsOf } from "./settings-watch.ts";

export interface BackgroundLaunchDeps {
	background?: BackgroundPort;
	locks: RootLocks;
	prefixGate: PrefixGate;
}

/** One planned child of the call: what to list it as, and its result in the words a foreground call returns. */
export interface LaunchChild {
	plan: ChildPlan;
	kind: "task" | "fork";
	label: string;
	outcome(result: ChildResult): ChildOutcome;
}

/** What the tool result's details hold: the run ids, as the renderer lists them. */
export interface BackgroundDetails {
	kind: "background";
	runs: Array<{ key: string; id: string; state: string }>;
}

/** The tool result's text: the run ids, and how the results will come. */
export function launchedText(runs: BackgroundDetails["runs"]): string {
	const ids = runs.map((r) => (r.state === "queued" ? `${r.key} (queued)` : r.key)).join(", ");
	const count = runs.length === 1 ? "1 child runs" : `${runs.length} children run`;
	return [
		`${count} in the background: ${ids}.`,
		"Each one's verdict and report reach you as a message when it ends; the children tool lists, waits for, messages or stops them.",
	].join("\n");
}

type Planned = Extract<PlannedCall, { ok: true }>;

export async function launchBackground(
	called: Planned,
	children: readonly LaunchChild[],
	ctx: ExtensionContext,
	deps: BackgroundLaunchDeps,
): Promise<AgentToolResult<BackgroundDetails>> {
	if (!deps.background) {
		called.host.dispose();
		throw new Error("background: this entry cannot run children in the background; call it without background");
	}
	const hub = deps.background.session(ctx);
	hub.limit = (await settingsOf(ctx)).settings.backgroundLimit.value;
	const handed: BackgroundChild[] = children.map((child) => ({
		id: child.plan.id,
		kind: child.kind,
		label: child.label,
		run: async ({ progress, signal, inbox }) => {
			const result = await runChild(child.plan, called.context, {
				progress,
				signal,
				inbox,
				locks: deps.locks,
				prefixGate: deps.prefixGate,
			});
			return child.outcome(result);
		},
	}));
	const runs = hub.launch(handed, deps.background.registry);
	// The host (the model runtime every child of the call shares) lives until the last child ends.
	void Promise.all(runs.map((r) => r.ended)).finally(() => called.host.dispose());
	const listed = runs.map((r) => ({ key: r.key, id: r.child.id, state: r.state }));
	return { content: [{ type: "text", text: launchedText(listed) }], details: { kind: "background", runs: listed } };
}
