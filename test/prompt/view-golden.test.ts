/**
 * Golden files of the one function's output for every mode × strategy, as `preview` prints it with
 * the system prompt rendered by Pi: parents are real Pi 1.6.0 renders (Pi's own prompt, a SYSTEM.md,
 * and Pi's own prompt known only as rendered text). Byte for byte; UPDATE_GOLDEN=1 rewrites them,
 * and the diff is reviewed before committing.
 */
import { join } from "node:path";
import { getPackageDir, VERSION } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { BUILTIN_MODE_NAMES, createModeRegistry } from "../../src/context/modes.ts";
import { renderChildView } from "../../src/host/render.ts";
import type { ParentPrompt } from "../../src/prompt/channels.ts";
import { buildChildView } from "../../src/prompt/child-view.ts";
import { TASK_WORKER } from "../../src/prompt/task-worker.ts";
import { previewText } from "../../src/report/preview-report.ts";
import { STRATEGIES } from "../../src/request/choices.ts";
import { PLACEHOLDERS } from "../fixtures/pi-renders/capture.ts";
import { CASES } from "../fixtures/pi-renders/cases.ts";
import { childTools } from "../support/child-tools.ts";
import { expectGolden } from "../support/golden.ts";
import { REPO } from "../support/pi.ts";
import { loadRender } from "./renders.ts";

const GOLDEN = join(REPO, "test/fixtures/view-golden");
const render = (name: string) => loadRender("1.6.0", CASES.find((c) => c.name === name)!);
const PARENTS: Record<string, ParentPrompt> = {
	"pi-own": { options: render("default").options, rendered: render("default").rendered },
	"system-md": { options: render("custom").options, rendered: render("custom").rendered },
	"pi-own-text-only": { rendered: render("default").rendered },
};
/** Pi's package path as the fixtures spell it, so legacy renders do not name this machine's paths. */
const placeholder = (text: string) =>
	text.split(getPackageDir()).join(`${PLACEHOLDERS.pi}/node_modules/@earendil-works/pi-coding-agent`);

describe("golden child views: every mode × strategy", () => {
	it("renders with the pinned Pi (the goldens name its version)", () => {
		expect(VERSION).toBe("1.6.0");
	});

	for (const [parentName, parent] of Object.entries(PARENTS)) {
		for (const mode of BUILTIN_MODE_NAMES) {
			for (const strategy of STRATEGIES) {
				it(`${parentName} ${mode} ${strategy}`, async () => {
					const view = buildChildView({
						kind: TASK_WORKER,
						call: { contextMode: mode, strategy },
						registry: createModeRegistry(),
						parent,
						tools: childTools(["read", "grep", "find", "ls"]),
						firstMessage: "# Task: rounding\n\nFind every place the ledger rounds an amount.",
					});
					const child = await renderChildView(view, { cwd: PLACEHOLDERS.project, agentDir: PLACEHOLDERS.agent });
					const text = previewText({
						view,
						child: { ...child, systemPrompt: placeholder(child.systemPrompt) },
						parent: { rendered: parent.rendered ?? "", about: "the parent's prompt" },
						piVersion: VERSION,
						cwd: PLACEHOLDERS.project,
					});
					expectGolden(join(GOLDEN, `${parentName}.${mode}.${strategy}.txt`), text);
				});
			}
		}
	}
});
