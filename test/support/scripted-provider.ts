/**
 * A Pi extension for end-to-end tests: registers the provider `scripted` (model `scripted-1`) whose
 * assistant turns are read from the JSON file named by PI_DELEGATE_SCRIPT. Each entry of the file's
 * `turns` array is one assistant message: a string is a text reply, an object may carry `text` and
 * `tools` (tool calls as `{ name, args }`). When the script runs out, the model replies "(script ended)".
 * Load it with `pi -e test/support/scripted-provider.ts --model scripted/scripted-1`.
 */
import { readFileSync } from "node:fs";
import {
	type FauxContentBlock,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxToolCall,
} from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

interface ScriptTurn {
	text?: string;
	tools?: Array<{ name: string; args: Parameters<typeof fauxToolCall>[1] }>;
}

function loadTurns(): Array<string | ScriptTurn> {
	const file = process.env.PI_DELEGATE_SCRIPT;
	if (!file) return [];
	const parsed = JSON.parse(readFileSync(file, "utf8")) as { turns?: Array<string | ScriptTurn> };
	return parsed.turns ?? [];
}

export default function scriptedProvider(pi: ExtensionAPI): void {
	const turns = loadTurns();
	const faux = fauxProvider({ provider: "scripted", models: [{ id: "scripted-1", name: "Scripted" }] });
	faux.setResponses(
		Array.from({ length: turns.length + 16 }, (_, i) => () => {
			const turn = turns[i];
			if (turn === undefined) return fauxAssistantMessage("(script ended)");
			if (typeof turn === "string") return fauxAssistantMessage(turn);
			const blocks: FauxContentBlock[] = [];
			if (turn.text) blocks.push(fauxText(turn.text));
			for (const call of turn.tools ?? []) blocks.push(fauxToolCall(call.name, call.args));
			return fauxAssistantMessage(blocks, { stopReason: turn.tools?.length ? "toolUse" : "stop" });
		}),
	);
	pi.registerProvider(faux.provider);
}
