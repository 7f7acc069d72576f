/**
 * A model runtime that reads the agent dir and never writes to it, for doctor: the same models and
 * credentials a launch sees, and no file created or changed by looking.
 *
 * Pi's own runtime writes on its way: its credential store creates auth.json (and a lock beside it)
 * when none exists, its models store creates models-store.json on the first catalogue refresh, and
 * an OAuth token close to expiry is refreshed and written back. Doctor must not do any of that: it
 * runs on machines that are being set up, where a file it left would look like a login. So both
 * stores here are read once from their files and then held in memory; a write (a token refresh, a
 * catalogue update) is refused for credentials — a refreshed token thrown away would cost the user
 * their login, since providers rotate refresh tokens — and kept in memory for catalogues.
 *
 * Credentials are returned as stored: an API key written as an environment variable name or a
 * command counts as configured without being resolved, which is the question doctor asks ("is a
 * credential set up for this provider?"), not "does the key work?" (that would need the network).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Credential, CredentialInfo, CredentialStore, ModelsStore, ModelsStoreEntry } from "@earendil-works/pi-ai";
import { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { describePosition } from "../json/position.ts";
import { readJson } from "../json/read.ts";
import { type Problem, sourceAt } from "../problems.ts";

type Loaded = { data: Record<string, unknown>; problem?: Problem };

/** Reads a JSON object file; a missing file is an empty object, an unreadable one a problem. */
export function readObjectFile(file: string, what: string): Loaded {
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { data: {} };
		const message = `cannot read ${what}: ${(error as Error).message}`;
		const fix = "make it readable by this user, or remove it";
		return { data: {}, problem: { source: file, path: [], code: "unreadable", value: undefined, message, fix } };
	}
	const read = readJson(text);
	if (!read.ok) {
		const message = `${what} is not valid JSON (${describePosition(read.error)}: ${read.error.reason})`;
		const fix = "fix the file, or log in again with pi";
		const source = sourceAt(file, read.error);
		return { data: {}, problem: { source, path: [], code: "invalid_syntax", value: undefined, message, fix } };
	}
	const value = read.value;
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		const message = `${what} must hold a JSON object`;
		const fix = "fix the file, or log in again with pi";
		return { data: {}, problem: { source: file, path: [], code: "invalid_type", value, message, fix } };
	}
	return { data: value as Record<string, unknown> };
}

const isCredential = (value: unknown): value is Credential =>
	typeof value === "object" &&
	value !== null &&
	((value as { type?: unknown }).type === "api_key" || (value as { type?: unknown }).type === "oauth");

/** auth.json, read once; every write is refused and nothing is created. */
export function readOnlyCredentials(data: Record<string, unknown>): CredentialStore {
	const stored = new Map(Object.entries(data).filter((entry): entry is [string, Credential] => isCredential(entry[1])));
	return {
		read: async (providerId) => {
			const credential = stored.get(providerId);
			return credential === undefined ? undefined : structuredClone(credential);
		},
		list: async (): Promise<readonly CredentialInfo[]> =>
			[...stored].map(([providerId, credential]) => ({ providerId, type: credential.type })),
		modify: async () => {
			throw new Error("doctor reads credentials and never changes them");
		},
		delete: async () => {
			throw new Error("doctor reads credentials and never changes them");
		},
	};
}

/** models-store.json, read once; catalogue updates stay in memory. */
export function memoryBackedModels(data: Record<string, unknown>): ModelsStore {
	const entries = new Map(Object.entries(data) as Array<[string, ModelsStoreEntry]>);
	return {
		read: async (providerId) => {
			const entry = entries.get(providerId);
			return entry === undefined ? undefined : structuredClone(entry);
		},
		write: async (providerId, entry) => {
			entries.set(providerId, structuredClone(entry));
		},
		delete: async (providerId) => {
			entries.delete(providerId);
		},
	};
}

/** The agent dir's runtime, read-only, and the problems of its two files. */
export async function readOnlyRuntime(agentDir: string): Promise<{ runtime: ModelRuntime; problems: Problem[] }> {
	const auth = readObjectFile(join(agentDir, "auth.json"), "the credentials file auth.json");
	const store = readObjectFile(join(agentDir, "models-store.json"), "the model catalogue cache models-store.json");
	const runtime = await ModelRuntime.create({
		credentials: readOnlyCredentials(auth.data),
		modelsPath: join(agentDir, "models.json"),
		modelsStore: memoryBackedModels(store.data),
		allowModelNetwork: false,
	});
	const problems = [auth.problem, store.problem].filter((p): p is Problem => p !== undefined);
	// getError is not in every supported Pi; without it there is nothing more to report.
	const error = typeof runtime.getError === "function" ? runtime.getError() : undefined;
	if (error !== undefined) {
		const message = `Pi's model configuration has problems: ${error.split("\n")[0]}`;
		const fix = "fix models.json; `pi --list-models` shows the same error in full";
		problems.push({
			source: join(agentDir, "models.json"),
			path: [],
			code: "invalid_value",
			value: undefined,
			message,
			fix,
		});
	}
	return { runtime, problems };
}
