/**
 * Stopping a child and everything it started. Killing the child's process group is not enough: Pi
 * runs every bash command detached, in a session and group of its own, so a `sleep 600 &` the child
 * started, or anything that calls `setsid`, survives a group kill and outlives the child.
 *
 * Every process of a run therefore carries a marker in its environment (PI_DELEGATE_RUNS, a
 * comma-separated list so nested runs keep their parents' ids), which descendants inherit whatever
 * group or session they move to. Stopping a run signals the child's group and every live process
 * whose environment carries the run's id. The scan reads /proc, so it works on Linux; elsewhere only
 * the group is signalled (and Pi's own cleanup of its bash commands is relied on).
 *
 * The marker is the fallback. Where bubblewrap can make a PID namespace, a child lives in one
 * (contain.ts) and stopping it is simpler and complete: its Pi is asked to stop, and if it has not
 * within the grace period, the namespace's bubblewrap is killed, and with it — by the kernel —
 * every process in the namespace, including one that cleared its environment.
 */
import { readdirSync, readFileSync } from "node:fs";

export const RUN_MARKER_ENV = "PI_DELEGATE_RUNS";

/** The environment for a child of run `id`: the parent's runs, then this one. */
export function withRunMarker(
	env: Readonly<Record<string, string | undefined>>,
	id: string,
): Record<string, string | undefined> {
	const outer = env[RUN_MARKER_ENV];
	return { ...env, [RUN_MARKER_ENV]: outer ? `${outer},${id}` : id };
}

/** Whether an environ block (NUL-separated `KEY=value` entries) marks a process as part of run `id`. */
export function environHasRun(environ: Buffer, id: string): boolean {
	const key = Buffer.from(`${RUN_MARKER_ENV}=`);
	for (let start = 0; start < environ.length; ) {
		let end = environ.indexOf(0, start);
		if (end === -1) end = environ.length;
		if (environ.subarray(start, start + key.length).equals(key)) {
			return environ
				.toString("utf8", start + key.length, end)
				.split(",")
				.includes(id);
		}
		start = end + 1;
	}
	return false;
}

interface Stat {
	state: string;
	ppid: number;
	pgrp: number;
}

/** `state`, `ppid` and `pgrp` from /proc/<pid>/stat; the command name may contain spaces and parentheses. */
export function parseStat(stat: string): Stat | undefined {
	const close = stat.lastIndexOf(")");
	if (close === -1) return undefined;
	const fields = stat.slice(close + 2).split(" ");
	const ppid = Number(fields[1]);
	const pgrp = Number(fields[2]);
	return fields[0] && Number.isInteger(pgrp) && Number.isInteger(ppid) ? { state: fields[0], ppid, pgrp } : undefined;
}

const hasProc = process.platform === "linux";

function readStat(pid: number): Stat | undefined {
	try {
		return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
	} catch {
		return undefined;
	}
}

/** A process that exists and is not a zombie (a zombie has exited; it only waits to be reaped). */
export function isAlive(pid: number): boolean {
	if (hasProc) {
		const stat = readStat(pid);
		return stat !== undefined && stat.state !== "Z" && stat.state !== "X";
	}
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** Live processes in process group `group` or marked with run `id`, never this process. */
export function treeMembers(
	group: number,
	id: string,
	skip: (stat: Stat, pid: number) => boolean = () => false,
): number[] {
	if (!hasProc) return groupExists(group) ? [-group] : [];
	const members: number[] = [];
	for (const name of readdirSync("/proc")) {
		const pid = Number(name);
		if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
		const stat = readStat(pid);
		if (stat === undefined || stat.state === "Z" || stat.state === "X" || skip(stat, pid)) continue;
		if (stat.pgrp === group) {
			members.push(pid);
			continue;
		}
		try {
			if (environHasRun(readFileSync(`/proc/${pid}/environ`), id)) members.push(pid);
		} catch {
			// Gone meanwhile, or another user's process: not ours either way.
		}
	}
	return members;
}

function groupExists(group: number): boolean {
	try {
		process.kill(-group, 0);
		return true;
	} catch {
		return false;
	}
}

function send(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(pid, signal);
	} catch {
		// Already gone.
	}
}

/**
 * Signals every marked process and then the group, once and synchronously (usable in an exit
 * handler). The group goes last so that a child stopping its own tree reaches the others first.
 */
export function signalTree(group: number, id: string, signal: NodeJS.Signals): void {
	for (const pid of treeMembers(group, id)) if (pid > 0) send(pid, signal);
	send(-group, signal);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitGone(group: number, id: string, ms: number): Promise<boolean> {
	const deadline = Date.now() + ms;
	for (;;) {
		if (treeMembers(group, id).length === 0) return true;
		if (Date.now() >= deadline) return false;
		await sleep(25);
	}
}

/**
 * Stops the tree: SIGTERM, then SIGKILL for whatever is still alive after `graceMs`. Resolves once
 * nothing of the tree is left (or, for a process that ignores even SIGKILL, after a last second).
 */
export async function terminateTree(group: number, id: string, graceMs: number): Promise<void> {
	if (treeMembers(group, id).length === 0) return;
	signalTree(group, id, "SIGTERM");
	if (await waitGone(group, id, graceMs)) return;
	signalTree(group, id, "SIGKILL");
	await waitGone(group, id, 1000);
}

async function waitDead(pid: number, ms: number): Promise<boolean> {
	const deadline = Date.now() + ms;
	for (;;) {
		if (!isAlive(pid)) return true;
		if (Date.now() >= deadline) return false;
		await sleep(25);
	}
}

/**
 * Stops a child contained in a PID namespace whose bubblewrap is `pid` (and leads the group):
 * SIGTERM to the child's own processes (not to bubblewrap, whose death would kill them at once),
 * then, after `graceMs`, SIGKILL to bubblewrap, which takes the whole namespace with it.
 */
export async function stopContained(pid: number, id: string, graceMs: number): Promise<void> {
	if (!isAlive(pid)) return;
	const bubblewrap = (stat: Stat, member: number) => member === pid || stat.ppid === pid;
	for (const member of treeMembers(pid, id, bubblewrap)) if (member > 0) send(member, "SIGTERM");
	if (await waitDead(pid, graceMs)) return;
	send(pid, "SIGKILL");
	send(-pid, "SIGKILL");
	await waitDead(pid, 1000);
}

/**
 * Stops every live process marked with run `id` (the in-process runner's bash commands, which are
 * not in one group): SIGTERM, then SIGKILL after `graceMs`, and resolves once they are gone (or a
 * last second has passed). With namespaces it is what waits out a command's namespace: its first
 * process carries the mark and dies last, after the kernel has killed the rest.
 */
export async function terminateMarked(id: string, graceMs: number): Promise<void> {
	if (!hasProc) return;
	// No process group is -1, so only the marker selects.
	const marked = () => treeMembers(-1, id).filter((pid) => pid > 0);
	const goneWithin = async (ms: number) => {
		const deadline = Date.now() + ms;
		while (marked().length > 0 && Date.now() < deadline) await sleep(25);
		return marked().length === 0;
	};
	if (marked().length === 0) return;
	for (const pid of marked()) send(pid, "SIGTERM");
	if (await goneWithin(graceMs)) return;
	for (const pid of marked()) send(pid, "SIGKILL");
	await goneWithin(1000);
}

/**
 * Waits until the first process of a PID namespace is gone: it dies last, once the kernel has
 * killed every other process in its namespace. One that lingers past `ms` is killed.
 */
export async function namespaceGone(init: number, ms = 2000): Promise<void> {
	if (await waitDead(init, ms)) return;
	send(init, "SIGKILL");
	await waitDead(init, 1000);
}
