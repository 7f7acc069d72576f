/** The shapes of the README's generated blocks and of the runs they show. */
import type { CompareMode, Stretch } from "./compare.ts";
import type { MaskName } from "./normalise.ts";
import type { Scene } from "./scene.ts";

/** What a run needs from the machine besides Node, git and Pi; without it, its blocks are not checked. */
export type Need = "bwrap" | "python3";

export interface RunSpec {
	/** Names the run; blocks that show one run share it. */
	id: string;
	/** Whose home the command runs with: a newcomer's (no model), the scripted model's, or one whose settings have a typo. */
	home: "new" | "scripted" | "scripted2" | "typo" | "keyed" | "ledger";
	cwd: (scene: Scene) => string;
	argv: (scene: Scene) => string[];
	/** Variables set for the command and shown before it, as a person would type them. */
	env?: Record<string, string>;
	needs?: readonly Need[];
	/** Runs in one lane run one after another, in the order listed (they share files). */
	lane?: string;
	/** Started before the others: the longest runs (children, Pi start-ups). */
	slow?: boolean;
	/** Called before the run, in its lane. */
	prepare?: (scene: Scene) => void;
}

interface Shown {
	name: string;
	/** The document that holds the block, from the repository's root; README.md when not given. */
	doc?: string;
	/** `lines` unless the output is wrapped to a width (see compare.ts). */
	compare?: CompareMode;
	/** The masks that apply (normalise.ts). */
	masks?: readonly MaskName[];
	/** Only these stretches of the output, with `…` for what is left out. */
	excerpt?: readonly Stretch[];
}

/** A command's output: `$ pi-delegate …`, what it printed, and its exit code when asked. */
export interface OutputBlock extends Shown {
	kind: "output";
	run: RunSpec;
	stream: "stdout" | "stderr";
	/** The command line above the output; false for a block that continues another. */
	prompt?: boolean;
	/** `$ echo $?` and the code, after the output. */
	exit?: boolean;
	/** The arguments shown when they differ from the ones run (doctor is run with --json). */
	shownArgv?: readonly string[];
}

/** Doctor's report, rendered by doctor's own renderer from its --json report with placeholders in. */
export interface DoctorBlock extends Shown {
	kind: "doctor";
	run: RunSpec;
}

/** A file of the repository, shown whole. */
export interface FileBlock extends Shown {
	kind: "file";
	path: string;
	lang: string;
}

/** Text made from other outputs: the CLI reference, every command's help, the benchmark figures. */
export interface MadeBlock extends Shown {
	kind: "help" | "help-commands" | "cli-reference" | "figures";
}

export type BlockSpec = OutputBlock | DoctorBlock | FileBlock | MadeBlock;

/** One block as generated now, with what the check needs to compare it. */
export interface Generated {
	name: string;
	/** The document that holds it (README.md, docs/…). */
	doc: string;
	/** The block's text as the README holds it between its markers. */
	content: string;
	compare: CompareMode;
	masks: readonly MaskName[];
	/** Why this block was not generated here (a program the machine lacks); then it is not compared. */
	skipped?: string;
}
