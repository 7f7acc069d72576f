import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssistantMessage, Context } from "@earendil-works/pi-ai";
import { complete } from "@earendil-works/pi-ai/compat";
import { afterEach, describe, expect, it } from "vitest";
import { checkJsonScript, type Emulator, loadScript, type Script, startEmulator } from "../../bench/emulator/index.ts";
import { ScriptError } from "../../bench/emulator/load-script.ts";
import { formatPath } from "../../src/problems.ts";
import { tempDir } from "../support/temp.ts";
import { piContext, piModel } from "./pi-model.ts";

let emulator: Emulator | undefined;
afterEach(async () => {
	await emulator?.close();
	emulator = undefined;
});

const key = { apiKey: "test-key" };
const textOf = (m: AssistantMessage) => m.content.map((c) => (c.type === "text" ? c.text : "")).join("");

async function ask(emu: Emulator, first: string): Promise<string> {
	return textOf(await complete(piModel(emu.url), piContext(first), key));
}

describe("matching requests to scripted conversations", () => {
	it("matches by marker in the first user message, whatever the arrival order", async () => {
		emulator = await startEmulator({
			script: {
				conversations: [
					{ match: "[alpha]", turns: ["I am alpha"] },
					{ match: "[beta]", turns: ["I am beta"] },
				],
			},
		});
		expect(await ask(emulator, "task [beta] please")).toBe("I am beta");
		expect(await ask(emulator, "task [alpha] please")).toBe("I am alpha");
		expect(emulator.log.entries.map((e) => e.label)).toEqual(["[beta]", "[alpha]"]);
	});

	it("hands unmarked conversations out in order of arrival, then falls back to default", async () => {
		emulator = await startEmulator({
			script: { conversations: [{ turns: ["first"] }, { turns: ["second"] }], default: ["rest"] },
		});
		expect(await ask(emulator, "one")).toBe("first");
		expect(await ask(emulator, "two")).toBe("second");
		expect(await ask(emulator, "three")).toBe("rest");
		expect(await ask(emulator, "one")).toBe("first");
	});

	it("answers each turn from the script's next entry, and a function turn can read the last tool result", async () => {
		emulator = await startEmulator({
			script: {
				default: [
					{ tools: [{ name: "read", input: { path: "a.txt" } }] },
					(req) => `the file says: ${req.toolResults[0]?.text} (from ${req.toolResults[0]?.name})`,
				],
			},
		});
		const context: Context = piContext("read a.txt");
		const call = await complete(piModel(emulator.url), context, key);
		const toolCall = call.content.find((c) => c.type === "toolCall");
		expect(toolCall).toMatchObject({ name: "read", arguments: { path: "a.txt" } });
		context.messages.push(call, {
			role: "toolResult",
			toolCallId: toolCall!.type === "toolCall" ? toolCall!.id : "",
			toolName: "read",
			content: [{ type: "text", text: "forty-two" }],
			isError: false,
			timestamp: 0,
		});
		const answer = await complete(piModel(emulator.url), context, key);
		expect(textOf(answer)).toBe("the file says: forty-two (from read)");
		expect(emulator.log.entries.map((e) => [e.conversation, e.turn])).toEqual([
			["c1", 0],
			["c1", 1],
		]);
	});

	it("gives a whole conversation as one function of the request", async () => {
		const script: Script = { default: (req) => `turn ${req.turn} of ${req.conversation}, attempt ${req.attempt}` };
		emulator = await startEmulator({ script });
		expect(await ask(emulator, "x")).toBe("turn 0 of c1, attempt 1");
		expect(await ask(emulator, "y")).toBe("turn 0 of c2, attempt 1");
	});
});

describe("script files", () => {
	const dir = tempDir("emulator-script-");

	it("loads a JSON script", async () => {
		const file = join(dir, "ok.json");
		writeFileSync(
			file,
			JSON.stringify({
				conversations: [{ match: "m", turns: ["a", { text: "b", tools: [{ name: "t", input: {} }] }] }],
			}),
		);
		const script = await loadScript(file);
		expect(script.conversations?.[0]?.turns).toHaveLength(2);
	});

	it("loads a TypeScript module whose turns are functions", async () => {
		const file = join(dir, "fn.ts");
		writeFileSync(file, 'export default { default: [(req: { turn: number }) => "turn " + req.turn] };\n');
		const script = await loadScript(file);
		emulator = await startEmulator({ script });
		expect(await ask(emulator, "q")).toBe("turn 0");
	});

	it("reports every problem of a bad JSON script at once, each with its path", async () => {
		const bad = { conversations: [{ turns: [{ txt: "typo" }] }, { match: 3, turns: [] }], extra: true };
		const problems = checkJsonScript(bad);
		const paths = problems.map(formatPath);
		expect(paths).toContain("conversations[0].turns[0]");
		expect(paths).toContain("conversations[1].match");
		expect(problems.every((p) => p.fix.length > 0)).toBe(true);
		const file = join(dir, "bad.json");
		writeFileSync(file, JSON.stringify(bad));
		await expect(loadScript(file)).rejects.toBeInstanceOf(ScriptError);
	});
});
