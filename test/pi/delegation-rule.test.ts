/**
 * The delegation rule in a real rendered prompt: appended once at the end of what the model
 * receives, byte-identical from run to run, never twice when registered twice, absent when
 * switched off, and kept out of the parent prompt a child inherits.
 */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { DELEGATION_RULE } from "../../src/gate/rule.ts";
import { rosterAppender } from "../../src/pi/agent-roster.ts";
import { registerDelegationRule } from "../../src/pi/delegation-rule.ts";
import { captureParentPrompt, type ParentPromptSource } from "../../src/pi/parent-prompt.ts";
import { sendOnce } from "../support/faux-session.ts";
import { MAIN_RULES, makeProject, SHARED_AGENTS, trustedResources } from "../support/project.ts";

const newProject = () =>
	makeProject({ "project:AGENTS.md": SHARED_AGENTS, "project:.pi/APPEND_SYSTEM.md": MAIN_RULES });

/** What the model receives in one turn of a session whose extensions are `factories`. */
async function received(factories: Array<(pi: ExtensionAPI) => void>, project = newProject()) {
	const resources = await trustedResources(project, factories);
	return (await sendOnce({ ...project, ...resources }, "hello")).systemPrompt;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("registerDelegationRule", () => {
	it("appends the rule once, at the end of the prompt the model receives, after Pi's own sections", async () => {
		const prompt = await received([(pi) => registerDelegationRule(pi, { enabled: () => true })]);
		expect(count(prompt, DELEGATION_RULE)).toBe(1);
		expect(prompt.endsWith(`\n\n${DELEGATION_RULE}`)).toBe(true);
		expect(prompt).toContain(SHARED_AGENTS);
		expect(prompt).toContain(MAIN_RULES.trim());
	});

	it("is byte-identical from session to session, so the cached prefix survives", async () => {
		const factories = [(pi: ExtensionAPI) => registerDelegationRule(pi, { enabled: () => true })];
		const project = newProject();
		const [a, b] = [await received(factories, project), await received(factories, project)];
		expect(a).toBe(b);
	});

	it("returns the same replacement on every run, and nothing for a prompt that already has it", async () => {
		let handler: ((event: { systemPrompt: string }) => unknown) | undefined;
		const pi = { on: (_: string, h: typeof handler) => (handler = h) } as unknown as ExtensionAPI;
		registerDelegationRule(pi, { enabled: () => true });
		const first = (await handler?.({ systemPrompt: "BASE" })) as { systemPrompt: string };
		expect(first).toEqual({ systemPrompt: `BASE\n\n${DELEGATION_RULE}` });
		expect(await handler?.({ systemPrompt: "BASE" })).toEqual(first);
		expect(await handler?.({ systemPrompt: first.systemPrompt })).toBeUndefined();
	});

	it("never adds the section twice, even registered twice", async () => {
		const twice = await received([
			(pi) => registerDelegationRule(pi, { enabled: () => true }),
			(pi) => registerDelegationRule(pi, { enabled: () => true }),
		]);
		expect(count(twice, DELEGATION_RULE)).toBe(1);
	});

	it("adds nothing while switched off", async () => {
		const off = await received([(pi) => registerDelegationRule(pi, { enabled: () => false })]);
		expect(off).not.toContain("<delegation>");
		const project = newProject();
		expect(await received([(pi) => registerDelegationRule(pi, { enabled: () => false })], project)).toBe(
			await received([], project),
		);
	});

	it("registered after the parent-prompt capture, stays out of what a child would inherit", async () => {
		let source: ParentPromptSource | undefined;
		const prompt = await received([
			(pi) => {
				source = captureParentPrompt(pi);
				registerDelegationRule(pi, { enabled: () => true });
			},
		]);
		expect(prompt).toContain(DELEGATION_RULE);
		expect(source?.latest()?.rendered).not.toContain("<delegation>");
	});
});

describe("the roster of agents", () => {
	const CLAUDE_AGENT = [
		"---",
		"name: doc-checker",
		'description: Use this agent when docs may be stale. Examples: <example>user: "I renamed parse()" assistant: "I\'ll use doc-checker"</example>',
		"tools: Read, Grep",
		"---",
		"You compare docs with code.",
	].join("\n");
	const withAgents = () =>
		makeProject({ "project:.claude/agents/doc-checker.md": CLAUDE_AGENT, "project:AGENTS.md": SHARED_AGENTS });
	const appender = (project: ReturnType<typeof makeProject>) =>
		rosterAppender({ home: () => project.home, env: () => ({}), agentDir: () => project.agentDir });
	const factory = (withRoster: ReturnType<typeof rosterAppender>) => (pi: ExtensionAPI) =>
		registerDelegationRule(pi, { enabled: () => true, withRoster });

	it("follows the rule: every agent a task can run as, a line each, the bundled ones included", async () => {
		const project = withAgents();
		const prompt = await received([factory(appender(project))], project);
		const roster = prompt.slice(prompt.indexOf("<agents>"));
		expect(prompt.indexOf(DELEGATION_RULE)).toBeLessThan(prompt.indexOf("<agents>"));
		expect(roster).toBe(
			[
				"<agents>",
				"Agents a task can run as (agent: name):",
				"- doc-checker (read-only): Use this agent when docs may be stale",
				"- planner: Read-only planning",
				"- reviewer: Read-only review of a change or a piece of code",
				"- scout: Fast read-only lookup",
				"- worker: Carries out a change",
				"</agents>",
			].join("\n"),
		);
	});

	it("leaves out an agent a launch here would refuse, and keeps one whose model alias stands aside", async () => {
		const agent = (description: string, extra: string) => `---\ndescription: ${description}\n${extra}\n---\nRole.\n`;
		const project = makeProject({
			"project:.claude/agents/far-model.md": agent("Reviews on a model nobody here has", "model: nosuch/model-9"),
			"project:.pi/agents/linter.md": agent("Lints", "tools: read, lint"),
			"project:.claude/agents/alias.md": agent("Reviews on the family alias", "model: opus"),
		});
		const roster = await received([factory(appender(project))], project);
		expect(roster).toContain("- alias: Reviews on the family alias");
		expect(roster).not.toContain("far-model");
		expect(roster).not.toContain("linter");
	});

	it("keeps its bytes for the session while files change, and is the same from session to session", async () => {
		const project = withAgents();
		const kept = appender(project);
		const first = await received([factory(kept)], project);
		writeFileSync(join(project.cwd, ".claude/agents/new-one.md"), "---\ndescription: added later\n---\nRole.\n");
		expect(await received([factory(kept)], project)).toBe(first);
		// A new session reads the folders again.
		expect(await received([factory(appender(project))], project)).toContain("- new-one: added later");
	});

	it("adds nothing while the rule is switched off", async () => {
		const project = withAgents();
		const off = await received(
			[(pi) => registerDelegationRule(pi, { enabled: () => false, withRoster: appender(project) })],
			project,
		);
		expect(off).not.toContain("<agents>");
	});
});
