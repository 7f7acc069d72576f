/** A stand-in for a TUI session's context: its raw-input listener, editor text and footer, driven by a test. */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";

/** A TUI context whose raw-input listener and editor text the test drives. */
export function tuiContext(status: Map<string, string | undefined>) {
	const box: { listener?: (data: string) => unknown; text: string } = { text: "" };
	const ctx = {
		mode: "tui",
		hasUI: true,
		ui: {
			onTerminalInput: (listener: (data: string) => unknown) => {
				box.listener = listener;
				return () => {
					box.listener = undefined;
				};
			},
			getEditorText: () => box.text,
			setStatus: (key: string, text: string | undefined) => status.set(key, text),
		},
	} as unknown as ExtensionContext;
	return { ctx, box };
}
