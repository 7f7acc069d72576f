/**
 * Pi's own read, grep, write and edit definitions (so the model sees the tools every child sees,
 * byte for byte), built with operations that touch regular files only (regular-file.ts). An
 * in-process child gets them whatever its sandbox: a FIFO, a device or a `/proc` file reached by
 * any of them would otherwise block a thread of this process's pool, or read this process's own
 * descriptors. find and ls only list names and stat entries, which never blocks; they stay Pi's.
 *
 * Under the sandbox, write and edit also pass each path through `guard`, which refuses a path
 * outside the writable roots and names the checked real path to write instead (tools.ts).
 */
import { constants, existsSync } from "node:fs";
import { access, mkdir, stat } from "node:fs/promises";
import {
	createEditToolDefinition,
	createGrepToolDefinition,
	createReadToolDefinition,
	createWriteToolDefinition,
	defineTool,
	detectSupportedImageMimeTypeFromFile,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";
import { toolPath } from "../sandbox/write-check.ts";
import {
	openRegular,
	readRegular,
	regularChunks,
	specialFileReason,
	specialFileRefusal,
	writeRegular,
} from "./regular-file.ts";

/** Where write and edit may write: the path to open (the checked real one), or a thrown refusal. */
export type WriteGuard = (tool: "write" | "edit", path: string) => string;

/** How the guarded tools are built. */
export interface FileToolsInput {
	cwd: string;
	home: string;
	/** Under the sandbox: the write check. Without it every path is written as given. */
	guard?: WriteGuard | undefined;
	/**
	 * Where a path's file is on this side (apply on-pass): a root's files are in its private copy,
	 * which the child sees at the root's own path. Applied before any check or access.
	 */
	place?: ((path: string) => string) | undefined;
}

function refuseSpecial(tool: string, path: string, options: { directory?: boolean } = {}): void {
	const reason = specialFileReason(path, options);
	if (reason !== undefined) throw new Error(specialFileRefusal(tool, reason));
}

/**
 * Pi's image sniffing, handed the file this process already opened and checked (through its
 * descriptor's /proc link), so a FIFO swapped in after the check is never opened blocking.
 */
async function sniffImage(path: string): Promise<string | null | undefined> {
	const handle = await openRegular("read", path, constants.O_RDONLY);
	try {
		const own = `/proc/self/fd/${handle.fd}`;
		return await detectSupportedImageMimeTypeFromFile(existsSync(own) ? own : path);
	} finally {
		await handle.close();
	}
}

const asGiven = (path: string) => path;

function guardedRead(cwd: string, at: (path: string) => string): ToolDefinition {
	return createReadToolDefinition(cwd, {
		operations: {
			access: async (path) => {
				refuseSpecial("read", at(path));
				await access(at(path), constants.R_OK);
			},
			readFile: (path) => readRegular("read", at(path)),
			createReadStream: (path) => regularChunks("read", at(path)),
			detectImageMimeType: (path) => sniffImage(at(path)),
		},
	}) as ToolDefinition;
}

/** grep's search path is a directory (ripgrep walks only regular files in it) or one regular file. */
function guardedGrep(input: FileToolsInput): ToolDefinition {
	const at = input.place ?? asGiven;
	const grep = createGrepToolDefinition(input.cwd, {
		operations: {
			isDirectory: async (path) => (await stat(at(path))).isDirectory(),
			// Read only by Pi versions that take context lines from the file rather than from ripgrep.
			readFile: async (path) => (await readRegular("grep", at(path))).toString("utf8"),
		},
	}) as ToolDefinition;
	return {
		...grep,
		execute: (id, params, signal, onUpdate, ctx) => {
			const given = (params as { path?: unknown }).path;
			const where = typeof given === "string" && given !== "" ? given : ".";
			const path = at(toolPath(where, ctx?.cwd || input.cwd, input.home));
			refuseSpecial("grep", path, { directory: true });
			const placed = input.place ? { ...(params as object), path } : params;
			return grep.execute(id, placed as typeof params, signal, onUpdate, ctx);
		},
	};
}

async function isDirectory(path: string): Promise<boolean> {
	try {
		return (await stat(path)).isDirectory();
	} catch {
		return false;
	}
}

function guardedWrite(input: FileToolsInput): ToolDefinition {
	const at = input.place ?? asGiven;
	const place = (path: string) => input.guard?.("write", at(path)) ?? at(path);
	return createWriteToolDefinition(input.cwd, {
		operations: {
			mkdir: async (dir) => {
				if (await isDirectory(at(dir))) return;
				await mkdir(place(dir), { recursive: true });
			},
			writeFile: (path, content) => {
				const real = place(path);
				return writeRegular("write", real, content, { noFollow: input.guard !== undefined, single: !!input.guard });
			},
		},
	}) as ToolDefinition;
}

function guardedEdit(input: FileToolsInput): ToolDefinition {
	const at = input.place ?? asGiven;
	const place = (path: string) => input.guard?.("edit", at(path)) ?? at(path);
	return createEditToolDefinition(input.cwd, {
		operations: {
			readFile: (path) => readRegular("edit", at(path)),
			access: async (path) => {
				const real = place(path);
				refuseSpecial("edit", real);
				await access(real, constants.R_OK | constants.W_OK);
			},
			writeFile: (path, content) => {
				const real = place(path);
				return writeRegular("edit", real, content, { noFollow: input.guard !== undefined, single: !!input.guard });
			},
		},
	}) as ToolDefinition;
}

/** read, grep, write and edit on regular files only; write and edit also through `guard` when given. */
export function fileTools(input: FileToolsInput): ToolDefinition[] {
	return [
		guardedRead(input.cwd, input.place ?? asGiven),
		guardedGrep(input),
		guardedWrite(input),
		guardedEdit(input),
	].map((tool) => defineTool(tool));
}
